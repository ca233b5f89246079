import RasterComponents
import RasterCore
import RasterLayout
import RasterText

extension SceneRegistry {
    /// The built-in node types of the scene contract and Button's named styles.
    public static let standard: SceneRegistry = {
        var r = SceneRegistry()
        for type in BuiltInSceneTypes.all { r.register(type) }
        r.register(SceneStyleFamily(Button.self, typeName: "Button", styles: Button.styleNames.map { name in
            (name, { Button.namedStyle(name) ?? AnyComponentStyle(Button.defaultStyle) })
        }))
        r.register(SceneStyleFamily(Toggle.self, typeName: "Toggle", styles: Toggle.styleNames.map { name in
            (name, { Toggle.namedStyle(name) ?? AnyComponentStyle(Toggle.defaultStyle) })
        }))
        return r
    }()
}

/// The decoders of the built-in node types.
enum BuiltInSceneTypes {
    static let children = PropSpec("children", .nodes, default: [], "The child nodes, in order (later ones in front).")
    static let length = PropType.number(min: 0, max: 100_000)

    static var all: [SceneComponentType] {
        [vStack, hStack, zStack, flex, text, image, rectangle, roundedRectangle, circle, path, button, toggle, spacer]
    }

    // MARK: - Containers

    static let vStack = SceneComponentType("VStack", summary: "Children top to bottom.", props: [
        children,
        PropSpec("spacing", length, default: 0, "Points between children."),
        PropSpec("alignment", .choice(["leading", "center", "trailing"]), default: "center",
                 "Horizontal alignment of narrower children; leading is the right edge when layoutDirection is rtl."),
        PropSpec("fill", .bool, default: false, "Stretch every child to the stack's width."),
    ]) { p in
        let alignment: HorizontalAlignment = switch try p.choice("alignment") {
        case "leading": .leading
        case "trailing": .trailing
        default: .center
        }
        return VStack(try p.children("children"), spacing: try p.numberValue("spacing"), alignment: alignment,
                      fill: try p.boolValue("fill"))
    }

    static let hStack = SceneComponentType("HStack", summary: "Children leading to trailing (right to left when layoutDirection is rtl).", props: [
        children,
        PropSpec("spacing", length, default: 0, "Points between children."),
        PropSpec("alignment", .choice(["top", "center", "bottom"]), default: "center", "Vertical alignment of shorter children."),
        PropSpec("fill", .bool, default: false, "Stretch every child to the stack's height."),
    ]) { p in
        let alignment: VerticalAlignment = switch try p.choice("alignment") {
        case "top": .top
        case "bottom": .bottom
        default: .center
        }
        return HStack(try p.children("children"), spacing: try p.numberValue("spacing"), alignment: alignment,
                      fill: try p.boolValue("fill"))
    }

    static let zStack = SceneComponentType("ZStack", summary: "Children on top of each other, as large as the largest.", props: [
        children,
        PropSpec("alignment", .choice(SceneSpecs.alignmentNames), default: "center",
                 "Where smaller children sit; leading and trailing follow layoutDirection."),
    ]) { p in
        ZStack(try p.children("children"), alignment: SceneNodeDecoding.alignment(try p.choice("alignment")))
    }

    static let flexLength = PropType.dimension(min: 0, auto: false, infinity: false)
    static let flexOffset = PropType.dimension(min: -100_000, auto: true, infinity: false)

    static let flexItemProps: [PropSpec] = [
        PropSpec("grow", .number(min: 0, max: 100_000), default: 0, "Share of the free space this item takes (CSS flex-grow)."),
        PropSpec("shrink", .number(min: 0, max: 100_000), default: 1, "Share of the overflow this item gives up (CSS flex-shrink)."),
        PropSpec("basis", .dimension(min: 0, auto: true, infinity: false), default: "auto",
                 "Main size before growing and shrinking: points, a percentage of the container, or auto (CSS flex-basis)."),
        PropSpec("alignSelf", .choice(["auto"] + Flex.Align.allCases.map(\.rawValue)), default: "auto",
                 "Overrides the container's alignItems."),
        PropSpec("order", .integer(min: -100_000, max: 100_000), default: 0, "Lays items out in this order (stable; CSS order)."),
        PropSpec("aspectRatio", .number(min: 0.0001, max: 10_000), "Width over height: the other size follows the one known."),
        PropSpec("position", .choice(["relative", "absolute"]), default: "relative",
                 "absolute: out of the flow, placed by insets against the container's padding box."),
        PropSpec("inset", .edges(flexOffset), "Offsets from the container's edges (absolute) or from the item's place (relative); auto where missing. "
                     + "Physical, as CSS left/right: not mirrored right to left."),
        PropSpec("margin", .edges(flexOffset), default: 0, "Outer space; auto margins take free space (CSS margin). Physical, as CSS margin-left/right: not mirrored right to left."),
    ]

