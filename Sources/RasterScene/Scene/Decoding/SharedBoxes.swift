import RasterCore
import RasterLayout

/// A value `SharedBoxes` can share: it picks its slot from its numbers.
protocol SlotPicking: Equatable {
    /// A slot in `0..<count`, the same for equal values on every run (a `SlotMix` of
    /// numbers `==` compares; it may leave some out).
    func slot(among count: Int) -> Int
}

/// Boxes of values decoded so far, so that equal values share one box (a list's rows
/// often decorate and lay out alike): a table of `count` slots, each holding the last
/// value whose `slot` picked it.
///
/// Invariant: a box is handed out only for a value equal to the one asked for; equal
/// values pick the same slot, so they meet there unless a different value took the slot
/// between them (which costs a box, never a wrong value).
struct SharedBoxes<Value: SlotPicking> {
    private var slots: [OutOfLine<Value>?] = []
    private static var count: Int { 1_024 }

    /// `value` boxed: the box of an equal value decoded before, else a new one.
    mutating func box(_ value: Value) -> OutOfLine<Value> {
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.count) }
        let index = value.slot(among: Self.count)
        if let box = slots[index], box.value == value { return box }
        let box = OutOfLine(value)
        slots[index] = box
        return box
    }
}

/// Numbers mixed into a slot number, multiplicatively (cheaper than a full hash, and
/// the same on every run).
struct SlotMix {
    private var mix: UInt64 = 0

    mutating func add(_ word: UInt64) { mix = (mix ^ word ^ (word >> 29)) &* 0x9E37_79B9_7F4A_7C15 }

    /// `+ 0` makes -0 the 0 it equals.
    mutating func add(_ number: Double) { add((number + 0).bitPattern) }

    mutating func add(_ dimension: RasterLayout.Dimension) {
        switch dimension {
        case .auto: add(1 as UInt64)
        case .points(let v): add(v)
        case .percent(let v): add((v + 0).bitPattern ^ 0x5555_5555)
        }
    }

    mutating func add(_ flag: Bool) { add(flag ? 1 : 2 as UInt64) }

    func slot(among count: Int) -> Int { Int(truncatingIfNeeded: mix >> 33) % count }
}
