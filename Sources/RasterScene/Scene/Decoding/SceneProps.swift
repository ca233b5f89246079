import Foundation
import RasterComponents
import RasterCore
import RasterLayout
import RasterText

/// The props of one scene object (a node, a font, a stroke...) read through their
/// specs: each getter checks the value against its `PropSpec` (type, range, choices)
/// and falls back to the spec's default, so what `render components` and the schema
/// say is what decoding does. `finish()` reports any prop that no spec declares.
///
/// Invariant: a getter only reads props its specs declare; asking for another is a
/// mistake in the decoder and is reported as such (not a crash). Props are read on the
/// decoding's one thread, one access at a time, so their bookkeeping skips the run-time
/// exclusivity checks.
public final class SceneProps {
    /// The object's value and JSON path.
    public let reader: SceneReader
    /// Every prop the object takes.
    public var specs: [PropSpec] { (table?.specs ?? []) + extra }
    /// Specs found by name through an index (a node type's props).
    private let table: PropTable?
    /// Specs found by a search (a small object's, or what a parent adds to a node).
    private let extra: [PropSpec]
    /// What the whole file's decoding shares (registry, fonts, colour names).
    public let context: SceneDecodingContext
    /// What the object is, for messages ("Text", "font", "canvas").
    public let owner: String
    /// The written keys and their values. Decoders ask for names, most of them absent:
    /// the object's mask of key lengths rejects most without comparing a key.
    private let values: JSONObject
    /// The written props read so far: bits by position in `values`, and positions past
    /// the 64th in a set.
    @exclusivity(unchecked) private var usedKeys: UInt64 = 0
    @exclusivity(unchecked) private var usedPositions: Set<Int> = []
    /// Whether every prop name the specs declare is ASCII, so that a name asked for is
    /// found by the object's mask of key lengths (a name that is not ASCII may equal a
    /// key of another length).
    private let namesAreASCII: Bool
    /// A child's CSS box (its `padding` and `frame`) and content alignment, when its
    /// container lays out boxes (`SceneComponentType.childBoxes`) and the child is not a
    /// box of its own kind (a Flex reads them as its own props).
    @exclusivity(unchecked) public internal(set) var box: (style: BoxStyle, alignment: Alignment?)?
    /// The node these props are of, in the decoded node model (nil for other objects).
    @exclusivity(unchecked) var element: SceneElement?

    /// Reads the object at `reader` against `specs`; `owner` names it in messages.
    /// - Throws: when the value is not an object or a required prop is missing.
    public convenience init(_ reader: SceneReader, specs: [PropSpec], owner: String, context: SceneDecodingContext) throws {
        try self.init(reader, table: nil, extra: specs, owner: owner, context: context)
    }

    /// `extraNamesAreASCII` says whether every name in `extra` is ASCII (nil: found here).
    init(_ reader: SceneReader, table: PropTable?, extra: [PropSpec], extraNamesAreASCII: Bool? = nil, owner: String,
         context: SceneDecodingContext) throws {
        self.reader = reader
        self.table = table
        self.extra = extra
        self.owner = owner
        self.context = context
        values = try reader.object()
        namesAreASCII = (table?.namesAreASCII ?? true) && (extraNamesAreASCII ?? extra.allSatisfy { $0.name.isASCIIKey })
        for spec in table?.required ?? [] where (written(spec.name) ?? .null) == .null { throw missing(spec) }
        for spec in extra where spec.required && (written(spec.name) ?? .null) == .null { throw missing(spec) }
    }

    private func missing(_ spec: PropSpec) -> SceneError {
        reader.error("missing '\(spec.name)' (\(spec.summary.trimmingCharacters(in: ["."]).lowercasedFirst))")
    }

    convenience init(_ reader: SceneReader, _ object: ObjectSpec, context: SceneDecodingContext) throws {
        try self.init(reader, specs: object.props, owner: object.name, context: context)
    }

    /// True when the prop is written (not defaulted).
    public func has(_ name: String) -> Bool { (written(name) ?? .null) != .null }

