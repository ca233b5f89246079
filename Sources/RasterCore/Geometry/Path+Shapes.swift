import Foundation

/// Radii of the four corners of a rounded rectangle.
public struct CornerRadii: Hashable, Sendable {
    /// Radius of the top-left corner, in path units; 0 or less leaves it square.
    public var topLeft: Double
    /// Radius of the top-right corner.
    public var topRight: Double
    /// Radius of the bottom-right corner.
    public var bottomRight: Double
    /// Radius of the bottom-left corner.
    public var bottomLeft: Double

    /// Radii given corner by corner, clockwise from the top-left.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius `r` at all four corners.
    public init(all r: Double) {
        self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r)
    }

    /// Square corners (every radius 0).
    public static let zero = CornerRadii(all: 0)

    /// True when no corner is rounded (every radius is 0 or less).
    public var isZero: Bool { topLeft <= 0 && topRight <= 0 && bottomRight <= 0 && bottomLeft <= 0 }
}

/// How the corners of a rounded rectangle are shaped (a path's, and a layer's
/// `cornerCurve`).
public enum CornerStyle: String, Hashable, Sendable {
    /// Quarter circles (CSS `border-radius`).
    case circular
    /// Continuous curvature ("smooth", squircle-like corners as on iOS): a shorter
    /// circular arc blended into each edge by a curve whose curvature falls to zero
    /// at the edge. The corner takes 1.6 × radius of each edge.
    case continuous
}

extension Path {
    /// A rounded rectangle, clockwise from the top-left corner.
    ///
    /// Radii larger than the sides allow are scaled down together as CSS does, so the
    /// shape never folds over itself. Continuous corners that do not have room for their
    /// blend curves lose smoothing first, then radius.
    public init(roundedRect rect: Rect, radii: CornerRadii, style: CornerStyle = .circular) {
        self.init()
        addRoundedRect(rect, radii: radii, style: style)
    }

    /// A rounded rectangle with `cornerRadius` at every corner (see `init(roundedRect:radii:style:)`).
    public init(roundedRect rect: Rect, cornerRadius: Double, style: CornerStyle = .circular) {
        self.init(roundedRect: rect, radii: CornerRadii(all: cornerRadius), style: style)
    }

    /// `rect` as one closed contour, clockwise from its top-left corner (y down).
    public init(rect: Rect) {
        self.init()
        addRect(rect)
    }

