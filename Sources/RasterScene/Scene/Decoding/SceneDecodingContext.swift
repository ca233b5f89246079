import Foundation
import RasterCodecs
import RasterComponents
import RasterCore
import RasterText

/// What decoding one scene file shares: the registry, the folder relative paths
/// resolve against, the fonts, the colour names the scene defines, the ids seen so far
/// and the guards against absurd input.
///
/// One decoding uses a context, on one thread and one property access at a time, so the
/// bookkeeping each node touches skips the run-time exclusivity checks
/// (`@exclusivity(unchecked)`).
public final class SceneDecodingContext {
    /// The node types nodes are decoded with.
    public let registry: SceneRegistry
    /// The folder relative file paths resolve against.
    public let baseDirectory: String
    /// The bundled fonts plus the scene's `fonts` map, once decoded (font props check
    /// families against it).
    public internal(set) var fonts: FontRegistry = .shared
    /// Semantic colour names a colour value may use.
    var colorNames: Set<String> = Set(SemanticColor.standardNames) {
        didSet { lastColor = nil }
    }
    /// The last colour string `knownColor` read and what it made of it: a scene's colours
    /// repeat (a list's rows are painted alike), and reading one costs more than comparing.
    @exclusivity(unchecked) private var lastColor: (text: String, color: ColorValue?)?
    /// The node types nodes name, found in `registry`.
    @exclusivity(unchecked) private var types: SceneTypeLookup
    /// The theme as the scene sets it (for resolving colours that must be fixed).
    var theme: Theme = .light
    /// Every node with an id: where it is and its raw JSON (for checking `set`).
    @exclusivity(unchecked) var nodes: [String: NodeRecord] = [:]
    /// Ids named by actions, checked once the whole file is read.
    @exclusivity(unchecked) var idReferences: [(id: String, reader: SceneReader, use: IDUse)] = []

    /// What an action does with the node it names, which decides what is checked.
    enum IDUse { case set, insertInto, remove, tap }
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var nodeCount = 0
    /// Decoded images by path, shared with later decodes of the same scene.
    let images: SceneImageCache
    /// True while re-decoding a node to check a `set` (ids are not registered again).
    var isChecking = false
    /// True while a `SceneModel` builds its edited tree: ids, node counts and texts were
    /// checked when the file was read (every node a timeline can add or change
    /// included), so they are not registered or counted again; nesting is checked.
    private(set) var isBuilding = false
    /// Elements decoded from JSON during a build (inserted nodes, replaced children).
    @exclusivity(unchecked) private var newElements: [SceneElement] = []
    /// Whether decoded nodes are kept as `SceneElement`s (a scene with a timeline, which
    /// edits them).
    var keepsModel = false
    /// Every Text decoded, with its JSON path, for the font report.
    @exclusivity(unchecked) var texts: [SceneText] = []
    /// The boxed styles and flex item layouts of the nodes decoded so far, which nodes
    /// decorated or laid out alike share.
    @exclusivity(unchecked) private var styleBoxes = SharedBoxes<SceneNodeStyle>()
    @exclusivity(unchecked) private var flexLayoutBoxes = SharedBoxes<FlexItemLayout>()

    /// Nesting deeper than this is refused by default (`SceneLimits.depth`).
    public static var maxDepth: Int { SceneLimits.default.depth }
    /// More nodes than this are refused by default (`SceneLimits.nodes`).
    public static var maxNodes: Int { SceneLimits.default.nodes }
    /// The limits this decoding checks.
    package let limits: SceneLimits

    struct NodeRecord {
        /// Where the node is (its path is spelled out only for an error).
        let reader: SceneReader
        var path: String { reader.path }
        let type: String
        let raw: JSONObject
        let childSpecs: [PropSpec]
        let childBoxes: Bool
    }

    /// A context for one file; `images` is shared with earlier decodes of the same scene.
    public init(registry: SceneRegistry, baseDirectory: String, images: SceneImageCache = SceneImageCache(),
                limits: SceneLimits = .default) {
        self.limits = limits
        self.registry = registry
        types = SceneTypeLookup(registry)
        self.baseDirectory = baseDirectory
        self.images = images
    }

