import RasterComponents

/// A node type of scene files: its name, its props and how a node becomes a component.
///
/// The decode closure reads the node's own props through `SceneProps` (only those in
/// `props`); the props every node takes (`padding`, `frame`, `background`, ...) are
/// applied around the component it returns. A type that declares a common prop itself
/// (a RoundedRectangle's `cornerRadius`) takes it over.
public struct SceneComponentType: Sendable {
    /// The type's parts, shared by its copies (a decoder looks a type up per node).
    private let parts: Parts

    /// Invariant: set once, when the type is made.
    private final class Parts: Sendable {
        let name: String
        let summary: String
        let props: [PropSpec]
        let childProps: [PropSpec]
        let childBoxes: Bool
        let decode: @Sendable (SceneProps) throws -> AnyComponent<Empty>
        let exclusive: [[String]]
        let allProps: [PropSpec]
        let propTable: PropTable
        let nodePropNames: [String]
        let overriddenCommonNames: Set<String>

        init(name: String, summary: String, props: [PropSpec], childProps: [PropSpec], childBoxes: Bool,
             exclusive: [[String]], decode: @escaping @Sendable (SceneProps) throws -> AnyComponent<Empty>) {
            self.name = name
            self.summary = summary
            self.props = props
            self.childProps = childProps
            self.childBoxes = childBoxes
            self.exclusive = exclusive
            self.decode = decode
            let own = Set(props.map(\.name))
            let commonNames = Set(SceneSpecs.common.map(\.name))
            overriddenCommonNames = own.intersection(commonNames)
            allProps = props + SceneSpecs.common.filter { !own.contains($0.name) }
            propTable = PropTable(allProps)
            nodePropNames = allProps.filter(\.type.holdsNodes).map(\.name)
        }
    }

    /// The name nodes give in `type`.
    public var name: String { parts.name }
    /// One sentence for `render components` and the schema.
    public var summary: String { parts.summary }
    /// The type's own props, read by its decode closure.
    public var props: [PropSpec] { parts.props }
    /// Props the children of this type take from it (a Flex item's `grow`).
    public var childProps: [PropSpec] { parts.childProps }
    /// True when the children's `padding` and `frame` are CSS boxes this type lays out
    /// (a Flex's items), read into `SceneProps.box` for its `children` wrapper, instead
    /// of SwiftUI's padding and frame around each child.
    public var childBoxes: Bool { parts.childBoxes }
    var decode: @Sendable (SceneProps) throws -> AnyComponent<Empty> { parts.decode }

    /// Groups of props of which a node may set at most one (a Text's `text` and
    /// `spans`); the decoder refuses two of a group, and the schema says so.
    public var exclusive: [[String]] { parts.exclusive }

    /// A type whose nodes `decode` turns into a `C`; the other arguments set the
    /// properties of the same name.
    public init<C: Component>(_ name: String, summary: String, props: [PropSpec], childProps: [PropSpec] = [],
                              childBoxes: Bool = false, exclusive: [[String]] = [],
                              decode: @escaping @Sendable (SceneProps) throws -> C)
        where C.EnvironmentType == Empty, C: SendableMetatype {
        parts = Parts(name: name, summary: summary, props: props, childProps: childProps, childBoxes: childBoxes,
                      exclusive: exclusive, decode: { AnyComponent(try decode($0)) })
    }

    /// The props a node of this type takes: its own, then the common ones it does not
    /// declare itself.
    public var allProps: [PropSpec] { parts.allProps }
    /// `allProps` indexed by name.
    var propTable: PropTable { parts.propTable }
    /// The props whose values are nodes (`children`, `content`...), in `allProps` order.
    var nodePropNames: [String] { parts.nodePropNames }
    /// The common props it declares itself (most types: none).
    var overriddenCommonNames: Set<String> { parts.overriddenCommonNames }

    /// Whether the type takes the common prop `name` as common (does not declare it
    /// itself). Free of hashing for the many types that take over none.
    @inline(__always)
    func takesAsCommon(_ name: String) -> Bool {
        parts.overriddenCommonNames.isEmpty || !parts.overriddenCommonNames.contains(name)
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
