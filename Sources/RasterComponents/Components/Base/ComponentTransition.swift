import RasterCore
import RasterLayers

/// How a change is applied: at once, or animated along a curve.
///
/// The transition travels down the update pass with the change that caused it. A view
/// that is created by the pass always gets `.immediate` (nothing to animate from).
/// Property changes are applied through the `set…` helpers; they take effect at once
/// here, and the animation stage samples them over time.
public struct ComponentTransition {
    public enum Animation: Equatable {
        /// ComponentFlow's name for the curve of an animated transition.
        public typealias Curve = AnimationCurve

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

    /// Sets a layer property through the running pass's animator (animated when this
    /// transition is), or directly outside a pass.
    public func set<V: Interpolatable>(_ layer: Layer, _ keyPath: ReferenceWritableKeyPath<Layer, V>, _ value: V,
                                       completion: (() -> Void)? = nil) {
        if let animator = UpdatePass.current?.animator {
            animator.set(layer, keyPath, to: value, animation: animation, completion: completion)
        } else {
            layer[keyPath: keyPath] = value
            completion?()
        }
    }

    public func setFrame(view: ComponentView, frame: Rect) {
        let layer = view.layer
        setBounds(view: view, bounds: Rect(origin: layer.bounds.origin, size: frame.size))
        setPosition(view: view, position: Point(x: frame.minX + frame.width * layer.anchorPoint.x,
                                                y: frame.minY + frame.height * layer.anchorPoint.y))
    }
    public func setPosition(view: ComponentView, position: Point) { set(view.layer, \.position, position) }
    public func setBounds(view: ComponentView, bounds: Rect) { set(view.layer, \.bounds, bounds) }
    public func setAlpha(view: ComponentView, alpha: Double, completion: (() -> Void)? = nil) {
        set(view.layer, \.opacity, alpha, completion: completion)
    }
    public func setScale(view: ComponentView, scale: Double, completion: (() -> Void)? = nil) {
        set(view.layer, \.transform, Transform(scaleX: scale, y: scale), completion: completion)
    }
    public func setTransform(layer: Layer, transform: Transform) { set(layer, \.transform, transform) }
    public func setCornerRadius(layer: Layer, cornerRadius: Double) { set(layer, \.cornerRadius, cornerRadius) }
    public func setBorder(layer: Layer, width: Double, color: Color) {
        set(layer, \.borderWidth, width)
        set(layer, \.borderColor, color)
    }
    public func setShadow(layer: Layer, color: Color, opacity: Double, radius: Double, offset: Point) {
        set(layer, \.shadowColor, color)
        set(layer, \.shadowOpacity, opacity)
        set(layer, \.shadowRadius, radius)
        set(layer, \.shadowOffset, offset)
    }
    public func setBackground(layer: Layer, paint: Paint?) {
        if let animator = UpdatePass.current?.animator {
            animator.set(layer, \.backgroundPaint, to: paint, animation: animation, interpolate: Paint.interpolate)
        } else {
            layer.backgroundPaint = paint
        }
    }
}
