import RasterCore
import RasterLayout

/// A component of any type that takes an environment of type `EnvironmentType`.
/// Equal when the wrapped components are of the same type and equal.
public final class AnyComponent<EnvironmentType>: Equatable {
    /// The component wrapped; never itself an `AnyComponent` (nested wrappers are flattened).
    public let wrapped: any Component

    /// Wraps `component`, or takes over the component of an `AnyComponent` passed in.
    public init<C: Component>(_ component: C) where C.EnvironmentType == EnvironmentType {
        if let erased = component as? AnyComponent<EnvironmentType> {
            wrapped = erased.wrapped
        } else {
            wrapped = component
        }
    }

    public static func == (lhs: AnyComponent, rhs: AnyComponent) -> Bool {
        lhs === rhs || lhs.wrapped.erasedIsEqual(to: rhs.wrapped)
    }
}

/// A component with the identity that keeps its view (and state) across updates, as a
/// `key` does in React.
public struct AnyComponentWithIdentity<EnvironmentType>: Equatable {
    /// The identity: a view made for one id is kept only for the same id.
    public var id: AnyHashable { key.hashable }
    /// The component shown under `id`.
    public let component: AnyComponent<EnvironmentType>
    /// `id` as the containers key their child views by (the only copy of it: `id` is
    /// made from it, so a child takes four words).
    package let key: ChildKey

    /// Keys `component` by `id`, which is stored type-erased.
    public init<ID: Hashable>(id: ID, component: AnyComponent<EnvironmentType>) {
        self.component = component
        key = ChildKey(id)
    }

    /// Keys `component` by a string `id` (a scene node's), without looking its type up.
    public init(id: String, component: AnyComponent<EnvironmentType>) {
        self.component = component
        key = .string(id)
    }

    /// Keys `component` by an integer `id` (a position), without looking its type up.
    public init(id: Int, component: AnyComponent<EnvironmentType>) {
        self.component = component
        key = .int(id)
    }

    /// The same id (compared through `key`, as `AnyHashable` compares) and equal
    /// components.
    public static func == (lhs: AnyComponentWithIdentity, rhs: AnyComponentWithIdentity) -> Bool {
        lhs.key == rhs.key && lhs.component == rhs.component
    }
}

/// A child's identity as containers key their views, equal exactly when the ids are
/// equal as `AnyHashable`s (so `1`, `Int8(1)` and `1.0` are one key). Two integers or
/// two strings (the ids of positions and of scene nodes) compare directly; anything
/// else compares as `AnyHashable`, whose comparison looks its types up at run time.
package enum ChildKey: Hashable {
    case int(Int)
    case string(String)
    /// Boxed (`indirect`): a key is then the size of a string, in every child map.
    indirect case other(AnyHashable)

    package init<ID: Hashable>(_ id: ID) {
        if let int = id as? Int {
            self = .int(int)
        } else if let string = id as? String {
            self = .string(string)
        } else {
            self = .other(AnyHashable(id))
        }
    }

    /// The id as it was given: an `Int` or a `String` is made again as one, anything
    /// else was kept as given.
    package var hashable: AnyHashable {
        switch self {
        case .int(let int): AnyHashable(int)
        case .string(let string): AnyHashable(string)
        case .other(let other): other
        }
    }

    package static func == (a: ChildKey, b: ChildKey) -> Bool {
        switch (a, b) {
        case let (.int(x), .int(y)): x == y
        case let (.string(x), .string(y)): x == y
        default: a.hashable == b.hashable
        }
    }

    /// As the `AnyHashable` hashes, so that keys equal across cases hash alike: an
    /// `AnyHashable` of an integer or a string hashes as the value itself (which the
    /// key tests check), so those are hashed without boxing them.
    package func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let int): hasher.combine(int)
        case .string(let string): hasher.combine(string)
        case .other(let other): hasher.combine(other)
        }
    }
}

/// An `AnyComponent` is itself a component, so `Child(AnyComponent<Empty>.self)` can
/// hold children of any type (a new type gets a new view).
extension AnyComponent: Component {
    public func makeView() -> ComponentView { wrapped.makeErasedView() }
    public func makeState() -> ComponentState { wrapped.makeErasedState() }
    public func update(view: ComponentView, availableSize: Size, state: ComponentState,
                       environment: Environment<EnvironmentType>, transition: ComponentTransition) -> Size {
        wrapped.updateErased(view: view, availableSize: availableSize, state: state, environment: environment.erased,
                             transition: transition)
    }
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<AnyComponent>) -> Size {
        wrapped.sizeThatFitsErased(proposal, node: context.node)
    }
    /// The wrapped component's type.
    public var concreteType: Any.Type { wrapped.concreteType }
    /// The wrapped component's update, handed the environment as it came.
    public func updateErased(view: ComponentView, availableSize: Size, state: ComponentState, environment: ErasedEnvironment,
                             transition: ComponentTransition) -> Size {
        wrapped.updateErased(view: view, availableSize: availableSize, state: state, environment: environment,
                             transition: transition)
    }
    /// The wrapped component's size.
    public func sizeThatFitsErased(_ proposal: ProposedSize, node: LayoutNode) -> Size {
        wrapped.sizeThatFitsErased(proposal, node: node)
    }
    /// The wrapper itself: the same box is the same immutable value.
    public var componentBox: AnyObject? { self }

    /// Equal to the same box, or when the wrapped components are equal (`other` itself
    /// wrapped or not).
    public func erasedIsEqual(to other: any Component) -> Bool {
        if let other = other as? AnyComponent<EnvironmentType> { return other === self || wrapped.erasedIsEqual(to: other.wrapped) }
        return wrapped.erasedIsEqual(to: other)
    }
    /// The wrapped component's.
    public var transparentLayoutContent: AnyComponent<Empty>? { wrapped.transparentLayoutContent }
    /// The wrapped component's.
    public func contentEnvironmentValues(_ values: EnvironmentValues) -> EnvironmentValues? {
        wrapped.contentEnvironmentValues(values)
    }
    /// The wrapped component's.
    public var asFlexItem: FlexItem? { wrapped.asFlexItem }
}
