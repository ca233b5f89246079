/// What fills the inside of a shape. Geometry of gradients and patterns is in the
/// user space of the draw call (the canvas transform applies to it).
///
/// A paint is one word: a colour inline, a gradient or pattern boxed (`indirect`), so
/// the layers, drawings and styles that hold one, mostly a colour, stay small.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    indirect case linear(LinearGradient)
    indirect case radial(RadialGradient)
    indirect case conic(ConicGradient)
    indirect case image(ImagePattern)

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
