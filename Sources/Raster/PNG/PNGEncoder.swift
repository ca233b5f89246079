import CPNG
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes bitmaps as 8-bit RGBA PNG (straight alpha, as PNG requires).
public struct PNGEncoder: Sendable {
    /// Which PNG row filters the encoder may choose from.
    public enum FilterStrategy: String, Sendable, CaseIterable {
        /// No filtering.
        case none
        /// Each row predicted from the pixel to its left.
        case sub
        /// Each row predicted from the row above.
        case up
        /// Paeth prediction.
        case paeth
        /// libpng's adaptive choice among all five filters per row (best size).
        case adaptive

        var libpngMask: Int32 {
            switch self {
            case .none: return 0x08
            case .sub: return 0x10
            case .up: return 0x20
            case .paeth: return 0x80
            case .adaptive: return 0x08 | 0x10 | 0x20 | 0x40 | 0x80
            }
        }
    }

    /// zlib compression level, 0 (store) ... 9 (smallest).
    public var compressionLevel: Int
    public var filter: FilterStrategy
    /// zlib's run-length strategy: much faster on flat UI images, slightly larger files.
    public var runLengthOnly: Bool

    public init(compressionLevel: Int = 6, filter: FilterStrategy = .adaptive, runLengthOnly: Bool = false) {
        self.compressionLevel = min(max(compressionLevel, 0), 9)
        self.filter = filter
        self.runLengthOnly = runLengthOnly
    }

    /// The default: zlib level 6, adaptive filters (the size of libpng's defaults).
    public static let standard = PNGEncoder()
    /// The fast mode for frame export: level 1, Up filter, run-length matching.
    public static let fast = PNGEncoder(compressionLevel: 1, filter: .up, runLengthOnly: true)

    public func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        let rgba = bitmap.straightRGBA()
        var buffer = cpng_buffer()
        var message = [CChar](repeating: 0, count: 512)
        let options = cpng_encode_options(compression_level: Int32(compressionLevel), filters: filter.libpngMask,
                                          strategy: runLengthOnly ? 3 : 0)
        let status = rgba.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { err in
                cpng_encode(bytes.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), bitmap.width * 4,
                            options, &buffer, err.baseAddress, err.count)
            }
        }
        defer { cpng_free(buffer.data) }
        guard status == Int32(CPNG_OK), let data = buffer.data else {
            let text = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PNGError(kind: .corrupt, message: "PNG encoding failed: \(text)")
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }

    /// Encodes and writes atomically: a temporary file in the same folder, then a rename,
    /// so a failure never leaves a partial PNG at `path`.
    public func write(_ bitmap: Bitmap, to path: String) throws {
        let bytes = try encode(bitmap)
        try FileOutput.writeAtomically(bytes, to: path)
    }
}

/// Atomic file output shared by every writer.
public enum FileOutput {
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(bytes).write(to: temporary)
            // rename(2) replaces the target atomically on the same file system.
            guard rename(temporary.path, url.path) == 0 else {
                throw PNGError(kind: .io, message: String(cString: strerror(errno)), path: path)
            }
        } catch let error as PNGError {
            try? FileManager.default.removeItem(at: temporary)
            throw PNGError(kind: .io, message: "cannot write the file (\(error.message))", path: path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PNGError(kind: .io, message: "cannot write the file (\(error.localizedDescription))", path: path)
        }
    }
}

extension Bitmap {
    /// Encodes as PNG with `encoder`'s settings.
    public func pngData(_ encoder: PNGEncoder = .standard) throws -> [UInt8] {
        try encoder.encode(self)
    }

    /// Decodes a PNG file.
    public init(contentsOfPNG path: String) throws {
        self = try PNGDecoder.decode(contentsOf: path)
    }
}
