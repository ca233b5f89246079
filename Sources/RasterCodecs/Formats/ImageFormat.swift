import Foundation
import RasterCore

/// The image formats read and written: PNG (libpng to read, our encoder to write), JPEG
/// (libjpeg-turbo) and WebP (libwebp).
public enum ImageFormat: String, CaseIterable, Sendable {
    case png
    case jpeg
    case webp

    /// The file extensions that name the format, first the usual one.
    public var extensions: [String] {
        switch self {
        case .png: return ["png"]
        case .jpeg: return ["jpg", "jpeg"]
        case .webp: return ["webp"]
        }
    }

    /// The format a name's extension gives (case-insensitive); nil for a name without one.
    /// - Throws: `PNGError` of kind `.unsupported` for an extension of no known format.
    public static func named(byExtensionOf path: String) throws -> ImageFormat? {
        let ext = (path as NSString).pathExtension
        guard !ext.isEmpty else { return nil }
        guard let format = allCases.first(where: { $0.extensions.contains(ext.lowercased()) }) else {
            throw PNGError(kind: .unsupported, message: "cannot tell an image format from '.\(ext.prefix(20))' (known: \(knownExtensions))")
        }
        return format
    }

    /// The format `bytes` start like, from their signature.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        return nil
    }

    /// Every extension known, for messages: ".png, .jpg, .jpeg, .webp".
    public static var knownExtensions: String {
        allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
    }
}

/// How to encode a bitmap: the format and, for JPEG and WebP, the quality.
///
/// PNG and lossless WebP keep every pixel; JPEG (no alpha: transparent pixels come out as
/// their premultiplied colour, over black) and WebP with a quality are lossy.
public struct ImageEncoder: Sendable {
    /// The format written.
    public var format: ImageFormat
    /// 1 to 100. JPEG: 90 when nil. WebP: lossless when nil, else lossy at this quality.
    public var quality: Int?
    /// The PNG encoder's settings.
    public var png: PNGEncoder

    /// `quality` as for the property (nil: the format's default); `png` is used only for PNG.
    public init(format: ImageFormat, quality: Int? = nil, png: PNGEncoder = .standard) {
        self.format = format
        self.quality = quality
        self.png = png
    }

    public func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        switch format {
        case .png: return try png.encode(bitmap)
        case .jpeg: return try JPEGCodec.encode(bitmap, quality: quality ?? 90)
        case .webp: return try WebPCodec.encode(bitmap, quality: quality)
        }
    }
}

/// Decodes PNG, JPEG and WebP, whichever the bytes are (by their signature).
public enum ImageDecoder {
    /// - Throws: `PNGError`: `.unsupported` for bytes in none of the formats, `.tooLarge`
    ///   over `maxPixels` (checked from the header, before pixel memory is taken).
    public static func decode(_ bytes: [UInt8], maxPixels: Int = PNGDecoder.defaultMaxPixels) throws -> Bitmap {
        switch ImageFormat.sniff(bytes) {
        case .png: return try PNGDecoder.decode(bytes, maxPixels: maxPixels)
        case .jpeg: return try JPEGCodec.decode(bytes, maxPixels: maxPixels)
        case .webp: return try WebPCodec.decode(bytes, maxPixels: maxPixels)
        case nil: throw PNGError(kind: .unsupported, message: "not a PNG, JPEG or WebP image")
        }
    }

    /// Reads and decodes a file; errors name the file.
    public static func decode(contentsOf path: String, maxPixels: Int = PNGDecoder.defaultMaxPixels) throws -> Bitmap {
        try reading(path) { try decode($0, maxPixels: maxPixels) }
    }

    /// `body` of the file's bytes, its `PNGError`s naming the file.
    static func reading<T>(_ path: String, _ body: ([UInt8]) throws -> T) throws -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PNGError(kind: .io, message: "cannot read the file", path: path)
        }
        do {
            return try body([UInt8](data))
        } catch var error as PNGError {
            error.path = path
            throw error
        }
    }
}
