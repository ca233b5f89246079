import RasterCore
import RasterLayers
import RasterLayout

/// A description of a piece of UI: an immutable, `Equatable` value that knows how to make
/// and update a layer-backed view (ComponentFlow's contract).
///
/// The host calls `update` only when one of four inputs changed since the last call for
/// the same view: the component value (`==`), its state (`ComponentState.updated`), the
/// environment values it read, or the available size. Otherwise the cached size and the
/// view stay as they are. `update` lays the view out and returns the size it takes.
///
/// Containers measure a child before placing it: `sizeThatFits` answers for a
/// `ProposedSize` without touching any view (see `Layout/`). The default measures a
/// component as `update` would size it, on a scratch view (a `CombinedComponent` runs
/// its body with its children measured instead of updated), so any component takes part.
public protocol Component: Equatable {
    /// The type of the environment the component reads; `Empty` for none.
    associatedtype EnvironmentType = Empty
    /// The view the component makes and updates.
    associatedtype View: ComponentView = ComponentView
    /// The state kept with the view; `EmptyComponentState` for none.
    associatedtype State: ComponentState = EmptyComponentState

    /// Called once per view identity.
    func makeView() -> View
    /// Called once per view identity, before the first `update`.
    func makeState() -> State
    /// Brings `view` up to date and returns the size it takes within `availableSize`.
    func update(view: View, availableSize: Size, state: State, environment: Environment<EnvironmentType>,
                transition: ComponentTransition) -> Size
    /// The size the component takes for `proposal`; pure (no view is touched) and asked
    /// at most once per proposal in a layout pass. It must agree with the size `update`
    /// returns for the same proposal.
    func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Self>) -> Size
    /// The content whose layout a wrapper takes, for layout code that holds components
    /// type-erased (a stack looks through it for a priority or a `Spacer`, a `Flex` for
    /// an item's options); nil for a component that lays out on its own. Provided by
    /// `LayoutTransparent`; components do not implement it.
    var transparentLayoutContent: AnyComponent<Empty>? { get }
    /// The shared values a wrapper's content is measured and updated in, given the
    /// wrapper's own; nil: the same values. `EnvironmentOverride` gives its changed
    /// values; other components do not implement it.
    func contentEnvironmentValues(_ values: EnvironmentValues) -> EnvironmentValues?
    /// The flex item a component is when a `Flex` holds it: its options, its CSS box and
    /// the content inside that box; nil for a component that is not one (a `Flex` then
    /// looks through `transparentLayoutContent`). A `FlexItem` is itself; a wrapper that
    /// also lays out as a flex item (a scene node) gives its own, whose content is its
    /// `transparentLayoutContent`.
    var asFlexItem: FlexItem? { get }
    /// For a leaf that only draws (a shape, a text without styles: no state, no
    /// children, nothing on its layer but its drawing), the drawing its update would set
    /// for `proposal`, measured through the node `layout` gives (made when first asked
    /// for: a shape never asks), with its paints resolved in `environment`, when its size
    /// is the one `box` gives (asked only of such a leaf; nil: no box to fill); nil for
    /// any other component. A wrapper whose box the leaf fills exactly draws it on its
    /// own layer instead of giving it a view (`CombinedComponentContext.place`). Provided
    /// by the built-in shapes and `Text`; components do not implement it.
    func leafDrawing(environment: Environment<Empty>, proposal: ProposedSize, layout: () -> LayoutNode,
                     fillingBox box: () -> Size?) -> (any LayerDrawing)?
    /// Whether the component is a leaf that only draws, which `leafDrawing` may give as
    /// a drawing (the built-in shapes and `Text`): a wrapper looks no further for any
    /// other. Provided; components do not implement it.
    var isDrawingLeaf: Bool { get }
    /// For a leaf whose size needs no layout node (a shape: its own size, else the
    /// proposal's), the size its node would answer for `proposal`; nil for any other
    /// component (measured through its node). A wrapper that places such a leaf makes
    /// no node for it. Provided by the built-in shapes; components do not implement it.
    func sizeWithoutLayout(_ proposal: ProposedSize) -> Size?

    // The update machinery's entry points for a component it holds as `any Component`.
    // Each is provided (specialized per component type, so a call costs one witness
    // call); components do not implement them.

    /// The concrete component type (through `AnyComponent` wrappers).
    var concreteType: Any.Type { get }
    /// True when `other` is of the same type (seen through `AnyComponent`) and equal.
    func erasedIsEqual(to other: any Component) -> Bool
    /// `update`, with the view, state and environment cast to the component's types (a
    /// view or state of another type traps: the machinery pairs them by `concreteType`).
    func updateErased(view: ComponentView, availableSize: Size, state: ComponentState, environment: ErasedEnvironment,
                      transition: ComponentTransition) -> Size
    /// `sizeThatFits`, measured through `node` (which keeps the answers and the state).
    func sizeThatFitsErased(_ proposal: ProposedSize, node: LayoutNode) -> Size
    /// An `AnyComponent`'s box (its identity: the same box is the same immutable value);
    /// nil for other components. A requirement so that the update pass, which asks it
    /// of every component it compares, makes a witness call instead of a cast.
    var componentBox: AnyObject? { get }
}

public extension Component where View == ComponentView {
    func makeView() -> ComponentView { ComponentView() }
}

public extension Component where State == EmptyComponentState {
    func makeState() -> EmptyComponentState { EmptyComponentState() }
}

