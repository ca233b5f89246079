/// A point in a 2D coordinate space, y pointing down (as on screen and in PNG rows).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downward.
    public var y: Double

    /// The point (x, y).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point (x, y), without argument labels.
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }

    // MARK: - Vector arithmetic

    /// Component-wise sum.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The vector scaled by `s`.
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// The vector scaled by `s`.
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// The opposite vector.
    @inlinable public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }

    /// Dot product, treating both points as vectors.
    @inlinable public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The z component of the 3D cross product; positive when `other` turns clockwise
    /// from `self` on a y-down screen.
    @inlinable public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    /// Euclidean length, treating the point as a vector.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// The vector scaled to unit length, or zero when it has no length.
    @inlinable public var normalized: Point {
        let l = length
        return l > 0 ? Point(x: x / l, y: y / l) : .zero
    }

    /// Linear interpolation from `self` (t = 0) to `other` (t = 1).
    @inlinable public func lerp(to other: Point, _ t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    /// Euclidean distance between the two points.
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }
}
