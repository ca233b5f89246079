import RasterCore
import RasterText

/// The props of the scene file's own objects (top level, canvas, environment, the
/// values nodes share, the timeline), as the decoders read them.
public enum SceneSpecs {
    static let alignmentNames = ["center", "topLeading", "top", "topTrailing", "leading", "trailing",
                                 "bottomLeading", "bottom", "bottomTrailing"]
    static let curveNames = ["linear", "easeIn", "easeOut", "easeInOut", "spring", "slide"]
    static let nonNegative = PropType.number(min: 0, max: 100_000)

    // MARK: - Top level

    /// The `canvas` section: output size, scale, background and root alignment.
    public static let canvas = ObjectSpec("canvas", [
        PropSpec("width", .number(min: 1, max: 100_000), required: true, "Width in points."),
        PropSpec("height", .number(min: 1, max: 100_000), required: true, "Height in points."),
        PropSpec("scale", .number(min: 0.1, max: 16), default: 1, "Pixels per point of the output."),
        PropSpec("background", .color, default: "clear", "The colour under everything."),
        PropSpec("alignment", .choice(alignmentNames), default: "topLeading",
                 "Where the root sits when it is smaller than the canvas; leading is the right edge when the environment's layoutDirection is rtl."),
    ])

    /// The `environment` section: theme, layout direction and semantic colours.
    public static let environment = ObjectSpec("environment", [
        PropSpec("theme", .choice(["light", "dark"]), default: "light", "The built-in palette of semantic colours."),
        PropSpec("layoutDirection", .choice(LayoutDirection.allCases.map(\.rawValue)), default: "ltr",
                 "The direction the scene reads in: rtl mirrors stacks, alignments, leading/trailing insets and Flex rows "
                     + "(left/right stay physical), and is the direction of text paragraphs that have no strong character of their own."),
        PropSpec("colors", .map(.color), "Semantic colours by name, replacing the theme's entry by entry or adding names."),
    ])

    /// How an action's change animates: duration and timing curve.
    public static let transition = ObjectSpec("transition", [
        PropSpec("duration", .number(min: 0, max: 3_600), default: 0.25,
                 "Seconds. A spring given by its physics (a `spring` or `bounce` object) runs at its own rate until it "
                     + "settles instead; 0 is immediate."),
        PropSpec("curve", .either([
            .choice(curveNames),
            .object(ObjectSpec("bezierCurve", [
                PropSpec("bezier", .array(.number()), required: true, "[x1, y1, x2, y2]: a cubic timing function."),
            ])),
            .object(ObjectSpec("springCurve", [
                PropSpec("spring", .object(spring), required: true, "A damped spring."),
            ])),
            .object(ObjectSpec("bounceCurve", [
                PropSpec("bounce", .object(spring), required: true, "An underdamped spring."),
            ])),
        ]), default: "easeInOut", "The timing curve."),
    ])

    static let spring = ObjectSpec("spring", [
        PropSpec("stiffness", .number(min: 0.001, max: 100_000), default: 300, "Spring constant."),
        PropSpec("damping", .number(min: 0, max: 100_000), default: 20, "Damping coefficient."),
        PropSpec("mass", .number(min: 0.001, max: 1_000), default: 1, "Mass."),
    ])

    static let insert = ObjectSpec("insert", [
        PropSpec("parent", .string, required: true, "The id of the container to insert into."),
        PropSpec("index", .integer(min: 0, max: 1_000_000), "Position among its children (default: the end)."),
        PropSpec("node", .childNode, required: true, "The node to insert."),
    ])

