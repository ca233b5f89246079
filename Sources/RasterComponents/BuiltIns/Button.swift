import RasterCore
import RasterLayout

/// A pressable control around any content (ComponentFlow's `Button`).
///
/// The content is padded by `contentInsets` and made at least `minSize`; the style stack
/// for `Button` (default `PlainButtonStyle`) draws it. While pressed, the content is
/// shown at 0.6 opacity (`automaticHighlight`); a disabled button is shown at 0.3 and
/// ignores presses. Taps arrive through `action` and `actionSlot`; `highlightedAction`
/// hears presses begin and end; `holdAction` is called with the button's view for each
/// repeat of a long press (and the tap action is then not called). `hitTestEdgeInsets`
/// grows (negative insets) or shrinks the area that takes presses; `tag` finds the view
/// again (`ComponentView.findTaggedView(tag:)`). An exclusive button (`isExclusive`, the
/// default) is pressed only while no other control is, and keeps others from being
/// pressed meanwhile (`ComponentHost.beginPress(at:)`). A hold action first runs after
/// `ComponentHost.holdDelay` of a press, then every `holdInterval`.
///
/// Closures do not take part in `==` (only whether there is a hold action), so a button
/// that differs only in its closures skips its update (no body, no layout, no drawing);
/// its view still takes the new value, so a press always runs the closures of the
/// latest update. `tag` compares by identity.
public struct Button: CombinedComponent, ComposableStyling {
    /// The view that takes presses.
    public typealias View = ButtonView
    /// Whether a press is in progress.
    public typealias State = ButtonState

    /// What a button style draws from.
    public struct Configuration: ComposableConfiguration {
        /// The content with the button's insets and minimum size applied.
        public let label: AnyComponent<Empty>
        /// True while a press on the enabled button is in progress.
        public let isPressed: Bool
        /// False when the button ignores presses.
        public let isEnabled: Bool
        /// What the styles inside the current one made (shown by `Button(configuration)`).
        public var base: AnyComponent<Empty>?

        /// `base`: what the styles inside the current one made (nil: none).
        public init(label: AnyComponent<Empty>, isPressed: Bool = false, isEnabled: Bool = true,
                    base: AnyComponent<Empty>? = nil) {
            self.label = label
            self.isPressed = isPressed
            self.isEnabled = isEnabled
            self.base = base
        }
    }

    /// What the button shows, before insets, minimum size and style.
    public let content: AnyComponent<Empty>
    /// Padding around the content.
    public var insets: EdgeInsets
    /// The least size of the padded content (nil: none).
    public var minSize: Size?
    /// Insets of the bounds that take presses; negative insets grow the area (nil: the bounds).
    public var hitTestEdgeInsets: EdgeInsets?
    /// Finds the button's view again (`findTaggedView(tag:)`); compared by identity.
    public var tag: AnyObject?
    /// False shows the button at 0.3 opacity and ignores presses.
    public var isEnabled: Bool
    /// Whether the content is shown at 0.6 opacity while pressed.
    public var automaticHighlight: Bool
    /// ComponentFlow's exclusive-touch flag; no effect, as every press is exclusive.
    public var isExclusive: Bool
    /// Invoked on a tap, after `action`.
    public var actionSlot: ActionSlot<Void>?
    /// Invoked with true when a press begins and false when it ends.
    public var highlightedAction: ActionSlot<Bool>?
    /// Called with the button's view for each repeat of a long press; the tap actions
    /// then do not run.
    public var holdAction: ((ComponentView) -> Void)?
    /// Called on a tap: a press released inside the enabled button, without a hold.
    public let action: (() -> Void)?
    /// Set by `init(_ configuration:)`: shown as it is, unstyled and not pressable.
    var resolvedBody: AnyComponent<Empty>?

    /// ComponentFlow's name for `insets`.
    public var contentInsets: EdgeInsets {
        get { insets }
        set { insets = newValue }
    }

    /// `insets` pad the content, which is then made at least `minSize`; `action` and
    /// `actionSlot` hear taps. Hit-test insets, tag and hold action are set by the builders.
    public init(content: AnyComponent<Empty>, insets: EdgeInsets = .zero, minSize: Size? = nil, isEnabled: Bool = true,
                automaticHighlight: Bool = true, actionSlot: ActionSlot<Void>? = nil,
                highlightedAction: ActionSlot<Bool>? = nil, action: (() -> Void)? = nil) {
        self.content = content
        self.insets = insets
        self.minSize = minSize
        self.hitTestEdgeInsets = nil
        self.tag = nil
        self.isEnabled = isEnabled
        self.automaticHighlight = automaticHighlight
        self.isExclusive = true
        self.actionSlot = actionSlot
        self.highlightedAction = highlightedAction
        self.holdAction = nil
        self.action = action
    }

    /// ComponentFlow's initializer: its arguments in its order.
    public init(content: AnyComponent<Empty>, contentInsets: EdgeInsets = .zero, minSize: Size? = nil,
                hitTestEdgeInsets: EdgeInsets? = nil, tag: AnyObject? = nil, automaticHighlight: Bool = true,
                isEnabled: Bool = true, isExclusive: Bool = true, action: @escaping () -> Void,
                holdAction: ((ComponentView) -> Void)? = nil, highlightedAction: ActionSlot<Bool>? = nil) {
        self.init(content: content, insets: contentInsets, minSize: minSize, isEnabled: isEnabled,
                  automaticHighlight: automaticHighlight, highlightedAction: highlightedAction, action: action)
        self.hitTestEdgeInsets = hitTestEdgeInsets
        self.tag = tag
        self.isExclusive = isExclusive
        self.holdAction = holdAction
    }

