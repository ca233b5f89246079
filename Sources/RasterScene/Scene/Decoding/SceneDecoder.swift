import Foundation
import RasterComponents
import RasterCore
import RasterText

/// Decodes scene files (JSON or YAML) into a `Scene` of components, checking every value
/// against the props of its type in the registry. The first problem found is thrown as
/// a `SceneError` naming its JSON path and what was expected.
public struct SceneDecoder: Sendable {
    /// The syntax of a scene file.
    public enum Format: String, Sendable, CaseIterable {
        case json, yaml

        /// By file extension (`.yaml`/`.yml` are YAML); nil when the extension says nothing.
        public init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "json": self = .json
            case "yaml", "yml": self = .yaml
            default: return nil
            }
        }

        /// JSON when the text starts with `{` (after white space), else YAML.
        public init(sniffing data: Data) {
            let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            self = first == UInt8(ascii: "{") ? .json : .yaml
        }
    }

    /// The node types (and their props) the decoder accepts.
    public var registry: SceneRegistry
    /// Replaces the file's `fontSet` (as `--fonts` does); nil keeps it.
    public var fontSet: FontSet?
    /// What a scene may cost; decoded scenes carry them to rendering.
    public var limits: SceneLimits
    /// The folder every file a scene names (images, fonts) must stay inside: no absolute
    /// paths, no `..`, no links leading out. Nil allows any path (relative paths resolve
    /// against the scene's folder either way). Turn it on for scenes you did not write.
    public var fileRoot: String?

    /// A decoder; each argument sets the property of the same name.
    public init(registry: SceneRegistry = .standard, fontSet: FontSet? = nil, limits: SceneLimits = .default,
                fileRoot: String? = nil) {
        self.registry = registry
        self.fontSet = fontSet
        self.limits = limits
        self.fileRoot = fileRoot
    }

    /// Reads and decodes the scene file at `path`; relative paths in it resolve against
    /// its folder.
    public func decode(contentsOf path: String) throws -> Scene {
        // The caller names the file (it has the path); the message says what went wrong.
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let reason = !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) ? "no such file"
                : isDirectory.boolValue ? "it is a folder" : "not readable"
            throw SceneError(path: "", message: "cannot read the scene file (\(reason))")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try decode(data, format: Format(path: path) ?? Format(sniffing: data), baseDirectory: base)
    }

    /// Decodes scene text; `format` nil sniffs it.
    public func decode(_ data: Data, format: Format? = nil, baseDirectory: String = ".") throws -> Scene {
        let json: JSONValue
        switch format ?? Format(sniffing: data) {
        case .json: json = try JSONValue.parse(data)
        case .yaml: json = try JSONValue.parseYAML(data)
        }
        return try decode(json, baseDirectory: baseDirectory)
    }

    /// Decodes an already parsed document. `reusing` is an earlier decode of the same
    /// scene whose fonts and images are taken as they are (for a changed version of the
    /// file), so unchanged nodes compare equal.
    public func decode(_ json: JSONValue, baseDirectory: String = ".", reusing earlier: Scene? = nil) throws -> Scene {
        // The tree's size first, before any work that grows with it.
        var counts = SceneTreeLimits.Counts()
        if case .object(let document) = json, let root = document["root"] {
            counts = try SceneTreeLimits.check(root: SceneReader(root, path: "root"), registry: registry, limits: limits)
        }
        let context = SceneDecodingContext(registry: registry, baseDirectory: baseDirectory,
                                           images: earlier?.images ?? SceneImageCache(), limits: limits)
        // Room for every id up front: growing the map hashes every id again.
        context.nodes.reserveCapacity(counts.withIDs)
        context.fileRoot = fileRoot
        // Only a timeline edits the tree: without one, no node model is kept.
        if case .object(let document) = json { context.keepsModel = document["animation"] != nil }
        let top = try SceneProps(SceneReader(json, path: ""), SceneSpecs.scene, context: context)
        _ = try top.string("$schema")
        var environment = EnvironmentValues()
        if let e = try top.object("environment") {
            environment.theme = try decodeTheme(e, context)
            environment.layoutDirection = try e.choice("layoutDirection", as: LayoutDirection.self) ?? .leftToRight
            try e.finish()
        }
        context.theme = environment.theme
        context.colorNames.formUnion(environment.theme.colors.keys)
        if let earlier {
            _ = try top.value("fonts")
            _ = try top.value("fontSet")
            environment.fonts = earlier.fonts
        } else {
            environment.fonts = try decodeFonts(top, context)
        }
        context.fonts = environment.fonts
        guard let c = try top.object("canvas") else { throw top.reader.error("missing 'canvas'") }
        let canvas = try decodeCanvas(c, context)
        try c.finish()
        var rootChanges: [EnvironmentOverride.Change] = []
        if let (r, _) = try top.value("styles") {
            rootChanges = try decodeStyles(r, context)
        }
        for change in rootChanges { change.apply(to: &environment) }
        guard let (rootReader, _) = try top.value("root") else { throw top.reader.error("missing 'root'") }
        let rootNode = try context.decodeNode(rootReader, parentType: "scene", childSpecs: [])
        try rootNode.props.finish()
        var timeline: SceneTimeline?
        if let a = try top.object("animation") {
            timeline = try context.timeline(a)
            try a.finish()
        }
        try context.checkReferences()
        try top.finish()
        var scene = Scene(canvas: canvas, root: rootNode.component, environment: environment, timeline: timeline,
                          baseDirectory: baseDirectory, nodeTypes: context.nodes.mapValues(\.type), document: json,
                          registry: registry, images: context.images, texts: context.texts, limits: limits,
                          fileRoot: fileRoot)
        scene.files = earlier == nil ? context.files.sorted() : []
        scene.model = rootNode.element.map { SceneModel(context: context, root: $0) }
        return scene
    }

    // MARK: - Top level

    private func decodeCanvas(_ p: SceneProps, _ context: SceneDecodingContext) throws -> SceneCanvas {
        let canvas = SceneCanvas(width: try p.numberValue("width"), height: try p.numberValue("height"),
                                 scale: try p.numberValue("scale"),
                                 background: try p.value("background").map { try context.fixedColor($0.0) } ?? .clear,
                                 alignment: SceneNodeDecoding.alignment(try p.choice("alignment") ?? "topLeading"))
        try canvas.checkSize(path: p.reader.path)
        return canvas
    }

    /// The built-in theme, with `colors` replacing or adding entries (a colour there may
    /// name one of the theme's).
    private func decodeTheme(_ p: SceneProps, _ context: SceneDecodingContext) throws -> Theme {
        var theme = Theme.named(try p.choice("theme") ?? "light") ?? .light
        if let (r, _) = try p.value("colors") {
            context.theme = theme
            let base = theme
            for (name, value) in try r.object().sorted(by: { $0.key < $1.key }) {
                let entry = r.child(name, value)
                guard name.first?.isLetter == true, !name.hasPrefix("#"), name != "clear" else {
                    throw entry.error("a semantic color name must start with a letter (and not be 'clear')")
                }
                switch try context.color(entry) {
                case .fixed(let color): theme.colors[name] = color
                case .semantic(let other): theme.colors[name] = base[other]
                }
            }
        }
        return theme
    }

    /// The scene's `fonts` map: family name → font file (TTF, OTF or TTC) relative to the
    /// scene file, registered on top of the bundled fonts, falling back as `fontSet` (or
    /// the decoder's override) says. A scene without fonts shares the set's registry.
    private func decodeFonts(_ top: SceneProps, _ context: SceneDecodingContext) throws -> FontRegistry {
        let own = try top.choice("fontSet", as: FontSet.self)  // read (and checked) even when overridden
        let set = fontSet ?? own ?? .system
        guard let (r, _) = try top.value("fonts") else { return .shared(set) }
        let registry = FontRegistry(fontSet: set)
        for (family, value) in try r.object().sorted(by: { $0.key < $1.key }) {
            let entry = r.child(family, value)
            let path = try context.resolve(try entry.string(), at: entry)
            do {
                try registry.register(path: path, family: family, fallback: true)
            } catch let e as FontError {
                throw entry.error(e.description)
            }
        }
        return registry
    }

    /// `{"Button": ["filled"]}`: the style stack of each stylable type.
    private func decodeStyles(_ r: SceneReader, _ context: SceneDecodingContext) throws -> [EnvironmentOverride.Change] {
        try r.object().sorted(by: { $0.key < $1.key }).map { typeName, value in
            let entry = r.child(typeName, value)
            guard let family = context.registry.styles[typeName] else {
                let stylable = context.registry.styles.keys.sorted()
                throw entry.error("'\(r.shortened(typeName))' has no named styles (stylable types: \(stylable.joined(separator: ", ")))")
            }
            let names = try SceneNodeDecoding.styleNames(entry)
            for (i, name) in names.enumerated() where !family.names.contains(name) {
                let item = names.count == 1 && value.isString ? entry : entry.item(i, .string(name))
                throw item.error("unknown \(typeName) style '\(r.shortened(name))' (styles: \(family.names.joined(separator: ", ")))")
            }
            return family.change(names)
        }
    }
}

public extension SceneDecoder {
    /// Decodes with the standard registry.
    static func decode(contentsOf path: String) throws -> Scene {
        try SceneDecoder().decode(contentsOf: path)
    }

    /// Decodes scene text (format sniffed) with the standard registry.
    static func decode(_ data: Data, baseDirectory: String = ".") throws -> Scene {
        try SceneDecoder().decode(data, baseDirectory: baseDirectory)
    }
}

extension JSONValue {
    var isString: Bool { if case .string = self { return true } else { return false } }
}
