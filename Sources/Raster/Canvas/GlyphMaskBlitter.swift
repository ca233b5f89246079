/// The hot loop of text: source-over of one premultiplied colour through a glyph's
/// coverage mask, eight pixels per step.
///
/// Per pixel the result is `PixelMath.sourceOver(PixelMath.scale(color, by: a), d)` with
/// `a` the coverage (times the opacity), exactly as `PaintBlitter` composites a solid
/// colour; zero coverage leaves a pixel unchanged.
enum GlyphMaskBlitter {
    /// Composites `height` rows of `width` coverages (`mask`, `maskStride` bytes apart)
    /// onto `dst` (rows `pitch` pixels apart). With `padded`, every row may be read and
    /// written in whole steps of eight up to `(width + 7) & ~7` (the mask's zero padding
    /// and the destination's room were checked by the caller); otherwise the tail of each
    /// row is done pixel by pixel.
    @inline(__always)
    static func solid(color: UInt32, opacity: UInt32, mask: UnsafePointer<UInt8>, maskStride: Int,
                      dst: UnsafeMutablePointer<UInt32>, pitch: Int, width: Int, height: Int, padded: Bool) {
        let steps = padded ? (width + 7) >> 3 : width >> 3
        let c = SIMD8<UInt32>(repeating: color)
        // An opaque colour at full coverage replaces the pixels: the result of
        // source-over, without the arithmetic (stems of dark text on any background).
        let opaque = color >> 24 == 255 && opacity == 255
        for y in 0..<height {
            let m = mask + y * maskStride
            let d = dst + y * pitch
            for k in 0..<steps {
                step(c, opacity, opaque, m + 8 * k, d + 8 * k)
            }
            if !padded {
                for i in (steps << 3)..<width {
                    var a = UInt32(m[i])
                    if opacity != 255 { a = PixelMath.mulDiv255(a, opacity) }
                    d[i] = PixelMath.sourceOver(PixelMath.scale(color, by: a), d[i])
                }
            }
        }
    }

    @inline(__always)
    private static func step(_ c: SIMD8<UInt32>, _ opacity: UInt32, _ opaque: Bool, _ m: UnsafePointer<UInt8>,
                             _ d: UnsafeMutablePointer<UInt32>) {
        let bytes = UnsafeRawPointer(m).loadUnaligned(as: UInt64.self)
        if bytes == 0 { return }
        if opaque && bytes == UInt64.max {
            UnsafeMutableRawPointer(d).storeBytes(of: c, as: SIMD8<UInt32>.self)
            return
        }
        // The eight coverages widened to 32-bit lanes (one variable shift, one mask).
        let lo = UInt32(truncatingIfNeeded: bytes), hi = UInt32(truncatingIfNeeded: bytes >> 32)
        var a = (SIMD8<UInt32>(lo, lo, lo, lo, hi, hi, hi, hi) &>> SIMD8<UInt32>(0, 8, 16, 24, 0, 8, 16, 24))
            & SIMD8<UInt32>(repeating: 0xFF)
        if opacity != 255 { a = PixelMath.mulDiv255(a, opacity) }
        let raw = UnsafeMutableRawPointer(d)
        let under = raw.loadUnaligned(as: SIMD8<UInt32>.self)
        raw.storeBytes(of: PixelMath.sourceOver(PixelMath.scale(c, by: a), under), as: SIMD8<UInt32>.self)
    }
}