    static let flex = SceneComponentType("Flex", summary: "CSS flexbox: a row or column that grows, shrinks and wraps its items.", props: [
        children,
        PropSpec("direction", .choice(Flex.Direction.allCases.map(\.rawValue)), default: "row",
                 "The main axis; a row starts at the leading edge, the right one when layoutDirection is rtl (CSS direction)."),
        PropSpec("justify", .choice(Flex.Justify.allCases.map(\.rawValue)), default: "start", "Placement along the main axis (CSS justify-content)."),
        PropSpec("alignItems", .choice(Flex.Align.allCases.map(\.rawValue)), default: "stretch", "Placement across the main axis."),
        PropSpec("alignContent", .choice(Flex.AlignContent.allCases.map(\.rawValue)), default: "stretch",
                 "Placement of the lines of a wrapping container across the main axis."),
        PropSpec("wrap", .either([.bool, .choice(Flex.Wrap.allCases.map(\.rawValue))]), default: false,
                 "Break items into several lines (true or \"wrap\"; \"wrapReverse\" stacks lines the other way)."),
        PropSpec("gap", flexLength, default: 0, "Points (or a percentage) between items and between lines."),
        PropSpec("rowGap", flexLength, "Between rows: lines of a row, items of a column (overrides gap)."),
        PropSpec("columnGap", flexLength, "Between columns: items of a row, lines of a column (overrides gap)."),
        PropSpec("padding", .insets,
                 "CSS padding: inside the container's size; left/right are physical, leading/trailing follow layoutDirection "
                     + "(padding-inline-start/end)."),
        PropSpec("frame", .object(SceneSpecs.frame),
                 "The container's CSS size and limits (points or percentages of its parent; padding inside)."),
    ], childProps: flexItemProps, childBoxes: true) { p in
        let items = try p.children("children", childSpecs: flexItemProps) { content, child in
            var box = child.box?.style ?? BoxStyle()
            if child.isWritten("aspectRatio") { box.aspectRatio = try child.number("aspectRatio") }
            return AnyComponent(FlexItem(content, item: try flexItem(child), box: box,
                                         contentAlignment: child.box?.alignment ?? .topLeading))
        }
        var style = FlexContainerStyle()
        style.direction = try p.choice("direction", as: Flex.Direction.self) ?? .row
        style.justify = try p.choice("justify", as: Flex.Justify.self) ?? .start
        style.alignItems = try p.choice("alignItems", as: Flex.Align.self) ?? .stretch
        style.alignContent = try p.choice("alignContent", as: Flex.AlignContent.self) ?? .stretch
        if let (r, _) = try p.value("wrap") {
            if case .bool(let b) = r.value {
                style.wrap = b ? .wrap : .noWrap
            } else {
                style.wrap = Flex.Wrap(rawValue: try r.name(of: Flex.Wrap.allCases.map(\.rawValue))) ?? .noWrap
            }
        }
        let gap = try p.dimension("gap") ?? .points(0)
        style.rowGap = try p.dimension("rowGap") ?? gap
        style.columnGap = try p.dimension("columnGap") ?? gap
        var box = BoxStyle()
        if let f = try p.object("frame") { box = try SceneNodeDecoding.cssBox(f).0 }
        box.setPadding(try p.insets("padding") ?? .zero)
        box.clipsContent = try p.boolValue("clip")
        return Flex(items, style: style, box: box)
    }

