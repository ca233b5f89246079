// Workflow article, "Commands": a command sent from update and the
// `run(command:properties:)` that performs it, the article's two blocks as one
// component, as written, in a namespace (the article declares several `DemoComponent`s).
// Corrected: the article writes `Static` (capitalised), which Swift rejects. Filled in
// where the article elides code: the event, the properties with their network service,
// and the rendering (a Log in button).
enum CommandsExample {
/// Filled in: the service the properties carry (it records each login).
final class NetworkService {
    private(set) var logins: [(email: String, password: String)] = []
    init() {}
    func doLogin(_ email: String, _ password: String) -> SignalProducer<DemoComponent.Event, NoError> {
        logins.append((email, password))
        return .empty
    }
}

struct DemoComponent: Component {
    /// ...
    // Filled in:
    struct Properties {
        let networkService: NetworkService
    }

    enum Event {
        case loginTapped
    }

    func render(properties: Properties, sink: Sink<Event>, context: RenderContext<Event>) -> AnyComponent<Empty> {
        AnyComponent(Button(content: AnyComponent(Text(text: "Log in", font: UIFont.system(size: 15.0, weight: .semibold),
                                                       color: UIColor.white)),
                            contentInsets: UIEdgeInsets(top: 8.0, left: 16.0, bottom: 8.0, right: 16.0),
                            action: { sink.send(.loginTapped) }).style(FilledButtonStyle()))
    }
    // End of what is filled in.

    enum Command {
        case performLogin(email: String, password: String)
    }

    mutating func update(event: Event, context: inout UpdateContext<DemoComponent>) {
        switch event {
        case .loginTapped:
            context.send(command: .performLogin(email: "me@internet.com", password: "asdf"))
        }
    }

    // The article's next block, `run(command:properties)`, whose `Command` is the one
    // above. Corrected: `static`, which the article writes `Static`.
    static func run(command: Command, properties: Properties) -> SignalProducer<Event, NoError> {
        switch command {
        case .performLogin(let email, let password):
            return properties.networkService.doLogin(email, password)
        }
    }

    /// ...
}
}
