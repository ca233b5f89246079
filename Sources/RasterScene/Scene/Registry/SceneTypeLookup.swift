/// Finds node types by name in a registry, keeping the last type found: siblings are
/// mostly of one type, and comparing a name with the last one costs less than hashing it.
///
/// Invariant: `last`, when set, is `registry.types[last.name]`.
struct SceneTypeLookup {
    /// The registry looked in.
    let registry: SceneRegistry
    private var last: SceneComponentType?

    init(_ registry: SceneRegistry) {
        self.registry = registry
    }

    /// The type named `name`; nil when the registry has none.
    mutating func type(named name: String) -> SceneComponentType? {
        if let last, last.name == name { return last }
        guard let type = registry.types[name] else { return nil }
        last = type
        return type
    }
}
