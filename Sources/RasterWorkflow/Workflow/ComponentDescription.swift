/// Refers to a workflow without containing one: its type and a properties value (the
/// runtime makes or reuses the workflow itself).
public struct ComponentDescription<W: Workflow> {
    /// The properties the workflow is rendered with.
    public var properties: W.Properties

    /// A description of `W` with `properties`.
    public init(properties: W.Properties) {
        self.properties = properties
    }

    /// The same workflow type with properties transformed.
    public func mapProperties(_ transform: (W.Properties) -> W.Properties) -> ComponentDescription<W> {
        ComponentDescription(properties: transform(properties))
    }
}
