import CWebP
import RasterCore

/// WebP through libwebp: lossless (every pixel kept) or lossy at a quality.
enum WebPCodec {
    static func encode(_ bitmap: Bitmap, quality: Int?) throws -> [UInt8] {
        let w = bitmap.width, h = bitmap.height
        guard w > 0, h > 0, w <= 16_383, h <= 16_383 else {
            throw PNGError(kind: .unsupported, message: "a WebP image is 1 to 16383 pixels on each side (the image is \(w)x\(h))")
        }
        let straight = bitmap.straightRGBA()
        var output: UnsafeMutablePointer<UInt8>?
        let size = straight.withUnsafeBufferPointer { rgba in
            if let quality {
                return WebPEncodeRGBA(rgba.baseAddress, Int32(w), Int32(h), Int32(w * 4), Float(min(max(quality, 1), 100)), &output)
            }
            return WebPEncodeLosslessRGBA(rgba.baseAddress, Int32(w), Int32(h), Int32(w * 4), &output)
        }
        guard size > 0, let output else { throw PNGError(kind: .corrupt, message: "WebP encoding failed") }
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    static func decode(_ bytes: [UInt8], maxPixels: Int) throws -> Bitmap {
        var w: Int32 = 0, h: Int32 = 0
        guard bytes.withUnsafeBufferPointer({ WebPGetInfo($0.baseAddress, $0.count, &w, &h) }) != 0, w > 0, h > 0 else {
            throw PNGError(kind: .corrupt, message: "corrupt WebP data")
        }
        guard Int(w) * Int(h) <= maxPixels else {
            throw PNGError(kind: .tooLarge, message: "image is \(w)x\(h) pixels, more than the limit of \(maxPixels) pixels")
        }
        var dw: Int32 = 0, dh: Int32 = 0
        guard let pixels = bytes.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &dw, &dh) }) else {
            throw PNGError(kind: .corrupt, message: "corrupt WebP data")
        }
        defer { WebPFree(pixels) }
        return try Bitmap(straightRGBA: UnsafeBufferPointer(start: pixels, count: Int(dw) * Int(dh) * 4), width: Int(dw), height: Int(dh))
    }
}
