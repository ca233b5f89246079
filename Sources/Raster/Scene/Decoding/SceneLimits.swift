import Foundation

/// What a scene may cost, checked before the work it bounds: the tree's size when the
/// file is read (before any node is decoded), the canvas before anything is drawn, and
/// the memory drawing needs once the tree is laid out (before anything is rasterized).
///
/// Every limit of scene rendering is named here once; `render` takes `--max-nodes`,
/// `--max-depth` and `--max-memory` to change them, and each refusal names the limit and
/// how to raise it.
public struct SceneLimits: Hashable, Sendable {
    /// Nodes in the tree (containers, leaves and the nodes timeline inserts add).
    public var nodes: Int
    /// Levels of nesting of nodes.
    public var depth: Int
    /// Bytes of pixel memory drawing may need: the frame, every layer's cached contents
    /// and shadows (an estimate, made before rasterizing).
    public var memory: Int

    public static let `default` = SceneLimits(nodes: 200_000, depth: 100, memory: 2 << 30)

    public init(nodes: Int = SceneLimits.default.nodes, depth: Int = SceneLimits.default.depth,
                memory: Int = SceneLimits.default.memory) {
        self.nodes = nodes
        self.depth = depth
        self.memory = memory
    }

    /// The refusal of a tree with more than `nodes` nodes.
    var tooManyNodes: String { "the scene has more than \(nodes) nodes (raise the limit with --max-nodes)" }
    /// The refusal of a tree nested more than `depth` levels.
    var tooDeep: String { "the tree is nested more than \(depth) levels deep (raise the limit with --max-depth)" }

    /// `bytes` as people read it: "24 GB", "512 MB", "3.5 KB".
    public static func describe(bytes: Int) -> String {
        let units = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)]
        for (name, size) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            return value >= 10 || value == value.rounded() ? "\(Int(value.rounded())) \(name)" : "\(PropType.format((value * 10).rounded() / 10)) \(name)"
        }
        return "\(bytes) bytes"
    }

    /// A size such as `2G`, `512M`, `1.5GB`, `800000000` (bytes), nil when not one.
    public static func parse(bytes text: String) -> Int? {
        var t = text.uppercased().trimmingCharacters(in: .whitespaces)
        if t.hasSuffix("B") { t.removeLast() }
        var factor = 1.0
        if let last = t.last, let f = ["K": 1024.0, "M": 1048576.0, "G": 1073741824.0, "T": 1099511627776.0][String(last)] {
            factor = f
            t.removeLast()
        }
        guard let v = Double(t), v.isFinite, v > 0, v * factor < 9e18 else { return nil }
        return Int(v * factor)
    }
}
