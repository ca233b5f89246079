/// A width and a height. Negative values are allowed as intermediate results;
/// layout clamps where a size must be non-negative.
public struct Size: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// Horizontal extent, in the units of the coordinate space.
    public var width: Double
    /// Vertical extent, in the units of the coordinate space.
    public var height: Double

    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size of `width` × `height`, without argument labels.
    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    /// No extent: 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(width)x\(height)" }
}
