import CJPEG
import RasterCore

/// JPEG through libjpeg-turbo: baseline, 4:2:0, as its own defaults write it.
enum JPEGCodec {
    /// The bitmap's premultiplied pixels, alpha ignored (transparent pixels over black).
    static func encode(_ bitmap: Bitmap, quality: Int) throws -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw PNGError(kind: .unsupported, message: "a JPEG cannot be empty (the image is \(bitmap.width)x\(bitmap.height))")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { err in
            UnsafeRawPointer(bitmap.row(0)).withMemoryRebound(to: UInt8.self, capacity: bitmap.stride * bitmap.height * 4) { pixels in
                cjpeg_encode(pixels, UInt32(bitmap.width), UInt32(bitmap.height), bitmap.stride * 4, Int32(quality),
                             &out, &length, err.baseAddress, err.count)
            }
        }
        guard status == Int32(CJPEG_OK), let out else {
            throw PNGError(kind: .corrupt, message: "JPEG encoding failed: \(text(message))")
        }
        defer { cjpeg_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    static func decode(_ bytes: [UInt8], maxPixels: Int) throws -> Bitmap {
        var width: UInt32 = 0, height: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { err in
                cjpeg_decode(data.baseAddress, data.count, UInt64(max(0, maxPixels)), &width, &height, &pixels,
                             err.baseAddress, err.count)
            }
        }
        guard status == Int32(CJPEG_OK), let pixels else {
            switch Int(status) {
            case Int(CJPEG_ERROR_TOO_LARGE): throw PNGError(kind: .tooLarge, message: text(message))
            case Int(CJPEG_ERROR_NO_MEMORY): throw PNGError(kind: .outOfMemory, message: "out of memory")
            default: throw PNGError(kind: .corrupt, message: "corrupt JPEG data (\(text(message)))")
            }
        }
        defer { cjpeg_free(pixels) }
        let w = Int(width), h = Int(height)
        return try Bitmap(straightRGBA: UnsafeBufferPointer(start: pixels, count: w * h * 4), width: w, height: h)
    }

    static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