    /// What every timeline action takes (an event adds `at`).
    static let actionProps: [PropSpec] = [
        PropSpec("set", .map(.props), "Props to merge into the nodes with these ids."),
        PropSpec("insert", .object(insert), "Adds a node to a container's children."),
        PropSpec("remove", .string, "The id of the node to remove."),
        PropSpec("tap", .either([.string, .point]), "Presses the Button at a node's centre (by id) or at a point."),
        PropSpec("press", .either([.string, .point]),
                 "Presses at a node's centre (by id) or at a point and keeps the press down until a 'release' of the same target."),
        PropSpec("release", .either([.string, .point]), "Ends the press made at this target: the Button acts."),
        PropSpec("hold", .object(hold), "A press held down, then released (a held Button repeats its hold action and does not act)."),
        PropSpec("drag", .object(drag), "A pointer dragged in a straight line; the pan gesture where it starts hears it."),
        PropSpec("transition", .object(transition), "How the change animates (absent: immediately)."),
    ]

    static let hold = ObjectSpec("hold", [
        PropSpec("target", .either([.string, .point]), required: true, "A node's id (its centre) or a point [x, y]."),
        PropSpec("duration", .number(min: 0, max: 3_600), default: 0.8, "Seconds the press is held."),
    ])

    static let drag = ObjectSpec("drag", [
        PropSpec("from", .point, required: true, "Where the drag starts, [x, y] in points."),
        PropSpec("to", .point, required: true, "Where it ends."),
        PropSpec("duration", .number(min: 0, max: 3_600), default: 0.3, "Seconds it takes, moving at an even speed."),
    ])

    /// The changes an action makes; it makes exactly one.
    static let changes = ["set", "insert", "remove", "tap", "press", "release", "hold", "drag"]
    /// A timeline action: one change (`set`, `insert`, `remove`, `tap`, `press`, `release`,
    /// `hold` or `drag`) and its transition.
    public static let action = ObjectSpec("action", actionProps, exactlyOne: changes)
    /// A timeline event: an action at a time.
    public static let event = ObjectSpec("event", [
        PropSpec("at", .number(min: 0, max: 86_400), required: true, "Seconds from the start."),
    ] + actionProps, exactlyOne: changes)

    /// The `animation` section: duration, frame rate and events.
    public static let animation = ObjectSpec("animation", [
        PropSpec("duration", .number(min: 0, max: 86_400), default: 1,
                 "Seconds. Absent: 1, or longer when an event or its transition ends later (so a spring is seen to settle), "
                     + "at most 60."),
        PropSpec("fps", .number(min: 1, max: 240), default: 60, "Frames per second."),
        PropSpec("events", .array(.object(event)), default: [], "The changes, each at its time."),
    ])

    /// The top level of a scene file.
    public static let scene = ObjectSpec("scene", [
        PropSpec("$schema", .string, "The JSON Schema the file follows (for editors; `render schema` writes it). Not read."),
        PropSpec("canvas", .object(canvas), required: true, "The output size and background."),
        PropSpec("fonts", .map(.file), "Font files (TTF, OTF, TTC) by family name, relative to the scene file."),
        PropSpec("fontSet", .choice(FontSet.allCases.map(\.rawValue)), default: "system",
                 "Where characters the scene's fonts lack come from: system (installed fonts, through fontconfig) or bundled (only the project's pinned fonts, the same on every machine). --fonts overrides it."),
        PropSpec("environment", .object(environment), "Theme and semantic colours."),
        PropSpec("styles", .map(.either([.string, .array(.string)])),
                 "The style (or stack of styles, outermost last) each stylable type uses."),
        PropSpec("root", .node, required: true, "The component tree."),
        PropSpec("animation", .object(animation), "A timeline of changes."),
    ])

    // MARK: - Values

    /// A font: family, size and weight, each defaulting to the surrounding font's.
    public static let font = ObjectSpec("font", [
        PropSpec("family", .string, "A family registered in `fonts` or bundled (default: Inter)."),
        PropSpec("size", .number(min: 0.1, max: 10_000), "Points (default 17)."),
        PropSpec("weight", .choice(FontWeight.named.map(\.0)), "Weight name (default regular)."),
    ])

