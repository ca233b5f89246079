import RasterCore
import Synchronization

/// The old values of layer properties changed while a recording runs on this thread:
/// what `ComponentTransition.animateView` turns into animations, as `UIView.animate`
/// animates what its closure changed.
///
/// Recorded: `bounds`, `position`, `transform`, `opacity`, `backgroundPaint`,
/// `cornerRadius`, `borderWidth`, `borderColor`, `shadowColor`, `shadowOpacity`,
/// `shadowRadius` and `shadowOffset`, once per layer and property (the first old value).
///
/// Invariant: a change is recorded only by the thread whose recording is running, so
/// renders on other threads are never seen (a log is only touched by that thread, which
/// is why it may be handed to `TaskLocal`); while no thread records, a change costs one
/// atomic load (`isRecording`, checked where the property changes).
package final class LayerChangeLog: @unchecked Sendable {
    /// One property of one layer, and the value it had before the recording changed it.
    package struct Change {
        package let layer: Layer
        package let property: PartialKeyPath<Layer>
        package let oldValue: Any
    }

    /// The changes, in the order they were first made.
    package private(set) var changes: [Change] = []
    private var seen: Set<Key> = []

    private struct Key: Hashable {
        let layer: ObjectIdentifier
        let property: AnyKeyPath
    }

    /// How many recordings run, on any thread.
    private static let active = Atomic<Int>(0)
    @TaskLocal private static var current: LayerChangeLog?

    package init() {}

    /// Runs `body` with this log recording the changes this thread makes.
    package func record<R>(_ body: () throws -> R) rethrows -> R {
        Self.active.add(1, ordering: .relaxed)
        defer { Self.active.subtract(1, ordering: .relaxed) }
        return try Self.$current.withValue(self, operation: body)
    }

    /// Whether any thread records (if so, `note` finds out whether this one does).
    @inline(__always)
    static var isRecording: Bool { active.load(ordering: .relaxed) > 0 }

    /// Notes that `layer`'s `property` changed from `oldValue` (called by the property,
    /// when `isRecording`).
    static func note<V>(_ layer: Layer, _ property: ReferenceWritableKeyPath<Layer, V>, _ oldValue: V) {
        guard let log = current else { return }
        log.add(layer, property, oldValue)
    }

    private func add(_ layer: Layer, _ property: PartialKeyPath<Layer>, _ oldValue: Any) {
        guard seen.insert(Key(layer: ObjectIdentifier(layer), property: property)).inserted else { return }
        changes.append(Change(layer: layer, property: property, oldValue: oldValue))
    }
}
