/// How a change is applied: at once, or animated along a curve.
///
/// The transition travels down the update pass with the change that caused it. A view
/// that is created by the pass always gets `.immediate` (nothing to animate from).
/// Property changes are applied through the `set…` helpers; they take effect at once
/// here, and the animation stage samples them over time.
public struct ComponentTransition {
    public enum Animation: Equatable {
        public enum Curve: Equatable {
            case linear, easeIn, easeOut, easeInOut, spring
            /// A cubic Bezier timing function with control points (x1, y1) and (x2, y2).
            case custom(Double, Double, Double, Double)
            /// A damped spring of mass 1 (ComponentFlow's bounce).
            case bounce(stiffness: Double, damping: Double)
            /// A damped spring with every parameter given.
            case customSpring(stiffness: Double, damping: Double, mass: Double)

            public static var slide: Curve { .custom(0.33, 0.52, 0.25, 0.99) }
        }

        case none
        case curve(duration: Double, curve: Curve)
    }

    public var animation: Animation
    private var userData: [Any] = []

    public init(animation: Animation) {
        self.animation = animation
    }

    public static var immediate: ComponentTransition { ComponentTransition(animation: .none) }

    public static func curve(duration: Double, curve: Animation.Curve) -> ComponentTransition {
        ComponentTransition(animation: .curve(duration: duration, curve: curve))
    }

    public var isAnimated: Bool { animation != .none }

    public func withAnimation(_ animation: Animation) -> ComponentTransition {
        var t = self
        t.animation = animation
        return t
    }

    /// Attaches a value that components further down can read with `userData(_:)`.
    public func withUserData(_ value: Any) -> ComponentTransition {
        var t = self
        t.userData.append(value)
        return t
    }

    /// The most recently attached value of type `T`.
    public func userData<T>(_ type: T.Type) -> T? {
        for item in userData.reversed() { if let v = item as? T { return v } }
        return nil
    }

    // MARK: - Applying changes

    public func setFrame(view: ComponentView, frame: Rect) { view.frame = frame }
    public func setPosition(view: ComponentView, position: Point) { view.layer.position = position }
    public func setBounds(view: ComponentView, bounds: Rect) { view.layer.bounds = bounds }
    public func setAlpha(view: ComponentView, alpha: Double) { view.layer.opacity = alpha }
    public func setScale(view: ComponentView, scale: Double) { view.layer.transform = Transform(scaleX: scale, y: scale) }
    public func setCornerRadius(layer: Layer, cornerRadius: Double) { layer.cornerRadius = cornerRadius }
    public func setBackground(layer: Layer, paint: Paint?) { layer.backgroundPaint = paint }
}
