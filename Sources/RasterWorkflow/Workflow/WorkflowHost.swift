/// Runs a tree of workflows headless: renders the root with its properties, handles
/// the events sent into any workflow's sink (one at a time, in order: an event sent
/// while another is handled waits), runs the commands they produce, and renders again
/// once the events queued by an input are all handled.
///
/// Invariant: `rendering` is the root's rendering for the current states and
/// properties whenever no event is being handled.
public final class WorkflowHost<Root: Workflow> {
    private let root: WorkflowNode<Root>
    private var queue: [() -> Void] = []
    private var isDraining = false
    private var needsRender = false
    /// The root's latest rendering.
    public private(set) var rendering: Root.Rendering
    /// Hears the root's outputs.
    public var onOutput: ((Root.Output) -> Void)?
    /// Hears every rendering made after the first: after the events an input queued
    /// (and the command results among them) are handled, and after `update(properties:)`.
    public var onRender: ((Root.Rendering) -> Void)?
    /// How many times the root was rendered.
    public private(set) var renderCount = 0

    /// Makes the root workflow and renders it once with `properties`.
    public init(properties: Root.Properties) {
        let runtime = WorkflowRuntime()
        root = WorkflowNode<Root>(runtime: runtime)
        root.properties = properties
        rendering = root.render()
        renderCount = 1
        runtime.attach(self)
        root.onOutput = { [weak self] output in self?.onOutput?(output) }
    }

    /// Renders again with new properties (children keep their state).
    public func update(properties: Root.Properties) {
        root.properties = properties
        render()
    }

    /// Sends events to the root workflow (as its rendering's sink would).
    public var sink: Sink<Root.Event> { root.sink }

    /// The state of the root workflow.
    public var state: Root { root.value }

    /// The state of the child of type `W` rendered under `key` by the root (nil if none).
    public func childState<W: Workflow>(_ type: W.Type, key: String = "") -> W? {
        root.existingChild(W.self, key: key)?.value
    }

    func enqueue(_ work: @escaping () -> Void) {
        queue.append(work)
        guard !isDraining else { return }
        isDraining = true
        while !queue.isEmpty {
            let next = queue.removeFirst()
            next()
        }
        isDraining = false
        if needsRender { render() }
    }

    func setNeedsRender() {
        needsRender = true
    }

    private func render() {
        needsRender = false
        rendering = root.render()
        renderCount += 1
        onRender?(rendering)
    }
}

/// The host's queue as the nodes see it.
final class WorkflowRuntime {
    var enqueue: ((@escaping () -> Void) -> Void)?
    var setNeedsRender: (() -> Void)?

    func attach<Root>(_ host: WorkflowHost<Root>) {
        enqueue = { [weak host] work in host?.enqueue(work) }
        setNeedsRender = { [weak host] in host?.setNeedsRender() }
    }
}

/// A workflow node of any type (the parent of children of any type).
class WorkflowNodeBase {
    let runtime: WorkflowRuntime
    var children: [ChildKey: WorkflowNodeBase] = [:]
    /// The children rendered by the render pass running on this node.
    var rendered: Set<ChildKey> = []

    struct ChildKey: Hashable {
        let type: ObjectIdentifier
        let key: String
    }

    init(runtime: WorkflowRuntime) {
        self.runtime = runtime
    }

    func child<W: Workflow>(key: String) -> WorkflowNode<W> {
        let id = ChildKey(type: ObjectIdentifier(W.self), key: key)
        rendered.insert(id)
        if let existing = children[id] as? WorkflowNode<W> { return existing }
        let made = WorkflowNode<W>(runtime: runtime)
        children[id] = made
        return made
    }

    func existingChild<W: Workflow>(_ type: W.Type, key: String) -> WorkflowNode<W>? {
        children[ChildKey(type: ObjectIdentifier(W.self), key: key)] as? WorkflowNode<W>
    }
}

/// One workflow in the tree: its state (the workflow value), properties and children.
final class WorkflowNode<W: Workflow>: WorkflowNodeBase {
    var value = W()
    var properties: W.Properties!
    var onOutput: ((W.Output) -> Void)?

    var sink: Sink<W.Event> {
        Sink { [weak self] event in
            guard let self else { return }
            self.runtime.enqueue? { [weak self] in self?.handle(event) }
        }
    }

    func render() -> W.Rendering {
        rendered = []
        let rendering = value.render(properties: properties, sink: sink,
                                     context: RenderContext(node: self, sink: sink))
        children = children.filter { rendered.contains($0.key) }
        return rendering
    }

    func handle(_ event: W.Event) {
        var context = UpdateContext<W>(properties: properties)
        value.update(event: event, context: &context)
        runtime.setNeedsRender?()
        for command in context.commands {
            W.run(command: command, properties: properties).start(value: { [weak self] event in
                guard let self else { return }
                self.runtime.enqueue? { [weak self] in self?.handle(event) }
            })
        }
        if let output = context.output { onOutput?(output) }
    }
}