    /// Characters of the texts decoded so far.
    @exclusivity(unchecked) private var characterCount = 0

    /// Records a decoded Text for `Scene.fontReport()` and counts its characters.
    /// - Throws: when the scene's texts exceed `limits.characters`.
    func noteText(_ text: Text, at r: SceneReader) throws {
        guard !isChecking, !isBuilding else { return }
        let attributed = text.attributedForFonts
        characterCount += attributed.string.unicodeScalars.count
        guard characterCount <= limits.characters else { throw r.error(limits.tooManyCharacters) }
        texts.append(SceneText(path: r.path, text: attributed))
    }

    /// The folder every file the scene names must stay inside (nil: anywhere).
    var fileRoot: String?

    /// `style` boxed: the box of an equal style decoded before, else a new one.
    func styleBox(_ style: SceneNodeStyle) -> OutOfLine<SceneNodeStyle> {
        // Most nodes have the default style (an id and no decoration): compared, not hashed.
        if style == SceneNode.defaultStyle.value { return SceneNode.defaultStyle }
        return styleBoxes.box(style)
    }

    /// `layout` boxed: the box of an equal layout decoded before, else a new one.
    func flexLayoutBox(_ layout: FlexItemLayout) -> OutOfLine<FlexItemLayout> {
        flexLayoutBoxes.box(layout)
    }

    /// Every file named so far (images, fonts), as `resolve` returned it.
    @exclusivity(unchecked) var files: Set<String> = []

