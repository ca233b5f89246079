/// A callback with identity equality: a component can hold one and stay `Equatable`,
/// and the handler can be connected (or replaced) without changing the component.
public final class ActionSlot<Arguments>: Equatable {
    private var target: ((Arguments) -> Void)?

    /// A slot with no handler: `invoke` does nothing until `connect`.
    public init() {}

    public static func == (lhs: ActionSlot, rhs: ActionSlot) -> Bool { lhs === rhs }

    /// Makes `target` the handler, replacing any earlier one.
    public func connect(_ target: @escaping (Arguments) -> Void) { self.target = target }
    /// Removes the handler.
    public func disconnect() { target = nil }
    /// Calls the handler with `arguments`, if one is connected.
    public func invoke(_ arguments: Arguments) { target?(arguments) }
}

public extension ActionSlot where Arguments == Void {
    /// Calls the handler, if one is connected.
    func invoke() { invoke(()) }
}