    /// What the styles inside the current style made for `configuration` (the plain
    /// label when there are none): a style composes by showing it. Not pressable
    /// itself; the button being styled takes the presses.
    public init(_ configuration: Configuration) {
        self.init(content: configuration.label)
        resolvedBody = configuration.base ?? configuration.label
    }

    // MARK: - Builders (ComponentFlow's)

    /// This button with its padded content made at least `minSize` (nil: no minimum).
    public func minSize(_ minSize: Size?) -> Button { var b = self; b.minSize = minSize; return b }
    /// This button with `isExclusive` set (no effect on presses).
    public func withIsExclusive(_ isExclusive: Bool) -> Button { var b = self; b.isExclusive = isExclusive; return b }
    /// This button calling `holdAction` for each repeat of a long press.
    public func withHoldAction(_ holdAction: ((ComponentView) -> Void)?) -> Button {
        var b = self
        b.holdAction = holdAction
        return b
    }
    /// This button with a view that `findTaggedView(tag:)` finds by `tag`.
    public func tagged(_ tag: AnyObject) -> Button { var b = self; b.tag = tag; return b }
    /// This button taking presses in its bounds inset by `insets` (nil: the bounds).
    public func withHitTestEdgeInsets(_ insets: EdgeInsets?) -> Button { var b = self; b.hitTestEdgeInsets = insets; return b }

    public static func == (lhs: Button, rhs: Button) -> Bool {
        lhs.content == rhs.content && lhs.insets == rhs.insets && lhs.minSize == rhs.minSize
            && lhs.hitTestEdgeInsets == rhs.hitTestEdgeInsets && lhs.tag === rhs.tag
            && lhs.isEnabled == rhs.isEnabled && lhs.automaticHighlight == rhs.automaticHighlight
            && lhs.isExclusive == rhs.isExclusive && (lhs.holdAction == nil) == (rhs.holdAction == nil)
            && lhs.actionSlot == rhs.actionSlot && lhs.highlightedAction == rhs.highlightedAction
            && lhs.resolvedBody == rhs.resolvedBody
    }

    /// A state that is not pressed.
    public func makeState() -> ButtonState { ButtonState() }

    public static var defaultStyle: any ComponentStyle<Button> { PlainButtonStyle() }

    /// What the button shows: its content padded and made at least `minSize`, drawn by
    /// the style stack. Made once per layout node, so measuring and updating share it.
    func styledLabel(in node: LayoutNode, pressed: Bool, environment: Environment<Empty>) -> AnyComponent<Empty> {
        if let resolvedBody { return resolvedBody }
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

    /// The styled label's size for `proposal`: the content padded, at least `minSize`,
    /// as the style stack draws it.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Button>) -> Size {
        let pressed = context.state.isPressed && isEnabled
        let label = styledLabel(in: context.node, pressed: pressed, environment: context.environment)
        return context.node.content(label).sizeThatFits(proposal)
    }

    /// Shows the styled label at the proposal, at 0.6 opacity while pressed (with
    /// `automaticHighlight`) and 0.3 while disabled.
    public static var body: Body {
        let label = Child(AnyComponent<Empty>.self)
        return { context in
            let c = context.component
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
    /// True from the start of a press until its release.
    public internal(set) var isPressed = false
    public override init() {}
}

/// The view of a `Button`: interactive while enabled; presses update its state.
public final class ButtonView: ControlView {
    /// The button shown: its node's component, which a skipped update still replaces, so
    /// a press runs the closures of the latest update.
    var button: Button? {
        var component: (any Component)? = node?.component
        while let erased = component as? AnyComponent<Empty> { component = erased.wrapped }
        return component as? Button
    }
    private var didHold = false

    public override var isEnabled: Bool { button?.isEnabled ?? false }
    /// A button made from a style's configuration shows a body; the styled button takes
    /// the presses.
    public override var isInteractive: Bool { button?.resolvedBody == nil }

    private var buttonState: ButtonState? { node?.state as? ButtonState }

    /// The bounds grown or shrunk by the button's `hitTestEdgeInsets` (UIKit's
    /// `bounds.inset(by:)`: negative insets grow the area).
    public override func point(inside point: Point) -> Bool {
        guard let e = button?.hitTestEdgeInsets else { return super.point(inside: point) }
        return layer.bounds.inset(by: e).contains(point)
    }

    public override var tag: AnyObject? { button?.tag }

    /// The button's `isExclusive`.
    public override var isExclusive: Bool { button?.isExclusive ?? true }

    /// Whether the button has a hold action (which the host repeats during a press).
    public var hasHoldAction: Bool { button?.holdAction != nil }

    public override func press() {
        guard let button, button.isEnabled, let state = buttonState, !state.isPressed else { return }
        didHold = false
        state.isPressed = true
        button.highlightedAction?.invoke(true)
        state.updated()
    }

    /// One repeat of a long press: calls the hold action (a press in progress only).
    /// - Returns: whether the button has a hold action that ran.
    @discardableResult
    public func hold() -> Bool {
        guard let button, button.isEnabled, let holdAction = button.holdAction, buttonState?.isPressed == true else {
            return false
        }
        didHold = true
        holdAction(self)
        return true
    }

    public override func release(inside: Bool) {
        guard let state = buttonState, state.isPressed else { return }
        state.isPressed = false
        button?.highlightedAction?.invoke(false)
        state.updated()
        guard inside, !didHold, let button, button.isEnabled else { return }
        button.action?()
        button.actionSlot?.invoke()
    }
}
