import Synchronization
import RasterLayers

/// Runs layer property animations headless, on a clock the caller advances.
///
/// A property set with an animated transition becomes an animation from the value the
/// layer presents now to the new one; `tick(to:)` writes the presented value of every
/// running animation into its layer, so the compositor draws the layer as it looks at
/// that time. Setting a property again while it animates starts from the presented
/// value (motion never jumps); setting it to the target it already runs to changes
/// nothing; setting it without animation stops the animation there.
///
/// Invariant: a layer's animated property holds its presented value as of `time`;
/// the value components set (the model value) is the running animation's target.
/// Ticks write and complete animations in the order they started, the same on every
/// run.
public final class Animator {
    /// The clock, in seconds; only moves forward.
    public private(set) var time: Double = 0

    private struct Key: Hashable {
        let layer: ObjectIdentifier
        let property: AnyKeyPath
    }

    private struct Running {
        /// Start order, for ticking and completing in the same order on every run.
        let sequence: Int
        weak var layer: Layer?
        let start: Double
        let duration: Double
        let curve: TimingCurve
        /// Writes the value at curve progress p (nil: the target itself).
        let write: (Layer, Double?) -> Void
        let isTarget: (Any) -> Bool
        var completions: [() -> Void]
    }

    /// Running animations by layer and property (one lookup per property set).
    @exclusivity(unchecked) private var running: [Key: Running] = [:] {
        didSet {
            let busy = !running.isEmpty
            guard busy != isBusy else { return }
            isBusy = busy
            Self.busyAnimators.wrappingAdd(busy ? 1 : -1, ordering: .relaxed)
        }
    }
    /// Whether this animator counts among `busyAnimators` (`running` is not empty).
    @exclusivity(unchecked) private var isBusy = false
    /// How many animators in the process have running animations. Zero tells a thread
    /// that its own pass's animator has none without looking the pass up: a thread's
    /// own changes to the count are seen by it in order.
    private static let busyAnimators = Atomic<Int>(0)
    @exclusivity(unchecked) private var sequence = 0
    /// Actions due at a time, in the order they were scheduled.
    @exclusivity(unchecked) private var timers: [(time: Double, action: () -> Void)] = []

    public init() {}

    deinit {
        if isBusy { Self.busyAnimators.wrappingSubtract(1, ordering: .relaxed) }
    }

    /// True when nothing animates and nothing is scheduled.
    public var isIdle: Bool { running.isEmpty && timers.isEmpty }

    /// When the last running animation reaches its target or the last scheduled action
    /// runs (nil when idle).
    public var endTime: Double? { (running.values.map { $0.start + $0.duration } + timers.map(\.time)).max() }

    /// Runs `action` at the first tick at or after `time + delay`.
    public func schedule(after delay: Double, _ action: @escaping () -> Void) {
        timers.append((time + max(0, delay), action))
    }

    /// Runs `action` at the first tick at or after `time` (at the next tick when that
    /// time has passed). An action that schedules another at a time the same tick
    /// reaches runs it in that tick too, so a repeating timer loses no repeat when the
    /// clock jumps.
    public func schedule(at time: Double, _ action: @escaping () -> Void) {
        timers.append((time, action))
    }

    /// How many animations are running.
    public var count: Int { running.count }

    /// Sets `keyPath` of `layer` to `value`, animated along `animation`; `completion`
    /// runs when the layer reaches the value (at once when not animated).
    public func set<V: Interpolatable>(_ layer: Layer, _ keyPath: ReferenceWritableKeyPath<Layer, V>, to value: V,
                                       animation: ComponentTransition.Animation, completion: (() -> Void)? = nil) {
        set(layer, keyPath, to: value, animation: animation, interpolate: V.interpolate, completion: completion)
    }

    /// As `set`, with the interpolation given (for values such as optional paints).
    public func set<V: Equatable>(_ layer: Layer, _ keyPath: ReferenceWritableKeyPath<Layer, V>, to value: V,
                                  animation: ComponentTransition.Animation,
                                  interpolate: @escaping (V, V, Double) -> V, completion: (() -> Void)? = nil) {
        let key = Key(layer: ObjectIdentifier(layer), property: keyPath)
        if let current = running[key], current.isTarget(value) {
            if let completion { running[key]?.completions.append(completion) }
            return
        }
        var duration = 0.0, curve = TimingCurve(kind: .linear)
        if case .curve(let d, let c) = animation, d > 0 {
            duration = c.duration(given: d)
            curve = TimingCurve(c)
        }
        let from = layer[keyPath: keyPath]
        let carried = running.removeValue(forKey: key)?.completions ?? []
        guard duration > 0, from != value else {
            layer[keyPath: keyPath] = value
            for c in carried { c() }
            completion?()
            return
        }
        sequence += 1
        running[key] = Running(sequence: sequence, layer: layer, start: time, duration: duration, curve: curve,
                               write: { layer, p in layer[keyPath: keyPath] = p.map { interpolate(from, value, $0) } ?? value },
                               isTarget: { ($0 as? V) == value },
                               completions: carried + (completion.map { [$0] } ?? []))
    }

    /// Whether `animation` runs over time (a curve of some duration).
    static func animates(_ animation: ComponentTransition.Animation) -> Bool {
        if case .curve(let d, _) = animation { return d > 0 }
        return false
    }

    /// Whether a change made with `animation` is simply written: nothing animates now,
    /// and `animation` does not (what `set` would do, without its lookups).
    func writesAtOnce(_ animation: ComponentTransition.Animation) -> Bool {
        running.isEmpty && !Self.animates(animation)
    }

    /// Whether a change made with `animation` is simply written by whatever animator
    /// the current pass has: no animator anywhere animates now, and `animation` does
    /// not (`writesAtOnce` without finding the pass).
    static func everyWritesAtOnce(_ animation: ComponentTransition.Animation) -> Bool {
        busyAnimators.load(ordering: .relaxed) == 0 && !animates(animation)
    }

    /// Moves the clock to `time` and writes every running animation's presented value;
    /// animations that reach their end write their target, stop, and run their
    /// completions (after all values are written). Scheduled actions due by then run at
    /// their own times, in time order (then the order they were scheduled in): the
    /// clock stands at an action's time while it runs, so an animation it starts runs
    /// from then.
    public func tick(to newTime: Double) {
        let target = max(time, newTime)
        while let next = nextTimer(dueBy: target) {
            let timer = timers.remove(at: next)
            advanceAnimations(to: max(time, timer.time))
            timer.action()
        }
        advanceAnimations(to: target)
    }

    /// The index of the earliest timer due by `time` (the first scheduled among equals).
    private func nextTimer(dueBy time: Double) -> Int? {
        var best: Int?
        for i in timers.indices where timers[i].time <= time {
            if let b = best, timers[b].time <= timers[i].time { continue }
            best = i
        }
        return best
    }

    /// Moves the clock to `newTime` (not back) and writes or finishes the animations.
    private func advanceAnimations(to newTime: Double) {
        time = max(time, newTime)
        guard !running.isEmpty else { return }
        var finished: [() -> Void] = []
        for (key, animation) in running.sorted(by: { $0.value.sequence < $1.value.sequence }) {
            guard let layer = animation.layer else {
                running[key] = nil
                continue
            }
            let elapsed = (time - animation.start) / animation.duration
            if elapsed >= 1 {
                animation.write(layer, nil)
                finished += animation.completions
                running[key] = nil
            } else {
                animation.write(layer, animation.curve.value(at: elapsed))
            }
        }
        for completion in finished { completion() }
    }
}
