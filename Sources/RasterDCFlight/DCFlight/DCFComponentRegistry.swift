/// DCFlight component types by the name nodes use (`"Button"`, `"Text"`, `"View"`).
public struct DCFComponentRegistry {
    private var types: [String: any DCFComponent.Type] = [:]

    public init() {}

    /// The built-in components: `View`, `Text` and `Button`.
    public static var standard: DCFComponentRegistry {
        var registry = DCFComponentRegistry()
        registry.register("View", DCFViewComponent.self)
        registry.register("Text", DCFTextComponent.self)
        registry.register("Button", DCFButtonComponent.self)
        return registry
    }

    /// Registers (or replaces) the component type for `name`.
    public mutating func register(_ name: String, _ type: any DCFComponent.Type) {
        types[name] = type
    }

    /// The component type registered for `name`.
    public func type(named name: String) -> (any DCFComponent.Type)? {
        types[name]
    }

    /// The registered names, sorted.
    public var names: [String] { types.keys.sorted() }

    /// A direct call to the component type registered for `name` (nil when the type is
    /// unknown or does not handle `method`).
    public func callTunnel(_ name: String, method: String, params: [String: Any]) -> Any? {
        types[name]?.handleTunnelMethod(method, params: params)
    }
}

/// A node of a DCFlight tree: a registered type name, its props and children. `key`
/// keeps a node's view across updates when siblings move (else its position does).
public struct DCFNode {
    /// The name the component type is registered under.
    public var type: String
    /// The props handed to the component (values are JSON-like or closures).
    public var props: [String: Any]
    /// The child nodes, in order.
    public var children: [DCFNode]
    /// Identity among siblings; nil matches by position.
    public var key: String?

    /// A node of the registered type `type`.
    public init(_ type: String, props: [String: Any] = [:], key: String? = nil, children: [DCFNode] = []) {
        self.type = type
        self.props = props
        self.key = key
        self.children = children
    }
}

extension DCFNode {
    /// Equal types, keys, props (`DCFProps.equal`) and children.
    public static func equal(_ a: DCFNode, _ b: DCFNode) -> Bool {
        a.type == b.type && a.key == b.key && DCFProps.equal(a.props, b.props) && a.children.count == b.children.count
            && zip(a.children, b.children).allSatisfy { equal($0, $1) }
    }
}

/// What `DCFTree` refuses.
public enum DCFError: Error, Equatable, CustomStringConvertible {
    /// A node names a type nobody registered.
    case unknownType(String, path: String)
    /// Two children of one node have the same key.
    case duplicateKey(String, path: String)

    public var description: String {
        switch self {
        case .unknownType(let name, let path): return "\(path): unknown component type '\(name)'"
        case .duplicateKey(let key, let path): return "\(path): key '\(key)' is used by an earlier sibling"
        }
    }
}
