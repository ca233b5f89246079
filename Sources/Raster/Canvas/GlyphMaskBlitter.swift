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
        for y in 0..<height {
            let m = mask + y * maskStride
            let d = dst + y * pitch
            for k in 0..<steps {
                step(c, opacity, m + 8 * k, d + 8 * k)
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
    private static func step(_ c: SIMD8<UInt32>, _ opacity: UInt32, _ m: UnsafePointer<UInt8>,
                             _ d: UnsafeMutablePointer<UInt32>) {
        let bytes = UnsafeRawPointer(m).loadUnaligned(as: UInt64.self)
        if bytes == 0 { return }
        var a = SIMD8<UInt32>(UInt32(m[0]), UInt32(m[1]), UInt32(m[2]), UInt32(m[3]),
                              UInt32(m[4]), UInt32(m[5]), UInt32(m[6]), UInt32(m[7]))
        if opacity != 255 { a = PixelMath.mulDiv255(a, opacity) }
        let raw = UnsafeMutableRawPointer(d)
        let under = raw.loadUnaligned(as: SIMD8<UInt32>.self)
        raw.storeBytes(of: PixelMath.sourceOver(PixelMath.scale(c, by: a), under), as: SIMD8<UInt32>.self)
    }
}
