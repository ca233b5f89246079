/// An axis-aligned rectangle: origin (top-left for non-negative sizes) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner at (`x`, `y`); the top-left one when the size is non-negative.
    public var origin: Point
    /// Extent from `origin`; a negative component extends left or up.
    public var size: Size

    /// The rectangle at `origin` extending by `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle at (x, y) extending by `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// `Rect(x:y:width:height:)` without argument labels.
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }

    /// The smallest rectangle holding both corners.
    public init(corners a: Point, _ b: Point) {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        self.init(x: x0, y: y0, width: max(a.x, b.x) - x0, height: max(a.y, b.y) - y0)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// `origin.x`: the left edge when the width is non-negative.
    public var x: Double { origin.x }
    /// `origin.y`: the top edge when the height is non-negative.
    public var y: Double { origin.y }
    /// `size.width`; may be negative (see `minX`, `maxX`).
    public var width: Double { size.width }
    /// `size.height`; may be negative (see `minY`, `maxY`).
    public var height: Double { size.height }
    /// Left edge, whatever the sign of the width.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// Top edge (y grows down), whatever the sign of the height.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// Right edge, whatever the sign of the width.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// Bottom edge, whatever the sign of the height.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// Horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre point (`midX`, `midY`).
    public var center: Point { Point(x: midX, y: midY) }

    /// True when the rectangle encloses no area.
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    public var description: String { "(\(x), \(y), \(width), \(height))" }

    /// The rectangle grown by `insets` (negative insets shrink it).
    public func outset(by insets: EdgeInsets) -> Rect {
        Rect(x: x - insets.left, y: y - insets.top,
             width: width + insets.left + insets.right, height: height + insets.top + insets.bottom)
    }

    /// The rectangle shrunk by `insets`.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    /// Shrunk by `dx` on the left and right and `dy` on the top and bottom (negative values
    /// grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The same rectangle moved by (`dx`, `dy`).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The overlap of two rectangles, or `nil` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// True when `p` is inside, half-open: the min edges count as inside, the max edges not.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
}

/// An integer pixel rectangle, half-open: columns `x0..<x1`, rows `y0..<y1`.
/// Invariant: `x0 <= x1` and `y0 <= y1`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// First column, inclusive.
    public var x0: Int
    /// First row, inclusive.
    public var y0: Int
    /// Column after the last, exclusive; at least `x0`.
    public var x1: Int
    /// Row after the last, exclusive; at least `y0`.
    public var y1: Int

    /// Keeps the invariant: an `x1` below `x0` (or `y1` below `y0`) is raised to it.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = max(x0, x1)
        self.y1 = max(y0, y1)
    }

    /// `width` columns and `height` rows from (x, y); negative sizes become 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x0: x, y0: y, x1: x + max(0, width), y1: y + max(0, height))
    }

    /// Number of columns; never negative.
    public var width: Int { x1 - x0 }
    /// Number of rows; never negative.
    public var height: Int { y1 - y0 }
    /// True when the rectangle holds no pixel.
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    public var description: String { "[\(x0), \(y0)) to [\(x1), \(y1))" }

    /// The pixels in both; empty when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0),
                  x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The smallest rectangle holding both; an empty rectangle is ignored.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0),
                         x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The pixels any part of `rect` touches, clamped to a sane range so that
    /// absurd geometry cannot overflow integer arithmetic.
    public init(enclosing rect: Rect) {
        self.init(x0: Self.coordinate(rect.minX.rounded(.down)), y0: Self.coordinate(rect.minY.rounded(.down)),
                  x1: Self.coordinate(rect.maxX.rounded(.up)), y1: Self.coordinate(rect.maxY.rounded(.up)))
    }

    /// `v` (already rounded) as a pixel coordinate, clamped to ±2^30 (infinities to the
    /// end of their sign, NaN to the negative end): absurd geometry lands far outside any
    /// frame instead of trapping, and sums of a few such coordinates stay in range.
    public static func coordinate(_ v: Double) -> Int {
        guard v.isFinite else { return v > 0 ? 1 << 30 : -(1 << 30) }
        return Int(min(max(v, -1_073_741_824), 1_073_741_824))
    }

    /// The same area as a `Rect`, in pixel coordinates.
    public var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}
