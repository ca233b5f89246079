import RasterCore
import RasterLayers

/// ComponentFlow's imperative animation helpers on a transition.
///
/// `animateView` animates what its closure changes, as `UIView.animate` does: the layer
/// properties the closure sets (frame and bounds, position, alpha, transform, corner
/// radius, background, border and shadow colours and sizes) go back to where they were
/// and run to their new values along the transition's curve, on the running pass's
/// animation clock. Other helpers set or animate one property.
public extension ComponentTransition {
    /// How long the transition's animations last (0 for `.none`): its duration, or a
    /// physical spring's settling time (`AnimationCurve.duration(given:)`).
    var duration: Double {
        if case .curve(let d, let c) = animation { return c.duration(given: d) }
        return 0
    }

    /// Runs `f`, then animates every layer property it changed from its old value to
    /// the new one along the transition's curve, starting after `delay`; calls
    /// `completion(true)` once `delay` plus `duration` has passed on the pass's clock.
    /// For `.none`, or outside an update pass (no animation clock), the changes stay as
    /// `f` made them and `completion` runs at once. `allowUserInteraction` is accepted and
    /// ignored (presses are never blocked headless).
    func animateView(allowUserInteraction: Bool = true, delay: Double = 0.0, _ f: @escaping () -> Void,
                     completion: ((Bool) -> Void)? = nil) {
        guard case .curve = animation, let animator = UpdatePass.current?.animator else {
            f()
            completion?(true)
            return
        }
        let log = LayerChangeLog()
        log.record(f)
        for change in log.changes { animate(change, delay: delay, animator: animator) }
        if let completion { animator.schedule(after: delay + duration) { completion(true) } }
    }

    /// Puts a recorded property back and animates it to the value `f` gave it.
    private func animate(_ change: LayerChangeLog.Change, delay: Double, animator: Animator) {
        func run<V: Equatable>(_ keyPath: ReferenceWritableKeyPath<Layer, V>, _ interpolate: @escaping (V, V, Double) -> V) {
            guard let old = change.oldValue as? V else { return }
            let layer = change.layer, new = layer[keyPath: keyPath]
            layer[keyPath: keyPath] = old
            let animation = self.animation
            guard delay > 0 else {
                animator.set(layer, keyPath, to: new, animation: animation, interpolate: interpolate)
                return
            }
            animator.schedule(after: delay) { [weak layer] in
                guard let layer else { return }
                animator.set(layer, keyPath, to: new, animation: animation, interpolate: interpolate)
            }
        }
        switch change.property {
        case let keyPath as ReferenceWritableKeyPath<Layer, Rect>: run(keyPath, Rect.interpolate)
        case let keyPath as ReferenceWritableKeyPath<Layer, Point>: run(keyPath, Point.interpolate)
        case let keyPath as ReferenceWritableKeyPath<Layer, Transform>: run(keyPath, Transform.interpolate)
        case let keyPath as ReferenceWritableKeyPath<Layer, Double>: run(keyPath, Double.interpolate)
        case let keyPath as ReferenceWritableKeyPath<Layer, Color>: run(keyPath, Color.interpolate)
        case let keyPath as ReferenceWritableKeyPath<Layer, Paint?>: run(keyPath, Paint.interpolate)
        default: break
        }
    }

    /// Animates the layer's presented position from `fromValue` to `toValue` (offsets from
    /// the current position when `additive`); the position the view holds is unchanged
    /// once the animation ends.
    func animatePosition(view: ComponentView, from fromValue: Point, to toValue: Point, additive: Bool = false,
                         completion: ((Bool) -> Void)? = nil) {
        animate(view.layer, \.position, from: fromValue, to: toValue, additive: additive, completion: completion)
    }

    /// Animates the presented opacity from `fromValue` to `toValue`; the opacity the view
    /// holds is unchanged once the animation ends.
    func animateAlpha(view: ComponentView, from fromValue: Double, to toValue: Double,
                      completion: ((Bool) -> Void)? = nil) {
        animate(view.layer, \.opacity, from: fromValue, to: toValue, additive: false, completion: completion)
    }

    /// Animates the presented scale from `fromValue` to `toValue`; the transform the view
    /// holds is unchanged once the animation ends.
    func animateScale(view: ComponentView, from fromValue: Double, to toValue: Double,
                      completion: ((Bool) -> Void)? = nil) {
        let layer = view.layer
        let model = layer.transform
        guard isAnimated, let animator = UpdatePass.current?.animator else {
            completion?(true)
            return
        }
        layer.transform = Transform(scaleX: fromValue, y: fromValue)
        animator.set(layer, \.transform, to: Transform(scaleX: toValue, y: toValue), animation: animation) { [weak layer] in
            layer?.transform = model
            completion?(true)
        }
    }

    private func animate<V: Interpolatable & AdditiveValue>(_ layer: Layer, _ keyPath: ReferenceWritableKeyPath<Layer, V>,
                                                            from: V, to: V, additive: Bool,
                                                            completion: ((Bool) -> Void)?) {
        let model = layer[keyPath: keyPath]
        guard isAnimated, let animator = UpdatePass.current?.animator else {
            completion?(true)
            return
        }
        let start = additive ? model.adding(from) : from
        let end = additive ? model.adding(to) : to
        layer[keyPath: keyPath] = start
        animator.set(layer, keyPath, to: end, animation: animation) { [weak layer] in
            layer?[keyPath: keyPath] = model
            completion?(true)
        }
    }
}

/// A value an additive animation offsets.
public protocol AdditiveValue {
    /// The value offset by `other`.
    func adding(_ other: Self) -> Self
}

extension Point: AdditiveValue {
    public func adding(_ other: Point) -> Point { self + other }
}

extension Double: AdditiveValue {
    public func adding(_ other: Double) -> Double { self + other }
}
