import Foundation

/// Polylines approximating a path: a flat list of points split into contours.
///
/// Invariant: `contours[i]` indexes a run of `points`; runs are in order and do not
/// overlap. A closed contour does not repeat its first point at the end.
public struct Polyline: Sendable {
    /// One contour: where its points lie in `points`, and whether it is closed.
    public struct Contour: Sendable, Hashable {
        /// Indices of the contour's points in `points`.
        public var range: Range<Int>
        /// True when an edge joins the last point back to the first.
        public var isClosed: Bool
    }

    /// The points of every contour, one contour after another.
    public var points: [Point] = []
    /// The contours in order, each a run of `points`.
    public var contours: [Contour] = []

    /// An empty polyline.
    public init() {}

    /// Empties points and contours, keeping their capacity for reuse.
    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
    }
}

/// Turns curves into line segments whose distance from the true curve stays within a
/// tolerance, measured after the transform (device pixels).
///
/// The segment count per curve comes from the bound on the second derivative: a quad
/// flattened into n equal-parameter pieces deviates at most |p0 − 2p1 + p2| / (4n²), a cubic
/// at most 3·max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|) / (4n²).
public enum PathFlattener {
    /// The default tolerance in device pixels (1/32): no flattened point or chord midpoint
    /// strays further from the curve. Curves are flattened balanced (see `balance`), so
    /// the area chords cut off is given back, and a flattened circle of radius 10 or more
    /// stays within 0.1 % of π r².
    public static let defaultTolerance = 1.0 / 32

    /// Appends the flattened path to `out`, mapping points through `transform`.
    public static func flatten(_ path: Path, transform: Transform = .identity,
                               tolerance: Double = defaultTolerance, into out: inout Polyline) {
        let sagitta = balancedSagitta(tolerance)
        var contourStart = out.points.count
        var open = false
        var last = Point.zero

        func finish(closed: Bool) {
            if open {
                var end = out.points.count
                if closed, end - contourStart > 1, out.points[end - 1] == out.points[contourStart] {
                    out.points.removeLast()
                    end -= 1
                }
                if end > contourStart {
                    out.contours.append(.init(range: contourStart..<end, isClosed: closed))
                }
            }
            open = false
        }

        for element in path.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                last = transform.apply(p)
                contourStart = out.points.count
                out.points.append(last)
                open = true
            case .line(let p):
                last = transform.apply(p)
                out.points.append(last)
            case .quad(let c, let p):
                let p1 = transform.apply(c), p2 = transform.apply(p)
                let dd = (last - p1 * 2 + p2).length
                let n = segmentCount(dd / (4 * sagitta))
                if n == 1 {
                    out.points.append(p2)
                } else {
                    let step = 1 / Double(n)
                    for i in 1..<n {
                        let t = Double(i) * step, mt = 1 - t
                        out.points.append(last * (mt * mt) + p1 * (2 * mt * t) + p2 * (t * t))
                    }
                    balance(&out.points, last: n - 1, before: last, after: p2)
                    out.points.append(p2)
                }
                last = p2
            case .cubic(let c1, let c2, let p):
                let p1 = transform.apply(c1), p2 = transform.apply(c2), p3 = transform.apply(p)
                let dd = max((last - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
                let n = segmentCount(3 * dd / (4 * sagitta))
                if n == 1 {
                    out.points.append(p3)
                } else {
                    let p0 = last
                    let step = 1 / Double(n)
                    for i in 1..<n {
                        let t = Double(i) * step, mt = 1 - t
                        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
                        out.points.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                                                y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
                    }
                    balance(&out.points, last: n - 1, before: p0, after: p3)
                    out.points.append(p3)
                }
                last = p3
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
    }

    /// The chord sagitta that keeps balanced vertices within `tolerance` of the curve
    /// (they stray 2/3 of it).
    @inline(__always)
    static func balancedSagitta(_ tolerance: Double) -> Double { max(tolerance, 1e-4) * 1.5 }

    /// `balance` on a circle: the radius for the interior vertices of an arc of radius `r`
    /// cut into chords of `step` radians (pushed out by 1/6 of r·(1 − cos step)).
    @inline(__always)
    static func balancedRadius(_ r: Double, step: Double) -> Double { r * (1 + (1 - cos(step)) / 6) }

    /// Pushes the last `count` points (the interior vertices of one flattened curve, its
    /// end points `before` and `after` fixed) outward by 1/6 of their offset from their
    /// neighbours' midpoint. Inscribed chords lose about 2/3·chord·sagitta of area each;
    /// on a circular arc that offset is 4 sagittas, so the push gives the area back: chord
    /// midpoints end 1/3 of a sagitta inside the curve, vertices 2/3 outside, and a
    /// flattened circle keeps its area to within one chord's share per curve.
    @inline(__always)
    static func balance(_ points: inout [Point], last count: Int, before: Point, after: Point) {
        let first = points.count - count
        var previous = before
        for i in first..<points.count {
            let current = points[i]
            let next = i + 1 < points.count ? points[i + 1] : after
            points[i] = current + (current - (previous + next) * 0.5) * (1.0 / 6)
            previous = current
        }
    }

    /// ceil(sqrt(x)), at least 1, capped so absurd curves cannot exhaust memory.
    @inline(__always) static func segmentCount(_ squared: Double) -> Int {
        guard squared > 1 else { return 1 }
        guard squared.isFinite else { return 1 }
        return min(Int(squared.squareRoot().rounded(.up)), 10_000)
    }
}