    /// True when the object writes the key `name`, even as `null` (which reads as the
    /// default). A decoder skips an absent prop with this where the value it starts
    /// from is the spec's default (one lookup instead of reading the default through).
    @inline(__always)
    func isWritten(_ name: String) -> Bool {
        position(name) != nil
    }

    /// The position in `values` of the key `name` (a name the specs declare).
    @inline(__always)
    private func position(_ name: String) -> Int? {
        namesAreASCII ? values.index(ofASCII: name) : values.index(of: name)
    }

    /// The value written for `name`; nil when not written or written as null. (It is
    /// not marked read.)
    func writtenValue(_ name: String) -> JSONValue? {
        guard let v = written(name), v != .null else { return nil }
        return v
    }

    /// The value written for `name` (`.null` when written as null); nil when not written.
    private func written(_ name: String) -> JSONValue? {
        position(name).map { values[$0].value }
    }

    func spec(_ name: String) throws -> PropSpec {
        if let table, let spec = table[name] { return spec }
        guard let spec = extra.first(where: { $0.name == name }) else {
            throw reader.error("the decoder of \(owner) reads '\(name)', which its props do not declare")
        }
        return spec
    }

    /// The type and default of the spec of `name` (its name and summary are not copied).
    private func specParts(_ name: String) throws -> (type: PropType, defaultValue: JSONValue?) {
        if let table, let parts = table.parts(name) { return parts }
        let spec = try spec(name)
        return (spec.type, spec.defaultValue)
    }

    /// `value(_:)` without a reader: the written value of `name`, else its default, with
    /// its spec's type. A getter reads a well-formed value from it directly and makes a
    /// reader (for the path in a message) only to check one that is not.
    private func typed(_ name: String) throws -> (value: JSONValue, type: PropType)? {
        let (type, defaultValue) = try specParts(name)
        if let v = take(name), v != .null { return (v, type) }
        if let d = defaultValue { return (d, type) }
        return nil
    }

    /// `typed(_:)` with a reader of the value.
    private func reading(_ name: String) throws -> (SceneReader, PropType)? {
        try typed(name).map { (reader.child(name, $0.value), $0.type) }
    }

    /// The written value of `name`, else its default; nil when neither.
    public func value(_ name: String) throws -> (SceneReader, PropSpec)? {
        let spec = try spec(name)
        if let v = take(name), v != .null { return (reader.child(name, v), spec) }
        if let d = spec.defaultValue { return (reader.child(name, d), spec) }
        return nil
    }

    /// Throws for the first (alphabetically) written prop that no spec declares, and for
    /// a declared prop its decoder never read (a decoder out of step with its specs).
    public func finish() throws {
        // Only written keys are marked read.
        guard usedKeys.nonzeroBitCount + usedPositions.count < values.count else { return }
        let unread = values.indices.filter { !wasRead(at: $0) }.map { values[$0] }
        for (key, value) in unread.sorted(by: { $0.key < $1.key }) {
            let known = specs.map(\.name).filter { $0 != "type" }.sorted()
            guard (try? spec(key)) != nil else {
                let r = reader.child(reader.shortened(key), value)
                if let guess = NameSuggestion.nearest(to: key, in: known) {
                    throw r.error("unknown prop '\(reader.shortened(key))' of \(owner); did you mean '\(guess)'?")
                }
                throw r.error("unknown prop '\(reader.shortened(key))' of \(owner) (`render components` lists its props)")
            }
            throw reader.child(key, value).error("the decoder of \(owner) does not read '\(key)', which its props declare")
        }
    }

    /// Marks `name` as handled without reading it (a prop another layer reads).
    func markUsed(_ name: String) {
        _ = take(name)
    }

    /// The value written for `name` (`.null` when written as null), marked read; nil
    /// when not written. One lookup for both.
    private func take(_ name: String) -> JSONValue? {
        guard let i = position(name) else { return nil }
        if i < 64 { usedKeys |= 1 << UInt64(i) } else { usedPositions.insert(i) }
        return values[i].value
    }

    private func wasRead(at i: Int) -> Bool {
        i < 64 ? usedKeys & (1 << UInt64(i)) != 0 : usedPositions.contains(i)
    }

    // MARK: - Typed getters

