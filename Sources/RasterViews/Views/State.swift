import RasterComponents

/// SwiftUI's `@State` in part: a value the view owns and can change from its body or
/// actions (`nonmutating set`). It lives in a box made with the view value and shared by
/// its copies. Views here are values a parent's body makes again on every update and
/// there is no view identity to keep the box by, so a state set in one update does not
/// survive the parent's next evaluation; changing it does not update anything either.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    /// A state holding `wrappedValue` in a new box.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// Same as `init(wrappedValue:)` (SwiftUI's older spelling).
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
}
