// Workflow article, "The Render Context": a parent rendering a child, as written.
// Corrected: the article writes `Return` (capitalised), and declares both types without
// their conformance to `Component`, which `description(properties:)` and the render
// context need.
struct ParentComponent: Component {

    func render(properties: Void, sink: Sink<Never>, context: RenderContext<Never>) -> String {
        let description = ChildComponent.description(properties: "Hello, World")
        return context.render(description) /// returns "dlroW ,olleH"
    }

}

struct ChildComponent: Component {
    func render(properties: String, sink: Sink<Never>, context: RenderContext<Never>) -> String {
        return String(properties.reversed())
    }
}
