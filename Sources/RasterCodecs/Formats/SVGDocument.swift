import CRsvg
import Foundation
import RasterCore

/// An SVG file, drawn by librsvg (through cairo) at whatever size and scale it is shown,
/// so it stays sharp as a vector: `SVGImage` draws it as a layer drawing, which the
/// compositor rasterizes at the layer's device scale.
///
/// Invariant: `bytes` parsed once without error and gave `size`; every render parses
/// them again with a handle of its own (librsvg handles are not shared across threads).
public final class SVGDocument: Sendable, Hashable {
    /// The SVG source as given, kept to parse again for each render.
    public let bytes: [UInt8]
    /// The document's own size in CSS pixels (points): its width and height, else its
    /// viewBox.
    public let size: Size

    /// - Throws: `PNGError` (`.corrupt`) with librsvg's message, or for a document
    ///   without a size.
    public init(bytes: [UInt8]) throws {
        self.bytes = bytes
        guard let handle = try Self.handle(bytes) else {
            throw PNGError(kind: .corrupt, message: "not a readable SVG document")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var w = 0.0, h = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) != 0, w > 0, h > 0, w.isFinite, h.isFinite else {
            throw PNGError(kind: .corrupt, message: "an SVG without a size (give the svg element width and height, or a viewBox)")
        }
        size = Size(width: w, height: h)
    }

    /// True for bytes that look like an SVG document (an `<svg` element near the start).
    public static func sniff(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        return head.contains("<svg")
    }

    private static func handle(_ bytes: [UInt8]) throws -> UnsafeMutablePointer<RsvgHandle>? {
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            if let handle { g_object_unref(UnsafeMutableRawPointer(handle)) }
            throw PNGError(kind: .corrupt, message: "invalid SVG (\(message.prefix(120)))")
        }
        return handle
    }

    /// The largest side, in pixels, of the viewport `render` takes (well inside cairo's
    /// fixed-point coordinates).
    public static let maxViewportSide = 1 << 22

    /// The largest side, in pixels, of the window one `render` draws (larger windows are
    /// drawn in tiles of at most this side).
    public static let maxWindowSide = 16_384

    /// The document fitted to a `width` × `height` pixel viewport (its aspect ratio kept,
    /// as the SVG's preserveAspectRatio says), premultiplied; nil when it cannot be drawn.
    /// With `window`, only those pixels of the viewport: a bitmap of the window's size
    /// whose pixel (0, 0) is the viewport's pixel (window.x0, window.y0), so a canvas
    /// showing part of a huge document pays for that part only. The window (by default
    /// the whole viewport) must lie inside the viewport and be at most `maxWindowSide`
    /// pixels a side.
    public func render(width: Int, height: Int, window: PixelRect? = nil) -> Bitmap? {
        let window = window ?? PixelRect(x: 0, y: 0, width: width, height: height)
        guard width > 0, height > 0, width <= Self.maxViewportSide, height <= Self.maxViewportSide,
              !window.isEmpty, window.x0 >= 0, window.y0 >= 0, window.x1 <= width, window.y1 <= height,
              window.width <= Self.maxWindowSide, window.height <= Self.maxWindowSide else { return nil }
        let surfaceWidth = window.width, surfaceHeight = window.height
        guard let handle = try? Self.handle(bytes),
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(surfaceWidth), Int32(surfaceHeight)) else {
            return nil
        }
        defer {
            cairo_surface_destroy(surface)
            g_object_unref(UnsafeMutableRawPointer(handle))
        }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        var viewport = RsvgRectangle(x: Double(-window.x0), y: Double(-window.y0), width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>?
        let drawn = rsvg_handle_render_document(handle, cr, &viewport, &error)
        if let error { g_error_free(error) }
        guard drawn != 0 else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface),
              let bitmap = try? Bitmap(width: surfaceWidth, height: surfaceHeight) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // cairo's ARGB32 is premultiplied 0xAARRGGBB in native order; ours is 0xAABBGGRR.
        for y in 0..<surfaceHeight {
            let source = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let row = bitmap.row(y)
            for x in 0..<surfaceWidth {
                let p = source[x]
                row[x] = (p & 0xFF00_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16
            }
        }
        return bitmap
    }

    public static func == (a: SVGDocument, b: SVGDocument) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
