import Foundation

/// What a scene may cost, checked before the work it bounds: the tree's size when the
/// file is read (before any node is decoded), the canvas before anything is drawn, and
/// the memory and pixels drawing needs once the tree is laid out (before anything is
/// rasterized).
///
/// The defaults keep a scene at the limits to about 2 s and 2 GB on a 2-core machine:
/// decoding, laying out and drawing costs 20 to 60 µs per node and about 3 ns per pixel
/// rasterized and composited.
///
/// Every limit of scene rendering is named here once; `render` takes `--max-nodes`,
/// `--max-depth`, `--max-memory`, `--max-pixels` and `--max-characters` to change them, and each refusal
/// names the limit and how to raise it. The fixed limits of reading a file (`maxNesting`,
/// `maxYAMLValues`) are here too; the canvas and every decoded image are capped at
/// `Bitmap.maxImagePixels`, and SVG documents by `SVGDocument`'s sides.
public struct SceneLimits: Hashable, Sendable {
    /// Nodes in the tree (containers, leaves and the nodes timeline inserts add).
    public var nodes: Int
    /// Levels of nesting of nodes.
    public var depth: Int
    /// Bytes of pixel memory drawing may need: the frame, the layers' contents rasters
    /// (as many as the compositor keeps, plus the one being drawn) and shadows (an
    /// estimate, made before rasterizing).
    public var memory: Int
    /// Pixels drawing one frame rasterizes: the frame, every layer's contents raster and
    /// every shadow (an estimate, made before rasterizing). It bounds the time drawing
    /// takes, which memory alone does not (a raster is drawn and dropped when the
    /// compositor's cache is full).
    public var pixels: Int
    /// Characters (Unicode scalars) of all the scene's texts together. Shaping, breaking
    /// and setting text costs about 3 µs per character, which the node count does not
    /// bound (one Text can hold a book).
    public var characters: Int

    /// 30 000 nodes, 100 levels, 2 GB, 500 million pixels and 250 000 characters.
    public static let `default` = SceneLimits(nodes: 30_000, depth: 100, memory: 2 << 30, pixels: 500_000_000,
                                              characters: 250_000)

    /// Each limit not given keeps its default.
    public init(nodes: Int = SceneLimits.default.nodes, depth: Int = SceneLimits.default.depth,
                memory: Int = SceneLimits.default.memory, pixels: Int = SceneLimits.default.pixels,
                characters: Int = SceneLimits.default.characters) {
        self.nodes = nodes
        self.depth = depth
        self.memory = memory
        self.pixels = pixels
        self.characters = characters
    }

    /// Levels of nesting of arrays and objects in a scene file (JSON or YAML), refused
    /// while parsing, before the tree's own `depth` is counted.
    public static let maxNesting = 512
    /// Values a YAML document may expand to: aliases can repeat a subtree many times
    /// over, so a small file can describe a huge tree.
    public static let maxYAMLValues = 1_000_000

    /// The refusal of a tree with more than `nodes` nodes.
    package var tooManyNodes: String { "the scene has more than \(nodes) nodes (raise the limit with --max-nodes)" }
    /// The refusal of texts of more than `characters` characters in all.
    var tooManyCharacters: String {
        "the scene's texts have more than \(SceneLimits.describe(count: characters)) characters (raise the limit with --max-characters)"
    }
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

    /// A count as people read it: "1.2 billion", "500 million", "75,000".
    public static func describe(count: Int) -> String {
        for (name, size) in [("billion", 1_000_000_000.0), ("million", 1_000_000.0)] where Double(count) >= size {
            let value = Double(count) / size
            return "\(value >= 10 || value == value.rounded() ? "\(Int(value.rounded()))" : PropType.format((value * 10).rounded() / 10)) \(name)"
        }
        return count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }

    /// A count such as `500M`, `2G`, `1.5G`, `750000` (thousands, millions, billions),
    /// nil when not one.
    public static func parse(count text: String) -> Int? {
        var t = text.uppercased().trimmingCharacters(in: .whitespaces)
        var factor = 1.0
        if let last = t.last, let f = ["K": 1e3, "M": 1e6, "G": 1e9][String(last)] {
            factor = f
            t.removeLast()
        }
        guard let v = Double(t), v.isFinite, v > 0, v * factor < 9e18, (v * factor).rounded() >= 1 else { return nil }
        return Int((v * factor).rounded())
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
