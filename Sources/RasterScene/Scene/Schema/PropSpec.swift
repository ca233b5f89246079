import RasterCore

/// The kind of value a scene prop takes. One description serves three readers: the
/// decoders (which read every value through it, so ranges and choices live here only),
/// `render components` and the JSON Schema of scene files.
public indirect enum PropType: Sendable {
    /// A number, optionally limited to `min...max`.
    case number(min: Double? = nil, max: Double? = nil)
    /// A whole number in `min...max`.
    case integer(min: Int, max: Int)
    case bool
    case string
    /// One of the given names.
    case choice([String])
    /// A BCP 47 language tag (`"ja"`, `"zh-Hant"`): letters, then subtags of letters and
    /// digits joined by '-' (`SceneValues.languagePattern`).
    case language
    /// `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"`, `"clear"` or a semantic colour name.
    case color
    /// A colour or a gradient object (`linear`, `radial`, `conic`).
    case paint
    /// A number, `[top, left, bottom, right]` or an object with those keys.
    case insets
    /// `[x, y]`.
    case point
    /// `[width, height]`.
    case size
    /// Gradient stops: `[[color, location], ...]`, locations 0...1.
    case stops
    /// A length that may also be `"infinity"` (take all the room offered).
    case length
    /// A CSS length: points (at least `min`) or a percentage (`"50%"`), optionally also
    /// `"auto"` and `"infinity"`.
    case dimension(min: Double, auto: Bool, infinity: Bool)
    /// One value of `element` for all four edges, `[top, left, bottom, right]`, or an
    /// object with those keys (missing keys take the edge's default).
    case edges(PropType)
    /// One scene node.
    case node
    /// A node whose container is known only when it is used (a timeline insert): it may
    /// take the child props of any container.
    case childNode
    /// A list of scene nodes.
    case nodes
    /// A list of timeline actions (`set`, `insert`, `remove`, `tap`).
    case actions
    /// A file path, relative to the scene file.
    case file
    /// An object with its own props; `name` is its definition in the JSON Schema.
    case object(ObjectSpec)
    /// A list of values of one type.
    case array(PropType)
    /// An object whose keys are free (names chosen by the scene) and whose values have one type.
    case map(PropType)
    /// OpenType feature settings: four-letter tags to true, false or a number 0...65535.
    case features
    /// An object of node props (checked against the node it is applied to).
    case props
    /// Any of several forms.
    case either([PropType])

    /// A short human description, as `render components` prints it.
    public var summary: String {
        switch self {
        case .number(let lo, let hi):
            switch (lo, hi) {
            case let (lo?, hi?): return "number \(PropType.format(lo))...\(PropType.format(hi))"
            case let (lo?, nil): return "number ≥ \(PropType.format(lo))"
            case let (nil, hi?): return "number ≤ \(PropType.format(hi))"
            default: return "number"
            }
        case .integer(let lo, let hi): return "integer \(lo)...\(hi)"
        case .bool: return "bool"
        case .string: return "string"
        case .language: return "BCP 47 tag"
        case .choice(let names): return names.joined(separator: "|")
        case .color: return "color"
        case .paint: return "paint"
        case .insets: return "insets"
        case .point: return "[x, y]"
        case .size: return "[width, height]"
        case .stops: return "[[color, location]]"
        case .length: return "number or \"infinity\""
        case .dimension(_, let auto, let infinity):
            return "number or \"N%\"" + (auto ? " or \"auto\"" : "") + (infinity ? " or \"infinity\"" : "")
        case .edges(let element): return "edges of \(element.summary)"
        case .node, .childNode: return "node"
        case .nodes: return "[node]"
        case .actions: return "[action]"
        case .file: return "file path"
        case .object(let spec): return spec.name
        case .array(let element): return "[\(element.summary)]"
        case .map(let value): return "{name: \(value.summary)}"
        case .features: return "{tag: bool or integer}"
        case .props: return "{prop: value}"
        case .either(let forms): return forms.map(\.summary).joined(separator: " or ")
        }
    }

    /// A number as people write it: whole numbers without a fraction.
    public static func format(_ d: Double) -> String { NumberText.written(d) }
}

/// One prop of a node type or of an object value.
public struct PropSpec: Sendable {
    /// The key the prop is written under.
    public var name: String
    /// The kind of value it takes.
    public var type: PropType
    /// The value used when the prop is absent (decoded like a written value, so the
    /// documented default is the real one); nil when absence means "not set".
    public var defaultValue: JSONValue?
    /// True when the object must write the prop.
    public var required: Bool
    /// One sentence for `render components` and the schema's `description`.
    public var summary: String

    /// A prop named `name` of `type`, described by `summary`.
    public init(_ name: String, _ type: PropType, default defaultValue: JSONValue? = nil, required: Bool = false,
                _ summary: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.required = required
        self.summary = summary
    }
}

/// The props of an object value (a font, a stroke, a shadow...), named for the schema.
public struct ObjectSpec: Sendable {
    /// The object's definition name in the JSON Schema and in messages.
    public var name: String
    /// Every prop the object takes.
    public var props: [PropSpec]
    /// Props of which exactly one must be given (a timeline action's change).
    public var exactlyOne: [String]

    /// An object named `name` taking `props`.
    public init(_ name: String, _ props: [PropSpec], exactlyOne: [String] = []) {
        self.name = name
        self.props = props
        self.exactlyOne = exactlyOne
    }

    public subscript(_ name: String) -> PropSpec? { props.first { $0.name == name } }
}
