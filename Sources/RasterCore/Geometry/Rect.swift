/// An axis-aligned rectangle: origin (top-left for non-negative sizes) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }

    /// The smallest rectangle holding both corners.
    public init(corners a: Point, _ b: Point) {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        self.init(x: x0, y: y0, width: max(a.x, b.x) - x0, height: max(a.y, b.y) - y0)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
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

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

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

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
}

/// An integer pixel rectangle, half-open: columns `x0..<x1`, rows `y0..<y1`.
/// Invariant: `x0 <= x1` and `y0 <= y1`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x0: Int
    public var y0: Int
    public var x1: Int
    public var y1: Int

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = max(x0, x1)
        self.y1 = max(y0, y1)
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x0: x, y0: y, x1: x + max(0, width), y1: y + max(0, height))
    }

    public var width: Int { x1 - x0 }
    public var height: Int { y1 - y0 }
    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    public var description: String { "[\(x0), \(y0)) to [\(x1), \(y1))" }

    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0),
                  x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0),
                         x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The pixels any part of `rect` touches, clamped to a sane range so that
    /// absurd geometry cannot overflow integer arithmetic.
    public init(enclosing rect: Rect) {
        func clamp(_ v: Double) -> Int {
            guard v.isFinite else { return v > 0 ? 1 << 30 : -(1 << 30) }
            return Int(min(max(v, -1_073_741_824), 1_073_741_824))
        }
        self.init(x0: clamp(rect.minX.rounded(.down)), y0: clamp(rect.minY.rounded(.down)),
                  x1: clamp(rect.maxX.rounded(.up)), y1: clamp(rect.maxY.rounded(.up)))
    }

    public var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
}
