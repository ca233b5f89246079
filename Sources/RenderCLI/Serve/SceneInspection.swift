import Raster

/// What the preview page shows about each node: its id, type, frame (as `render layout`
/// gives it) and props as the scene file writes them.
enum SceneInspection {
    /// One entry per laid-out node with an id, largest first (so smaller ones are drawn
    /// over them): `{"id", "type", "frame": [x, y, width, height], "props"}`. A node's
    /// child nodes are summarised (`"3 nodes"`, `"Text node"`) rather than repeated.
    static func layout(_ frames: [String: Rect], scene: Scene) -> [JSONValue] {
        let written = nodes(in: scene.document)
        let ordered = frames.sorted { a, b in
            let (areaA, areaB) = (a.value.width * a.value.height, b.value.width * b.value.height)
            return areaA != areaB ? areaA > areaB : a.key < b.key
        }
        return ordered.map { id, r in
            let node = written[id] ?? [:]
            var type = scene.nodeTypes[id]
            if type == nil, case .string(let t)? = node["type"] { type = t }
            return .object([
                "id": .string(id),
                "type": .string(type ?? ""),
                "frame": .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)]),
                "props": .object(summarized(node, registry: scene.registry)),
            ])
        }
    }

    /// Every node object with an id in the document (the tree and the timeline's
    /// inserts), the first one written for each id.
    static func nodes(in document: JSONValue) -> [String: [String: JSONValue]] {
        var found: [String: [String: JSONValue]] = [:]
        var stack = [document]
        while let value = stack.popLast() {
            switch value {
            case .object(let o):
                if case .string? = o["type"], case .string(let id)? = o["id"], found[id] == nil { found[id] = o }
                for key in o.keys.sorted().reversed() { if let child = o[key] { stack.append(child) } }
            case .array(let items):
                stack.append(contentsOf: items.reversed())
            default:
                break
            }
        }
        return found
    }

    /// `node` with the props that hold nodes replaced by a short description.
    static func summarized(_ node: [String: JSONValue], registry: SceneRegistry) -> [String: JSONValue] {
        guard case .string(let typeName)? = node["type"], let type = registry.types[typeName] else { return node }
        var result = node
        for spec in type.allProps {
            guard let value = node[spec.name] else { continue }
            switch (spec.type, value) {
            case (.nodes, .array(let items)):
                result[spec.name] = .string(items.count == 1 ? "1 node" : "\(items.count) nodes")
            case (.node, .object(let child)), (.childNode, .object(let child)):
                if case .string(let t)? = child["type"] { result[spec.name] = .string("\(t) node") }
            default:
                break
            }
        }
        return result
    }
}
