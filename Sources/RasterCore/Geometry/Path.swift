import Foundation

/// A vector path: contours of lines, quadratic and cubic Béziers, each optionally closed.
///
/// Invariant: every contour starts with `.move`; drawing commands issued without a
/// current point start a contour at the last point (or the origin), as in SVG.
/// Arcs are stored as cubic Béziers (at most 90° each, radial error below 0.03 %).
public struct Path: Hashable, Sendable {
    /// One command: `move` starts a contour at its point; `line`, `quad` and `cubic` draw from
    /// the current point to `to`; `close` joins the contour back to its start.
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(control: Point, to: Point)
        case cubic(control1: Point, control2: Point, to: Point)
        case close
    }

    /// The commands in drawing order; changed only through the building methods.
    public private(set) var elements: [Element] = []
    /// Where the current contour started (the target of `close`).
    private var contourStart = Point.zero
    /// The current point, or `nil` before the first `move` and after `close`.
    public private(set) var currentPoint: Point?
    /// The least and greatest coordinates of every point and control point so far
    /// (`controlPointBounds`), kept as elements are added so that asking costs nothing.
    private var low = Point(x: .infinity, y: .infinity)
    private var high = Point(x: -.infinity, y: -.infinity)

    /// Widens `low` and `high` to `p`, as `controlPointBounds` always has (a NaN
    /// coordinate leaves them as they are).
    private mutating func include(_ p: Point) {
        low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
        high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
    }

    /// An empty path.
    public init() {}

    /// A path made by `build`, which appends to an empty path.
    public init(_ build: (inout Path) -> Void) {
        self.init()
        build(&self)
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    // MARK: - Building

    /// Starts a new contour at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(p))
        include(p)
        contourStart = p
        currentPoint = p
    }

    private mutating func ensureStarted() {
        if currentPoint == nil { move(to: lastPoint ?? .zero) }
    }

    /// The last point of the path, whatever the element.
    private var lastPoint: Point? {
        switch elements.last {
        case .move(let p)?, .line(let p)?: return p
        case .quad(_, let p)?, .cubic(_, _, let p)?: return p
        case .close?: return contourStart
        case nil: return nil
        }
    }

    /// A straight line from the current point to `p`.
    public mutating func line(to p: Point) {
        ensureStarted()
        elements.append(.line(p))
        include(p)
        currentPoint = p
    }

    /// A quadratic Bézier from the current point to `p`, with control point `c`.
    public mutating func quad(to p: Point, control c: Point) {
        ensureStarted()
        elements.append(.quad(control: c, to: p))
        include(c)
        include(p)
        currentPoint = p
    }

    /// A cubic Bézier from the current point to `p`, with control points `c1` and `c2`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureStarted()
        elements.append(.cubic(control1: c1, control2: c2, to: p))
        include(c1)
        include(c2)
        include(p)
        currentPoint = p
    }

    /// Closes the current contour back to its start, where the next drawing command starts
    /// a new one; does nothing without a current point.
    public mutating func close() {
        guard currentPoint != nil else { return }
        elements.append(.close)
        currentPoint = nil
    }

    /// Appends a circular arc about `center`, from `startAngle` to `endAngle` (radians,
    /// measured from +x, increasing clockwise on a y-down screen). Connects to the
    /// arc's start with a line when a contour is open, or starts one.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool = true) {
        addEllipticalArc(center: center, radii: Size(width: radius, height: radius), rotation: 0,
                         startAngle: startAngle, sweep: Path.sweep(from: startAngle, to: endAngle, clockwise: clockwise))
    }

    static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        var sweep = end - start
        let full = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if sweep > full { sweep = full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if sweep < -full { sweep = -full }
        }
        return sweep
    }

    /// Appends an elliptical arc given in centre form: `sweep` radians from `startAngle`
    /// (positive sweeps clockwise on screen), the ellipse rotated by `rotation`.
    public mutating func addEllipticalArc(center: Point, radii: Size, rotation: Double,
                                          startAngle: Double, sweep: Double) {
        let cr = cos(rotation), sr = sin(rotation)
        func point(_ angle: Double) -> Point {
            let x = radii.width * cos(angle), y = radii.height * sin(angle)
            return Point(x: center.x + x * cr - y * sr, y: center.y + x * sr + y * cr)
        }
        func derivative(_ angle: Double) -> Point {
            let x = -radii.width * sin(angle), y = radii.height * cos(angle)
            return Point(x: x * cr - y * sr, y: x * sr + y * cr)
        }
        let start = point(startAngle)
        if currentPoint == nil { move(to: start) } else { line(to: start) }
        guard sweep != 0, sweep.isFinite else { return }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = point(angle), p3 = point(next)
            cubic(to: p3, control1: p0 + derivative(angle) * k, control2: p3 - derivative(next) * k)
            angle = next
        }
    }

    /// Appends `r` as a closed contour from its top-left corner, clockwise on a y-down screen.
    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY))
        line(to: Point(x: r.maxX, y: r.minY))
        line(to: Point(x: r.maxX, y: r.maxY))
        line(to: Point(x: r.minX, y: r.maxY))
        close()
    }

    /// Appends the ellipse inscribed in `r`, drawn clockwise from its rightmost point.
    public mutating func addEllipse(in r: Rect) {
        guard !r.isEmpty else { return }
        let center = r.center
        move(to: Point(x: r.maxX, y: center.y))
        addEllipticalArc(center: center, radii: Size(width: r.width / 2, height: r.height / 2),
                         rotation: 0, startAngle: 0, sweep: 2 * Double.pi)
        close()
    }

    /// Appends every element of `other`.
    public mutating func addPath(_ other: Path) {
        for element in other.elements { append(element) }
    }

    mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): line(to: p)
        case .quad(let c, let p): quad(to: p, control: c)
        case .cubic(let c1, let c2, let p): cubic(to: p, control1: c1, control2: c2)
        case .close: close()
        }
    }

    // MARK: - Queries

    /// The path mapped through `t`.
    public func applying(_ t: Transform) -> Path {
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .move(let p): out.move(to: t.apply(p))
            case .line(let p): out.line(to: t.apply(p))
            case .quad(let c, let p): out.quad(to: t.apply(p), control: t.apply(c))
            case .cubic(let c1, let c2, let p): out.cubic(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: out.close()
            }
        }
        return out
    }

    /// The bounding box of all points and control points (contains the path; may be
    /// larger than its tight bounds), or `nil` for an empty path.
    public var controlPointBounds: Rect? {
        guard low.x <= high.x else { return nil }
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }

    /// True when every coordinate is finite.
    public var isFinite: Bool {
        guard let b = controlPointBounds else { return true }
        return b.minX.isFinite && b.minY.isFinite && b.maxX.isFinite && b.maxY.isFinite
    }
}
