/// How a workflow's `render` defers to child workflows: `render(_:)` makes the child
/// described (or finds the one rendered under the same type and key last time, with
/// its state), gives it the description's properties, renders it and returns its
/// rendering. Children not rendered in a pass are discarded with their state.
public final class RenderContext<Event> {
    let node: WorkflowNodeBase
    let sink: Sink<Event>

    init(node: WorkflowNodeBase, sink: Sink<Event>) {
        self.node = node
        self.sink = sink
    }

    /// Renders a child whose outputs the parent ignores (or that has none).
    public func render<W: Workflow>(_ description: ComponentDescription<W>, key: String = "") -> W.Rendering {
        render(description, key: key, outputs: nil)
    }

    /// Renders a child; each output it emits becomes this workflow's event `outputs(output)`.
    public func render<W: Workflow>(_ description: ComponentDescription<W>, key: String = "",
                                    outputs: ((W.Output) -> Event)?) -> W.Rendering {
        let child: WorkflowNode<W> = node.child(key: key)
        let sink = self.sink
        child.onOutput = outputs.map { map in { output in sink.send(map(output)) } }
        child.properties = description.properties
        return child.render()
    }
}
