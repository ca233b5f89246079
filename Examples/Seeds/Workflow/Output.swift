// Workflow article, "Output Events": outputs set on the update context, as written, in a
// namespace (the article declares several `DemoComponent`s). Filled in where the article
// elides code: the events and the rendering (Finish and Cancel buttons).
enum OutputExample {
struct DemoComponent: Component {
    /// ...
    // Filled in:
    enum Event {
        case finishButtonTapped
        case cancelButtonTapped
    }

    func render(properties: Void, sink: Sink<Event>, context: RenderContext<Event>) -> AnyComponent<Empty> {
        func button(_ title: String, _ event: Event) -> AnyComponent<Empty> {
            AnyComponent(Button(content: AnyComponent(Text(text: title, font: UIFont.system(size: 15.0), color: UIColor.black)),
                                contentInsets: UIEdgeInsets(top: 6.0, left: 12.0, bottom: 6.0, right: 12.0),
                                action: { sink.send(event) }).style(BorderedButtonStyle()))
        }
        return AnyComponent(HStack([button("Finish", .finishButtonTapped), button("Cancel", .cancelButtonTapped)],
                                   spacing: 8.0))
    }
    // End of what is filled in.

    enum Output {
        case finished
        case cancelled
    }

    mutating func update(event: Event, context: inout UpdateContext<DemoComponent>) {
        switch event {
        case .finishButtonTapped:
            context.output = .finished
        case .cancelButtonTapped:
            context.output = .cancelled
        }
    }

    /// ...
}
}