    // The `…Value` getters are for props whose value always exists: the spec declares a
    // default (written only there) or marks the prop required. They throw, naming the
    // prop, when neither holds (a decoder out of step with its specs).

    /// `number(_:)` of a prop that always has a value.
    public func numberValue(_ name: String) throws -> Double { try always(name, number(name)) }
    /// `integer(_:)` of a prop that always has a value.
    public func integerValue(_ name: String) throws -> Int { try always(name, integer(name)) }
    /// `bool(_:)` of a prop that always has a value.
    public func boolValue(_ name: String) throws -> Bool { try always(name, bool(name)) }
    /// `string(_:)` of a prop that always has a value.
    public func stringValue(_ name: String) throws -> String { try always(name, string(name)) }
    /// `point(_:)` of a prop that always has a value.
    public func pointValue(_ name: String) throws -> Point { try always(name, point(name)) }

    private func always<T>(_ name: String, _ value: T?) throws -> T {
        guard let value else {
            throw reader.error("missing '\(name)' of \(owner) (its spec declares no default)")
        }
        return value
    }

    /// A number, checked against the spec's range (a `.length` also takes `"infinity"`).
    public func number(_ name: String) throws -> Double? {
        guard let (v, type) = try typed(name) else { return nil }
        if let d = Self.number(v, type) { return d }
        return try Self.number(reader.child(name, v), type)
    }

    /// The largest length a scene writes, in points (and in percent).
    static let maxLength = 100_000.0

    /// `v` when it is a number `type` takes as it is; nil for anything else, which
    /// `number(_:_:)` then reads or refuses with its message. Every number a prop takes
    /// is accepted here, so the two cannot disagree.
    static func number(_ v: JSONValue, _ type: PropType) -> Double? {
        guard case .number(let d) = v, d.isFinite else { return nil }
        switch type {
        case .number(let lo, let hi):
            return (lo.map { d >= $0 } ?? true) && (hi.map { d <= $0 } ?? true) ? d : nil
        case .integer(let lo, let hi):
            return d == d.rounded() && d >= Double(lo) && d <= Double(hi) ? d : nil
        case .length:
            return d >= 0 && d <= maxLength ? d : nil
        default:
            return nil
        }
    }

    /// `v` when it is a number of points the `.dimension` `type` takes; nil for anything
    /// else, which `dimension(_:_:)` then reads or refuses.
    static func points(_ v: JSONValue, _ type: PropType) -> Double? {
        guard case .number(let d) = v, case .dimension(let lo, _, _) = type, d.isFinite, d >= lo, d <= maxLength else {
            return nil
        }
        return d
    }

    static func number(_ r: SceneReader, _ type: PropType) throws -> Double {
        if let d = number(r.value, type) { return d }
        // What is left is refused, but for "infinity" where a length takes it.
        switch type {
        case .number(let lo, let hi):
            let d = try r.number()
            if let lo, d < lo {
                throw r.error(hi.map { "expected a number from \(r.format(lo)) to \(r.format($0)), found \(r.format(d))" }
                    ?? "expected a number of at least \(r.format(lo)), found \(r.format(d))")
            }
            if let hi, d > hi {
                throw r.error(lo.map { "expected a number from \(r.format($0)) to \(r.format(hi)), found \(r.format(d))" }
                    ?? "expected a number of at most \(r.format(hi)), found \(r.format(d))")
            }
            return d
        case .integer(let lo, let hi):
            let d = try r.number()
            guard d == d.rounded(), d >= Double(lo), d <= Double(hi) else {
                throw r.error("expected a whole number from \(lo) to \(hi), found \(r.format(d))")
            }
            return d
        case .length:
            if case .string(let s) = r.value {
                guard s == "infinity" else { throw r.error("expected a number or \"infinity\", found '\(r.shortened(s))'") }
                return .infinity
            }
            guard case .number = r.value else { throw r.expected("a number or \"infinity\"") }
            return try number(r, .number(min: 0, max: maxLength))
        default:
            throw r.error("the decoder reads a number from a prop declared as \(type.summary)")
        }
    }