    /// The ellipse inscribed in `rect`, clockwise from its rightmost point.
    public init(ellipseIn rect: Rect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Appends a rounded rectangle (see `init(roundedRect:radii:style:)`).
    public mutating func addRoundedRect(_ rect: Rect, radii input: CornerRadii, style: CornerStyle = .circular) {
        let r = Rect(x: rect.minX, y: rect.minY, width: rect.maxX - rect.minX, height: rect.maxY - rect.minY)
        guard r.width > 0, r.height > 0 else { return }
        var radii = CornerRadii(topLeft: max(0, input.topLeft), topRight: max(0, input.topRight),
                                bottomRight: max(0, input.bottomRight), bottomLeft: max(0, input.bottomLeft))
        if radii.isZero {
            addRect(r)
            return
        }
        // CSS: scale all radii by the smallest factor that makes each side fit.
        let sides = [(radii.topLeft + radii.topRight, r.width), (radii.bottomLeft + radii.bottomRight, r.width),
                     (radii.topLeft + radii.bottomLeft, r.height), (radii.topRight + radii.bottomRight, r.height)]
        var factor = 1.0
        for (sum, side) in sides where sum > side { factor = min(factor, side / sum) }
        if factor < 1 {
            radii = CornerRadii(topLeft: radii.topLeft * factor, topRight: radii.topRight * factor,
                                bottomRight: radii.bottomRight * factor, bottomLeft: radii.bottomLeft * factor)
        }
        switch style {
        case .circular: addCircularRoundedRect(r, radii)
        case .continuous: addContinuousRoundedRect(r, radii)
        }
    }

    private mutating func addCircularRoundedRect(_ r: Rect, _ radii: CornerRadii) {
        let k = 0.5522847498307936 // 4/3 (sqrt(2) - 1): quarter circle as one cubic
        move(to: Point(x: r.minX + radii.topLeft, y: r.minY))
        line(to: Point(x: r.maxX - radii.topRight, y: r.minY))
        if radii.topRight > 0 {
            let q = radii.topRight
            cubic(to: Point(x: r.maxX, y: r.minY + q), control1: Point(x: r.maxX - q + q * k, y: r.minY),
                  control2: Point(x: r.maxX, y: r.minY + q - q * k))
        }
        line(to: Point(x: r.maxX, y: r.maxY - radii.bottomRight))
        if radii.bottomRight > 0 {
            let q = radii.bottomRight
            cubic(to: Point(x: r.maxX - q, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - q + q * k),
                  control2: Point(x: r.maxX - q + q * k, y: r.maxY))
        }
        line(to: Point(x: r.minX + radii.bottomLeft, y: r.maxY))
        if radii.bottomLeft > 0 {
            let q = radii.bottomLeft
            cubic(to: Point(x: r.minX, y: r.maxY - q), control1: Point(x: r.minX + q - q * k, y: r.maxY),
                  control2: Point(x: r.minX, y: r.maxY - q + q * k))
        }
        line(to: Point(x: r.minX, y: r.minY + radii.topLeft))
        if radii.topLeft > 0 {
            let q = radii.topLeft
            cubic(to: Point(x: r.minX + q, y: r.minY), control1: Point(x: r.minX, y: r.minY + q - q * k),
                  control2: Point(x: r.minX + q - q * k, y: r.minY))
        }
        close()
    }

    /// One continuous corner in a local frame where the corner sits at the origin, the
    /// edge the outline arrives on runs along +y towards the origin and the edge it
    /// leaves along runs along +x. Returns the points in drawing order: the edge point
    /// where the corner starts, then (control1, control2, end) triples.
    ///
    /// Geometry: a circle of radius `r` centred at (r, r) keeps only its middle arc of
    /// 90°·(1 − s) around the diagonal; on each side a cubic joins the arc to the edge
    /// with matching tangent and curvature at the arc (G2) and zero curvature at the
    /// edge, which it meets at distance (1 + s)·r from the corner.
    static func continuousCorner(radius r: Double, smoothing s: Double) -> [Point] {
        let arcHalf = (Double.pi / 2) * (1 - s) / 2
        // The kept arc is centred on the diagonal (225° about the centre (r, r)).
        let phiX = 1.25 * Double.pi + arcHalf   // arc end next to the +x edge
        let phiY = 1.25 * Double.pi - arcHalf   // arc end next to the +y edge
        let center = Point(x: r, y: r)
        let a = Point(x: r + r * cos(phiX), y: r + r * sin(phiX))
        let tangent = Point(x: -sin(phiX), y: cos(phiX)) // towards the +x edge
        let edge = Point(x: (1 + s) * r, y: 0)
        var c1 = a, c2 = a
        if s > 0, a.y > 0, tangent.y < 0 {
            // c1 lies where the arc's tangent meets the edge, so the blend curve leaves the
            // edge with zero curvature; c2 lies on the edge too, placed so the curvature at
            // the arc is 1/r: (2/3)·|cross(c1 − a, c2 − c1)| / |c1 − a|³ = 1/r.
            let lead = a.y / -tangent.y
            c1 = a + tangent * lead
            let d = 1.5 * lead * lead * lead / (r * a.y)
            c2 = Point(x: min(c1.x + d, edge.x), y: 0)
        }
        func mirrored(_ p: Point) -> Point { Point(x: p.y, y: p.x) }
        var points = [mirrored(edge), mirrored(c2), mirrored(c1), mirrored(a)]
        var arc = Path()
        arc.move(to: mirrored(a))
        arc.addEllipticalArc(center: center, radii: Size(width: r, height: r), rotation: 0,
                             startAngle: phiY, sweep: phiX - phiY)
        for element in arc.elements {
            if case .cubic(let p1, let p2, let p3) = element { points += [p1, p2, p3] }
        }
        points += [c1, c2, edge]
        return points
    }

    private mutating func addContinuousRoundedRect(_ r: Rect, _ radii: CornerRadii) {
        let smoothing = 0.6
        // Each corner wants (1 + s)·radius of both edges; reduce smoothing, then radius,
        // until neighbouring corners fit on every side.
        func fitted(_ radius: Double, _ sideA: Double, _ shareA: Double, _ sideB: Double, _ shareB: Double) -> (Double, Double) {
            guard radius > 0 else { return (0, 0) }
            let room = min(sideA * shareA, sideB * shareB)
            if (1 + smoothing) * radius <= room { return (radius, smoothing) }
            if radius <= room { return (radius, room / radius - 1) }
            return (room, 0)
        }
        func share(_ mine: Double, _ other: Double) -> Double {
            mine + other > 0 ? mine / (mine + other) : 0.5
        }
        let tl = fitted(radii.topLeft, r.width, share(radii.topLeft, radii.topRight), r.height, share(radii.topLeft, radii.bottomLeft))
        let tr = fitted(radii.topRight, r.width, share(radii.topRight, radii.topLeft), r.height, share(radii.topRight, radii.bottomRight))
        let br = fitted(radii.bottomRight, r.width, share(radii.bottomRight, radii.bottomLeft), r.height, share(radii.bottomRight, radii.topRight))
        let bl = fitted(radii.bottomLeft, r.width, share(radii.bottomLeft, radii.bottomRight), r.height, share(radii.bottomLeft, radii.topLeft))

        // Corner frames: map local (u, v) with the corner at the origin, u along the
        // leaving edge and v along the arriving edge, to rect coordinates.
        let corners: [((Double, Double), Transform)] = [
            (tl, Transform(a: 1, b: 0, c: 0, d: 1, tx: r.minX, ty: r.minY)),
            (tr, Transform(a: 0, b: 1, c: -1, d: 0, tx: r.maxX, ty: r.minY)),
            (br, Transform(a: -1, b: 0, c: 0, d: -1, tx: r.maxX, ty: r.maxY)),
            (bl, Transform(a: 0, b: -1, c: 1, d: 0, tx: r.minX, ty: r.maxY)),
        ]
        var started = false
        for ((radius, s), frame) in corners {
            if radius <= 0 {
                let p = frame.apply(Point.zero)
                if started { line(to: p) } else { move(to: p); started = true }
                continue
            }
            let pts = Path.continuousCorner(radius: radius, smoothing: s).map(frame.apply)
            if started { line(to: pts[0]) } else { move(to: pts[0]); started = true }
            var i = 1
            while i + 2 < pts.count {
                cubic(to: pts[i + 2], control1: pts[i], control2: pts[i + 1])
                i += 3
            }
        }
        close()
    }
}
