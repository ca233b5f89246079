import Foundation

/// Turns polylines into the outline of their stroke, as closed contours to be filled
/// with the non-zero rule.
///
/// Each open contour becomes one closed outline: the left offset forward, the end cap,
/// the right offset backward, the start cap. A closed contour becomes two loops of
/// opposite direction. On the outer side of a turn the join is added (miter, round or
/// bevel); on the inner side the outline passes through the vertex itself, which leaves
/// only overlaps of the same winding, so the non-zero fill is exact there and the
/// outline's boundary is a single clean curve (no double-counted anti-aliasing seams).
public struct Stroker {
    /// The stroke to outline; its width is in the units of the input points.
    public var style: StrokeStyle
    /// Maximum distance of round joins and caps from true circles, in stroke space.
    public var tolerance: Double

    /// `tolerance` is raised to at least 1e-4.
    public init(style: StrokeStyle, tolerance: Double = PathFlattener.defaultTolerance) {
        self.style = style
        self.tolerance = max(tolerance, 1e-4)
    }

    private var halfWidth: Double { style.width / 2 }

    /// Appends the stroke outline of every contour of `input` to `out`.
    public func stroke(_ input: Polyline, into out: inout Polyline) {
        var scratch: [Point] = []
        for contour in input.contours {
            scratch.removeAll(keepingCapacity: true)
            // Drop repeated points: they have no direction.
            for p in input.points[contour.range] where scratch.last.map({ $0.distance(to: p) > 1e-9 }) ?? true {
                scratch.append(p)
            }
            if contour.isClosed, scratch.count > 2, scratch[0].distance(to: scratch[scratch.count - 1]) <= 1e-9 {
                scratch.removeLast()
            }
            if scratch.count == 1 {
                dot(at: scratch[0], into: &out)
            } else if contour.isClosed {
                strokeClosed(scratch, into: &out)
            } else if scratch.count >= 2 {
                strokeOpen(scratch, into: &out)
            }
        }
    }

    /// A zero-length contour: a round cap draws a disc, a square cap a square, butt nothing.
    private func dot(at p: Point, into out: inout Polyline) {
        let hw = halfWidth
        let start = out.points.count
        switch style.cap {
        case .butt: return
        case .square:
            out.points += [Point(x: p.x - hw, y: p.y - hw), Point(x: p.x + hw, y: p.y - hw),
                           Point(x: p.x + hw, y: p.y + hw), Point(x: p.x - hw, y: p.y + hw)]
        case .round:
            let n = arcSteps(angle: 2 * Double.pi)
            // Every vertex of the closed polygon is interior: all sit on the balanced radius.
            let r = PathFlattener.balancedRadius(hw, step: 2 * Double.pi / Double(n))
            for i in 0..<n {
                let a = 2 * Double.pi * Double(i) / Double(n)
                out.points.append(Point(x: p.x + r * cos(a), y: p.y + r * sin(a)))
            }
        }
        out.contours.append(.init(range: start..<out.points.count, isClosed: true))
    }

    /// The number of chords for a round join/cap of `angle` radians within tolerance.
    /// Arcs are flattened balanced, as `PathFlattener` flattens curves: interior vertices
    /// sit slightly outside the circle so the polygon keeps the arc's area.
    private func arcSteps(angle: Double) -> Int {
        let hw = halfWidth
        let sagitta = PathFlattener.balancedSagitta(tolerance)
        guard hw > sagitta else { return max(1, Int((abs(angle) / (Double.pi / 2)).rounded(.up))) }
        let step = 2 * acos(1 - sagitta / hw)
        return max(1, min(1024, Int((abs(angle) / step).rounded(.up))))
    }

    /// Left normal (towards the left of travel on a y-down screen) of unit direction `u`.
    @inline(__always) private func leftNormal(_ u: Point) -> Point { Point(x: u.y, y: -u.x) }