    /// A Flex child's item options. A prop the child does not write keeps
    /// `FlexItemStyle()`'s value, which is its spec's default (`SceneDecodingTests` holds
    /// the two equal).
    static func flexItem(_ p: SceneProps) throws -> FlexItemStyle {
        var item = FlexItemStyle()
        if p.isWritten("grow") { item.grow = try p.numberValue("grow") }
        if p.isWritten("shrink") { item.shrink = try p.numberValue("shrink") }
        if p.isWritten("basis") { item.basis = try p.dimension("basis") ?? .auto }
        if p.isWritten("alignSelf") { item.alignSelf = try p.choice("alignSelf", as: Flex.Align.self) }
        if p.isWritten("order") { item.order = try p.integerValue("order") }
        if p.isWritten("position") { item.isAbsolute = try p.choice("position") == "absolute" }
        if p.isWritten("inset") { item.insets = try p.edges("inset", missing: .auto) ?? .auto }
        if p.isWritten("margin") { item.margin = try p.edges("margin", missing: .points(0)) ?? .zero }
        return item
    }

    static let spacer = SceneComponentType("Spacer", summary: "Flexible space along its stack's axis.", props: [
        PropSpec("minLength", length, default: 8, "The least space it takes (SwiftUI's system spacing unless given)."),
    ]) { p in
        Spacer(minLength: try p.number("minLength"))
    }

    // MARK: - Text and images

    static let text = SceneComponentType("Text", summary: "A paragraph, measured and wrapped to the width offered.", props: [
        PropSpec("text", .string, "The text (or give spans)."),
        PropSpec("spans", .array(.object(SceneSpecs.span)), "Runs with their own font, colour or shaping settings."),
        PropSpec("font", .object(SceneSpecs.font), "The font (default: Inter, 17 points, regular)."),
        PropSpec("color", .color, default: "primary", "The text colour."),
        PropSpec("alignment", .choice(TextAlignment.allCases.map(\.rawValue)), default: "leading",
                 "Line alignment; leading and trailing follow each paragraph's direction."),
        PropSpec("maxLines", .integer(min: 0, max: 100_000), default: 0, "The most lines shown (0: no limit)."),
        PropSpec("lineSpacing", .number(min: -1_000, max: 1_000), default: 0, "Extra points between lines."),
        PropSpec("lineHeight", .number(min: 0, max: 10_000), "A fixed line height in points."),
        PropSpec("truncation", .choice(TruncationMode.allCases.map(\.rawValue)), default: "end", "Where an ellipsis cuts text that does not fit."),
    ] + SceneSpecs.shapingProps + [
        PropSpec("direction", .choice(TextDirection.allCases.map(\.rawValue)), default: "auto",
                 "Paragraph direction; auto takes it from the first strong character (else the environment's layoutDirection)."),
    ], exclusive: [["text", "spans"]]) { p in
        let font = try p.font("font", base: .system(size: 17)) ?? .system(size: 17)
        var spans: [Text.Span] = []
        if let text = try p.string("text") { spans.append(Text.Span(text)) }
        if p.has("spans") {
            spans = try p.objects("spans") { s in
                var span = Text.Span(try s.stringValue("text"), font: try s.font("font", base: font), color: try s.color("color"))
                span.features = try SceneNodeDecoding.features(s)
                span.letterSpacing = try s.number("letterSpacing")
                span.language = try SceneNodeDecoding.language(s)
                return span
            } ?? []
        }
        guard !spans.isEmpty else { throw p.reader.error("a Text needs text or spans") }
        var style = ParagraphStyle()
        style.alignment = try p.choice("alignment", as: TextAlignment.self) ?? .leading
        style.maxLines = try p.integerValue("maxLines")
        style.lineSpacing = try p.numberValue("lineSpacing")
        style.lineHeight = try p.number("lineHeight")
        style.truncation = try p.choice("truncation", as: TruncationMode.self) ?? .end
        style.direction = try p.choice("direction", as: TextDirection.self) ?? .auto
        var component = Text(spans: spans, font: font, color: try p.color("color") ?? .primary, style: style)
        component.features = try SceneNodeDecoding.features(p) ?? []
        component.letterSpacing = try p.numberValue("letterSpacing")
        component.language = try SceneNodeDecoding.language(p) ?? ""
        try p.context.noteText(component, at: p.reader)
        return component
    }

