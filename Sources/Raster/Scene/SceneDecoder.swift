import Foundation

/// Decodes scene files (JSON) into `Scene`, checking every value against the scene
/// contract. The first problem found is thrown as a `SceneError` naming its JSON path.
public enum SceneDecoder {
    /// Nesting deeper than this is refused (a guard against absurd or generated input).
    public static let maxDepth = 100

    static let commonProps = ["id", "padding", "frame", "offset", "opacity", "scale", "rotation", "background",
                              "cornerRadius", "smoothCorners", "clip", "border", "shadow", "hidden"]
    static let shapeProps = ["fill", "stroke", "width", "height"]

    /// The node types decoded so far and the props each takes besides the common ones.
    public static let types: [String: [String]] = [
        "ZStack": ["children", "alignment"],
        "Rectangle": shapeProps,
        "RoundedRectangle": shapeProps + [],
        "Circle": shapeProps,
        "Path": shapeProps + ["d", "fillRule"],
        "Text": textProps,
    ]

    public static func decode(contentsOf path: String) throws -> Scene {
        // The caller names the file (it has the path); the message says what went wrong.
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let reason = !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) ? "no such file"
                : isDirectory.boolValue ? "it is a folder" : "not readable"
            throw SceneError(path: "", message: "cannot read the scene file (\(reason))")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try decode(data, baseDirectory: base)
    }

    public static func decode(_ data: Data, baseDirectory: String = ".") throws -> Scene {
        let json = try JSONValue.parse(data)
        let top = try PropReader(SceneReader(json, path: ""))
        let canvas = try decodeCanvas(top.required("canvas", "an object with width and height"))
        let palette = try decodeEnvironment(top.optional("environment"))
        let fonts = try decodeFonts(top.optional("fonts"), baseDirectory: baseDirectory)
        let root = try decodeNode(top.required("root", "the root node"), palette: palette, fonts: fonts, depth: 0)
        try top.finish(allowed: "scene files take canvas, fonts, environment and root")
        return Scene(canvas: try canvas(palette), root: root, baseDirectory: baseDirectory, fonts: fonts)
    }

    // MARK: - Top level

    private static func decodeCanvas(_ r: SceneReader) throws -> (Palette) throws -> SceneCanvas {
        let props = try PropReader(r)
        let width = try props.required("width", "points").number(in: 1...100_000)
        let height = try props.required("height", "points").number(in: 1...100_000)
        let scale = try props.optional("scale")?.number(in: 0.1...16) ?? 1
        let backgroundReader = props.optional("background")
        let alignment = try props.optional("alignment").map(decodeAlignment) ?? .topLeading
        try props.finish(allowed: "canvas takes width, height, scale, background and alignment")
        let pixels = (width * scale).rounded(.up) * (height * scale).rounded(.up)
        guard pixels <= Double(SceneCanvas.maxPixels) else {
            throw r.error("the canvas is \(Int((width * scale).rounded(.up)))x\(Int((height * scale).rounded(.up))) pixels, more than the limit of \(SceneCanvas.maxPixels) pixels")
        }
        return { palette in
            let background = try backgroundReader.map { try decodeColor($0, palette) } ?? .clear
            return SceneCanvas(width: width, height: height, scale: scale, background: background, alignment: alignment)
        }
    }

    /// Semantic colours: the built-in light or dark palette, overridden entry by entry.
    public struct Palette: Sendable {
        public var colors: [String: Color]

        public static let light: [String: Color] = [
            "primary": Color(r: 0, g: 0, b: 0), "secondary": Color(r: 0x3C, g: 0x3C, b: 0x43, a: 0x99),
            "tertiary": Color(r: 0x3C, g: 0x3C, b: 0x43, a: 0x4D), "accent": Color(r: 0, g: 0x7A, b: 0xFF),
        ]
        public static let dark: [String: Color] = [
            "primary": Color(r: 255, g: 255, b: 255), "secondary": Color(r: 0xEB, g: 0xEB, b: 0xF5, a: 0x99),
            "tertiary": Color(r: 0xEB, g: 0xEB, b: 0xF5, a: 0x4D), "accent": Color(r: 0x0A, g: 0x84, b: 0xFF),
        ]
    }

    private static func decodeEnvironment(_ r: SceneReader?) throws -> Palette {
        guard let r else { return Palette(colors: Palette.light) }
        let props = try PropReader(r)
        let theme = try props.optional("theme")?.name(of: ["light", "dark"]) ?? "light"
        var palette = Palette(colors: theme == "dark" ? Palette.dark : Palette.light)
        if let colors = props.optional("colors") {
            let entries = try PropReader(colors)
            for key in entries.keys {
                if let value = entries.optional(key) {
                    palette.colors[key] = try decodeColor(value, Palette(colors: [:]))
                }
            }
        }
        try props.finish(allowed: "environment takes theme and colors")
        return palette
    }

    // MARK: - Values

    static func decodeColor(_ r: SceneReader, _ palette: Palette) throws -> Color {
        let what = "a color ('#RGB', '#RRGGBB', '#RRGGBBAA', 'clear' or a semantic name)"
        guard case .string(let s) = r.value else { throw r.expected(what) }
        if s == "clear" { return .clear }
        if s.hasPrefix("#") {
            guard let c = Color(hex: s) else { throw r.error("expected \(what), found '\(s)'") }
            return c
        }
        if let c = palette.colors[s] { return c }
        throw r.error("expected \(what), found '\(s)', which is not a color this scene defines")
    }

    static func decodeAlignment(_ r: SceneReader) throws -> Alignment {
        let names = ["center", "topLeading", "top", "topTrailing", "leading", "trailing", "bottomLeading", "bottom", "bottomTrailing"]
        let name = try r.name(of: names)
        return Alignment.names[name] ?? .center
    }

    static func decodeStops(_ r: SceneReader, _ palette: Palette) throws -> [Fill.Stop] {
        let items = try r.array()
        guard items.count >= 1 else { throw r.error("expected at least one gradient stop") }
        return try items.map { item in
            let pair = try item.array()
            guard pair.count == 2 else { throw item.error("expected a stop [color, location]") }
            return Fill.Stop(.fixed(try decodeColor(pair[0], palette)), try pair[1].number(in: 0...1))
        }
    }

    static func decodePaint(_ r: SceneReader, _ palette: Palette) throws -> ScenePaint {
        if case .string = r.value { return .color(.fixed(try decodeColor(r, palette))) }
        guard case .object(let o) = r.value, o.count == 1, let (kind, _) = o.first else {
            throw r.expected("a color or a gradient object ({\"linear\": ...}, {\"radial\": ...} or {\"conic\": ...})")
        }
        let outer = try PropReader(r)
        switch kind {
        case "linear":
            let g = try PropReader(try outer.required("linear", "a linear gradient"))
            let angle = try g.optional("angle")?.number() ?? 180
            let stops = try decodeStops(try g.required("stops", "[[color, location], ...]"), palette)
            try g.finish(allowed: "linear takes angle and stops")
            return .linear(angle: angle, stops: stops)
        case "radial":
            let g = try PropReader(try outer.required("radial", "a radial gradient"))
            let center = try g.optional("center")?.pair() ?? (0.5, 0.5)
            let radius = try g.optional("radius")?.number(in: 0...1_000) ?? 0.5
            let focal = try g.optional("focal")?.pair()
            let stops = try decodeStops(try g.required("stops", "[[color, location], ...]"), palette)
            try g.finish(allowed: "radial takes center, radius, focal and stops")
            return .radial(center: Point(x: center.0, y: center.1), radius: radius,
                           focal: focal.map { Point(x: $0.0, y: $0.1) }, stops: stops)
        case "conic":
            let g = try PropReader(try outer.required("conic", "a conic gradient"))
            let center = try g.optional("center")?.pair() ?? (0.5, 0.5)
            let angle = try g.optional("angle")?.number() ?? 0
            let stops = try decodeStops(try g.required("stops", "[[color, location], ...]"), palette)
            try g.finish(allowed: "conic takes center, angle and stops")
            return .conic(center: Point(x: center.0, y: center.1), angle: angle, stops: stops)
        default:
            throw r.error("expected a color or a gradient object with one key 'linear', 'radial' or 'conic', found key '\(kind)'")
        }
    }

    static func decodeInsets(_ r: SceneReader) throws -> EdgeInsets {
        switch r.value {
        case .number:
            let v = try r.number(in: 0...100_000)
            return EdgeInsets(all: v)
        case .array:
            let items = try r.array()
            guard items.count == 4 else { throw r.error("expected insets [top, left, bottom, right], found \(items.count) items") }
            let v = try items.map { try $0.number(in: 0...100_000) }
            return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        case .object:
            let p = try PropReader(r)
            let insets = EdgeInsets(top: try p.optional("top")?.number(in: 0...100_000) ?? 0,
                                    left: try p.optional("left")?.number(in: 0...100_000) ?? 0,
                                    bottom: try p.optional("bottom")?.number(in: 0...100_000) ?? 0,
                                    right: try p.optional("right")?.number(in: 0...100_000) ?? 0)
            try p.finish(allowed: "insets take top, left, bottom and right")
            return insets
        default:
            throw r.expected("insets (a number, [top, left, bottom, right] or an object)")
        }
    }

    static func decodeStroke(_ r: SceneReader, _ palette: Palette) throws -> SceneStroke {
        let p = try PropReader(r)
        let paint = try decodePaint(try p.required("paint", "the stroke's color or gradient"), palette)
        let width = try p.optional("width")?.number(in: 0...10_000) ?? 1
        let dash = try p.optional("dash")?.array().map { try $0.number(in: 0...100_000) } ?? []
        let phase = try p.optional("dashPhase")?.number() ?? 0
        let capName = try p.optional("cap")?.name(of: StrokeStyle.Cap.allCases.map(\.rawValue))
        let joinName = try p.optional("join")?.name(of: StrokeStyle.Join.allCases.map(\.rawValue))
        let cap = capName.flatMap { StrokeStyle.Cap(rawValue: $0) } ?? .butt
        let join = joinName.flatMap { StrokeStyle.Join(rawValue: $0) } ?? .miter
        try p.finish(allowed: "stroke takes paint, width, dash, dashPhase, cap and join")
        return SceneStroke(paint: paint, width: width, dash: dash, dashPhase: phase, cap: cap, join: join)
    }

    static func decodeFrame(_ r: SceneReader) throws -> SceneFrame {
        let p = try PropReader(r)
        func dim(_ key: String) throws -> Double? { try p.optional(key)?.number(in: 0...100_000) }
        var f = SceneFrame(width: try dim("width"), height: try dim("height"), minWidth: try dim("minWidth"),
                           maxWidth: try dim("maxWidth"), minHeight: try dim("minHeight"), maxHeight: try dim("maxHeight"))
        if let a = p.optional("alignment") { f.alignment = try decodeAlignment(a) }
        try p.finish(allowed: "frame takes width, height, minWidth, maxWidth, minHeight, maxHeight and alignment")
        return f
    }

    // MARK: - Nodes

    static func decodeNode(_ r: SceneReader, palette: Palette, fonts: FontRegistry, depth: Int) throws -> SceneNode {
        guard depth < maxDepth else { throw r.error("the tree is nested more than \(maxDepth) levels deep") }
        let p = try PropReader(r)
        let typeName = try p.required("type", "the node type").string()
        guard let own = types[typeName] else {
            throw r.child("type", .string(typeName)).error("unknown type '\(typeName)' (known types: \(types.keys.sorted().joined(separator: ", ")))")
        }
        var node = SceneNode(kind: .rectangle)
        switch typeName {
        case "ZStack":
            let children = try p.optional("children")?.array() ?? []
            let nodes = try children.map { try decodeNode($0, palette: palette, fonts: fonts, depth: depth + 1) }
            let alignment = try p.optional("alignment").map(decodeAlignment) ?? .center
            node.kind = .zStack(children: nodes, alignment: alignment)
        case "Rectangle":
            node.kind = .rectangle
        case "RoundedRectangle":
            node.kind = .roundedRectangle(cornerRadius: 0)
        case "Circle":
            node.kind = .circle
        case "Text":
            node.kind = try decodeText(p, palette: palette, fonts: fonts)
        default: // Path
            let d = try p.required("d", "SVG path data")
            let path: Path
            do {
                path = try Path(svgPathData: try d.string())
            } catch let e as SVGPathError {
                throw d.error("invalid SVG path data \(e.description)")
            }
            let rule = try p.optional("fillRule")?.name(of: ["nonzero", "evenodd"]) == "evenodd" ? FillRule.evenOdd : .nonZero
            node.kind = .path(path, fillRule: rule)
        }
        if own.contains("fill") {
            node.fill = try p.optional("fill").map { try decodePaint($0, palette) }
            node.stroke = try p.optional("stroke").map { try decodeStroke($0, palette) }
            node.width = try p.optional("width")?.number(in: 0...100_000)
            node.height = try p.optional("height")?.number(in: 0...100_000)
            if node.fill == nil && node.stroke == nil, typeName != "Path" {
                node.fill = .color(.fixed(palette.colors["primary"] ?? .black))
            }
        }
        try decodeCommon(p, into: &node, palette: palette)
        if case .roundedRectangle = node.kind {
            // A RoundedRectangle's cornerRadius shapes the shape itself.
            node.kind = .roundedRectangle(cornerRadius: node.cornerRadius)
            node.cornerRadius = 0
        }
        try p.finish(allowed: "\(typeName) takes \((own + commonProps).sorted().joined(separator: ", "))")
        return node
    }

    static func decodeCommon(_ p: PropReader, into node: inout SceneNode, palette: Palette) throws {
        node.id = try p.optional("id")?.string()
        if let r = p.optional("padding") { node.padding = try decodeInsets(r) }
        node.frame = try p.optional("frame").map(decodeFrame)
        if let r = p.optional("offset") {
            let (x, y) = try r.pair()
            node.offset = Point(x: x, y: y)
        }
        node.opacity = try p.optional("opacity")?.number(in: 0...1) ?? 1
        node.scale = try p.optional("scale")?.number(in: 0...1_000) ?? 1
        node.rotation = try p.optional("rotation")?.number() ?? 0
        node.background = try p.optional("background").map { try decodePaint($0, palette) }
        node.cornerRadius = try p.optional("cornerRadius")?.number(in: 0...100_000) ?? 0
        node.smoothCorners = try p.optional("smoothCorners")?.bool() ?? false
        node.clip = try p.optional("clip")?.bool() ?? false
        node.hidden = try p.optional("hidden")?.bool() ?? false
        if let r = p.optional("border") {
            let b = try PropReader(r)
            let color = try decodeColor(try b.required("color", "the border color"), palette)
            let width = try b.optional("width")?.number(in: 0...10_000) ?? 1
            try b.finish(allowed: "border takes color and width")
            node.borderColor = color
            node.borderWidth = width
        }
        if let r = p.optional("shadow") {
            let s = try PropReader(r)
            let color = try s.optional("color").map { try decodeColor($0, palette) } ?? Color(r: 0, g: 0, b: 0, a: 255)
            let radius = try s.optional("radius")?.number(in: 0...1_000) ?? 3
            let offset = try s.optional("offset")?.pair() ?? (0, 0)
            let opacity = try s.optional("opacity")?.number(in: 0...1) ?? 0.33
            try s.finish(allowed: "shadow takes color, radius, offset and opacity")
            node.shadow = SceneShadow(color: color, radius: radius, offset: Point(x: offset.0, y: offset.1), opacity: opacity)
        }
    }
}
