/// A value stored out of line: copying the holder copies one reference, and the struct
/// that holds it stays small (a scene node's style and flex item are hundreds of bytes,
/// and a tree of a million nodes holds one of each per node).
///
/// Invariant: the boxed value never changes once boxed, so a box may be shared (a
/// change boxes a new value); two holders equal when their values are, the same box
/// without comparing.
///
/// `value` is lent and inlinable, so that reading one field of it from another module
/// loads that field rather than copying the whole value out of the box.
public struct OutOfLine<Value> {
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline let value: Value
        init(_ value: Value) { self.value = value }
    }

    @usableFromInline let storage: Storage

    /// `value`, boxed.
    public init(_ value: Value) {
        storage = Storage(value)
    }

    /// The boxed value, lent rather than copied: reading one field of it reads that field.
    @inlinable
    public var value: Value {
        _read { yield storage.value }
    }

    /// Whether `other` holds this very box (not merely an equal value).
    package func sharesBox(with other: Self) -> Bool {
        storage === other.storage
    }
}

extension OutOfLine: Equatable where Value: Equatable {
    /// Equal when the boxed values are (at once when both hold the same box).
    public static func == (a: Self, b: Self) -> Bool {
        a.storage === b.storage || a.storage.value == b.storage.value
    }
}

extension OutOfLine: Sendable where Value: Sendable {}