    /// A CSS length (`.dimension`): points, a percentage, or `auto`/`infinity` where
    /// the spec allows them (infinity reads as `.points(.infinity)`).
    public func dimension(_ name: String) throws -> RasterLayout.Dimension? {
        guard let (v, type) = try typed(name) else { return nil }
        if let d = Self.points(v, type) { return .points(d) }
        return try Self.dimension(reader.child(name, v), type)
    }

    static func dimension(_ r: SceneReader, _ type: PropType) throws -> RasterLayout.Dimension {
        if let d = points(r.value, type) { return .points(d) }
        guard case .dimension(let lo, let auto, let infinity) = type else {
            throw r.error("the decoder reads a length from a prop declared as \(type.summary)")
        }
        /// What the value may be, for an error (made only then).
        func expected() -> String {
            "a number, a percentage (\"50%\")" + (auto ? ", \"auto\"" : "") + (infinity ? ", \"infinity\"" : "")
        }
        switch r.value {
        case .number:
            return .points(try number(r, .number(min: lo, max: maxLength)))
        case .string(let s):
            if s == "auto", auto { return .auto }
            if s == "infinity", infinity { return .points(.infinity) }
            guard SceneValues.matches(s, SceneValues.percentPattern),
                  let percent = Double(s.dropLast()), percent.isFinite, percent >= lo, percent <= maxLength else {
                throw r.error("expected \(expected()), found '\(r.shortened(s))'")
            }
            return .percent(percent / 100)
        default:
            throw r.expected(expected())
        }
    }

    /// Four CSS lengths (`.edges`): one for all edges, `[top, left, bottom, right]`, or
    /// an object with those keys; an edge not given is `missing`.
    public func edges(_ name: String, missing: RasterLayout.Dimension) throws -> DimensionEdges? {
        guard let (r, type) = try reading(name) else { return nil }
        guard case .edges(let element) = type else { throw r.error("'\(name)' is not declared as edges") }
        switch r.value {
        case .array:
            let items = try r.array()
            guard items.count == 4 else { throw r.error("expected [top, left, bottom, right], found \(items.count) items") }
            let v = try items.map { try Self.dimension($0, element) }
            return DimensionEdges(top: v[0], left: v[1], bottom: v[2], right: v[3])
        case .object(let o):
            var edges = DimensionEdges(top: missing, left: missing, bottom: missing, right: missing)
            for (key, value) in o.sortedMembers {
                let item = r.child(key, value)
                let d = try Self.dimension(item, element)
                switch key {
                case "top": edges.top = d
                case "left": edges.left = d
                case "bottom": edges.bottom = d
                case "right": edges.right = d
                default: throw item.error("unknown prop '\(key)' (edges take top, left, bottom and right)")
                }
            }
            return edges
        default:
            let d = try Self.dimension(r, element)
            return DimensionEdges(top: d, left: d, bottom: d, right: d)
        }
    }

    /// A whole number, checked against the spec's range.
    public func integer(_ name: String) throws -> Int? {
        try number(name).map { Int($0) }
    }

    /// `true` or `false`.
    public func bool(_ name: String) throws -> Bool? {
        guard let (v, _) = try typed(name) else { return nil }
        if case .bool(let b) = v { return b }
        return try reader.child(name, v).bool()
    }

    /// Any string.
    public func string(_ name: String) throws -> String? {
        guard let (v, _) = try typed(name) else { return nil }
        if case .string(let s) = v { return s }
        return try reader.child(name, v).string()
    }

    /// One of the names the spec's `.choice` lists.
    public func choice(_ name: String) throws -> String? {
        guard let (r, type) = try reading(name) else { return nil }
        guard case .choice(let names) = type else { throw r.error("'\(name)' is not declared as a choice") }
        return try r.name(of: names)
    }

    /// A choice mapped to a `RawRepresentable` enum whose raw values are the names.
    public func choice<E: RawRepresentable>(_ name: String, as: E.Type) throws -> E? where E.RawValue == String {
        try choice(name).flatMap(E.init(rawValue:))
    }

    /// A fixed colour or a semantic name the scene defines.
    public func color(_ name: String) throws -> ColorValue? {
        guard let (v, _) = try typed(name) else { return nil }
        if case .string(let s) = v, let color = context.knownColor(s) { return color }
        return try context.color(reader.child(name, v))
    }