    /// Appends the arc around `center` from direction `from` to direction `to` (unit
    /// vectors), turning the short way in the sense given by `clockwise`.
    private func appendArc(center: Point, from: Point, to: Point, clockwise: Bool, into points: inout [Point]) {
        let hw = halfWidth
        let a0 = atan2(from.y, from.x)
        var sweep = atan2(to.y, to.x) - a0
        if clockwise { while sweep < 0 { sweep += 2 * Double.pi } } else { while sweep > 0 { sweep -= 2 * Double.pi } }
        let n = arcSteps(angle: sweep)
        let r = PathFlattener.balancedRadius(hw, step: sweep / Double(n))
        for i in 1..<n {
            let a = a0 + sweep * Double(i) / Double(n)
            points.append(Point(x: center.x + r * cos(a), y: center.y + r * sin(a)))
        }
        points.append(center + to * hw)
    }

    /// Appends the left-side offset of the join at `p` between incoming direction `u0`
    /// and outgoing `u1` (both unit).
    private func join(at p: Point, _ u0: Point, _ u1: Point, into points: inout [Point]) {
        let hw = halfWidth
        let n0 = leftNormal(u0), n1 = leftNormal(u1)
        let turn = u0.cross(u1)
        let dot = u0.dot(u1)
        if abs(turn) < 1e-12 && dot > 0 {
            points.append(p + n1 * hw)
            return
        }
        if turn > 0 || (abs(turn) < 1e-12 && dot < 0) {
            // Right turn on screen: the left side is the outer side.
            let a = p + n0 * hw
            points.append(a)
            switch style.join {
            case .bevel:
                points.append(p + n1 * hw)
            case .round:
                appendArc(center: p, from: n0, to: n1, clockwise: true, into: &points)
            case .miter:
                let cosHalf = ((1 + n0.dot(n1)) / 2).squareRoot()
                if cosHalf > 1e-9, 1 / cosHalf <= style.miterLimit {
                    let bisector = (n0 + n1).normalized
                    points.append(p + bisector * (hw / cosHalf))
                }
                points.append(p + n1 * hw)
            }
        } else {
            // Inner side: pass through the vertex so overlaps keep one winding.
            points.append(p + n0 * hw)
            points.append(p)
            points.append(p + n1 * hw)
        }
    }

    /// The left offset of an open polyline, without its end points' caps.
    private func leftSide(_ pts: [Point], into points: inout [Point]) {
        let hw = halfWidth
        var u0 = (pts[1] - pts[0]).normalized
        points.append(pts[0] + leftNormal(u0) * hw)
        for i in 1..<(pts.count - 1) {
            let u1 = (pts[i + 1] - pts[i]).normalized
            join(at: pts[i], u0, u1, into: &points)
            u0 = u1
        }
        points.append(pts[pts.count - 1] + leftNormal(u0) * hw)
    }

    private func cap(at p: Point, direction u: Point, into points: inout [Point]) {
        // The outline arrives at p + left·hw and must leave at p − left·hw.
        let hw = halfWidth
        let n = leftNormal(u)
        switch style.cap {
        case .butt:
            break
        case .square:
            points.append(p + n * hw + u * hw)
            points.append(p - n * hw + u * hw)
        case .round:
            appendArc(center: p, from: n, to: -n, clockwise: true, into: &points)
            points.removeLast()
        }
    }

    private func strokeOpen(_ pts: [Point], into out: inout Polyline) {
        let start = out.points.count
        var points: [Point] = []
        points.reserveCapacity(pts.count * 2 + 16)
        leftSide(pts, into: &points)
        let endDir = (pts[pts.count - 1] - pts[pts.count - 2]).normalized
        cap(at: pts[pts.count - 1], direction: endDir, into: &points)
        let reversed = Array(pts.reversed())
        leftSide(reversed, into: &points)
        let startDir = (pts[0] - pts[1]).normalized
        cap(at: pts[0], direction: startDir, into: &points)
        out.points += points
        out.contours.append(.init(range: start..<out.points.count, isClosed: true))
    }

    private func strokeClosed(_ pts: [Point], into out: inout Polyline) {
        for side in [pts, Array(pts.reversed())] {
            let start = out.points.count
            var points: [Point] = []
            points.reserveCapacity(side.count * 2 + 8)
            let n = side.count
            for i in 0..<n {
                let prev = side[(i + n - 1) % n], p = side[i], next = side[(i + 1) % n]
                join(at: p, (p - prev).normalized, (next - p).normalized, into: &points)
            }
            out.points += points
            out.contours.append(.init(range: start..<out.points.count, isClosed: true))
        }
    }
}
