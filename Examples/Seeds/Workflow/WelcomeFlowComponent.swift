// Workflow article, "State": the component is the state, as written. Filled in where
// the article elides code: the remaining cases of the inner switch, and the initial
// state and rendering (a title and a Back button that sends `.back`).
enum WelcomeFlowComponent: Component {
    case splashScreen
    case loginFlow
    case signupFlow

    enum Event {
        case back
        /// ...
    }

    mutating func update(event: Event, context: inout UpdateContext<WelcomeFlowComponent>) {
        switch event {
        case .back:
            switch self {
            case .loginFlow:
                self = .splashScreen
            /// Handle other cases 
            // Filled in:
            default:
                break
            // End of what is filled in.
            }
        }
    }
    

    /// ...
    // Filled in: a flow opened on its login step, rendered as its title and a Back button.
    init() {
        self = .loginFlow
    }

    func render(properties: Void, sink: Sink<Event>, context: RenderContext<Event>) -> AnyComponent<Empty> {
        let title: String
        switch self {
        case .splashScreen: title = "Welcome"
        case .loginFlow: title = "Log in"
        case .signupFlow: title = "Sign up"
        }
        return AnyComponent(VStack([
            AnyComponent(Text(text: title, font: UIFont.system(size: 20.0, weight: .bold), color: UIColor.black)),
            AnyComponent(Button(content: AnyComponent(Text(text: "Back", font: UIFont.system(size: 15.0), color: UIColor.black)),
                                contentInsets: UIEdgeInsets(top: 6.0, left: 12.0, bottom: 6.0, right: 12.0),
                                action: { sink.send(.back) }).style(BorderedButtonStyle())),
        ], spacing: 8.0, alignment: .left))
    }
    // End of what is filled in.
}
