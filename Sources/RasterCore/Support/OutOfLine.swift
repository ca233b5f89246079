/// A value stored out of line: copying the holder copies one reference, and the struct
/// that holds it stays small (a scene node's style and flex item are hundreds of bytes,
/// and a tree of a million nodes holds one of each per node).
///
/// Invariant: the boxed value never changes once boxed, so a box may be shared (a
/// change boxes a new value); two holders equal when their values are, the same box
/// without comparing.
public struct OutOfLine<Value> {
    private final class Storage: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    /// `value`, boxed.
    public init(_ value: Value) {
        storage = Storage(value)
    }

    /// The boxed value.
    @inline(__always)
    public var value: Value { storage.value }

}

extension OutOfLine: Equatable where Value: Equatable {
    /// Equal when the boxed values are (at once when both hold the same box).
    public static func == (a: Self, b: Self) -> Bool {
        a.storage === b.storage || a.storage.value == b.storage.value
    }
}

extension OutOfLine: Sendable where Value: Sendable {}
