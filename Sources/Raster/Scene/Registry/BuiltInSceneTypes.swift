extension SceneRegistry {
    /// The built-in node types of the scene contract and Button's named styles.
    public static let standard: SceneRegistry = {
        var r = SceneRegistry()
        for type in BuiltInSceneTypes.all { r.register(type) }
        r.register(SceneStyleFamily(Button.self, typeName: "Button", styles: Button.styleNames.map { name in
            (name, { Button.namedStyle(name) ?? Button.defaultStyle })
        }))
        return r
    }()
}

/// The decoders of the built-in node types.
enum BuiltInSceneTypes {
    static let children = PropSpec("children", .nodes, default: [], "The child nodes, in order (later ones in front).")
    static let length = PropType.number(min: 0, max: 100_000)

    static var all: [SceneComponentType] {
        [vStack, hStack, zStack, flex, text, image, rectangle, roundedRectangle, circle, path, button, spacer]
    }

    // MARK: - Containers

    static let vStack = SceneComponentType("VStack", summary: "Children top to bottom.", props: [
        children,
        PropSpec("spacing", length, default: 0, "Points between children."),
        PropSpec("alignment", .choice(["leading", "center", "trailing"]), default: "center", "Horizontal alignment of narrower children."),
        PropSpec("fill", .bool, default: false, "Stretch every child to the stack's width."),
    ]) { p in
        let alignment: VStack.HorizontalAlignment = switch try p.choice("alignment") {
        case "leading": .leading
        case "trailing": .trailing
        default: .center
        }
        return VStack(try p.children("children"), spacing: try p.number("spacing") ?? 0, alignment: alignment,
                      fill: try p.bool("fill") ?? false)
    }

    static let hStack = SceneComponentType("HStack", summary: "Children leading to trailing.", props: [
        children,
        PropSpec("spacing", length, default: 0, "Points between children."),
        PropSpec("alignment", .choice(["top", "center", "bottom"]), default: "center", "Vertical alignment of shorter children."),
        PropSpec("fill", .bool, default: false, "Stretch every child to the stack's height."),
    ]) { p in
        let alignment: HStack.VerticalAlignment = switch try p.choice("alignment") {
        case "top": .top
        case "bottom": .bottom
        default: .center
        }
        return HStack(try p.children("children"), spacing: try p.number("spacing") ?? 0, alignment: alignment,
                      fill: try p.bool("fill") ?? false)
    }

    static let zStack = SceneComponentType("ZStack", summary: "Children on top of each other, as large as the largest.", props: [
        children,
        PropSpec("alignment", .choice(SceneSpecs.alignmentNames), default: "center", "Where smaller children sit."),
    ]) { p in
        ZStack(try p.children("children"), alignment: SceneNodeDecoding.alignment(try p.choice("alignment")))
    }

    static let flexItemProps: [PropSpec] = [
        PropSpec("grow", .number(min: 0, max: 100_000), default: 0, "Share of the free space this item takes (CSS flex-grow)."),
        PropSpec("shrink", .number(min: 0, max: 100_000), default: 1, "Share of the overflow this item gives up (CSS flex-shrink)."),
        PropSpec("basis", length, "Main size before growing and shrinking (default: the item's own size)."),
        PropSpec("alignSelf", .choice(Flex.Align.allCases.map(\.rawValue)), "Overrides the container's alignItems."),
    ]

    static let flex = SceneComponentType("Flex", summary: "CSS flexbox: a row or column that grows, shrinks and wraps its items.", props: [
        children,
        PropSpec("direction", .choice(Flex.Direction.allCases.map(\.rawValue)), default: "row", "The main axis."),
        PropSpec("justify", .choice(Flex.Justify.allCases.map(\.rawValue)), default: "start", "Placement along the main axis."),
        PropSpec("alignItems", .choice(Flex.Align.allCases.map(\.rawValue)), default: "stretch", "Placement across the main axis."),
        PropSpec("wrap", .bool, default: false, "Break items into several lines."),
        PropSpec("gap", length, default: 0, "Points between items and lines."),
    ], childProps: flexItemProps) { p in
        let items = try p.children("children", childSpecs: flexItemProps) { content, child in
            let grow = try child.number("grow") ?? 0, shrink = try child.number("shrink") ?? 1
            let basis = try child.number("basis"), alignSelf = try child.choice("alignSelf", as: Flex.Align.self)
            guard grow != 0 || shrink != 1 || basis != nil || alignSelf != nil else { return content }
            return AnyComponent(FlexItem(content, grow: grow, shrink: shrink, basis: basis, alignSelf: alignSelf))
        }
        return Flex(items, direction: try p.choice("direction", as: Flex.Direction.self) ?? .row,
                    justify: try p.choice("justify", as: Flex.Justify.self) ?? .start,
                    alignItems: try p.choice("alignItems", as: Flex.Align.self) ?? .stretch,
                    wrap: try p.bool("wrap") ?? false, gap: try p.number("gap") ?? 0)
    }

