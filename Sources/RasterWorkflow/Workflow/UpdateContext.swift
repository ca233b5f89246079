/// What `update(event:context:)` works with: the current properties, the output to
/// emit and the commands to run.
public struct UpdateContext<W: Workflow> {
    /// The properties the workflow was last rendered with.
    public let properties: W.Properties
    /// Set to emit an output to the parent once the update returns.
    public var output: W.Output?
    /// The commands sent so far, in order.
    public private(set) var commands: [W.Command] = []

    init(properties: W.Properties) {
        self.properties = properties
    }

    /// Runs `command` (through `W.run`) once the update returns.
    public mutating func send(command: W.Command) {
        commands.append(command)
    }
}
