/// A pressable control around any content (ComponentFlow's `Button`).
///
/// The content is padded by `insets` and made at least `minSize`; the style stack for
/// `Button` (default `PlainButtonStyle`) draws it. While pressed, the content is shown
/// at 0.6 opacity (`automaticHighlight`); a disabled button is shown at 0.3 and ignores
/// presses. Taps arrive through `action` and `actionSlot`; `highlightedAction` hears
/// presses begin and end. The `action` closure does not take part in `==`.
public struct Button: CombinedComponent, StylableComponent {
    public typealias View = ButtonView
    public typealias State = ButtonState

    /// What a button style draws from.
    public struct Configuration {
        /// The content with the button's insets and minimum size applied.
        public let label: AnyComponent<Empty>
        public let isPressed: Bool
        public let isEnabled: Bool
    }

    public let content: AnyComponent<Empty>
    public var insets: EdgeInsets
    public var minSize: Size?
    public var isEnabled: Bool
    public var automaticHighlight: Bool
    public var actionSlot: ActionSlot<Void>?
    public var highlightedAction: ActionSlot<Bool>?
    public let action: (() -> Void)?

    public init(content: AnyComponent<Empty>, insets: EdgeInsets = .zero, minSize: Size? = nil, isEnabled: Bool = true,
                automaticHighlight: Bool = true, actionSlot: ActionSlot<Void>? = nil,
                highlightedAction: ActionSlot<Bool>? = nil, action: (() -> Void)? = nil) {
        self.content = content
        self.insets = insets
        self.minSize = minSize
        self.isEnabled = isEnabled
        self.automaticHighlight = automaticHighlight
        self.actionSlot = actionSlot
        self.highlightedAction = highlightedAction
        self.action = action
    }

    public static func == (lhs: Button, rhs: Button) -> Bool {
        lhs.content == rhs.content && lhs.insets == rhs.insets && lhs.minSize == rhs.minSize
            && lhs.isEnabled == rhs.isEnabled && lhs.automaticHighlight == rhs.automaticHighlight
            && lhs.actionSlot == rhs.actionSlot && lhs.highlightedAction == rhs.highlightedAction
    }

    public func makeState() -> ButtonState { ButtonState() }

    public static var defaultStyle: AnyComponentStyle<Button> { AnyComponentStyle(PlainButtonStyle()) }

    /// What the button shows: its content padded and made at least `minSize`, drawn by
    /// the style stack. Made once per layout node, so measuring and updating share it.
    func styledLabel(in node: LayoutNode, pressed: Bool, environment: Environment<Empty>) -> AnyComponent<Empty> {
        if let (memoPressed, label) = node.memo as? (Bool, AnyComponent<Empty>), memoPressed == pressed { return label }
        var padded = content.padding(insets)
        if let min = minSize {
            padded = padded.frame(minWidth: min.width, minHeight: min.height)
        }
        let configuration = Configuration(label: padded, isPressed: pressed, isEnabled: isEnabled)
        let label = styledBody(configuration, environment: environment)
        node.memo = (pressed, label)
        return label
    }

    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Button>) -> Size {
        let pressed = context.state.isPressed && isEnabled
        let label = styledLabel(in: context.node, pressed: pressed, environment: context.environment)
        return context.node.content(label).sizeThatFits(proposal)
    }

    public static var body: Body {
        let label = Child(AnyComponent<Empty>.self)
        return { context in
            let c = context.component
            context.view.button = c
            let pressed = context.state.isPressed && c.isEnabled
            let body = c.styledLabel(in: context.layoutNode, pressed: pressed, environment: context.environment)
            let child = label.update(component: body, proposal: context.proposal, layout: context.layoutNode.content(body),
                                     origin: context.origin, transition: context.transition)
            let opacity = !c.isEnabled ? 0.3 : (pressed && c.automaticHighlight ? 0.6 : 1)
            context.add(child.placed(Rect(origin: .zero, size: child.size)).opacity(opacity))
            return child.size
        }
    }
}

/// Whether the button is pressed.
public final class ButtonState: ComponentState {
    public internal(set) var isPressed = false
    public override init() {}
}

/// The view of a `Button`: interactive while enabled; presses update its state.
public final class ButtonView: ControlView {
    var button: Button?

    public override var isEnabled: Bool { button?.isEnabled ?? false }

    private var buttonState: ButtonState? { node?.state as? ButtonState }

    public override func press() {
        guard let button, button.isEnabled, let state = buttonState, !state.isPressed else { return }
        state.isPressed = true
        button.highlightedAction?.invoke(true)
        state.updated()
    }

    public override func release(inside: Bool) {
        guard let state = buttonState, state.isPressed else { return }
        state.isPressed = false
        button?.highlightedAction?.invoke(false)
        state.updated()
        guard inside, let button, button.isEnabled else { return }
        button.action?()
        button.actionSlot?.invoke()
    }
}