    static let image = SceneComponentType("Image", summary: "A PNG, JPEG, WebP or SVG image.", props: [
        PropSpec("src", .file, required: true, "PNG, JPEG, WebP or SVG file, relative to the scene file (told apart by content). An SVG stays a vector: drawn at the canvas's scale."),
        PropSpec("width", length, "Width in points (default: from the height and aspect ratio, else the image's)."),
        PropSpec("height", length, "Height in points."),
        PropSpec("contentMode", .choice(Image.ContentMode.allCases.map(\.rawValue)), default: "fit", "How the image fills its box."),
        PropSpec("tint", .color, "Draws every pixel in this colour, keeping its alpha (a template image)."),
        PropSpec("scale", .number(min: 0.1, max: 16), default: 1, "Pixels per point of the file (2 for an @2x image; an SVG has no pixels and ignores it)."),
    ]) { p in
        guard let (path, reader) = try p.file("src") else { throw p.reader.error("missing 'src'") }
        let width = try p.number("width"), height = try p.number("height")
        let mode = try p.choice("contentMode", as: Image.ContentMode.self) ?? .fit
        let scale = try p.numberValue("scale")
        switch try p.context.imageFile(path, reader) {
        case .vector(let document):
            if p.has("tint"), let (r, _) = try p.value("tint") {
                throw r.error("tint applies to PNG, JPEG and WebP images, not to an SVG")
            }
            return AnyComponent(SVGImage(document, width: width, height: height, contentMode: mode))
        case .bitmap(let source):
            return AnyComponent(Image(source, width: width, height: height, contentMode: mode, tint: try p.color("tint"), scale: scale))
        }
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
            stroke = ShapeStroke(paint, width: try s.numberValue("width"), dash: try s.numbers("dash") ?? [],
                                 dashPhase: try s.numberValue("dashPhase"),
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
        return RoundedRectangle(cornerRadius: try p.numberValue("cornerRadius"), smoothCorners: try p.boolValue("smoothCorners"),
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

    static let toggle = SceneComponentType("Toggle", summary: "An on/off switch with a label, drawn by its style (switch or checkbox).", props: [
        PropSpec("isOn", .bool, default: false, "Whether it is on; a tap's onTap actions set it."),
        PropSpec("label", .node, "What the toggle is for, before the switch."),
        PropSpec("enabled", .bool, default: true, "A disabled toggle is drawn at 0.3 opacity and ignores taps."),
        PropSpec("onTap", .actions, default: [], "Timeline actions run when the toggle is tapped."),
    ]) { p in
        let toggle = Toggle(isOn: try p.boolValue("isOn"), label: try p.node("label"), isEnabled: try p.boolValue("enabled"))
        return SceneControl(control: toggle, onTap: try p.actions("onTap") ?? [])
    }

    static let button = SceneComponentType("Button", summary: "A pressable control around its content, drawn by its style.", props: [
        PropSpec("content", .node, required: true, "What the button shows."),
        PropSpec("onTap", .actions, default: [], "Timeline actions run when the button is tapped."),
        PropSpec("insets", .insets, default: 0,
                 "Padding around the content; left/right are physical, leading/trailing follow layoutDirection."),
        PropSpec("minSize", .size, "The least size: [width, height] or one number for both."),
        PropSpec("enabled", .bool, default: true, "A disabled button is drawn at 0.3 opacity and ignores taps."),
        PropSpec("automaticHighlight", .bool, default: true, "Shows the content at 0.6 opacity while pressed."),
    ]) { p in
        guard let content = try p.node("content") else { throw p.reader.error("missing 'content'") }
        // Insets that follow the layout direction pad the content (Button's own are physical).
        let insets = try p.insets("insets") ?? .zero
        let button = Button(content: insets.followsLayoutDirection ? content.padding(insets) : content,
                            insets: insets.followsLayoutDirection ? .zero : insets.insets, minSize: try p.size("minSize"),
                            isEnabled: try p.boolValue("enabled"),
                            automaticHighlight: try p.boolValue("automaticHighlight"))
        return SceneButton(button: button, onTap: try p.actions("onTap") ?? [])
    }
}
