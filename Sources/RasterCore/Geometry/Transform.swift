import Foundation

/// A 2D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty),
/// with Core Graphics' conventions: `t.concatenating(u)` applies `t` first, then `u`.
/// On a y-down screen a positive rotation angle turns clockwise.
public struct Transform: Hashable, Sendable, CustomStringConvertible {
    /// Matrix entries: x′ = a·x + c·y + tx, y′ = b·x + d·y + ty.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The transform with these matrix entries (see `a`).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// Maps every point to itself.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves every point by (x, y).
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Scales about the origin by `sx` horizontally and `sy` vertically.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `angle` radians (clockwise on a y-down screen).
    public init(rotationAngle angle: Double) {
        let cs = cos(angle), sn = sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    public var description: String { "matrix(\(a) \(b) \(c) \(d) \(tx) \(ty))" }

    /// True when every entry equals the identity's.
    public var isIdentity: Bool { self == .identity }

    /// True when the transform is a pure translation (possibly zero).
    public var isTranslationOnly: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// True when axis-aligned rectangles stay axis-aligned (scale and translation only).
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// a·d − b·c: the factor areas are scaled by; negative when the transform mirrors,
    /// 0 when it collapses the plane.
    public var determinant: Double { a * d - b * c }

    /// `self` followed by `other`.
    public func concatenating(_ other: Transform) -> Transform {
        Transform(a: a * other.a + b * other.c,
                  b: a * other.b + b * other.d,
                  c: c * other.a + d * other.c,
                  d: c * other.b + d * other.d,
                  tx: tx * other.a + ty * other.c + other.tx,
                  ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A translation applied before `self` (in the local space of `self`).
    public func translatedBy(x: Double, y: Double) -> Transform {
        Transform(translationX: x, y: y).concatenating(self)
    }

    /// A scale about the origin applied before `self` (in the local space of `self`).
    public func scaledBy(x: Double, y: Double) -> Transform {
        Transform(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation by `angle` radians applied before `self` (in the local space of `self`).
    public func rotated(by angle: Double) -> Transform {
        Transform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse map, or `nil` when the transform collapses the plane.
    public func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id,
                         tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Maps a point (translation included).
    @inlinable public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Maps a vector (no translation).
    @inlinable public func applyToVector(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y, y: b * p.x + d * p.y)
    }

    /// The bounding box of the transformed rectangle.
    public func apply(_ r: Rect) -> Rect {
        let p0 = apply(Point(x: r.minX, y: r.minY)), p1 = apply(Point(x: r.maxX, y: r.minY))
        let p2 = apply(Point(x: r.minX, y: r.maxY)), p3 = apply(Point(x: r.maxX, y: r.maxY))
        let x0 = min(p0.x, p1.x, p2.x, p3.x), x1 = max(p0.x, p1.x, p2.x, p3.x)
        let y0 = min(p0.y, p1.y, p2.y, p3.y), y1 = max(p0.y, p1.y, p2.y, p3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The largest factor by which the transform stretches any vector (the larger
    /// singular value). Used to turn device-space tolerances into local ones.
    public var maxScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let mean = (p + q) / 2
        let delta = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
        return (mean + delta).squareRoot()
    }

    /// The smaller singular value.
    public var minScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let mean = (p + q) / 2
        let delta = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
        return max(0, mean - delta).squareRoot()
    }
}