    /// A colour or a gradient object (`linear`, `radial` or `conic`).
    public func paint(_ name: String) throws -> Fill? {
        guard let (v, _) = try typed(name) else { return nil }
        if case .string(let s) = v, let color = context.knownColor(s) { return .color(color) }
        return try context.paint(reader.child(name, v))
    }

    /// Insets, physical or by reading direction.
    public func insets(_ name: String) throws -> LayoutInsets? {
        try reading(name).map { try SceneValues.insets($0.0) }
    }

    /// `[x, y]`.
    public func point(_ name: String) throws -> Point? {
        try reading(name).map { let (x, y) = try $0.0.pair(); return Point(x: x, y: y) }
    }

    /// `[width, height]`, or one number for both.
    public func size(_ name: String) throws -> Size? {
        guard let (r, _) = try reading(name) else { return nil }
        if case .number = r.value {
            let d = try Self.number(r, .number(min: 0, max: Self.maxLength))
            return Size(width: d, height: d)
        }
        guard case .array = r.value else { throw r.expected("[width, height] or a number") }
        let (w, h) = try r.pair()
        guard w >= 0, h >= 0 else { throw r.error("expected a size of two non-negative numbers") }
        return Size(width: w, height: h)
    }

    /// A list of numbers, each checked against the spec's element type.
    public func numbers(_ name: String) throws -> [Double]? {
        guard let (r, type) = try reading(name) else { return nil }
        guard case .array(let element) = type else { throw r.error("'\(name)' is not declared as a list") }
        return try r.array().map { try Self.number($0, element) }
    }

    /// An object prop read through its own specs (call `finish()` when done).
    public func object(_ name: String) throws -> SceneProps? {
        guard let (r, type) = try reading(name) else { return nil }
        guard case .object(let object) = type else { throw r.error("'\(name)' is not declared as an object") }
        return try SceneProps(r, object, context: context)
    }

    /// A list of objects, each read through the element's specs and finished by `body`'s caller.
    public func objects<T>(_ name: String, _ body: (SceneProps) throws -> T) throws -> [T]? {
        guard let (r, type) = try reading(name) else { return nil }
        guard case .array(.object(let object)) = type else { throw r.error("'\(name)' is not declared as a list of objects") }
        return try r.array().map { item in
            let props = try SceneProps(item, object, context: context)
            let result = try body(props)
            try props.finish()
            return result
        }
    }

    /// A font object; what it leaves out comes from `base`, and its family must be registered.
    public func font(_ name: String, base: Font) throws -> Font? {
        guard let props = try object(name) else { return nil }
        let font = try context.font(props, base: base)
        try props.finish()
        return font
    }

    /// A font, image or other file named relative to the scene file: its absolute path.
    public func file(_ name: String) throws -> (path: String, reader: SceneReader)? {
        guard let (r, _) = try reading(name) else { return nil }
        return (try context.resolve(try r.string(), at: r), r)
    }

    // MARK: - Nodes

    /// A child node.
    public func node(_ name: String) throws -> AnyComponent<Empty>? {
        try nodes(name, childSpecs: [], childBoxes: false, wrap: nil, list: false).first?.component
    }

    /// Child nodes, each keyed by its `id` (or its index). `childSpecs` are props the
    /// children take from this container (a Flex item's `grow`); `wrap` reads them and
    /// wraps the child's laid-out content (inside its decoration).
    public func children(_ name: String, childSpecs: [PropSpec] = [],
                         wrap: ((AnyComponent<Empty>, SceneProps) throws -> AnyComponent<Empty>)? = nil)
        throws -> [AnyComponentWithIdentity<Empty>] {
        let childBoxes = context.registry.types[owner]?.childBoxes ?? false
        let nodes = try nodes(name, childSpecs: childSpecs, childBoxes: childBoxes, wrap: wrap, list: true)
        // Mapped over the indices, so the array is made at its size (not grown).
        return nodes.indices.map { index in
            let node = nodes[index]
            if let id = node.id { return AnyComponentWithIdentity(id: id, component: node.component) }
            return AnyComponentWithIdentity(id: index, component: node.component)
        }
    }

