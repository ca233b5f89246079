/// A piece of application logic with a predictable data flow (the Workflow article's
/// component; here `Workflow`, since `Component` is ComponentFlow's UI component).
///
/// The value of a conforming type is the workflow's state: the runtime makes it once
/// with `init()` when it first appears, changes it only through `update(event:context:)`,
/// and keeps it while the same type is rendered under the same key by its parent.
/// `render(properties:sink:context:)` turns state and properties into a `Rendering`
/// (a view model, a string, a component); it is called again after every event.
/// Events come in through `sink`; `update` may change the state, emit an `Output` to
/// the parent and send `Command`s, whose side effects `run(command:properties:)`
/// performs, feeding their results back as events.
public protocol Workflow {
    /// What the parent passes in each time it renders the workflow.
    associatedtype Properties = Void
    /// What the rendering and commands send back.
    associatedtype Event = Never
    /// What the workflow reports to its parent.
    associatedtype Output = Never
    /// A side effect `update` asks for, performed by `run(command:properties:)`.
    associatedtype Command = Never
    /// What `render` produces.
    associatedtype Rendering

    /// The state a workflow starts in.
    init()
    /// The rendering for the current state and `properties`; children are rendered
    /// through `context`, events go into `sink`.
    func render(properties: Properties, sink: Sink<Event>, context: RenderContext<Event>) -> Rendering
    /// Handles one event: transitions state, sends commands, sets `context.output`.
    mutating func update(event: Event, context: inout UpdateContext<Self>)
    /// Performs a command's side effect; the producer's values come back as events.
    static func run(command: Command, properties: Properties) -> SignalProducer<Event, NoError>
}

public extension Workflow {
    /// Workflows that only render ignore events.
    mutating func update(event: Event, context: inout UpdateContext<Self>) {}

    /// The description of this workflow type with `properties`, for a parent's
    /// `context.render(_:)`.
    static func description(properties: Properties) -> ComponentDescription<Self> {
        ComponentDescription(properties: properties)
    }
}

public extension Workflow where Command == Never {
    static func run(command: Command, properties: Properties) -> SignalProducer<Event, NoError> {}
}
