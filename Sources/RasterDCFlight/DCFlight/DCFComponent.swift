import RasterCore
import RasterComponents

/// A native component of the DCFlight article's protocol: a type, registered by name,
/// that makes a view from a props dictionary, updates it with new props, measures it
/// for layout and takes the frame the layout gives it. `DCFTree` drives it.
///
/// Semantic colours: `primaryColor`, `secondaryColor`, `tertiaryColor` and
/// `accentColor` are in every node's props (a `DCFTree` fills the ones a node does not
/// set from its theme, as DCFlight's StyleSheet does); components apply them in both
/// `createView` and `updateView`.
public protocol DCFComponent {
    /// Makes a component; a `DCFTree` makes one per mounted node.
    init()
    /// Makes the view for a node from its first props.
    func createView(props: [String: Any]) -> ComponentView
    /// Brings `view` up to date with `props`; true when the view changed.
    func updateView(_ view: ComponentView, withProps props: [String: Any]) -> Bool
    /// Takes the frame the layout computed (relative to the parent's view).
    func applyLayout(_ view: ComponentView, layout: YGNodeLayout)
    /// The size the view's content needs (at least 1 x 1).
    func getIntrinsicSize(_ view: ComponentView, forProps props: [String: Any]) -> Size
    /// Called once the view is part of the tree, with its node's id.
    func viewRegisteredWithShadowTree(_ view: ComponentView, nodeId: String)
    /// A direct call to the component type (DCFlight's tunnel), nil when unsupported.
    static func handleTunnelMethod(_ method: String, params: [String: Any]) -> Any?
    /// Applies a whole props dictionary to `view` for `updateViewWithMerging` (whose
    /// `updateView` calls it); the default applies nothing and returns false.
    func applyProps(_ view: ComponentView, props: [String: Any]) -> Bool
}

public extension DCFComponent {
    func applyLayout(_ view: ComponentView, layout: YGNodeLayout) {
        view.frame = Rect(x: layout.left, y: layout.top, width: layout.width, height: layout.height)
    }

    func viewRegisteredWithShadowTree(_ view: ComponentView, nodeId: String) {}

    static func handleTunnelMethod(_ method: String, params: [String: Any]) -> Any? { nil }

    func applyProps(_ view: ComponentView, props: [String: Any]) -> Bool { false }

    /// Keeps `props` with the view (read back by `getStoredProps`).
    func storeProps(_ props: [String: Any?], in view: ComponentView) {
        view.dcfInfo.props = props.compactMapValues { $0 }
    }

    /// The props last stored with the view.
    func getStoredProps(_ view: ComponentView) -> [String: Any] {
        view.dcfInfo.props
    }

    /// Merges `props` into the stored ones (a nil value removes the key), stores the
    /// result and applies it whole (`applyProps`), so a component whose `updateView`
    /// calls this sees every prop even when only some changed.
    func updateViewWithMerging(_ view: ComponentView, withProps props: [String: Any?]) -> Bool {
        var merged = view.dcfInfo.props
        for (key, value) in props { merged[key] = value }
        view.dcfInfo.props = merged
        return applyProps(view, props: merged)
    }

    /// Sends an event by name from `view` to its node's listeners: the tree's `onEvent`
    /// and a handler in the node's props under `eventName`.
    func propagateEvent(on view: ComponentView, eventName: String, data: [String: Any] = [:]) {
        view.dcfInfo.tree?.dispatch(from: view, eventName: eventName, data: data)
    }

    /// Whether `key` differs between two props dictionaries (`DCFProps.equal`).
    func hasPropChanged(_ key: String, _ existingProps: [String: Any], _ props: [String: Any]) -> Bool {
        !DCFProps.equal(existingProps[key], props[key])
    }

    /// True when the only props that differ are semantic colours (a theme change).
    func onlySemanticColorsChanged(_ existingProps: [String: Any], _ props: [String: Any]) -> Bool {
        let keys = Set(existingProps.keys).union(props.keys)
        let changed = keys.filter { hasPropChanged($0, existingProps, props) }
        return !changed.isEmpty && changed.allSatisfy { DCFProps.semanticColorKeys.contains($0) }
    }
}

/// A node's frame from the layout, relative to its parent (Yoga's `YGNodeLayout`).
public struct YGNodeLayout: Equatable, Sendable {
    /// Distance from the parent's left edge.
    public var left: Double
    /// Distance from the parent's top edge.
    public var top: Double
    /// The node's width.
    public var width: Double
    /// The node's height.
    public var height: Double

    /// A frame from its origin (relative to the parent) and size.
    public init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}

/// What a view made by a `DCFComponent` keeps: its props, node id and tree.
final class DCFViewInfo {
    var props: [String: Any] = [:]
    var nodeId: String?
    weak var tree: DCFTree?
}

public extension ComponentView {
    /// The props a DCFlight tree last gave the view (empty for other views).
    var dcfProps: [String: Any] { (dcfStorage as? DCFViewInfo)?.props ?? [:] }
}

extension ComponentView {
    /// The DCFlight bookkeeping of the view (made on first use).
    var dcfInfo: DCFViewInfo {
        if let info = dcfStorage as? DCFViewInfo { return info }
        let info = DCFViewInfo()
        dcfStorage = info
        return info
    }
}

/// Props dictionaries: comparison and the semantic colour names.
public enum DCFProps {
    /// The prop names of the semantic colours every node gets from the theme.
    public static let semanticColorKeys: Set<String> = ["primaryColor", "secondaryColor", "tertiaryColor", "accentColor"]

    /// Equal when both are absent, or both are equal strings, numbers, booleans, or
    /// arrays and dictionaries of those; closures and other values compare by presence.
    public static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case let (x as String, y as String): return x == y
        case let (x as Bool, y as Bool): return x == y
        case let (x as Int, y as Int): return x == y
        case let (x as Double, y as Double): return x == y
        case let (x as Int, y as Double): return Double(x) == y
        case let (x as Double, y as Int): return x == Double(y)
        case let (x as [Any], y as [Any]): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case let (x as [String: Any], y as [String: Any]):
            return Set(x.keys) == Set(y.keys) && x.allSatisfy { equal($0.value, y[$0.key]) }
        case let (x?, y?): return type(of: x) == type(of: y)
        }
    }

    /// Equal props dictionaries.
    public static func equal(_ a: [String: Any], _ b: [String: Any]) -> Bool {
        equal(a as Any?, b as Any?)
    }

    /// A number prop as a `Double` (JSON numbers come as either).
    public static func number(_ value: Any?) -> Double? {
        switch value {
        case let d as Double: return d.isFinite ? d : nil
        case let i as Int: return Double(i)
        default: return nil
        }
    }
}

/// Colour strings of props (DCFlight's `ColorUtilities`).
public enum ColorUtilities {
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else (props never crash).
    public static func color(fromHexString string: String) -> Color? {
        Color(hex: string)
    }

    /// `#RRGGBBAA` for `color` (alpha written even when opaque, unlike `Color.hexString`).
    public static func hexString(_ color: Color) -> String {
        color.a == 255 ? color.hexString + "FF" : color.hexString
    }
}
