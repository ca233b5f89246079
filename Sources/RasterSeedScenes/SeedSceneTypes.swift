import RasterComponents
import RasterDCFlight
import RasterScene

public extension SceneRegistry {
    /// The standard node types and those of the seed frameworks: `DCFlight`, a DCFlight
    /// node tree under DCFlight's own type and prop names. `render` decodes scenes with it.
    static let withSeedFrameworks: SceneRegistry = {
        var registry = SceneRegistry.standard
        registry.register(SeedSceneTypes.dcflight)
        return registry
    }()
}

/// The decoders of the seed frameworks' node types.
enum SeedSceneTypes {
    static let dcflight = SceneComponentType(
        "DCFlight", summary: "A DCFlight node tree (View, Text, Button) laid out as Yoga lays it out.", props: [
            PropSpec("root", .props, required: true,
                     "The root DCFlight node: {\"type\": \"View\", its props, \"key\", \"children\": [nodes]}, with DCFlight's type "
                         + "and prop names (flexDirection, padding, gap, backgroundColor, title, primaryColor...); primaryColor, "
                         + "secondaryColor, tertiaryColor and accentColor come from the scene's theme unless a node sets them."),
        ]) { p in
        guard let (r, _) = try p.value("root") else { throw p.reader.error("missing 'root'") }
        let registry = DCFComponentRegistry.standard
        let node = try dcfNode(r, registry: registry, context: p.context)
        return try DCFTreeComponent(root: node, registry: registry)
    }

    /// A DCFlight node from its JSON: `type` (a DCFlight type name), `key`, `children`,
    /// and every other member a prop (numbers as `Double`, strings, booleans, lists and
    /// objects of those). Each node counts towards the scene's node limit.
    static func dcfNode(_ r: SceneReader, registry: DCFComponentRegistry, context: SceneDecodingContext) throws -> DCFNode {
        try context.countNode(at: r)
        let members = try r.object()
        guard let typeValue = members["type"] else {
            throw r.error("missing 'type' (a DCFlight type: \(registry.names.joined(separator: ", ")))")
        }
        let typeReader = r.child("type", typeValue)
        let type = try typeReader.string()
        guard registry.type(named: type) != nil else {
            throw typeReader.error("unknown DCFlight type '\(typeReader.shortened(type))' (types: \(registry.names.joined(separator: ", ")))")
        }
        var props: [String: Any] = [:]
        var children: [DCFNode] = []
        var key: String?
        var keys: Set<String> = []
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            let member = r.child(name, value)
            switch name {
            case "type":
                continue
            case "key":
                key = try member.string()
            case "children":
                let items = try member.array()
                children = try items.map { try dcfNode($0, registry: registry, context: context) }
                for (i, child) in children.enumerated() {
                    if let k = child.key, !keys.insert(k).inserted {
                        throw items[i].error("the key '\(member.shortened(k))' is already used by a sibling")
                    }
                }
            default:
                if let prop = propValue(value) { props[name] = prop }
            }
        }
        return DCFNode(type, props: props, key: key, children: children)
    }

    /// A JSON value as DCFlight props hold it; nil for null (an absent prop).
    static func propValue(_ value: JSONValue) -> Any? {
        switch value {
        case .null: return nil
        case .bool(let b): return b
        case .number(let n): return n
        case .string(let s): return s
        case .array(let items): return items.compactMap(propValue)
        case .object(let members): return members.compactMapValues(propValue)
        }
    }
}
