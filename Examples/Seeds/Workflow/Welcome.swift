// Workflow article, "Introduction": a basic component, as written.
// Corrected: the article writes `Return` (capitalised), which Swift rejects.
struct Welcome: Component {

    struct Properties {
        var name: String
    }
    
    func render(properties: Properties, sink: Sink<Never>, context: RenderContext<Never>) -> String {
        return "Hello, \(properties.name)"
    }

}
