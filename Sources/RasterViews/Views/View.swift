import RasterComponents
import RasterCore
import RasterLayout

/// A description of UI in SwiftUI's shape (the styling article's `View`): a value whose
/// `body` is another view, down to primitive views that are components. Views are
/// resolved into components when the component tree is updated, with the shared
/// `EnvironmentValues` in effect at that place (`@Environment` properties read them
/// while a `body` is evaluated), so a view tree is shown by `ViewComponent` or any
/// container built with `@ViewBuilder`.
public protocol View {
    /// The type of view `body` returns (`Never` for primitive views).
    associatedtype Body: View
    /// The view this one is made of, evaluated each time the view is resolved.
    @ViewBuilder var body: Body { get }
}

/// A view that is shown by a component of its own instead of a body.
public protocol PrimitiveView: View where Body == Never {
    /// The component that shows the view under `environment`.
    func _component(environment: EnvironmentValues) -> AnyComponent<Empty>
}

public extension PrimitiveView {
    var body: Never { return preconditionFailure("\(Self.self) is a primitive view; it has no body") }
}

extension Never: View {
    /// `Never` is its own body type: it has no body.
    public typealias Body = Never
    public var body: Never { return preconditionFailure("Never has no body") }
}

/// Resolves `view` into a component under `environment`: primitive views give their
/// component; others are resolved through their `body`, evaluated with `environment`
/// installed for their dynamic properties, each of which is first `update()`d.
///
/// Under a `ViewComponent`, each view's `@State`s are first linked to the storage kept for
/// its place in the tree (`ViewStateStore`).
public func resolveView<V: View>(_ view: V, environment: EnvironmentValues) -> AnyComponent<Empty> {
    let store = ViewStateStore.current
    let path = store?.enter(V.self)
    defer { store?.leave() }
    if let primitive = view as? any PrimitiveView {
        return primitive._component(environment: environment)
    }
    if let store, let path { store.linkStates(of: view, path: path) }
    let body = ViewEnvironment.with(environment) {
        updateDynamicProperties(of: view)
        return view.body
    }
    return resolveView(body, environment: environment)
}

/// A view of any type (SwiftUI's type eraser).
public struct AnyView: PrimitiveView {
    let resolve: (EnvironmentValues) -> AnyComponent<Empty>
    /// The type of the wrapped view.
    public let wrappedType: Any.Type

    /// Wraps `view`; an `AnyView` is taken as it is, not wrapped again.
    public init<V: View>(_ view: V) {
        if let any = view as? AnyView {
            self = any
        } else {
            resolve = { resolveView(view, environment: $0) }
            wrappedType = V.self
        }
    }

    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> { resolve(environment) }
}

/// Shows a view tree as a component: resolved on every update with the environment the
/// component gets (views have no equality, so this component always updates; the
/// components they resolve to skip as usual). It keeps the tree's `@State`s
/// (`ViewStateStore`), which update it when set.
public struct ViewComponent: CombinedComponent {
    /// The storage of the tree's `@State`s.
    public typealias State = ViewStateStore
    /// The view tree shown.
    public let view: AnyView

    /// A component showing `view`.
    public init<V: View>(_ view: V) {
        self.view = AnyView(view)
    }

    public static func == (lhs: ViewComponent, rhs: ViewComponent) -> Bool { false }

    /// The size of what the view resolves to under the current environment.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<ViewComponent>) -> Size {
        let content = context.state.resolving { view._component(environment: context.environment.untrackedValues) }
        return context.sizeThatFits(content, key: 0, proposal: proposal)
    }

    /// A new store for the tree's states.
    public func makeState() -> ViewStateStore { ViewStateStore() }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let view = context.component.view
            let content = context.state.resolving { view._component(environment: context.environment.untrackedValues) }
            return child.updateAsContent(content, in: context).size
        }
    }
}

/// A component shown as a view.
public struct ComponentAsView<C: Component>: PrimitiveView where C.EnvironmentType == Empty {
    /// The component shown.
    public let component: C
    /// Wraps `component` as a view.
    public init(_ component: C) { self.component = component }
    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> { AnyComponent(component) }
}

/// Nothing (an absent optional view, an empty builder).
public struct EmptyView: PrimitiveView {
    public init() {}
    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> { AnyComponent(EmptyComponent()) }
}

extension Optional: View where Wrapped: View {
    /// An optional view is primitive: it has no body.
    public typealias Body = Never
    public var body: Never { return preconditionFailure("an optional view has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> {
        switch self {
        case .some(let view): return resolveView(view, environment: environment)
        case .none: return AnyComponent(EmptyComponent())
        }
    }
}

/// Several views in order (what a `@ViewBuilder` block with more than one view makes);
/// a stack built from one shows each as a child, elsewhere they stack vertically.
public struct ViewList: PrimitiveView {
    /// The views, in order.
    public let views: [AnyView]
    /// A list of `views`.
    public init(_ views: [AnyView]) { self.views = views }

    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> {
        if views.count == 1 { return views[0]._component(environment: environment) }
        return AnyComponent(VStack(views.map { AnyComponent(ViewComponent($0)) }, spacing: 8))
    }

    /// The views a stack shows as its children.
    static func children<V: View>(of view: V) -> [AnyComponent<Empty>] {
        if let list = view as? ViewList { return list.views.map { AnyComponent(ViewComponent($0)) } }
        return [AnyComponent(ViewComponent(view))]
    }
}

/// SwiftUI's `@ViewBuilder`: views and components, optionals, `if`, in order.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<V: View>(_ view: V) -> AnyView { AnyView(view) }
    @_disfavoredOverload
    public static func buildExpression<C: Component>(_ component: C) -> AnyView where C.EnvironmentType == Empty {
        if let view = component as? any View { return AnyView(erasing: view) }
        return AnyView(ComponentAsView(component))
    }
    @_disfavoredOverload
    public static func buildExpression<C: Component>(_ component: C?) -> AnyView where C.EnvironmentType == Empty {
        component.map { buildExpression($0) } ?? AnyView(EmptyView())
    }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock(_ views: AnyView...) -> ViewList { ViewList(views) }
    public static func buildOptional(_ view: ViewList?) -> ViewList { view ?? ViewList([]) }
    public static func buildEither(first: ViewList) -> ViewList { first }
    public static func buildEither(second: ViewList) -> ViewList { second }
}

extension AnyView {
    /// Erases a view known only as `any View`.
    public init(erasing view: any View) {
        func open<V: View>(_ v: V) -> AnyView { AnyView(v) }
        self = open(view)
    }
}

/// Text and images are views as well as components (SwiftUI's `Text("...")`).
extension Text: PrimitiveView {
    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> { AnyComponent(self) }
}

extension Image: PrimitiveView {
    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> { AnyComponent(self) }
}
