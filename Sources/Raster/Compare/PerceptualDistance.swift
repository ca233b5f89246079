/// Colour distance between packed premultiplied pixels in the YIQ space, and the
/// anti-aliasing test built on it.
///
/// A pixel is composited over white before conversion (premultiplied `c` over white is
/// `c + 255 - a`), so a transparent pixel and a white one are the same colour. The
/// squared distance weighs luma, in-phase and quadrature as 0.5053, 0.299 and 0.1957
/// (Kotsarenko and Ramos, 2010); divided by `maxSquared`, the largest squared distance
/// two RGB colours can have, its root is the 0...1 distance thresholds are given in.
enum PerceptualDistance {
    private static func rgbOverWhite(_ p: UInt32) -> (Double, Double, Double) {
        let a = Double(p >> 24)
        return (Double(p & 0xFF) + 255 - a, Double((p >> 8) & 0xFF) + 255 - a, Double((p >> 16) & 0xFF) + 255 - a)
    }

    private static func yiq(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        (0.29889531 * r + 0.58662247 * g + 0.11448223 * b,
         0.59597799 * r - 0.27417610 * g - 0.32180189 * b,
         0.21147017 * r - 0.52261711 * g + 0.31114694 * b)
    }

    private static func squared(_ dr: Double, _ dg: Double, _ db: Double) -> Double {
        let (y, i, q) = yiq(dr, dg, db)
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

    /// Squared YIQ distance, 0...maxSquared.
    @inline(__always)
    static func squaredDistance(_ p: UInt32, _ q: UInt32) -> Double {
        let (r1, g1, b1) = rgbOverWhite(p), (r2, g2, b2) = rgbOverWhite(q)
        return squared(r1 - r2, g1 - g2, b1 - b2)
    }

    /// Luma over white.
    @inline(__always)
    private static func luma(_ p: UInt32) -> Double {
        let (r, g, b) = rgbOverWhite(p)
        return 0.29889531 * r + 0.58662247 * g + 0.11448223 * b
    }

    /// Whether pixel (x, y) of `image` looks like anti-aliasing of an edge that `other`
    /// also has.
    ///
    /// The pixel must sit on a luma ramp: at most two of its neighbours (counting the
    /// image border as one) have its exact luma, and it has both a darker and a brighter
    /// neighbour. Then the darkest or the brightest neighbour must lie in a flat area
    /// (three or more identical neighbours of its own) in both images: the pixel is the
    /// blend between two flat regions, which is what anti-aliasing draws.
    static func isAntialiased(_ image: Bitmap, x: Int, y: Int, other: Bitmap) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, image.height - 1)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let centre = luma(image.row(y)[x])
        var darkest = 0.0, brightest = 0.0
        var darkestAt = (0, 0), brightestAt = (0, 0)
        for ny in y0...y1 {
            let row = image.row(ny)
            for nx in x0...x1 where nx != x || ny != y {
                let delta = luma(row[nx]) - centre
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (nx, ny)
                }
            }
        }
        guard darkest != 0, brightest != 0 else { return false }
        return (inFlatArea(image, darkestAt) && inFlatArea(other, darkestAt))
            || (inFlatArea(image, brightestAt) && inFlatArea(other, brightestAt))
    }

    /// Three or more of the pixel's neighbours (the image border counting as one) are
    /// identical to it.
    private static func inFlatArea(_ image: Bitmap, _ at: (Int, Int)) -> Bool {
        let (x, y) = at
        let x0 = max(x - 1, 0), x1 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, image.height - 1)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let centre = image.row(y)[x]
        for ny in y0...y1 {
            let row = image.row(ny)
            for nx in x0...x1 where (nx != x || ny != y) && row[nx] == centre {
                equal += 1
                if equal > 2 { return true }
            }
        }
        return false
    }
}
