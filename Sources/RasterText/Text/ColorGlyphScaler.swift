import RasterCore

/// Resamples a colour glyph's bitmap (premultiplied RGBA) from its strike size to the
/// size the text asks for, with a separable tent filter as wide as one destination pixel
/// (so a downscale averages every source pixel it covers and an upscale interpolates
/// linearly). Outside the bitmap is transparent, so edges stay anti-aliased.
enum ColorGlyphScaler {
    /// `left`, `top`: FreeType's bearings of the strike bitmap (top is up from the
    /// baseline), in strike pixels. The result is placed on the device pixel grid.
    static func scale(_ source: [UInt32], width w: Int, height h: Int, left: Double, top: Double,
                      by s: Double) -> GlyphImage {
        guard s > 0, s.isFinite, w > 0, h > 0 else { return .empty }
        let x0 = left * s, y0 = -top * s
        let dx0 = Int(x0.rounded(.down)), dy0 = Int(y0.rounded(.down))
        let dw = Int((x0 + Double(w) * s).rounded(.up)) - dx0
        let dh = Int((y0 + Double(h) * s).rounded(.up)) - dy0
        guard dw > 0, dh > 0 else { return .empty }
        let xTaps = taps(count: dw, origin: x0 - Double(dx0), scale: s, sourceCount: w)
        let yTaps = taps(count: dh, origin: y0 - Double(dy0), scale: s, sourceCount: h)
        // Horizontal pass: dw × h channels as floats.
        var mid = [SIMD4<Float>](repeating: .zero, count: dw * h)
        for y in 0..<h {
            for (i, row) in xTaps.enumerated() {
                var acc = SIMD4<Float>.zero
                for (k, weight) in row {
                    let p = source[y * w + k]
                    acc += weight * SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24))
                }
                mid[y * dw + i] = acc
            }
        }
        guard let bitmap = try? Bitmap(width: dw, height: dh) else { return .empty }
        for (j, column) in yTaps.enumerated() {
            let out = bitmap.row(j)
            for i in 0..<dw {
                var acc = SIMD4<Float>.zero
                for (k, weight) in column { acc += weight * mid[k * dw + i] }
                let a = min(max(acc.w.rounded(), 0), 255)
                let r = min(max(acc.x.rounded(), 0), a), g = min(max(acc.y.rounded(), 0), a)
                let b = min(max(acc.z.rounded(), 0), a)
                out[i] = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
            }
        }
        return GlyphImage(left: dx0, top: dy0, image: ImageSource(bitmap))
    }

    /// For each destination pixel, the source pixels it reads and their weights. The
    /// weights are normalised over the whole kernel, including taps outside the source.
    private static func taps(count: Int, origin: Double, scale s: Double, sourceCount: Int) -> [[(Int, Float)]] {
        let radius = max(1, 1 / s)
        return (0..<count).map { i in
            let u = (Double(i) + 0.5 - origin) / s  // source coordinate of the pixel centre
            let first = Int((u - radius - 0.5).rounded(.down)), last = Int((u + radius - 0.5).rounded(.up))
            var total = 0.0
            var taps: [(Int, Double)] = []
            for k in first...last {
                let weight = max(0, 1 - abs(Double(k) + 0.5 - u) / radius)
                total += weight
                if weight > 0, k >= 0, k < sourceCount { taps.append((k, weight)) }
            }
            return taps.map { ($0.0, Float($0.1 / max(total, 1e-12))) }
        }
    }
}
