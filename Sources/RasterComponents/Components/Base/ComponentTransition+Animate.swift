import RasterCore
import RasterLayers

/// ComponentFlow's imperative animation helpers on a transition.
///
/// Headless, a closure cannot be animated: only layer properties set through the
/// transition (`set…`, `animatePosition`) run through the animator. `animateView` runs
/// its closure at once and reports completion when the transition's duration (plus
/// `delay`) has passed on the running pass's animation clock (at once outside a pass or
/// for `.immediate`), as `UIView.animate` reports it after the animation.
public extension ComponentTransition {
    /// How long the transition's animations last (0 for `.none`): its duration, or a
    /// physical spring's settling time (`AnimationCurve.duration(given:)`).
    var duration: Double {
        if case .curve(let d, let c) = animation { return c.duration(given: d) }
        return 0
    }

    /// Runs `f` at once, then `completion(true)` once `delay` plus `duration` has passed on the
    /// pass's animation clock (at once for `.none` or outside a pass). `allowUserInteraction` is
    /// accepted and ignored.
    func animateView(allowUserInteraction: Bool = true, delay: Double = 0.0, _ f: @escaping () -> Void,
                     completion: ((Bool) -> Void)? = nil) {
        f()
        guard let completion else { return }
        if case .curve = animation, let animator = UpdatePass.current?.animator {
            animator.schedule(after: delay + duration) { completion(true) }
        } else {
            completion(true)
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