/// The environment of components that need none.
public final class Empty: Equatable, Sendable {
    /// A value to share: all values are equal.
    public static let shared = Empty()
    /// Another value, equal to `shared`.
    public init() {}
    public static func == (lhs: Empty, rhs: Empty) -> Bool { true }
}

/// What the update machinery asks of a component whose type it does not know (held as
/// `any Component`): each call opens the existential, so it runs with the concrete
/// type's own `makeView`, `update` and `sizeThatFits`. `AnyComponent` is seen through:
/// the type, name and equality of a wrapper are those of the component it wraps.
extension Component {
    /// `makeView()`, typed as the base view class.
    func makeErasedView() -> ComponentView { makeView() }
    /// `makeState()`, typed as the base state class.
    func makeErasedState() -> ComponentState { makeState() }

    /// The environment a wrapper's content sees (nil: the wrapper's own): its typed
    /// values, with the shared values `contentEnvironmentValues` makes.
    func layoutContentEnvironment(_ environment: ErasedEnvironment) -> ErasedEnvironment? {
        guard let shared = contentEnvironmentValues(environment.shared) else { return nil }
        return ErasedEnvironment(typed: environment.typed, shared: shared, recorder: nil)
    }

    /// The component an `AnyComponent` wraps; any other component itself.
    package var unwrapped: any Component { (self as? AnyComponent<EnvironmentType>)?.wrapped ?? self }
}

public extension Component {
    /// The component's own type.
    var concreteType: Any.Type { Self.self }

    /// None: only an `AnyComponent` is a box.
    var componentBox: AnyObject? { nil }

    /// Equal values of the same type; an `AnyComponent` is seen through.
    func erasedIsEqual(to other: any Component) -> Bool {
        if let other = other as? Self { return self == other }
        if let other = other as? AnyComponent<EnvironmentType> { return other.wrapped.erasedIsEqual(to: self) }
        return false
    }

    /// Casts the view and state to the component's types and runs `update`. Inlinable, so
    /// a component of another module gets it specialized for its own types.
    @inlinable
    func updateErased(view: ComponentView, availableSize: Size, state: ComponentState, environment: ErasedEnvironment,
                      transition: ComponentTransition) -> Size {
        guard let view = view as? View else {
            preconditionFailure("\(Self.self) was updated with a \(type(of: view)); it makes \(View.self)")
        }
        guard let state = state as? State else {
            preconditionFailure("\(Self.self) was updated with a \(type(of: state)); it makes \(State.self)")
        }
        return update(view: view, availableSize: availableSize, state: state,
                      environment: Environment<EnvironmentType>(erased: environment), transition: transition)
    }

    /// Runs `sizeThatFits` with a context over `node` (inlinable, as `updateErased`).
    @inlinable
    func sizeThatFitsErased(_ proposal: ProposedSize, node: LayoutNode) -> Size {
        sizeThatFits(proposal, context: MeasureContext(node: node))
    }

    /// None: the component lays out on its own (`LayoutTransparent` wrappers give their
    /// content).
    var transparentLayoutContent: AnyComponent<Empty>? { nil }
    /// None: the content sees the component's own values.
    func contentEnvironmentValues(_ values: EnvironmentValues) -> EnvironmentValues? { nil }
    /// None: the component is not a flex item of its own.
    var asFlexItem: FlexItem? { nil }
    /// None: the component is not a leaf that only draws.
    func leafDrawing(environment: Environment<Empty>, proposal: ProposedSize, layout: () -> LayoutNode,
                     fillingBox box: () -> Size?) -> (any LayerDrawing)? { nil }
    /// No: the component is not a leaf that only draws.
    var isDrawingLeaf: Bool { false }
    /// None: the component is measured through its layout node.
    func sizeWithoutLayout(_ proposal: ProposedSize) -> Size? { nil }
    /// Measures by running `update` on a scratch view (with the view's state when it
    /// has one): ComponentFlow's contract, where a component sizes itself in `update`.
    func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Self>) -> Size {
        let view = context.node.scratchView(make: { makeView() }) as? View ?? makeView()
        return update(view: view, availableSize: proposal.replacingUnspecifiedDimensions(), state: context.state,
                      environment: context.environment, transition: .immediate)
    }
}

/// What a component's `sizeThatFits` works with: its environment and state, and the
/// measuring of children (each answer kept for the layout pass).
public struct MeasureContext<C: Component> {
    package let node: LayoutNode

    @usableFromInline
    init(node: LayoutNode) {
        self.node = node
    }

    /// The environment the component is measured in.
    public var environment: Environment<C.EnvironmentType> { Environment<C.EnvironmentType>(erased: node.environment) }

    /// The state of the component's view; a fresh one (`makeState`) before it has a view.
    public var state: C.State {
        if let state = node.state(make: { (node.component as? C)?.makeState() ?? EmptyComponentState() }) as? C.State {
            return state
        }
        preconditionFailure("\(C.self) is measured with a state of another type")
    }

    /// The size `child` takes for `proposal`. `key` identifies the child among this
    /// component's children (answers are kept per key for the pass).
    public func sizeThatFits<Child: Component>(_ child: Child, key: AnyHashable, proposal: ProposedSize) -> Size
        where Child.EnvironmentType == C.EnvironmentType {
        node.child(key: key, child, environment: node.environment, retained: nil).sizeThatFits(proposal)
    }
}
