/// What fills the inside of a shape. Geometry of gradients and patterns is in the
/// user space of the draw call (the canvas transform applies to it).
public enum Paint: Hashable, Sendable {
    case solid(Color)
    case linear(LinearGradient)
    case radial(RadialGradient)
    case conic(ConicGradient)
    case image(ImagePattern)

    /// Same as `.solid(c)`.
    public static func color(_ c: Color) -> Paint { .solid(c) }

    /// True when the paint cannot change a pixel (fully transparent colour, no stops).
    package var isInvisible: Bool {
        switch self {
        case .solid(let c): return c.a == 0
        case .linear(let g): return g.gradient.stops.isEmpty
        case .radial(let g): return g.gradient.stops.isEmpty
        case .conic(let g): return g.gradient.stops.isEmpty
        case .image: return false
        }
    }
}