    static let spacer = SceneComponentType("Spacer", summary: "Flexible space along its stack's axis.", props: [
        PropSpec("minLength", length, default: 0, "The least space it takes."),
    ]) { p in
        Spacer(minLength: try p.number("minLength") ?? 0)
    }

    // MARK: - Text and images

    static let text = SceneComponentType("Text", summary: "A paragraph, measured and wrapped to the width offered.", props: [
        PropSpec("text", .string, "The text (or give spans)."),
        PropSpec("spans", .array(.object(SceneSpecs.span)), "Runs with their own font or colour."),
        PropSpec("font", .object(SceneSpecs.font), "The font (default: Inter, 17 points, regular)."),
        PropSpec("color", .color, default: "primary", "The text colour."),
        PropSpec("alignment", .choice(TextAlignment.allCases.map(\.rawValue)), default: "left", "Line alignment."),
        PropSpec("maxLines", .integer(min: 0, max: 100_000), default: 0, "The most lines shown (0: no limit)."),
        PropSpec("lineSpacing", .number(min: -1_000, max: 1_000), default: 0, "Extra points between lines."),
        PropSpec("lineHeight", .number(min: 0, max: 10_000), "A fixed line height in points."),
        PropSpec("truncation", .choice(TruncationMode.allCases.map(\.rawValue)), default: "end", "Where an ellipsis cuts text that does not fit."),
    ]) { p in
        let font = try p.font("font", base: .system(size: 17)) ?? .system(size: 17)
        var spans: [Text.Span] = []
        if let text = try p.string("text") { spans.append(Text.Span(text)) }
        if p.has("spans") {
            guard spans.isEmpty else { throw p.reader.error("a Text takes text or spans, not both") }
            spans = try p.objects("spans") { s in
                Text.Span(try s.string("text") ?? "", font: try s.font("font", base: font), color: try s.color("color"))
            } ?? []
        }
        guard !spans.isEmpty else { throw p.reader.error("a Text needs text or spans") }
        var style = ParagraphStyle()
        style.alignment = try p.choice("alignment", as: TextAlignment.self) ?? .left
        style.maxLines = try p.integer("maxLines") ?? 0
        style.lineSpacing = try p.number("lineSpacing") ?? 0
        style.lineHeight = try p.number("lineHeight")
        style.truncation = try p.choice("truncation", as: TruncationMode.self) ?? .end
        return Text(spans: spans, font: font, color: try p.color("color") ?? .primary, style: style)
    }

    static let image = SceneComponentType("Image", summary: "A PNG image.", props: [
        PropSpec("src", .file, required: true, "PNG file, relative to the scene file."),
        PropSpec("width", length, "Width in points (default: from the height and aspect ratio, else the image's)."),
        PropSpec("height", length, "Height in points."),
        PropSpec("contentMode", .choice(Image.ContentMode.allCases.map(\.rawValue)), default: "fit", "How the image fills its box."),
        PropSpec("tint", .color, "Draws every pixel in this colour, keeping its alpha (a template image)."),
        PropSpec("scale", .number(min: 0.1, max: 16), default: 1, "Pixels per point of the file (2 for an @2x image)."),
    ]) { p in
        guard let (path, reader) = try p.file("src") else { throw p.reader.error("missing 'src'") }
        let source = try p.context.image(path, reader)
        return Image(source, width: try p.number("width"), height: try p.number("height"),
                     contentMode: try p.choice("contentMode", as: Image.ContentMode.self) ?? .fit,
                     tint: try p.color("tint"), scale: try p.number("scale") ?? 1)
    }

    // MARK: - Shapes

    static let shapeProps: [PropSpec] = [
        PropSpec("fill", .paint, "Fill paint (default: primary, unless a stroke is given)."),
        PropSpec("stroke", .object(SceneSpecs.stroke), "An outline centred on the edge."),
        PropSpec("width", length, "Width (default: the width offered)."),
        PropSpec("height", length, "Height (default: the height offered)."),
    ]

