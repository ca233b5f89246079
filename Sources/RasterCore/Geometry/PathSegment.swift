import Foundation

/// One drawing command of a path with its start point: a line, a quadratic or a cubic
/// Bézier, measured along its exact length.
///
/// Invariant: `points` holds 2 (line), 3 (quadratic) or 4 (cubic) points, the first the
/// segment's start and the last its end.
struct PathSegment {
    /// The start point, the control points and the end point, in order.
    let points: [Point]
    /// The largest coordinate difference between the points: the segment's scale, which
    /// the tolerances of `length` and `parameter` are relative to.
    let size: Double

    /// A straight segment from `a` to `b`.
    init(line a: Point, _ b: Point) { self.init(bezier: [a, b]) }

    /// A Bézier curve of degree `points.count - 1` (1 to 3).
    init(bezier points: [Point]) {
        self.points = points
        var low = points[0], high = points[0]
        for p in points {
            low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
            high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
        }
        size = max(high.x - low.x, high.y - low.y)
    }

    var start: Point { points[0] }
    var end: Point { points[points.count - 1] }

    /// The curve's velocity at parameter `t`.
    func derivative(at t: Double) -> Point {
        let mt = 1 - t
        switch points.count {
        case 2:
            return points[1] - points[0]
        case 3:
            return ((points[1] - points[0]) * mt + (points[2] - points[1]) * t) * 2
        default:
            let a = points[1] - points[0], b = points[2] - points[1], c = points[3] - points[2]
            return (a * (mt * mt) + b * (2 * mt * t) + c * (t * t)) * 3
        }
    }

    /// The length of the whole segment.
    var length: Double { length(from: 0, to: 1) }

    /// The arc length between parameters `t0` and `t1` (t0 ≤ t1): the speed integrated by
    /// 8-point Gauss–Legendre rules on halves until two levels agree within 10⁻¹² of the
    /// segment's size, so cusps and sharp turns are followed as closely as smooth stretches.
    func length(from t0: Double, to t1: Double) -> Double {
        guard t1 > t0 else { return 0 }
        if points.count == 2 { return (points[1] - points[0]).length * (t1 - t0) }
        let whole = gauss(t0, t1)
        return refined(t0, t1, whole, depth: 0, tolerance: max(size * 1e-12, 1e-15))
    }

    /// `length(from:to:)` of a piece whose 8-point estimate is `whole`.
    private func refined(_ t0: Double, _ t1: Double, _ whole: Double, depth: Int, tolerance: Double) -> Double {
        let mid = (t0 + t1) / 2
        let left = gauss(t0, mid), right = gauss(mid, t1)
        if depth >= 24 || abs(left + right - whole) <= tolerance {
            return left + right
        }
        return refined(t0, mid, left, depth: depth + 1, tolerance: tolerance / 2)
            + refined(mid, t1, right, depth: depth + 1, tolerance: tolerance / 2)
    }

    /// The 8-point Gauss–Legendre estimate of the speed's integral over [t0, t1].
    private func gauss(_ t0: Double, _ t1: Double) -> Double {
        let half = (t1 - t0) / 2, centre = (t0 + t1) / 2
        var sum = 0.0
        for k in 0..<4 {
            let x = Self.abscissae[k] * half
            sum += Self.weights[k] * (derivative(at: centre - x).length + derivative(at: centre + x).length)
        }
        return sum * half
    }

    /// The positive abscissae of the 8-point Gauss–Legendre rule on [−1, 1].
    private static let abscissae = [0.1834346424956498, 0.5255324099163290,
                                    0.7966664774136267, 0.9602898564975363]
    /// Their weights.
    private static let weights = [0.3626837833783620, 0.3137066458778873,
                                  0.2223810344533745, 0.1012285362903763]

    /// The parameter in `t0`...1 where the arc from `t0` is `distance` long, for a
    /// `distance` below `rest`, the arc from `t0` to the end (which the caller has
    /// measured): Newton's steps on the arc length, kept inside a shrinking bracket
    /// (bisection where a step would leave it or the speed vanishes), until the length is
    /// within 10⁻¹⁰ of the distance (10⁻¹¹ of the segment's size on larger ones).
    func parameter(from t0: Double, distance: Double, rest: Double) -> Double {
        if points.count == 2 {
            let total = (points[1] - points[0]).length
            return total > 0 ? min(t0 + distance / total, 1) : t0
        }
        var low = t0, high = 1.0
        let goal = max(1e-10, size * 1e-11)
        var t = t0 + distance / max(rest, 1e-300) * (1 - t0)
        for _ in 0..<60 {
            let error = length(from: t0, to: t) - distance
            if abs(error) <= goal { return t }
            if error > 0 { high = t } else { low = t }
            let speed = derivative(at: t).length
            let step = speed > 0 ? t - error / speed : .nan
            t = step > low && step < high ? step : (low + high) / 2
            if high - low <= 1e-15 { break }
        }
        return t
    }

    /// The point at parameter `t`.
    func point(at t: Double) -> Point {
        var p = points
        Self.reduce(&p, at: t)
        return p[0]
    }

    /// The same curve between parameters `t0` and `t1` (t0 < t1), as a segment of the same
    /// degree: de Casteljau's split at `t1`, then the first part's split at t0 / t1.
    func piece(from t0: Double, to t1: Double) -> PathSegment {
        if points.count == 2 {
            return PathSegment(line: t0 == 0 ? start : point(at: t0), t1 == 1 ? end : point(at: t1))
        }
        var head = t1 >= 1 ? points : Self.split(points, at: t1).first
        if t0 > 0 {
            head = Self.split(head, at: t1 > 0 ? t0 / t1 : 0).second
            head[0] = point(at: t0)
        }
        if t1 < 1 { head[head.count - 1] = point(at: t1) }
        return PathSegment(bezier: head)
    }

    /// de Casteljau's split of a Bézier at `t`: its two halves, each of the same degree.
    private static func split(_ points: [Point], at t: Double) -> (first: [Point], second: [Point]) {
        var level = points
        var first = [level[0]], second = [level[level.count - 1]]
        while level.count > 1 {
            for i in 0..<(level.count - 1) { level[i] = level[i].lerp(to: level[i + 1], t) }
            level.removeLast()
            first.append(level[0])
            second.append(level[level.count - 1])
        }
        return (first, second.reversed())
    }

    /// Reduces `points` in place by de Casteljau's steps until `points[0]` is the curve's
    /// point at `t`.
    private static func reduce(_ points: inout [Point], at t: Double) {
        var count = points.count
        while count > 1 {
            for i in 0..<(count - 1) { points[i] = points[i].lerp(to: points[i + 1], t) }
            count -= 1
        }
    }

    /// Appends the segment to `path`, whose current point is its start.
    func append(to path: inout Path) {
        switch points.count {
        case 2: path.line(to: points[1])
        case 3: path.quad(to: points[2], control: points[1])
        default: path.cubic(to: points[3], control1: points[1], control2: points[2])
        }
    }
}
