import RasterComponents

/// One node of a scene as decoded: its type, its id, its own props (checked against the
/// type's specs when the file was read), the nodes its node-valued props hold, and the
/// components last built from them. The timeline edits these (`SceneModel`), and only
/// what an edit touched is built again.
///
/// Invariant: `content` and `built` are those of the element's current props and
/// children unless `needsBuild` is set; a changed element marks every ancestor
/// `needsBuild`, so a build that starts at the root reaches every change.
final class SceneElement {
    /// The node's type.
    let type: SceneComponentType
    /// The node's `id`, if it has one.
    let id: String?
    /// Where the node was decoded (its value as first read); a later build's errors
    /// name its path.
    let source: SceneReader
    /// The path of `source`.
    var path: String { source.path }
    /// Its props as written, with every `set` since merged in.
    private(set) var props: JSONObject
    /// The props the parent reads from it (a Flex item's `grow`).
    let childSpecs: [PropSpec]
    /// True when the parent lays out its `padding` and `frame` as a CSS box.
    let childBoxes: Bool
    /// The nodes each node-valued prop holds, in order (one node is a list of one).
    /// A prop missing here is decoded from `props` at the next build.
    var children: [String: [SceneChild]] = [:]
    /// The element whose props hold this one.
    weak var parent: SceneElement?
    /// What the type's decode made (its children's components inside).
    var content: AnyComponent<Empty>?
    /// `content` with the common props and the parent's wrapping applied.
    var built: AnyComponent<Empty>?
    /// The element or a node below it changed since it was built.
    var needsBuild = false
    /// The element's own props changed since it was built (its children are wrapped
    /// again, as the parent's wrapping may read them).
    var propsChanged = false

    init(type: SceneComponentType, id: String?, source: SceneReader, props: JSONObject, childSpecs: [PropSpec],
         childBoxes: Bool) {
        self.type = type
        self.id = id
        self.source = source
        self.props = props
        self.childSpecs = childSpecs
        self.childBoxes = childBoxes
    }

    /// Merges `changes` into the props; node-valued props among them replace the
    /// nodes they held (decoded again at the next build).
    func merge(_ changes: JSONObject) {
        props.merge(changes) { _, new in new }
        for name in changes.keys where children[name] != nil { children[name] = nil }
        propsChanged = true
        markNeedsBuild()
    }

    /// Marks this element and its ancestors to be built again.
    func markNeedsBuild() {
        var element: SceneElement? = self
        while let e = element, !e.needsBuild || e === self {
            e.needsBuild = true
            element = e.parent
        }
    }

    /// Calls `body` with this element and every element below it, parents first.
    func forEachInSubtree(_ body: (SceneElement) -> Void) {
        body(self)
        for list in children.values {
            for case .element(let child) in list { child.forEachInSubtree(body) }
        }
    }

    /// A copy of the subtree, sharing the built components (immutable values).
    func copy(parent: SceneElement?) -> SceneElement {
        let e = SceneElement(type: type, id: id, source: source, props: props, childSpecs: childSpecs, childBoxes: childBoxes)
        e.parent = parent
        e.content = content
        e.built = built
        e.needsBuild = needsBuild
        e.propsChanged = propsChanged
        e.children = children.mapValues { list in
            list.map { child in
                switch child {
                case .element(let c): return .element(c.copy(parent: e))
                case .pending: return child
                }
            }
        }
        return e
    }
}

/// A child of a `SceneElement`: decoded, or a node an `insert` added that is decoded
/// when its parent is built (under the parent's rules for its children).
enum SceneChild {
    case element(SceneElement)
    /// The node as the timeline gives it, and the path its errors name.
    case pending(JSONValue, path: String)
}

/// The decoded node model of a scene and the decoding context that builds it: the
/// timeline's `set`, `insert` and `remove` edit elements, and `build()` makes the
/// component tree again, decoding only the elements an edit touched and reusing the
/// components of every other subtree.
///
/// Invariant: `elements` holds every element with an id that is in the tree.
final class SceneModel {
    let context: SceneDecodingContext
    let root: SceneElement
    /// Built at the first edit.
    private lazy var elements: [String: SceneElement] = {
        var all: [String: SceneElement] = [:]
        root.forEachInSubtree { if let id = $0.id { all[id] = $0 } }
        return all
    }()

    init(context: SceneDecodingContext, root: SceneElement) {
        self.context = context
        self.root = root
    }

    /// A model of its own, for a player, with a context that builds (ids and limits
    /// were checked when the file was read).
    func copy() -> SceneModel {
        SceneModel(context: context.forBuilding(), root: root.copy(parent: nil))
    }

    /// Merges `props` into the node with `id` (none: nothing happens).
    func set(_ id: String, _ props: JSONObject) {
        elements[id]?.merge(props)
    }

    /// Adds `node` to the `children` of the node with `parent`, at `index` (nil or past
    /// the end: last).
    func insert(_ node: JSONValue, into parent: String, at index: Int?) {
        guard let p = elements[parent] else { return }
        var list = p.children["children"] ?? []
        let at = min(index ?? list.count, list.count)
        list.insert(.pending(node, path: "\(p.path).children[\(at)]"), at: at)
        p.children["children"] = list
        p.markNeedsBuild()
    }

    /// Takes the node with `id` out of the list that holds it.
    func remove(_ id: String) {
        guard let e = elements[id], let p = e.parent else { return }
        for (name, list) in p.children {
            p.children[name] = list.filter { if case .element(let c) = $0 { return c !== e } else { return true } }
        }
        e.forEachInSubtree { if let id = $0.id { elements[id] = nil } }
        p.markNeedsBuild()
    }

    /// The component tree after the edits, built where they reached.
    /// - Throws: `SceneError` at the path of a node an edit left invalid.
    func build() throws -> AnyComponent<Empty> {
        let built = try context.build(root, wrap: nil, parentPropsChanged: false)
        // Every element decoded from JSON in the build is among these, nested ones too.
        for e in context.takeNewElements() { if let id = e.id { elements[id] = e } }
        return built
    }
}
