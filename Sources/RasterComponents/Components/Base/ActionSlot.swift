/// A callback with identity equality: a component can hold one and stay `Equatable`,
/// and the handler can be connected (or replaced) without changing the component.
public final class ActionSlot<Arguments>: Equatable {
    private var target: ((Arguments) -> Void)?

    public init() {}

    public static func == (lhs: ActionSlot, rhs: ActionSlot) -> Bool { lhs === rhs }

    public func connect(_ target: @escaping (Arguments) -> Void) { self.target = target }
    public func disconnect() { target = nil }
    public func invoke(_ arguments: Arguments) { target?(arguments) }
}

public extension ActionSlot where Arguments == Void {
    func invoke() { invoke(()) }
}
