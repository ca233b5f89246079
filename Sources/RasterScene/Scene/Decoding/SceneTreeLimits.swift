/// The size of a scene's tree checked before any node is decoded: the nodes reachable
/// from `root` through the props their types declare as nodes (`children`, `content`,
/// ...) are counted and their nesting measured in one walk of the parsed document,
/// so a tree over the limits is refused in milliseconds instead of after decoding.
///
/// Invariant: the walk follows exactly the props the decoder decodes as nodes, so a tree
/// this accepts meets the limits when decoded (the decoder checks again as it goes).
/// The walk's own recursion is bounded by `maxDepth`.
enum SceneTreeLimits {
    /// What the walk counted.
    struct Counts {
        /// The nodes.
        var nodes = 0
        /// The nodes that write an `id` (room for the decoder's map of ids).
        var withIDs = 0
    }

    /// Throws the decoder's error for the first node over `limits.nodes` or nested
    /// `limits.depth` levels deep, naming its path; else returns what it counted.
    static func check(root: SceneReader, registry: SceneRegistry, limits: SceneLimits) throws -> Counts {
        var walk = Walk(root: root.path, registry: registry, limits: limits)
        try walk.visit(root.value, depth: 0)
        return walk.counts
    }

    private enum PathPart {
        case key(String)
        case index(Int)
    }

    private static func format(_ root: String, _ parts: [PathPart]) -> String {
        var text = root
        for part in parts {
            switch part {
            case .key(let k): text += text.isEmpty ? k : ".\(k)"
            case .index(let i): text += "[\(i)]"
            }
        }
        return text
    }

    /// One walk: what it counted, where it is, and the node types it looks up.
    private struct Walk {
        let root: String
        let limits: SceneLimits
        var types: SceneTypeLookup
        var counts = Counts()
        var path: [PathPart] = []

        init(root: String, registry: SceneRegistry, limits: SceneLimits) {
            self.root = root
            self.limits = limits
            types = SceneTypeLookup(registry)
        }

        mutating func visit(_ value: JSONValue, depth: Int) throws {
            // What the decoder would refuse as a node it reports itself, with more detail.
            guard case .object(let node) = value, case .string(let typeName)? = node.value(ofASCII: "type"),
                  let type = types.type(named: typeName) else { return }
            guard depth < limits.depth else { throw SceneError(path: format(root, path), message: limits.tooDeep) }
            counts.nodes += 1
            guard counts.nodes <= limits.nodes else { throw SceneError(path: format(root, path), message: limits.tooManyNodes) }
            if node.index(ofASCII: "id") != nil { counts.withIDs += 1 }
            for name in type.nodePropNames {
                guard let child = node[name] else { continue }
                path.append(.key(name))
                defer { path.removeLast() }
                if case .array(let items) = child {
                    for (i, item) in items.enumerated() {
                        path.append(.index(i))
                        defer { path.removeLast() }
                        try visit(item, depth: depth + 1)
                    }
                } else {
                    try visit(child, depth: depth + 1)
                }
            }
        }
    }
}

extension PropType {
    /// True for props whose values are scene nodes (one or a list).
    var holdsNodes: Bool {
        switch self {
        case .node, .childNode, .nodes: return true
        case .either(let types): return types.contains { $0.holdsNodes }
        default: return false
        }
    }
}