    /// An outline: paint, width, dash pattern, caps and joins.
    public static let stroke = ObjectSpec("stroke", [
        PropSpec("paint", .paint, required: true, "The stroke's colour or gradient."),
        PropSpec("width", .number(min: 0, max: 10_000), default: 1, "Line width, centred on the outline."),
        PropSpec("dash", .array(nonNegative), default: [], "On and off lengths."),
        PropSpec("dashPhase", .number(), default: 0, "Offset into the dash pattern."),
        PropSpec("cap", .choice(StrokeStyle.Cap.allCases.map(\.rawValue)), default: "butt", "Line ends."),
        PropSpec("join", .choice(StrokeStyle.Join.allCases.map(\.rawValue)), default: "miter", "Corners."),
    ])

    /// A run of a Text with its own font, colour or shaping.
    public static let span = ObjectSpec("span", [
        PropSpec("text", .string, required: true, "The span's text."),
        PropSpec("font", .object(font), "Changes to the Text's font."),
        PropSpec("color", .color, "The span's colour (default: the Text's)."),
    ] + shapingProps)

    /// What a Text and each of its spans may set for shaping (a span's own replace the
    /// Text's).
    static let shapingProps = [
        PropSpec("features", .features,
                 "OpenType features by four-letter tag on top of the font's defaults, e.g. {\"liga\": false, \"tnum\": true, \"salt\": 2}."),
        PropSpec("letterSpacing", .number(min: -1_000, max: 1_000), default: 0,
                 "Points after every character; when not 0, optional ligatures are off unless features turn them on."),
        PropSpec("language", .language,
                 "BCP 47 language (\"ja\", \"zh-Hant\", \"ar\"): language-specific glyphs, the CJK fallback font and line-breaking tailoring."),
    ]

    static let size = PropType.dimension(min: 0, auto: false, infinity: false)
    static let maxSize = PropType.dimension(min: 0, auto: false, infinity: true)

    /// Outside a Flex, SwiftUI's `.frame`; inside one (and on a Flex itself), CSS sizes
    /// of the border box, where percentages of the container are allowed.
    public static let frame = ObjectSpec("frame", [
        PropSpec("width", size, "Fixed width (in a Flex: CSS width, a number or a percentage)."),
        PropSpec("height", size, "Fixed height (in a Flex: CSS height)."),
        PropSpec("minWidth", size, "Smallest width."),
        PropSpec("maxWidth", maxSize, "Largest width; \"infinity\" takes all the width offered."),
        PropSpec("minHeight", size, "Smallest height."),
        PropSpec("maxHeight", maxSize, "Largest height; \"infinity\" takes all the height offered."),
        PropSpec("alignment", .choice(alignmentNames), default: "center",
                 "Where the content sits in the frame (in a Flex item: in its content box, default topLeading); "
                     + "leading and trailing follow layoutDirection."),
    ])

    /// A node's `border`.
    public static let border = ObjectSpec("border", [
        PropSpec("color", .color, required: true, "Line colour."),
        PropSpec("width", .number(min: 0, max: 10_000), default: 1, "Line width, inside the edge."),
    ])

    /// A node's `shadow`.
    public static let shadow = ObjectSpec("shadow", [
        PropSpec("color", .color, default: "#000000", "Shadow colour."),
        PropSpec("radius", .number(min: 0, max: 1_000), default: 3, "CSS blur radius (a Gaussian with σ = radius / 2)."),
        PropSpec("offset", .point, default: [0, 0], "Shift in points."),
        PropSpec("opacity", .number(min: 0, max: 1), default: 0.33, "Multiplies the colour's alpha."),
    ])

    /// A node's `appear` or `disappear`: the scale, opacity and shift it enters from or
    /// leaves to.
    public static let enterExit = ObjectSpec("enterExit", [
        PropSpec("scale", .either([.bool, .number(min: 0, max: 1_000)]),
                 "true: from/to scale 0.01; a number: from/to that scale."),
        PropSpec("alpha", .bool, "true: from/to opacity 0."),
        PropSpec("opacity", .number(min: 0, max: 1), "From/to this opacity."),
        PropSpec("offset", .point, "From/to this shift in points."),
    ])

