import RasterComponents
import RasterCore
import RasterLayout

/// Hosts the Workflow article's `Workflow` as a component: a `WorkflowHost` kept with the
/// component's view runs the workflow tree (child workflows keep their state by type and
/// key), and every rendering it makes after an event or a command's result updates the
/// component, which shows it. New properties from the parent render the workflow again.
///
/// The properties are rendered again when the component changes: when they are neither
/// `Void` nor `Equatable`, on every update of the component (a press inside it too).
///
/// Invariant: the component shows `workflowHost.rendering`, the root's rendering for the
/// current states and the latest properties.
public struct WorkflowHostComponent<W: Workflow>: CombinedComponent
    where W.Rendering: Component, W.Rendering.EnvironmentType == Empty {
    /// What the root workflow is rendered with.
    public let properties: W.Properties
    /// Hears the root workflow's outputs; nil drops them.
    public let onOutput: ActionSlot<W.Output>?

    /// Hosts a workflow of type `type` rendered with `properties`.
    public init(_ type: W.Type = W.self, properties: W.Properties, onOutput: ActionSlot<W.Output>? = nil) {
        self.properties = properties
        self.onOutput = onOutput
    }

    /// Equal when the output slots are the same and the properties are `Void`, or
    /// `Equatable` and equal; otherwise the component updates (rendering the workflow with
    /// the properties given).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.onOutput == rhs.onOutput else { return false }
        if W.Properties.self == Void.self { return true }
        return AnyEquatable.compare(lhs.properties, rhs.properties) ?? false
    }

    /// The host of the workflow tree, made on the first update.
    public final class State: ComponentState {
        var host: WorkflowHost<W>?
        var onOutput: ActionSlot<W.Output>?
        /// Set when the host rendered by itself: the pass that follows shows that
        /// rendering instead of rendering with the properties again.
        var showsOwnRendering = false
        /// True while the component renders the workflow itself (its rendering is shown
        /// at once, with no update asked for).
        var isRendering = false
        /// The component whose properties were last rendered.
        var rendered: WorkflowHostComponent?

        /// The host running the workflow tree (nil before the first update).
        public var workflowHost: WorkflowHost<W>? { host }
    }

    /// A state without a host yet.
    public func makeState() -> State { State() }

    /// The host, made on first use, with the rendering this pass shows: the workflow's
    /// own when it rendered by itself, else one with `properties`. Decided once per
    /// layout node (`node.memo`), which measuring and updating in a pass share.
    private func host(in state: State, node: LayoutNode) -> WorkflowHost<W> {
        state.onOutput = onOutput
        guard let host = state.host else {
            let host = WorkflowHost<W>(properties: properties)
            host.onOutput = { [weak state] output in state?.onOutput?.invoke(output) }
            host.onRender = { [weak state] _ in
                guard let state, !state.isRendering else { return }
                state.showsOwnRendering = true
                state.updated()
            }
            state.host = host
            state.rendered = self
            node.memo = true
            return host
        }
        guard node.memo == nil else { return host }
        if state.showsOwnRendering {
            state.showsOwnRendering = false
        } else if state.rendered.map({ $0 == self }) != true {
            state.isRendering = true
            host.update(properties: properties)
            state.isRendering = false
        }
        state.rendered = self
        node.memo = true
        return host
    }

    /// The size of the workflow's rendering.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Self>) -> Size {
        context.sizeThatFits(AnyComponent(host(in: context.state, node: context.node).rendering), key: 0, proposal: proposal)
    }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let rendering = context.component.host(in: context.state, node: context.layoutNode).rendering
            return child.updateAsContent(AnyComponent(rendering), in: context).size
        }
    }
}