    /// `file`, read at `r`, relative to the scene's folder (absolute paths stay).
    ///
    /// With `fileRoot` set, a file must be named relative to the scene, without `..`,
    /// and must not be (or lie under) a symbolic link that leads out of the root.
    func resolve(_ file: String, at r: SceneReader) throws -> String {
        guard let root = fileRoot else {
            let path = file.hasPrefix("/") ? file : (baseDirectory as NSString).appendingPathComponent(file)
            files.insert(path)
            return path
        }
        let shown = r.shortened(file)
        guard !file.hasPrefix("/") else {
            throw r.error("'\(shown)' is an absolute path; files must be named relative to the scene inside \(root)")
        }
        guard !file.split(separator: "/").contains("..") else {
            throw r.error("'\(shown)' names a parent folder ('..'); files must stay inside \(root)")
        }
        let path = (baseDirectory as NSString).appendingPathComponent(file)
        let realRoot = SceneDecodingContext.realPath(root) ?? root
        // A path that exists is followed through its links; one that does not is
        // judged by the folder it would be in (its read fails later anyway).
        var probe = path
        while SceneDecodingContext.realPath(probe) == nil && probe != "/" && !probe.isEmpty {
            probe = (probe as NSString).deletingLastPathComponent
        }
        let real = SceneDecodingContext.realPath(probe) ?? probe
        guard real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
            throw r.error("'\(shown)' leads outside \(root)")
        }
        files.insert(path)
        return path
    }

    /// `path` with every link resolved, nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: - Nodes

    /// A decoded node: its component (with the common props applied), its id, and its
    /// props, which the caller finishes after reading the props it gives children.
    public struct DecodedNode {
        /// The node's component with its common props applied.
        public let component: AnyComponent<Empty>
        /// The node's `id`, if it has one.
        public let id: String?
        /// The node's props, not yet finished.
        public let props: SceneProps
        /// The node in the decoded node model (nil when the decoding keeps none).
        let element: SceneElement?
    }

    /// Counts one more node of the scene, at `r` (a node type's own nested nodes, such
    /// as a DCFlight tree's, count too). Nodes rebuilt from the model were counted when
    /// the file was read.
    /// - Throws: past `limits.nodes`.
    package func countNode(at r: SceneReader) throws {
        guard !isBuilding else { return }
        nodeCount += 1
        guard nodeCount <= limits.nodes else { throw r.error(limits.tooManyNodes) }
    }

    /// `wrapLayout` wraps the laid-out content (after padding and frame, inside the
    /// node's decoration) with what the parent reads from the child's props. With
    /// `childBoxes` the parent lays out the child's padding and frame itself (CSS):
    /// they are read into `SceneProps.box` instead of wrapping the content.
    /// `childNamesAreASCII` says whether every name in `childSpecs` is ASCII (nil: found here).
    func decodeNode(_ r: SceneReader, parentType: String, childSpecs: [PropSpec], childNamesAreASCII: Bool? = nil,
                    childBoxes: Bool = false,
                    wrapLayout: ((AnyComponent<Empty>, SceneProps) throws -> AnyComponent<Empty>)? = nil) throws -> DecodedNode {
        guard depth < limits.depth else { throw r.error(limits.tooDeep) }
        try countNode(at: r)
        guard case .object(let raw) = r.value else { throw r.expected("a node (an object with a 'type')") }
        guard let typeValue = raw.value(ofASCII: "type") else { throw r.error("missing 'type' (the node type)") }
        let typeReader = r.child("type", typeValue)
        let typeName = try typeReader.string()
        guard let type = types.type(named: typeName) else {
            let shown = typeReader.shortened(typeName)
            if let guess = NameSuggestion.nearest(to: typeName, in: registry.typeNames) {
                throw typeReader.error("unknown type '\(shown)'; did you mean '\(guess)'?")
            }
            let names = registry.typeNames.joined(separator: ", ")
            throw typeReader.error("unknown type '\(shown)' (known: \(names.count <= 120 ? names : "see `render components`"))")
        }
        let props = try SceneProps(r, table: type.propTable, extra: childSpecs, extraNamesAreASCII: childNamesAreASCII,
                                   owner: typeName, context: self)
        props.markUsed("type")
        for group in type.exclusive {
            let present = group.filter { props.has($0) }
            if present.count > 1 { throw r.error("a \(typeName) takes \(present[0]) or \(present[1]), not both") }
        }
        let id = try props.string("id")
        if let id, !isChecking, !isBuilding {
            // One lookup: the record goes in, and an earlier one it displaced is put back.
            let record = NodeRecord(reader: r, type: typeName, raw: raw, childSpecs: childSpecs, childBoxes: childBoxes)
            if let earlier = nodes.updateValue(record, forKey: id) {
                nodes[id] = earlier
                throw r.child("id", .string(id)).error("the id '\(id)' is already used by the node at \(earlier.path)")
            }
        }
        let element = keepsModel
            ? SceneElement(type: type, id: id, source: r, props: raw, childSpecs: childSpecs, childBoxes: childBoxes) : nil
        props.element = element
        if isBuilding, let element { newElements.append(element) }
        let (content, component) = try decodeContent(props, type: type, id: id, childSpecs: childSpecs,
                                                     childBoxes: childBoxes, wrap: wrapLayout)
        element?.content = content
        element?.built = component
        return DecodedNode(component: component, id: id, props: props, element: element)
    }

    /// Runs `type`'s decode over `props` one level deeper, then applies the common props
    /// and the parent's `wrap` around what it made.
    private func decodeContent(_ props: SceneProps, type: SceneComponentType, id: String?, childSpecs: [PropSpec],
                               childBoxes: Bool, wrap: ((AnyComponent<Empty>, SceneProps) throws -> AnyComponent<Empty>)?)
        throws -> (content: AnyComponent<Empty>, component: AnyComponent<Empty>) {
        if wrap == nil {
            // Without the parent's reader of its child props (checking a `set`), they
            // were checked where the node was decoded in place.
            for spec in childSpecs { props.markUsed(spec.name) }
        }
        depth += 1
        let content: AnyComponent<Empty>
        do {
            defer { depth -= 1 }
            content = try type.decode(props)
        }
        let component = try SceneNodeDecoding.applyCommonProps(props, to: content, type: type, id: id,
                                                               childBoxes: childBoxes, wrapLayout: wrap)
        return (content, component)
    }

    // MARK: - Building the edited model

    /// A context that builds a `SceneModel` of the same scene: the same registry,
    /// folder, images, fonts, theme, colour names, file root and limits.
    func forBuilding() -> SceneDecodingContext {
        let c = SceneDecodingContext(registry: registry, baseDirectory: baseDirectory, images: images, limits: limits)
        c.fonts = fonts
        c.colorNames = colorNames
        c.theme = theme
        c.fileRoot = fileRoot
        c.isBuilding = true
        c.keepsModel = true
        return c
    }

    /// The elements decoded from JSON since the last call.
    func takeNewElements() -> [SceneElement] {
        defer { newElements = [] }
        return newElements
    }

    /// `element`'s component: the one last built when nothing in its subtree changed
    /// (wrapped again when the parent's own props changed, as the parent's wrapping may
    /// read them), else its type's decode run again over its props, with its children
    /// built the same way.
    func build(_ element: SceneElement, wrap: ((AnyComponent<Empty>, SceneProps) throws -> AnyComponent<Empty>)?,
               parentPropsChanged: Bool) throws -> AnyComponent<Empty> {
        let reader = element.source.replacingValue(.object(element.props))
        guard depth < limits.depth else { throw reader.error(limits.tooDeep) }
        if !element.needsBuild, !parentPropsChanged, let built = element.built { return built }
        let props = try SceneProps(reader, table: element.type.propTable, extra: element.childSpecs,
                                   owner: element.type.name, context: self)
        props.element = element
        if !element.needsBuild, let content = element.content {
            let built = try SceneNodeDecoding.applyCommonProps(props, to: content, type: element.type, id: element.id,
                                                               childBoxes: element.childBoxes, wrapLayout: wrap)
            element.built = built
            return built
        }
        props.markUsed("type")
        props.markUsed("id")
        let (content, built) = try decodeContent(props, type: element.type, id: element.id, childSpecs: element.childSpecs,
                                                 childBoxes: element.childBoxes, wrap: wrap)
        try props.finish()
        element.content = content
        element.built = built
        element.needsBuild = false
        element.propsChanged = false
        return built
    }

    /// A child's element and component in a build: a pending node is decoded now, under
    /// its parent's rules for children.
    func build(_ child: SceneChild, of parent: SceneElement, childSpecs: [PropSpec], childBoxes: Bool,
               wrap: ((AnyComponent<Empty>, SceneProps) throws -> AnyComponent<Empty>)?)
        throws -> (element: SceneElement, component: AnyComponent<Empty>) {
        switch child {
        case .element(let e):
            return (e, try build(e, wrap: wrap, parentPropsChanged: parent.propsChanged))
        case .pending(let json, let path):
            let node = try decodeNode(SceneReader(json, path: path), parentType: parent.type.name, childSpecs: childSpecs,
                                      childBoxes: childBoxes, wrapLayout: wrap)
            try node.props.finish()
            guard let element = node.element else { throw SceneError(path: path, message: "the node was decoded without its model") }
            return (element, node.component)
        }
    }

    // MARK: - Values

    static let colorExpectation = "a color ('#RRGGBB', '#RRGGBBAA', a CSS name, rgb(), hsl(), 'clear' or a semantic name)"

    /// A colour value: hex, a CSS colour (`Color(css:)`) or `clear` (fixed), or a
    /// semantic name the scene defines (which wins over a CSS name it shadows).
    func color(_ r: SceneReader) throws -> ColorValue {
        guard case .string(let s) = r.value else { throw r.expected(Self.colorExpectation) }
        if let value = knownColor(s) { return value }
        if s.hasPrefix("#") { throw r.error("expected \(Self.colorExpectation), found '\(r.shortened(s))'") }
        if s.contains("(") {
            throw r.error("'\(r.shortened(s))' is not a color: rgb() and hsl() take three values and an optional alpha")
        }
        let semantic = colorNames.sorted()
        let guess = NameSuggestion.nearest(to: s, in: semantic + Color.cssNames.keys.sorted())
        let names = semantic.joined(separator: ", ")
        throw r.error("'\(r.shortened(s))' is not a CSS color or a semantic color of this scene"
            + (guess.map { "; did you mean '\($0)'?" } ?? " (\(names.count <= 80 ? names : names.prefix(79) + "…"))"))
    }

    /// `s` as a colour when it is one (see `color(_:)`); nil for anything else.
    func knownColor(_ s: String) -> ColorValue? {
        if let last = lastColor, last.text == s { return last.color }
        let color = ColorValue(s, isSemantic: { colorNames.contains($0) })
        lastColor = (s, color)
        return color
    }

    /// A colour resolved now, through the scene's theme.
    func fixedColor(_ r: SceneReader) throws -> Color {
        switch try color(r) {
        case .fixed(let c): return c
        case .semantic(let s): return theme[s]
        }
    }

    func paint(_ r: SceneReader) throws -> Fill {
        if case .string = r.value { return .color(try color(r)) }
        let forms = SceneSpecs.gradients.map(\.0)
        guard case .object(let o) = r.value, o.count == 1, let key = o.keys.first else {
            throw r.expected("a color or a gradient object ({\"linear\": ...}, {\"radial\": ...} or {\"conic\": ...})")
        }
        guard let (_, spec) = SceneSpecs.gradients.first(where: { $0.0 == key }), let value = o[key] else {
            throw r.error("expected a color or a gradient object with one key \(forms.map { "'\($0)'" }.joined(separator: ", ")), found key '\(key)'")
        }
        let g = try SceneProps(r.child(key, value), spec, context: self)
        let stops = try self.stops(try g.value("stops")?.0)
        let fill: Fill
        switch key {
        case "linear":
            fill = .linear(angle: try g.numberValue("angle"), stops: stops)
        case "radial":
            fill = .radial(center: try g.pointValue("center"), radius: try g.numberValue("radius"),
                           focal: try g.point("focal"), stops: stops)
        default:
            fill = .conic(center: try g.pointValue("center"), angle: try g.numberValue("angle"),
                          stops: stops)
        }
        try g.finish()
        return fill
    }

    private func stops(_ r: SceneReader?) throws -> [Fill.Stop] {
        guard let r else { return [] }
        let items = try r.array()
        guard !items.isEmpty else { throw r.error("expected at least one gradient stop") }
        return try items.map { item in
            let pair = try item.array()
            guard pair.count == 2 else { throw item.error("expected a stop [color, location]") }
            return Fill.Stop(try color(pair[0]), try SceneProps.number(pair[1], .number(min: 0, max: 1)))
        }
    }

    /// A font: what is absent comes from `base`; the family must be registered.
    func font(_ p: SceneProps, base: Font) throws -> Font {
        var font = base
        if let (r, _) = try p.value("family") {
            font.family = try r.string()
            guard font.family.isEmpty || fonts.families.contains(font.family) else {
                let known = fonts.families
                if let guess = NameSuggestion.nearest(to: font.family, in: known) {
                    throw r.error("unknown font family '\(r.shortened(font.family))'; did you mean '\(guess)'?")
                }
                let list = known.joined(separator: ", ")
                throw r.error("unknown font family '\(r.shortened(font.family))' (\(list.count <= 90 ? "registered: \(list); " : "")add it to the scene's fonts map)")
            }
        }
        if let size = try p.number("size") { font.size = size }
        if let weight = try p.choice("weight") { font.weight = FontWeight(name: weight) ?? .regular }
        return font
    }

    /// An image file a scene names: a bitmap (PNG, JPEG, WebP) or an SVG document.
    enum ImageFile {
        case bitmap(ImageSource)
        case vector(SVGDocument)
    }

    /// The image at `path`, read and decoded once per scene (and the same object on every
    /// re-decode, so an unchanged Image node compares equal and is skipped). The format
    /// comes from the content: an SVG by its `<svg` element, the others by signature.
    func imageFile(_ path: String, _ r: SceneReader) throws -> ImageFile {
        if let cached = images[path] { return .bitmap(cached) }
        if let cached = images.svg(path) { return .vector(cached) }
        func failure(_ reason: String) throws -> SceneError {
            r.error("cannot read the image '\(r.shortened(try r.string()))' (\(reason))")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw try failure(isDirectory.boolValue ? "it is a folder" : "no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw try failure("cannot read the file") }
        let bytes = [UInt8](data)
        do {
            if SVGDocument.sniff(bytes) {
                let document = try SVGDocument(bytes: bytes)
                images.setSVG(document, for: path)
                return .vector(document)
            }
            let image = ImageSource(try ImageDecoder.decode(bytes))
            images[path] = image
            return .bitmap(image)
        } catch let error as PNGError {
            throw try failure(error.message)
        }
    }
}

/// Images a scene has decoded, by absolute path; safe to share between threads.
public final class SceneImageCache: Sendable {
    private let images = Locked<[String: ImageSource]>([:])
    private let svgs = Locked<[String: SVGDocument]>([:])

    func svg(_ path: String) -> SVGDocument? { svgs.withLock { $0[path] } }
    func setSVG(_ document: SVGDocument, for path: String) { svgs.withLock { $0[path] = document } }

    /// The SVG documents read so far, by path in sorted order.
    var sortedSVGs: [(path: String, document: SVGDocument)] {
        svgs.withLock { $0.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    public init() {}

    subscript(path: String) -> ImageSource? {
        get { images.withLock { $0[path] } }
        set { images.withLock { $0[path] = newValue } }
    }

    /// The images decoded so far, by path in sorted order.
    var sorted: [(path: String, image: ImageSource)] {
        images.withLock { $0.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }
}

/// Values that need no context.
enum SceneValues {
    // The patterns below are the decoder's and the JSON Schema's. They end in `$(?!\n)`,
    // the end of the string for every validator: a bare `$` also matches before a final
    // newline in Python's and ICU's dialects. The decoder reads them through `matches`.

    /// A percentage as scene files write it: `"50%"`, `"12.5%"`.
    static let percentPattern = "^-?[0-9]+(\\.[0-9]+)?%$(?!\\n)"
    /// A BCP 47 language tag as scene files write it: 2 to 8 letters, then subtags of 1
    /// to 8 letters and digits, each after a '-', 35 characters at most.
    static let languagePattern = "^(?=[A-Za-z0-9-]{2,35}$(?!\\n))[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$(?!\\n)"

    /// Whether the whole of `text` matches `pattern` (ICU's `$` also matches before a
    /// final line break of any kind, so the match's extent is checked too).
    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) == text.startIndex..<text.endIndex
    }

    /// Insets: a number, `[top, left, bottom, right]`, or an object with `top`, `bottom`
    /// and either `left`/`right` (physical) or `leading`/`trailing` (following the
    /// layout direction), never both kinds.
    static func insets(_ r: SceneReader) throws -> LayoutInsets {
        let range = PropType.number(min: 0, max: 100_000)
        switch r.value {
        case .number:
            return LayoutInsets(EdgeInsets(all: try SceneProps.number(r, range)))
        case .array:
            let items = try r.array()
            guard items.count == 4 else { throw r.error("expected insets [top, left, bottom, right], found \(items.count) items") }
            let v = try items.map { try SceneProps.number($0, range) }
            return LayoutInsets(EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3]))
        case .object(let o):
            var v: [String: Double] = [:]
            for (key, value) in o.sortedMembers {
                let item = r.child(key, value)
                guard ["top", "left", "bottom", "right", "leading", "trailing"].contains(key) else {
                    throw item.error("unknown prop '\(key)' (insets take top, bottom, and left and right or leading and trailing)")
                }
                v[key] = try SceneProps.number(item, range)
            }
            let physical = v["left"] != nil || v["right"] != nil
            let directional = v["leading"] != nil || v["trailing"] != nil
            if physical && directional {
                throw r.error("insets take left and right or leading and trailing, not both")
            }
            if directional {
                return LayoutInsets(top: v["top"] ?? 0, leading: v["leading"] ?? 0, bottom: v["bottom"] ?? 0,
                                    trailing: v["trailing"] ?? 0)
            }
            return LayoutInsets(EdgeInsets(top: v["top"] ?? 0, left: v["left"] ?? 0, bottom: v["bottom"] ?? 0,
                                           right: v["right"] ?? 0))
        default:
            throw r.expected("insets (a number, [top, left, bottom, right] or an object)")
        }
    }
}
