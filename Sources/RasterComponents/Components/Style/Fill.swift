import RasterCore

/// A paint described relative to a box: a colour, or a gradient whose geometry is in
/// unit coordinates of the box it fills (resolved to a `Paint` once the box is known).
/// Colours may be semantic and are resolved by the caller's theme. Gradients are boxed
/// (`indirect`), so a fill is a few bytes in the components and styles that hold one.
public enum Fill: Hashable, Sendable {
    case color(ColorValue)
    /// CSS `linear-gradient`: 0 points up, 90 right; the line is sized so the corners
    /// get the first and last stops.
    indirect case linear(angle: Double, stops: [Stop])
    /// Unit radius is the larger side of the box.
    indirect case radial(center: Point, radius: Double, focal: Point?, stops: [Stop])
    /// CSS `conic-gradient`: 0 points up, clockwise.
    indirect case conic(center: Point, angle: Double, stops: [Stop])

    /// A colour at a point along a gradient.
    public struct Stop: Hashable, Sendable {
        /// The stop's colour; may be semantic.
        public var color: ColorValue
        /// Where the colour sits along the gradient: 0 its start, 1 its end.
        public var location: Double
        /// `color` at `location`.
        public init(_ color: ColorValue, _ location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// A fill of a fixed colour.
    public static func color(_ c: Color) -> Fill { .color(.fixed(c)) }

    /// The paint for a box `rect`, with semantic colours resolved by `resolve`.
    public func resolve(in rect: Rect, color resolve: (ColorValue) -> Color) -> Paint {
        func gradient(_ stops: [Stop]) -> Gradient {
            Gradient(stops: stops.map { GradientStop(resolve($0.color), $0.location) })
        }
        func map(_ p: Point) -> Point { Point(x: rect.minX + p.x * rect.width, y: rect.minY + p.y * rect.height) }
        switch self {
        case .color(let c):
            return .solid(resolve(c))
        case .linear(let angle, let stops):
            return .linear(LinearGradient(cssAngle: angle, in: rect, gradient: gradient(stops)))
        case .radial(let c, let r, let f, let stops):
            let size = max(rect.width, rect.height)
            return .radial(RadialGradient(center: map(c), radius: r * size, focal: f.map(map), gradient: gradient(stops)))
        case .conic(let c, let angle, let stops):
            return .conic(ConicGradient(center: map(c), startAngle: (angle - 90) * Double.pi / 180, gradient: gradient(stops)))
        }
    }

    /// The paint for `rect` with semantic colours from the light theme.
    public func resolve(in rect: Rect) -> Paint {
        resolve(in: rect) { value in
            switch value {
            case .fixed(let c): return c
            case .semantic(let s): return Theme.light[s]
            }
        }
    }

    /// True when the fill reads a semantic colour.
    public var isThemed: Bool {
        switch self {
        case .color(let c): if case .semantic = c { return true } else { return false }
        case .linear(_, let s), .radial(_, _, _, let s), .conic(_, _, let s):
            return s.contains { if case .semantic = $0.color { return true } else { return false } }
        }
    }
}
