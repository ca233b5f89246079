import RasterCore

/// Boxes of values decoded so far, so that equal values share one box (a list's rows
/// often decorate and lay out alike): a table of `count` slots, each holding the last
/// value whose slot number (from its numbers, see `SceneNodeStyle.slot`) picked it.
///
/// Invariant: a box is handed out only for a value equal to the one asked for; equal
/// values pick the same slot, so they meet there unless a different value took the slot
/// between them (which costs a box, never a wrong value).
struct SharedBoxes<Value: Equatable> {
    private var slots: [OutOfLine<Value>?] = []
    private static var count: Int { 1_024 }

    /// `value` boxed: the box of an equal value decoded before, else a new one.
    /// `slot` picks a slot in `0..<count` from the value's numbers.
    mutating func box(_ value: Value, slot: (Value, Int) -> Int) -> OutOfLine<Value> {
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.count) }
        let index = slot(value, Self.count)
        if let box = slots[index], box.value == value { return box }
        let box = OutOfLine(value)
        slots[index] = box
        return box
    }
}
