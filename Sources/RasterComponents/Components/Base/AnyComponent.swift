import RasterCore
import RasterLayout

/// A component of any type that takes an environment of type `EnvironmentType`.
/// Equal when the wrapped components are of the same type and equal.
public final class AnyComponent<EnvironmentType>: _TypeErasedComponent, Equatable {
    /// The component wrapped; never itself an `AnyComponent` (nested wrappers are flattened).
    public let wrapped: _TypeErasedComponent

    /// Wraps `component`, or takes over the component of an `AnyComponent` passed in.
    public init<C: Component>(_ component: C) where C.EnvironmentType == EnvironmentType {
        if let erased = component as? AnyComponent<EnvironmentType> {
            wrapped = erased.wrapped
        } else {
            wrapped = component
        }
    }

    public static func == (lhs: AnyComponent, rhs: AnyComponent) -> Bool {
        lhs === rhs || lhs.wrapped._isEqual(to: rhs.wrapped)
    }

    public var _componentType: Any.Type { wrapped._componentType }
    public var _componentName: String { wrapped._componentName }
    public func _makeView() -> ComponentView { wrapped._makeView() }
    public func _makeState() -> ComponentState { wrapped._makeState() }
    public func _isEqual(to other: _TypeErasedComponent) -> Bool {
        if let other = other as? AnyComponent<EnvironmentType> { return other === self || wrapped._isEqual(to: other.wrapped) }
        return wrapped._isEqual(to: other)
    }
    public func _update(view: ComponentView, availableSize: Size, state: ComponentState, environment: _ErasedEnvironment,
                        transition: ComponentTransition) -> Size {
        wrapped._update(view: view, availableSize: availableSize, state: state, environment: environment,
                        transition: transition)
    }
    public func _sizeThatFits(_ proposal: ProposedSize, node: LayoutNode) -> Size {
        wrapped._sizeThatFits(proposal, node: node)
    }
    public var _layoutContent: AnyComponent<Empty>? { wrapped._layoutContent }
    public func _layoutContentEnvironment(_ environment: _ErasedEnvironment) -> _ErasedEnvironment? {
        wrapped._layoutContentEnvironment(environment)
    }
    public var _anyComponentBox: AnyObject? { self }
    public var _unwrapped: _TypeErasedComponent { wrapped }
}

/// A component with the identity that keeps its view (and state) across updates, as a
/// `key` does in React.
public struct AnyComponentWithIdentity<EnvironmentType>: Equatable {
    /// The identity: a view made for one id is kept only for the same id.
    public let id: AnyHashable
    /// The component shown under `id`.
    public let component: AnyComponent<EnvironmentType>

    /// Keys `component` by `id`, which is stored type-erased.
    public init<ID: Hashable>(id: ID, component: AnyComponent<EnvironmentType>) {
        self.id = AnyHashable(id)
        self.component = component
    }
}

/// An `AnyComponent` is itself a component, so `Child(AnyComponent<Empty>.self)` can
/// hold children of any type (a new type gets a new view).
extension AnyComponent: Component {
    public func makeView() -> ComponentView { wrapped._makeView() }
    public func makeState() -> ComponentState { wrapped._makeState() }
    public func update(view: ComponentView, availableSize: Size, state: ComponentState,
                       environment: Environment<EnvironmentType>, transition: ComponentTransition) -> Size {
        wrapped._update(view: view, availableSize: availableSize, state: state, environment: environment.erased,
                        transition: transition)
    }
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<AnyComponent>) -> Size {
        wrapped._sizeThatFits(proposal, node: context.node)
    }
}
