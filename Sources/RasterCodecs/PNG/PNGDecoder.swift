import CPNG
import Foundation
import RasterCore

/// Reads PNG files of every colour type and bit depth (palette with tRNS, grey,
/// grey + alpha, RGB, RGBA, 1–16 bits, interlaced) into premultiplied RGBA8.
///
/// 16-bit samples are scaled to 8 bits with rounding; gamma and colour-profile chunks
/// are ignored (samples are taken as sRGB), so decoding is the same on every machine.
/// Errors never abort: libpng's longjmp stops inside the CPNG shim.
public enum PNGDecoder {
    /// Images with more pixels than this are refused before any pixel memory is taken
    /// (`Bitmap.maxImagePixels`, the same cap as a scene's canvas).
    public static let defaultMaxPixels = Bitmap.maxImagePixels

    /// Decodes PNG bytes into premultiplied RGBA8.
    /// - Throws: `PNGError`: `.notPNG` for a wrong signature, `.tooLarge` over `maxPixels`
    ///   (checked from the header), `.outOfMemory`, else `.corrupt` with libpng's message.
    public static func decode(_ data: [UInt8], maxPixels: Int = defaultMaxPixels) throws -> Bitmap {
        var image = cpng_image()
        var message = [CChar](repeating: 0, count: 512)
        let status = data.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { err in
                cpng_decode(bytes.baseAddress, bytes.count, UInt64(max(0, maxPixels)), &image, err.baseAddress, err.count)
            }
        }
        let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == Int32(CPNG_OK), let pixels = image.pixels else {
            switch Int(status) {
            case Int(CPNG_ERROR_SIGNATURE): throw PNGError(kind: .notPNG, message: text)
            case Int(CPNG_ERROR_TOO_LARGE): throw PNGError(kind: .tooLarge, message: text)
            case Int(CPNG_ERROR_NO_MEMORY): throw PNGError(kind: .outOfMemory, message: "out of memory")
            default: throw PNGError(kind: .corrupt, message: text.isEmpty ? "corrupt PNG data" : text)
            }
        }
        defer { cpng_free(pixels) }
        let w = Int(image.width), h = Int(image.height)
        return try Bitmap(straightRGBA: UnsafeBufferPointer(start: pixels, count: w * h * 4), width: w, height: h)
    }

    /// Reads and decodes a file; errors name the file.
    public static func decode(contentsOf path: String, maxPixels: Int = defaultMaxPixels) throws -> Bitmap {
        try ImageDecoder.reading(path) { try decode($0, maxPixels: maxPixels) }
    }

}
