import Foundation
import RasterCore

/// Values that the bands of one frame share, such as the drawing rasters the compositor's
/// cache does not keep: the first band that needs one makes it, the bands after it take
/// it, and it is let go when the last band that can need it has taken it. A band that
/// needs a value another band is still making makes its own copy rather than wait (the
/// compositor hands bands out far apart, so this is rare).
///
/// How many bands can need each value is counted before the bands run (`uses`). Counting
/// too many keeps a value until the frame ends; counting too few makes it again for a
/// late band. Neither may change a pixel: a value must be the same whoever makes it.
package final class BandShared<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private enum Slot: Sendable {
        /// A band is making it.
        case making
        /// Made for `key`, and wanted by `remaining` more bands.
        case made(Value, key: Key, remaining: Int)
    }

    /// What a band does for a value it needs.
    private enum Step {
        case take(Value), makeShared, makeOwn
    }

    private let slots = Locked<[ObjectIdentifier: Slot]>([:])
    /// Bands that can need each value.
    private let uses: [ObjectIdentifier: Int]

    /// A table for values that `uses[id]` bands can need (1 for an id not in it).
    package init(uses: [ObjectIdentifier: Int]) {
        self.uses = uses
    }

    /// The value of `id` for `key`: the one another band made, or the one `make` makes now
    /// (on the calling thread, outside the lock).
    package func value(_ id: ObjectIdentifier, key: Key, make: () -> Value) -> Value {
        let step = slots.withLock { slots -> Step in
            switch slots[id] {
            case .making?:
                return .makeOwn
            case .made(let value, let madeKey, let remaining)? where madeKey == key:
                slots[id] = remaining > 1 ? .made(value, key: key, remaining: remaining - 1) : nil
                return .take(value)
            default:
                slots[id] = .making
                return .makeShared
            }
        }
        switch step {
        case .take(let value):
            return value
        case .makeOwn:
            return make()
        case .makeShared:
            let value = make()
            let remaining = (uses[id] ?? 1) - 1
            let slot: Slot? = remaining > 0 ? .made(value, key: key, remaining: remaining) : nil
            slots.withLock { $0[id] = slot }
            return value
        }
    }

    /// Values held now (made, and wanted by more bands).
    package var held: Int {
        slots.withLock { $0.values.reduce(0) { if case .made = $1 { return $0 + 1 } else { return $0 } } }
    }
}
