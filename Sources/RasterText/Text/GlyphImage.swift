import RasterCore

/// One glyph rasterized at one size and subpixel offset, ready to composite.
///
/// Placement: pixel (0, 0) of the image sits at device pixel (penX + `left`,
/// baselineY + `top`), where penX is the whole-pixel part of the glyph origin and
/// baselineY the whole-pixel baseline. An outline glyph is an 8-bit coverage mask
/// composited with the text's paint; a colour glyph is a premultiplied bitmap (`image`)
/// drawn as it is.
///
/// Invariants: an outline glyph's mask has `height` rows `stride` bytes apart, `stride`
/// is `width` rounded up to a multiple of 8 and the padding bytes are 0 (so a row can be
/// read in whole eight-pixel steps); a colour glyph has an image of `width` × `height`
/// and no mask; an empty glyph (a space) has neither, and neither has an oversized one
/// (`oversized`), which is drawn as an outline instead. Immutable after `init`.
package final class GlyphImage: @unchecked Sendable {
    /// The widest and tallest a glyph image may be at `pixelSize` pixels to the em:
    /// eight ems and a margin, far beyond any real glyph's ink (tall stacked marks,
    /// swashes), so that a font whose outlines claim absurd extents cannot make the
    /// cache allocate gigabytes.
    static func maxExtent(pixelSize: Double) -> Int { Int(8 * pixelSize) + 64 }

    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let stride: Int
    let mask: UnsafeMutablePointer<UInt8>?
    let image: ImageSource?

    /// An outline glyph from `rows` rows of `width` coverages, `pitch` bytes apart.
    init(left: Int, top: Int, width: Int, height: Int, rows: UnsafePointer<UInt8>, pitch: Int) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        stride = (width + 7) & ~7
        let mask = UnsafeMutablePointer<UInt8>.allocate(capacity: max(stride * height, 1))
        mask.initialize(repeating: 0, count: max(stride * height, 1))
        for y in 0..<height {
            (mask + y * stride).update(from: rows + y * pitch, count: width)
        }
        self.mask = mask
        image = nil
    }

    /// A colour glyph.
    init(left: Int, top: Int, image: ImageSource) {
        self.left = left
        self.top = top
        width = image.bitmap.width
        height = image.bitmap.height
        stride = 0
        mask = nil
        self.image = image
    }

    private init(oversized: Bool = false) {
        isOversized = oversized
        left = 0
        top = 0
        width = 0
        height = 0
        stride = 0
        mask = nil
        image = nil
    }

    deinit { mask?.deallocate() }

    static let empty = GlyphImage()
    /// A glyph whose ink is larger than `maxExtent`: not rasterized as an image; drawn,
    /// clipped to the canvas, from its outline.
    static let oversized = GlyphImage(oversized: true)
    package private(set) var isOversized = false

    var isColor: Bool { image != nil }
    var isEmpty: Bool { width == 0 || height == 0 }

    /// Memory held, for the cache's budget.
    var byteCount: Int { stride * height + (image == nil ? 0 : 4 * width * height) + 64 }
}
