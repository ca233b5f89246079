import Raster

/// What the preview page shows about each node: its id, JSON path, type, frame (as
/// `render layout` gives it) and props as the scene file writes them.
///
/// `render layout` knows only nodes with an id. For the others, `identified` is the scene
/// with each node of the tree that has no id given its JSON path as id, decoded for
/// layout only (an id adds no layout: the node's layer is transparent to its parent);
/// the frames of those nodes come from it, the frames of nodes with ids from the scene
/// itself. Nodes a timeline event inserts without an id are not shown.
struct SceneInspection {
    /// The scene with path ids; nil when it does not decode (an id colliding with a path).
    let identified: Scene?
    /// The ids `identified` added (JSON paths).
    let pathIDs: Set<String>
    /// Node objects of the tree by JSON path, and the path of each id in the tree.
    private let byPath: [String: JSONObject]
    private let pathOfID: [String: String]
    /// Node objects with an id anywhere in the document (the tree and the timeline).
    private let byID: [String: JSONObject]

    init(scene: Scene) {
        var byPath: [String: JSONObject] = [:]
        var pathOfID: [String: String] = [:]
        var added: Set<String> = []
        let registry = scene.registry
        func visit(_ value: JSONValue, path: String) -> JSONValue {
            guard case .object(var node) = value, case .string(let typeName)? = node["type"],
                  let type = registry.types[typeName] else { return value }
            for spec in type.allProps {
                switch (spec.type, node[spec.name]) {
                case (.node, let child?), (.childNode, let child?):
                    node[spec.name] = visit(child, path: "\(path).\(spec.name)")
                case (.nodes, .array(let items)?):
                    node[spec.name] = .array(items.enumerated().map { visit($1, path: "\(path).\(spec.name)[\($0)]") })
                default:
                    break
                }
            }
            byPath[path] = value.objectValue
            if case .string(let id)? = node["id"] {
                pathOfID[id] = path
            } else {
                node["id"] = .string(path)
                added.insert(path)
            }
            return .object(node)
        }
        var identified: Scene?
        if case .object(var document) = scene.document, let root = document["root"] {
            document["root"] = visit(root, path: "root")
            if !added.isEmpty {
                let decoder = SceneDecoder(registry: registry, limits: scene.limits, fileRoot: scene.fileRoot)
                identified = try? decoder.decode(.object(document), baseDirectory: scene.baseDirectory, reusing: scene)
                identified?.canvas = scene.canvas
            }
        }
        self.identified = identified
        pathIDs = identified == nil ? [] : added
        self.byPath = byPath
        self.pathOfID = pathOfID
        byID = Self.nodes(in: scene.document)
    }

    /// One entry per laid-out node, largest first (so smaller ones are drawn over them):
    /// `{"id" (null for a node without one), "path", "type", "frame": [x, y, width,
    /// height], "props"}`. A node's child nodes are summarised (`"3 nodes"`, `"Text
    /// node"`) rather than repeated. `frames` are by id, path ids included.
    func entries(_ frames: [String: Rect], scene: Scene) -> [JSONValue] {
        let ordered = frames.sorted { a, b in
            let (areaA, areaB) = (a.value.width * a.value.height, b.value.width * b.value.height)
            return areaA != areaB ? areaA > areaB : a.key < b.key
        }
        return ordered.map { key, r in
            let isPath = pathIDs.contains(key)
            let path = isPath ? key : pathOfID[key]
            let node = (isPath ? byPath[key] : byID[key]) ?? [:]
            var type = isPath ? nil : scene.nodeTypes[key]
            if type == nil, case .string(let t)? = node["type"] { type = t }
            return .object([
                "id": isPath ? .null : .string(key),
                "path": path.map { .string($0) } ?? .null,
                "type": .string(type ?? ""),
                "frame": .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)]),
                "props": .object(Self.summarized(node, registry: scene.registry)),
            ])
        }
    }

    /// Every node object with an id in the document (the tree and the timeline's
    /// inserts), the first one written for each id.
    static func nodes(in document: JSONValue) -> [String: JSONObject] {
        var found: [String: JSONObject] = [:]
        var stack = [document]
        while let value = stack.popLast() {
            switch value {
            case .object(let o):
                if case .string? = o["type"], case .string(let id)? = o["id"], found[id] == nil { found[id] = o }
                for member in o.sortedMembers.reversed() { stack.append(member.value) }
            case .array(let items):
                stack.append(contentsOf: items.reversed())
            default:
                break
            }
        }
        return found
    }

    /// `node` with the props that hold nodes replaced by a short description.
    static func summarized(_ node: JSONObject, registry: SceneRegistry) -> JSONObject {
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

private extension JSONValue {
    var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }
}
