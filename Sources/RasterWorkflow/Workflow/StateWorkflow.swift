import RasterComponents

/// A state machine rendered as a component: every event goes through `update`, which
/// changes the state and may emit output to the parent; the UI is rendered from the
/// state. (The Workflow article's own shape, with properties, child workflows and
/// commands, is `Workflow`.)
public protocol StateWorkflow: Equatable {
    /// What the workflow remembers between events.
    associatedtype State
    /// What the rendered UI sends back.
    associatedtype Event
    /// What the workflow reports to its parent.
    associatedtype Output = Never

    /// The state to start from, made on the component's first update.
    func makeInitialState() -> State
    /// Handles one event: changes `state`, emits any number of outputs.
    func update(state: inout State, event: Event, output: (Output) -> Void)
    /// The UI for `state`; send events into `sink` from actions.
    func render(state: State, sink: Sink<Event>) -> AnyComponent<Empty>
}

/// Hosts a `StateWorkflow` as a component: it keeps the workflow's state in its
/// `ComponentState`, re-renders after each event and hands outputs to `onOutput`.
public struct WorkflowComponent<W: StateWorkflow>: CombinedComponent {
    /// The workflow run; a new value replaces the old one but keeps its state.
    public let workflow: W
    /// Receives the workflow's outputs; nil drops them.
    public let onOutput: ActionSlot<W.Output>?

    /// Hosts `workflow`, handing its outputs to `onOutput`.
    public init(_ workflow: W, onOutput: ActionSlot<W.Output>? = nil) {
        self.workflow = workflow
        self.onOutput = onOutput
    }

    /// The component's state: the workflow's state (nil until the first update) and the
    /// component last rendered, whose workflow handles events.
    public final class State: ComponentState {
        var value: W.State?
        var current: WorkflowComponent?

        /// Runs `event` through the workflow, then updates the component.
        func send(_ event: W.Event) {
            guard let current, var state = value else { return }
            var outputs: [W.Output] = []
            current.workflow.update(state: &state, event: event) { outputs.append($0) }
            value = state
            for output in outputs { current.onOutput?.invoke(output) }
            updated()
        }

        /// The workflow's current state.
        public var workflowState: W.State? { value }
    }

    /// An empty state; the workflow's initial state is made on the first update.
    public func makeState() -> State { State() }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let state = context.state
            state.current = context.component
            if state.value == nil { state.value = context.component.workflow.makeInitialState() }
            guard let value = state.value else { return .zero }
            let sink = Sink<W.Event> { [weak state] in state?.send($0) }
            let rendering = context.component.workflow.render(state: value, sink: sink)
            return child.updateAsContent(rendering, in: context).size
        }
    }
}
