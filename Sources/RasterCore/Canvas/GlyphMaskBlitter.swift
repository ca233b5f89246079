import CKernels

/// The hot loop of text: source-over of one premultiplied colour through a glyph's
/// coverage mask, eight pixels per step (the `CKernels` kernel `ck_glyph_mask_solid`).
///
/// Per pixel the result is `PixelMath.sourceOver(PixelMath.scale(color, by: a), d)` with
/// `a` the coverage (times the opacity), exactly as `PaintBlitter` composites a solid
/// colour; zero coverage leaves a pixel unchanged.
package enum GlyphMaskBlitter {
    /// Composites `height` rows of `width` coverages (`mask`, `maskStride` bytes apart)
    /// onto `dst` (rows `pitch` pixels apart). With `padded`, every row may be read and
    /// written in whole steps of eight up to `(width + 7) & ~7` (the mask's zero padding
    /// and the destination's room were checked by the caller); otherwise the tail of each
    /// row is done pixel by pixel.
    @inline(__always)
    package static func solid(color: UInt32, opacity: UInt32, mask: UnsafePointer<UInt8>, maskStride: Int,
                      dst: UnsafeMutablePointer<UInt32>, pitch: Int, width: Int, height: Int, padded: Bool) {
        ck_glyph_mask_solid(dst, pitch, mask, maskStride, width, height, color, opacity, padded ? 1 : 0)
    }
}
