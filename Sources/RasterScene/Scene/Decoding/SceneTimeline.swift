import RasterCore
import RasterComponents

/// A scene's `animation`: changes at given times, sampled at `fps` from 0 to
/// `duration` (frame N shows the tree at N / fps).
public struct SceneTimeline: Hashable, Sendable {
    /// Seconds the animation lasts (the last frame is at or just before it).
    public var duration: Double
    /// Frames per second it is sampled at.
    public var fps: Double
    /// Sorted by time (stable: events at the same time keep the file's order).
    public var events: [SceneEvent]

    /// Frames from 0 to `duration` inclusive.
    public var frameCount: Int { frameCount(fps: fps) }

    /// The longest a timeline without a written `duration` lasts, in seconds (its events
    /// and transitions past this are not shown; write a `duration` for more).
    public static let longestDefault = 60.0

    /// Frames from 0 to `duration` inclusive at another rate.
    public func frameCount(fps rate: Double) -> Int { Int((duration * rate + 1e-9).rounded(.down)) + 1 }
}

/// One entry of a timeline: an action and when it runs.
public struct SceneEvent: Hashable, Sendable {
    /// Seconds from the start.
    public var at: Double
    /// What changes then.
    public var action: SceneAction
}

/// One change to the tree, as a timeline event or a Button's `onTap` runs it.
public struct SceneAction: Hashable, Sendable {
    /// What the action does to the tree.
    public enum Change: Hashable, Sendable {
        /// Props merged into the nodes with these ids.
        case set([String: JSONObject])
        /// A node added to a container's children (`index` nil: at the end).
        case insert(parent: String, index: Int?, node: JSONValue)
        /// The node with this id taken out of its container.
        case remove(String)
        /// A press and release of the Button found there (its `onTap` then runs).
        case tap(TapTarget)
        /// A press held down at the target until a `release` of the same target.
        case press(TapTarget)
        /// The end of the press made at the target: the Button acts (its `onTap` runs).
        case release(TapTarget)
        /// A press at the target held for `duration` seconds, then released: a Button's
        /// hold action repeats meanwhile, and a held Button does not act.
        case hold(TapTarget, duration: Double)
        /// A pointer dragged in a straight line from `from` to `to` over `duration`
        /// seconds: the pan gesture of the view where it starts hears it.
        case drag(from: Point, to: Point, duration: Double)
    }

    /// Where a tap lands.
    public enum TapTarget: Hashable, Sendable {
        /// The centre of the node with this id.
        case node(String)
        /// A point of the canvas, in points from its top left.
        case point(Point)
    }

    /// The change to make.
    public var change: Change
    /// Nil: applied at once.
    public var transition: SceneTransition?
}

/// How an action's change animates.
public struct SceneTransition: Hashable, Sendable {
    /// The curve, as components animate along it.
    public typealias Curve = AnimationCurve

    /// Seconds the change takes.
    public var duration: Double
    /// How its progress follows time.
    public var curve: Curve
}

extension SceneDecodingContext {
    func timeline(_ p: SceneProps) throws -> SceneTimeline {
        let written = p.has("duration") ? try p.numberValue("duration") : nil
        let fps = try p.numberValue("fps")
        let events = try p.objects("events") { e in
            SceneEvent(at: try e.numberValue("at"), action: try action(e))
        } ?? []
        // Unless written, long enough to show every event's transition to its end.
        let ends = events.map { e in
            var end = e.at + (e.action.transition.map { $0.curve.duration(given: $0.duration) } ?? 0)
            switch e.action.change {
            case .hold(_, let duration), .drag(_, _, let duration): end = max(end, e.at + duration)
            default: break
            }
            return end
        }
        let duration = try written ?? min(max(p.numberValue("duration"), ends.max() ?? 0), SceneTimeline.longestDefault)
        // A stable sort: equal times keep their order in the file.
        let sorted = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return SceneTimeline(duration: duration, fps: fps, events: sorted)
    }

    /// Reads one action (with `spec`'s props) from `r`.
    func action(_ r: SceneReader, spec: ObjectSpec) throws -> SceneAction {
        let p = try SceneProps(r, spec, context: self)
        let action = try action(p)
        try p.finish()
        return action
    }

