/// Colour distance between packed premultiplied pixels in the YIQ space, and the
/// anti-aliasing test built on it; `ck_compare_row` (CKernels) applies both to every
/// changed pixel of a comparison.
///
/// Distance: a pixel is composited over white before conversion (premultiplied `c`
/// over white is `c + 255 - a`), so a transparent pixel and a white one are the same
/// colour. The squared distance weighs luma, in-phase and quadrature as 0.5053, 0.299
/// and 0.1957 (Kotsarenko and Ramos, 2010); divided by `maxSquared`, the largest squared
/// distance two RGB colours can have, its root is the 0...1 distance thresholds are
/// given in.
///
/// Anti-aliasing: a changed pixel is left out when, in either image, it sits on a luma
/// ramp (at most two of its neighbours, the image border counting as one, have its
/// exact luma, and it has both a darker and a brighter neighbour) and the darkest or the
/// brightest neighbour lies in a flat area (three or more identical neighbours of its
/// own) in both images: the pixel is the blend between two flat regions, which is what
/// anti-aliasing draws.
///
/// Everything is computed in doubles in one fixed order without fused operations, so the
/// classes are the same on every machine.
enum PerceptualDistance {
    /// The squared distance of an RGB difference.
    static func squared(_ dr: Double, _ dg: Double, _ db: Double) -> Double {
        let y = 0.29889531 * dr + 0.58662247 * dg + 0.11448223 * db
        let i = 0.59597799 * dr - 0.27417610 * dg - 0.32180189 * db
        let q = 0.21147017 * dr - 0.52261711 * dg + 0.31114694 * db
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The largest squared distance: the form is convex, so it peaks at a corner of the
    /// cube of RGB differences (about 35215).
    static let maxSquared: Double = {
        var best = 0.0
        for corner in 0..<8 {
            let s = { (bit: Int) in corner & (1 << bit) == 0 ? -255.0 : 255.0 }
            best = max(best, squared(s(0), s(1), s(2)))
        }
        return best
    }()
}