    /// The nodes of prop `name` with their elements: in a build of the edited model,
    /// those the element holds (built where they changed); else decoded from the value.
    private func nodes(_ name: String, childSpecs: [PropSpec], childBoxes: Bool,
                       wrap: ((AnyComponent<Empty>, SceneProps) throws -> AnyComponent<Empty>)?, list: Bool)
        throws -> [(id: String?, component: AnyComponent<Empty>)] {
        if context.isBuilding, let element, let kept = element.children[name] {
            markUsed(name)
            let built = try kept.map { try context.build($0, of: element, childSpecs: childSpecs, childBoxes: childBoxes, wrap: wrap) }
            element.children[name] = built.map { .element($0.element) }
            for b in built { b.element.parent = element }
            return built.map { ($0.element.id, $0.component) }
        }
        guard let (r, _) = try reading(name) else {
            element?.children[name] = []
            return []
        }
        let items = try list ? r.array() : [r]
        var elements: [SceneChild] = []
        let childNamesAreASCII = childSpecs.allSatisfy { $0.name.isASCIIKey }
        let decoded = try items.map { item in
            let node = try context.decodeNode(item, parentType: owner, childSpecs: childSpecs,
                                              childNamesAreASCII: childNamesAreASCII, childBoxes: childBoxes, wrapLayout: wrap)
            try node.props.finish()
            if let child = node.element {
                child.parent = element
                elements.append(.element(child))
            }
            return (id: node.id, component: node.component)
        }
        element?.children[name] = elements
        return decoded
    }

    /// Timeline actions (a Button's `onTap`).
    public func actions(_ name: String) throws -> [SceneAction]? {
        guard let (r, _) = try reading(name) else { return nil }
        return try r.array().map { try context.action($0, spec: SceneSpecs.action) }
    }
}

/// A node type's props with an index by name, built once per type.
///
/// Invariant: `index[name]` is the position in `specs` of the first spec named `name`.
final class PropTable: Sendable {
    let specs: [PropSpec]
    /// The specs that must be written.
    let required: [PropSpec]
    /// The index in `specs` of the first spec of each name, grouped by the name's UTF-8
    /// length: a lookup compares the few names of one length instead of hashing (decoding
    /// asks several names of every node).
    private let byLength: [[(name: String, index: Int)]]
    /// Whether every name in `specs` is ASCII.
    let namesAreASCII: Bool

    init(_ specs: [PropSpec]) {
        self.specs = specs
        namesAreASCII = specs.allSatisfy { $0.name.isASCIIKey }
        required = specs.filter(\.required)
        var byLength: [[(name: String, index: Int)]] = []
        for (i, spec) in specs.enumerated() {
            let length = spec.name.utf8.count
            if length >= byLength.count { byLength += Array(repeating: [], count: length + 1 - byLength.count) }
            if !byLength[length].contains(where: { $0.name == spec.name }) { byLength[length].append((spec.name, i)) }
        }
        self.byLength = byLength
    }

    subscript(name: String) -> PropSpec? {
        position(name).map { specs[$0] }
    }

    /// The type and default of the spec named `name`.
    func parts(_ name: String) -> (type: PropType, defaultValue: JSONValue?)? {
        guard let i = position(name) else { return nil }
        return (specs[i].type, specs[i].defaultValue)
    }

    /// The index in `specs` of the first spec named `name`.
    private func position(_ name: String) -> Int? {
        let length = name.utf8.count
        if length < byLength.count {
            for entry in byLength[length] where entry.name == name { return entry.index }
        }
        // A name that is not ASCII may equal a spec's name of another length (`String`s
        // compare by canonical equivalence, as a dictionary would find it).
        guard !name.isASCIIKey else { return nil }
        return specs.firstIndex { $0.name == name }
    }
}

extension ObjectSpec {
    /// Checks a number given outside a scene file (a command-line override of the
    /// canvas) against prop `name`'s range, naming `path` in the error.
    public func check(_ value: Double, for name: String, path: String) throws -> Double {
        guard let spec = self[name] else { throw SceneError(path: path, message: "\(self.name) has no prop '\(name)'") }
        return try SceneProps.number(SceneReader(.number(value), path: path), spec.type)
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