    /// The fill (primary when neither fill nor stroke is given) and stroke.
    static func paints(_ p: SceneProps) throws -> (Fill?, ShapeStroke?) {
        var stroke: ShapeStroke?
        if let s = try p.object("stroke") {
            guard let paint = try s.paint("paint") else { throw s.reader.error("missing 'paint'") }
            stroke = ShapeStroke(paint, width: try s.number("width") ?? 1, dash: try s.numbers("dash") ?? [],
                                 dashPhase: try s.number("dashPhase") ?? 0,
                                 cap: try s.choice("cap", as: StrokeStyle.Cap.self) ?? .butt,
                                 join: try s.choice("join", as: StrokeStyle.Join.self) ?? .miter)
            try s.finish()
        }
        let fill = try p.paint("fill") ?? (stroke == nil ? .color(.primary) : nil)
        return (fill, stroke)
    }

    static let rectangle = SceneComponentType("Rectangle", summary: "A filled and/or stroked rectangle.", props: shapeProps) { p in
        let (fill, stroke) = try paints(p)
        return Rectangle(fill: fill, stroke: stroke, width: try p.number("width"), height: try p.number("height"))
    }

    static let roundedRectangle = SceneComponentType("RoundedRectangle", summary: "A rectangle with rounded corners.", props: shapeProps + [
        PropSpec("cornerRadius", .number(min: 0, max: 100_000), default: 0, "Corner radius of the shape."),
        PropSpec("smoothCorners", .bool, default: false, "Continuous (squircle) corners."),
    ]) { p in
        let (fill, stroke) = try paints(p)
        return RoundedRectangle(cornerRadius: try p.number("cornerRadius") ?? 0, smoothCorners: try p.bool("smoothCorners") ?? false,
                                fill: fill, stroke: stroke, width: try p.number("width"), height: try p.number("height"))
    }

    static let circle = SceneComponentType("Circle", summary: "The largest circle that fits, centred.", props: shapeProps) { p in
        let (fill, stroke) = try paints(p)
        return Circle(fill: fill, stroke: stroke, width: try p.number("width"), height: try p.number("height"))
    }

    static let path = SceneComponentType("Path", summary: "SVG path data, filled and/or stroked.", props: [
        PropSpec("d", .string, required: true, "SVG path data (M, L, H, V, C, S, Q, T, A, Z)."),
        PropSpec("fillRule", .choice(["nonzero", "evenodd"]), default: "nonzero", "Which regions are inside."),
    ] + shapeProps.map { spec in
        var s = spec
        if s.name == "width" || s.name == "height" { s.summary = "\(s.name == "width" ? "Width" : "Height") (default: the path's extent from the origin)." }
        return s
    }) { p in
        guard let (d, _) = try p.value("d") else { throw p.reader.error("missing 'd'") }
        let path: Path
        do {
            path = try Path(svgPathData: try d.string())
        } catch let e as SVGPathError {
            throw d.error("invalid SVG path data \(e.description)")
        }
        let (fill, stroke) = try paints(p)
        return PathShape(path, fillRule: try p.choice("fillRule") == "evenodd" ? .evenOdd : .nonZero, fill: fill,
                         stroke: stroke, width: try p.number("width"), height: try p.number("height"))
    }

    // MARK: - Controls

    static let button = SceneComponentType("Button", summary: "A pressable control around its content, drawn by its style.", props: [
        PropSpec("content", .node, required: true, "What the button shows."),
        PropSpec("onTap", .actions, default: [], "Timeline actions run when the button is tapped."),
        PropSpec("insets", .insets, default: 0, "Padding around the content."),
        PropSpec("minSize", .size, "The least size: [width, height] or one number for both."),
        PropSpec("enabled", .bool, default: true, "A disabled button is drawn at 0.3 opacity and ignores taps."),
        PropSpec("automaticHighlight", .bool, default: true, "Shows the content at 0.6 opacity while pressed."),
    ]) { p in
        guard let content = try p.node("content") else { throw p.reader.error("missing 'content'") }
        let button = Button(content: content, insets: try p.insets("insets") ?? .zero, minSize: try p.size("minSize"),
                            isEnabled: try p.bool("enabled") ?? true,
                            automaticHighlight: try p.bool("automaticHighlight") ?? true)
        return SceneButton(button: button, onTap: try p.actions("onTap") ?? [])
    }
}
