import RasterCore
import RasterLayers

/// How a change is applied: at once, or animated along a curve.
///
/// The transition travels down the update pass with the change that caused it. A view
/// that is created by the pass always gets `.immediate` (nothing to animate from).
/// Property changes are applied through the `set…` helpers; they take effect at once
/// here, and the animation stage samples them over time.
public struct ComponentTransition {
    /// Whether and how a change animates.
    public enum Animation: Equatable {
        /// ComponentFlow's name for the curve of an animated transition.
        public typealias Curve = AnimationCurve

        /// Applied at once.
        case none
        /// Animated over `duration` seconds along `curve`.
        case curve(duration: Double, curve: Curve)
    }

    /// How changes made with this transition are applied.
    public var animation: Animation
    private var userData: [Any] = []

    /// A transition applying changes as `animation` says, with no user data.
    public init(animation: Animation) {
        self.animation = animation
    }

    /// Applies changes at once.
    public static var immediate: ComponentTransition { ComponentTransition(animation: .none) }

    /// Animates changes over `duration` seconds along `curve`.
    public static func curve(duration: Double, curve: Animation.Curve) -> ComponentTransition {
        ComponentTransition(animation: .curve(duration: duration, curve: curve))
    }

    /// False only for `.none` (a curve of zero duration counts, though the animator applies it
    /// at once).
    public var isAnimated: Bool { animation != .none }

    /// A copy with `animation` replaced, keeping the user data.
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

    /// Sets the bounds size (keeping the bounds origin) and the position of the view's layer
    /// so that its frame is `frame` while its transform is the identity.
    public func setFrame(view: ComponentView, frame: Rect) {
        let layer = view.layer
        setBounds(view: view, bounds: Rect(origin: layer.bounds.origin, size: frame.size))
        setPosition(view: view, position: Point(x: frame.minX + frame.width * layer.anchorPoint.x,
                                                y: frame.minY + frame.height * layer.anchorPoint.y))
    }
    /// The pass's animator, or nil when a change is simply written (outside a pass, or
    /// nothing animates and this transition does not): the named setters below then
    /// write the property itself.
    private var animatorForChange: Animator? {
        guard !Animator.everyWritesAtOnce(animation), let animator = UpdatePass.current?.animator,
              !animator.writesAtOnce(animation) else { return nil }
        return animator
    }

    /// Sets the position of the view's layer (its anchor point's place in the superlayer).
    public func setPosition(view: ComponentView, position: Point) {
        guard let animator = animatorForChange else { return view.layer.position = position }
        animator.set(view.layer, \.position, to: position, animation: animation)
    }
    /// Sets the bounds of the view's layer.
    public func setBounds(view: ComponentView, bounds: Rect) {
        guard let animator = animatorForChange else { return view.layer.bounds = bounds }
        animator.set(view.layer, \.bounds, to: bounds, animation: animation)
    }
    /// Sets the opacity of the view's layer; `completion` runs once the layer shows `alpha`.
    public func setAlpha(view: ComponentView, alpha: Double, completion: (() -> Void)? = nil) {
        guard let animator = animatorForChange else {
            view.layer.opacity = alpha
            completion?()
            return
        }
        animator.set(view.layer, \.opacity, to: alpha, animation: animation, completion: completion)
    }
    /// Replaces the transform of the view's layer with a uniform scale about its anchor
    /// point; `completion` runs once the layer shows it.
    public func setScale(view: ComponentView, scale: Double, completion: (() -> Void)? = nil) {
        let transform = Transform(scaleX: scale, y: scale)
        guard let animator = animatorForChange else {
            view.layer.transform = transform
            completion?()
            return
        }
        animator.set(view.layer, \.transform, to: transform, animation: animation, completion: completion)
    }
    /// Sets the anchor point of `layer` (unit coordinates of its bounds).
    public func setAnchorPoint(layer: Layer, anchorPoint: Point) {
        guard let animator = animatorForChange else { return layer.anchorPoint = anchorPoint }
        animator.set(layer, \.anchorPoint, to: anchorPoint, animation: animation)
    }
    /// Sets the opacity of `layer`'s shadow (0 draws none).
    public func setShadowOpacity(layer: Layer, opacity: Double) {
        guard let animator = animatorForChange else { return layer.shadowOpacity = opacity }
        animator.set(layer, \.shadowOpacity, to: opacity, animation: animation)
    }
    /// Sets `layer`'s transform (applied about its anchor point).
    public func setTransform(layer: Layer, transform: Transform) {
        guard let animator = animatorForChange else { return layer.transform = transform }
        animator.set(layer, \.transform, to: transform, animation: animation)
    }
    /// Sets `layer`'s corner radius, in points.
    public func setCornerRadius(layer: Layer, cornerRadius: Double) {
        guard let animator = animatorForChange else { return layer.cornerRadius = cornerRadius }
        animator.set(layer, \.cornerRadius, to: cornerRadius, animation: animation)
    }
    /// Sets `layer`'s border width (points) and colour.
    public func setBorder(layer: Layer, width: Double, color: Color) {
        guard let animator = animatorForChange else {
            layer.borderWidth = width
            layer.borderColor = color
            return
        }
        animator.set(layer, \.borderWidth, to: width, animation: animation)
        animator.set(layer, \.borderColor, to: color, animation: animation)
    }
    /// Sets `layer`'s shadow: colour, opacity, blur radius (standard deviation in points) and
    /// offset (in the superlayer's coordinates).
    public func setShadow(layer: Layer, color: Color, opacity: Double, radius: Double, offset: Point) {
        guard let animator = animatorForChange else {
            layer.shadowColor = color
            layer.shadowOpacity = opacity
            layer.shadowRadius = radius
            layer.shadowOffset = offset
            return
        }
        animator.set(layer, \.shadowColor, to: color, animation: animation)
        animator.set(layer, \.shadowOpacity, to: opacity, animation: animation)
        animator.set(layer, \.shadowRadius, to: radius, animation: animation)
        animator.set(layer, \.shadowOffset, to: offset, animation: animation)
    }
    /// Sets `layer`'s background paint (nil: none), interpolated between the two paints when
    /// animated.
    public func setBackground(layer: Layer, paint: Paint?) {
        guard let animator = animatorForChange else { return layer.backgroundPaint = paint }
        animator.set(layer, \.backgroundPaint, to: paint, animation: animation, interpolate: Paint.interpolate)
    }
}
