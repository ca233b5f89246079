import RasterComponents

/// A node type of scene files: its name, its props and how a node becomes a component.
///
/// The decode closure reads the node's own props through `SceneProps` (only those in
/// `props`); the props every node takes (`padding`, `frame`, `background`, ...) are
/// applied around the component it returns. A type that declares a common prop itself
/// (a RoundedRectangle's `cornerRadius`) takes it over.
public struct SceneComponentType: Sendable {
    /// The name nodes give in `type`.
    public let name: String
    /// One sentence for `render components` and the schema.
    public let summary: String
    /// The type's own props, read by its decode closure.
    public let props: [PropSpec]
    /// Props the children of this type take from it (a Flex item's `grow`).
    public let childProps: [PropSpec]
    /// True when the children's `padding` and `frame` are CSS boxes this type lays out
    /// (a Flex's items), read into `SceneProps.box` for its `children` wrapper, instead
    /// of SwiftUI's padding and frame around each child.
    public let childBoxes: Bool
    let decode: @Sendable (SceneProps) throws -> AnyComponent<Empty>

    /// Groups of props of which a node may set at most one (a Text's `text` and
    /// `spans`); the decoder refuses two of a group, and the schema says so.
    public let exclusive: [[String]]

    /// A type whose nodes `decode` turns into a `C`; the other arguments set the
    /// properties of the same name.
    public init<C: Component>(_ name: String, summary: String, props: [PropSpec], childProps: [PropSpec] = [],
                              childBoxes: Bool = false, exclusive: [[String]] = [],
                              decode: @escaping @Sendable (SceneProps) throws -> C)
        where C.EnvironmentType == Empty, C: SendableMetatype {
        self.name = name
        self.summary = summary
        self.props = props
        self.childProps = childProps
        self.childBoxes = childBoxes
        self.exclusive = exclusive
        let own = Set(props.map(\.name))
        let commonNames = Set(SceneSpecs.common.map(\.name))
        overriddenCommonNames = own.intersection(commonNames)
        allProps = props + SceneSpecs.common.filter { !own.contains($0.name) }
        propTable = PropTable(allProps)
        nodePropNames = allProps.filter(\.type.holdsNodes).map(\.name)
        self.decode = { AnyComponent(try decode($0)) }
    }

    /// The props a node of this type takes: its own, then the common ones it does not
    /// declare itself.
    public let allProps: [PropSpec]
    /// `allProps` indexed by name.
    let propTable: PropTable
    /// The props whose values are nodes (`children`, `content`...), in `allProps` order.
    let nodePropNames: [String]
    /// The common props it declares itself (most types: none).
    let overriddenCommonNames: Set<String>

    /// Whether the type takes the common prop `name` as common (does not declare it
    /// itself). Free of hashing for the many types that take over none.
    @inline(__always)
    func takesAsCommon(_ name: String) -> Bool {
        overriddenCommonNames.isEmpty || !overriddenCommonNames.contains(name)
    }
}

/// The named styles of one stylable component type, as scene files name them
/// (`"styles": {"Button": ["filled"]}`, a node's `"style": "bordered"`).
public struct SceneStyleFamily: Sendable {
    /// The node type the styles apply to (`"Button"`).
    public let typeName: String
    /// The style names, in the order given.
    public let names: [String]
    let change: @Sendable ([String]) -> EnvironmentOverride.Change

    /// `styles` maps each name to its style; a stack of names becomes a stack of styles
    /// (innermost first, so the last name wraps the others).
    public init<C: Stylable & SendableMetatype>(_ type: C.Type, typeName: String,
                                      styles: [(String, @Sendable () -> AnyComponentStyle<C>)]) {
        self.typeName = typeName
        names = styles.map(\.0)
        let table = styles
        change = { names in
            let stack = names.compactMap { name in table.first { $0.0 == name }.map { $0.1() } }
            return .styles(stack)
        }
    }
}

/// Scene node types by name. `SceneRegistry.standard` holds the built-ins; register a
/// type of your own and scene files can use it:
///
/// ```swift
/// var registry = SceneRegistry.standard
/// registry.register(SceneComponentType("Badge", summary: "A pill with a title.", props: [
///     PropSpec("title", .string, required: true, "The label."),
/// ]) { props in Badge(title: try props.stringValue("title")) })
/// let scene = try SceneDecoder(registry: registry).decode(contentsOf: "card.json")
/// ```
public struct SceneRegistry: Sendable {
    /// Node types by name.
    public private(set) var types: [String: SceneComponentType] = [:]
    /// Style families by the node type they style.
    public private(set) var styles: [String: SceneStyleFamily] = [:]

    public init() {}

    /// Adds `type`, replacing a type of the same name.
    public mutating func register(_ type: SceneComponentType) {
        types[type.name] = type
    }

    /// Adds the named styles of a stylable type.
    public mutating func register(_ family: SceneStyleFamily) {
        styles[family.typeName] = family
    }

    /// The type names, sorted.
    public var typeNames: [String] { types.keys.sorted() }
}
