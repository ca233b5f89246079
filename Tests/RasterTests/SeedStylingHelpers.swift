import Raster

/// Pixel helpers for the styling article's tests.
enum StylingPixels {
    /// Pixels close to `color` (each channel within 40).
    static func count(_ color: Color, in image: Bitmap) -> Int {
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if abs(Int(p.r) - Int(color.r)) < 40, abs(Int(p.g) - Int(color.g)) < 40, abs(Int(p.b) - Int(color.b)) < 40,
                   p.a > 200 {
                    n += 1
                }
            }
        }
        return n
    }

    /// The colours met walking row `y` from the left, each run once, ignoring `skip`.
    static func runs(row y: Int, in image: Bitmap, skip: [Color]) -> [Color] {
        var result: [Color] = []
        for x in 0..<image.width {
            let p = image[x, y]
            let c = Color(r: p.r, g: p.g, b: p.b, a: p.a)
            if skip.contains(c) || c.a < 250 { continue }
            if result.last != c { result.append(c) }
        }
        return result
    }
}