    /// The action in `p`: exactly one of `SceneSpecs.changes`, and its transition.
    func action(_ p: SceneProps) throws -> SceneAction {
        let kinds = SceneSpecs.changes.filter(p.has)
        guard kinds.count == 1, let kind = kinds.first else {
            let names = SceneSpecs.changes.map { "'\($0)'" }
            throw p.reader.error(kinds.isEmpty ? "expected one of \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1])"
                : "expected one change per action, found \(kinds.map { "'\($0)'" }.joined(separator: " and "))")
        }
        let change: SceneAction.Change
        switch kind {
        case "set":
            guard let (r, _) = try p.value("set") else { throw p.reader.error("missing 'set'") }
            var targets: [String: JSONObject] = [:]
            for (id, value) in try r.object().sorted(by: { $0.key < $1.key }) {
                let target = r.child(id, value)
                targets[id] = try target.object()
                idReferences.append((id, target, .set))
            }
            change = .set(targets)
        case "insert":
            guard let i = try p.object("insert"), let (nodeReader, _) = try i.value("node") else {
                throw p.reader.error("missing 'insert.node'")
            }
            let parent = try i.stringValue("parent")
            let index = try i.integer("index")
            // The parent may come later in the file only as another insert; its children's
            // props (a Flex item's grow) are known when it is already decoded.
            let parentType = nodes[parent].flatMap { registry.types[$0.type] }
            let node = try decodeNode(nodeReader, parentType: "insert", childSpecs: parentType?.childProps ?? [],
                                      childBoxes: parentType?.childBoxes ?? false)
            try node.props.finish()
            if let (parentReader, _) = try i.value("parent") { idReferences.append((parent, parentReader, .insertInto)) }
            try i.finish()
            change = .insert(parent: parent, index: index, node: nodeReader.value)
        case "remove":
            let id = try p.stringValue("remove")
            if let (r, _) = try p.value("remove") { idReferences.append((id, r, .remove)) }
            change = .remove(id)
        case "press":
            change = .press(try target(p, "press"))
        case "release":
            change = .release(try target(p, "release"))
        case "hold":
            guard let h = try p.object("hold") else { throw p.reader.error("missing 'hold'") }
            change = .hold(try target(h, "target"), duration: try h.numberValue("duration"))
            try h.finish()
        case "drag":
            guard let d = try p.object("drag") else { throw p.reader.error("missing 'drag'") }
            change = .drag(from: try d.pointValue("from"), to: try d.pointValue("to"), duration: try d.numberValue("duration"))
            try d.finish()
        default:
            change = .tap(try target(p, "tap"))
        }
        var transition: SceneTransition?
        if let t = try p.object("transition") {
            transition = SceneTransition(duration: try t.numberValue("duration"), curve: try curve(t))
            try t.finish()
        }
        return SceneAction(change: change, transition: transition)
    }

    /// Where a press lands: a node's centre (its id, checked once the tree is known) or a
    /// point `[x, y]`.
    private func target(_ p: SceneProps, _ name: String) throws -> SceneAction.TapTarget {
        guard let (r, _) = try p.value(name) else { throw p.reader.error("missing '\(name)'") }
        if case .string(let id) = r.value {
            idReferences.append((id, r, .tap))
            return .node(id)
        }
        guard case .array = r.value else { throw r.expected("a node id or a point [x, y]") }
        let (x, y) = try r.pair()
        return .point(Point(x: x, y: y))
    }

    private func curve(_ t: SceneProps) throws -> SceneTransition.Curve {
        guard let (r, _) = try t.value("curve") else { return .easeInOut }
        switch r.value {
        case .string:
            switch try r.name(of: SceneSpecs.curveNames) {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "spring": return .spring
            case "slide": return .slide
            default: return .easeInOut
            }
        case .object(let o):
            guard o.count == 1, let key = o.keys.first, let value = o[key] else {
                throw r.error("expected a curve object with one key 'bezier', 'spring' or 'bounce'")
            }
            let inner = r.child(key, value)
            switch key {
            case "bezier":
                let v = try inner.array().map { try $0.number() }
                guard v.count == 4 else { throw inner.error("expected [x1, y1, x2, y2], found \(v.count) numbers") }
                guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
                    throw inner.error("expected x1 and x2 from 0 to 1 (a timing function must move forward in time)")
                }
                return .custom(v[0], v[1], v[2], v[3])
            case "spring", "bounce":
                let s = try SceneProps(inner, SceneSpecs.spring, context: self)
                let stiffness = try s.numberValue("stiffness"), damping = try s.numberValue("damping")
                let mass = try s.numberValue("mass")
                try s.finish()
                return key == "spring" ? .customSpring(stiffness: stiffness, damping: damping, mass: mass)
                    : .bounce(stiffness: stiffness, damping: damping)
            default:
                throw inner.error("unknown curve '\(key)' (curves: \(SceneSpecs.curveNames.joined(separator: ", ")), bezier, spring, bounce)")
            }
        default:
            throw r.expected("a curve name or a curve object")
        }
    }

    /// Checks, once every node is known, that actions name existing nodes, that `set`
    /// props fit the node they go to and that inserts go into containers.
    func checkReferences() throws {
        for (id, reader, use) in idReferences {
            guard let record = nodes[id] else {
                let known = nodes.keys.sorted()
                throw reader.error("no node has the id '\(id)' (ids: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
            }
            switch use {
            case .set:
                try checkSet(reader, on: record)
            case .insertInto:
                guard registry.types[record.type]?.props.contains(where: { $0.name == "children" }) == true else {
                    throw reader.error("the node '\(id)' is a \(record.type), which has no children to insert into")
                }
            case .remove, .tap:
                break
            }
        }
    }

    /// Decodes the target node with the props merged in, reporting problems at the
    /// `set` entry's path.
    private func checkSet(_ reader: SceneReader, on record: NodeRecord) throws {
        guard case .object(let changes) = reader.value else { throw reader.expected("an object of props") }
        for key in ["type", "id"] where changes[key] != nil {
            throw reader.child(key, changes[key] ?? .null).error("'\(key)' cannot be changed by 'set'")
        }
        var merged = record.raw
        merged.merge(changes) { _, new in new }
        let previous = isChecking
        isChecking = true
        defer { isChecking = previous }
        let node = try decodeNode(SceneReader(.object(merged), path: reader.path), parentType: "set",
                                  childSpecs: record.childSpecs, childBoxes: record.childBoxes)
        try node.props.finish()
    }
}