    static let linear = ObjectSpec("linearGradient", [
        PropSpec("angle", .number(), default: 180, "CSS angle in degrees: 0 points up, 90 right."),
        PropSpec("stops", .stops, required: true, "[[color, location], ...]."),
    ])
    static let radial = ObjectSpec("radialGradient", [
        PropSpec("center", .point, default: [0.5, 0.5], "Unit coordinates of the node's bounds."),
        PropSpec("radius", .number(min: 0, max: 1_000), default: 0.5, "In units of the larger side."),
        PropSpec("focal", .point, "Focal point (default: the centre)."),
        PropSpec("stops", .stops, required: true, "[[color, location], ...]."),
    ])
    static let conic = ObjectSpec("conicGradient", [
        PropSpec("center", .point, default: [0.5, 0.5], "Unit coordinates of the node's bounds."),
        PropSpec("angle", .number(), default: 0, "Start angle in degrees: 0 points up, clockwise."),
        PropSpec("stops", .stops, required: true, "[[color, location], ...]."),
    ])
    /// The gradient forms of a paint, by their key.
    static let gradients: [(String, ObjectSpec)] = [("linear", linear), ("radial", radial), ("conic", conic)]

    /// The props every node takes, whatever its type.
    public static let common: [PropSpec] = [
        PropSpec("type", .string, required: true, "The node type."),
        PropSpec("id", .string, "Stable identity; needed to target the node from the timeline."),
        PropSpec("padding", .insets,
                 "Space around the content, inside the frame: left/right (and [top, left, bottom, right]) are physical, "
                     + "leading/trailing follow layoutDirection."),
        PropSpec("frame", .object(frame), "A fixed or limited size."),
        PropSpec("fixedSize", .either([.bool, .choice(["horizontal", "vertical"])]), default: false,
                 "Takes its ideal size on both axes (true) or one, whatever is proposed."),
        PropSpec("layoutPriority", .number(min: -1_000, max: 1_000), default: 0,
                 "Stacks serve higher priorities first; lower ones get their minimum until then."),
        PropSpec("offset", .point, default: [0, 0], "A shift after layout, in points (physical: a positive x moves right in either layout direction)."),
        PropSpec("opacity", .number(min: 0, max: 1), default: 1, "Group opacity of the node and its subtree."),
        PropSpec("scale", .number(min: 0, max: 1_000), default: 1, "Scale about the centre, after layout."),
        PropSpec("rotation", .number(min: -36_000, max: 36_000), default: 0, "Degrees clockwise about the centre."),
        PropSpec("background", .paint, "Painted under the content, in the frame box."),
        PropSpec("cornerRadius", .number(min: 0, max: 100_000), default: 0,
                 "Rounds the background, border and clip (and the shape of a RoundedRectangle)."),
        PropSpec("smoothCorners", .bool, default: false, "Continuous (squircle) corners."),
        PropSpec("clip", .bool, default: false, "Clips the subtree to the (rounded) frame box."),
        PropSpec("border", .object(border), "A line along the inside of the frame box."),
        PropSpec("shadow", .object(shadow), "A blurred shadow of the node and its subtree."),
        PropSpec("hidden", .bool, default: false, "Not drawn (still laid out)."),
        PropSpec("appear", .object(enterExit),
                 "How the node enters when inserted. In a VStack or HStack it scales and fades in unless this says "
                     + "otherwise ({} for no transition)."),
        PropSpec("disappear", .object(enterExit),
                 "How the node leaves when removed. In a VStack or HStack it scales and fades out unless this says "
                     + "otherwise ({} for no transition)."),
        PropSpec("style", .either([.string, .array(.string)]),
                 "Style name(s) for stylable components in this subtree, outermost last."),
        PropSpec("layoutDirection", .choice(LayoutDirection.allCases.map(\.rawValue)),
                 "The direction this subtree reads in (default: the parent's): rtl mirrors stacks, alignments, "
                     + "leading/trailing insets and Flex rows; left/right insets, Flex margins and insets, offsets and "
                     + "drawings stay physical."),
        PropSpec("flipsForRightToLeftLayoutDirection", .bool, default: false,
                 "Draws the node mirrored when its layout direction is rtl (Text, shapes, images and paths are not otherwise)."),
    ]
}
