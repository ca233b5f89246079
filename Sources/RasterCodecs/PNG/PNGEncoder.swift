import CDeflate
import Foundation
#if canImport(Glibc)
import Glibc
import RasterCore
#endif

/// Writes bitmaps as 8-bit RGBA PNG (straight alpha, as PNG requires).
///
/// The encoder filters rows itself and writes the chunks itself; the compressed stream
/// comes from `RunLengthDeflater` (the default, suited to rendered UI) or from zlib.
/// Output depends only on the pixels and the settings, never on the machine.
public struct PNGEncoder: Sendable, CustomStringConvertible {
    /// Which PNG row filters the encoder may choose from.
    public enum FilterStrategy: String, Sendable, CaseIterable {
        /// No filtering.
        case none
        /// Each row predicted from the pixel to its left.
        case sub
        /// Each row predicted from the row above.
        case up
        /// Each row predicted from the mean of left and above.
        case average
        /// Paeth prediction: flat areas and repeated rows both become zeros.
        case paeth
        /// Per row, the filter whose residuals have the smallest sum of magnitudes.
        case adaptive

        var candidates: [PNGRowFilter] {
            switch self {
            case .none: return [.none]
            case .sub: return [.sub]
            case .up: return [.up]
            case .average: return [.average]
            case .paeth: return [.paeth]
            case .adaptive: return PNGRowFilter.allCases
            }
        }
    }

    /// How the filtered rows are compressed.
    public enum Compression: Sendable, Equatable {
        /// Runs of a repeated byte plus per-block Huffman codes: the fastest, and on flat
        /// rendered UI smaller than a general match search.
        case runLength
        /// libdeflate's full match search at `level` 0 (stored) ... 12 (smallest, slowest);
        /// best for photographs and smooth gradients.
        case deflate(level: Int)
        /// Run-length; when more than `literalShare` of the bytes fall outside runs (busy
        /// images), also a level-7 match search, keeping the smaller stream.
        case automatic

        /// The share of literal bytes above which `automatic` tries the match search too.
        public static let literalShare = 1.0 / 16
    }
    /// The row filters the encoder chooses from.
    public var filter: FilterStrategy
    /// How the filtered rows are compressed.
    public var compression: Compression

    /// A `deflate` level outside 0...12 is clamped to that range.
    public init(filter: FilterStrategy = .adaptive, compression: Compression = .automatic) {
        self.filter = filter
        if case .deflate(let level) = compression {
            self.compression = .deflate(level: min(max(level, 0), 12))
        } else {
            self.compression = compression
        }
    }

    /// The default: adaptive filters, automatic compression.
    public static let standard = PNGEncoder()
    /// The fast mode for frame export: Paeth on every row, run-length compression.
    public static let fast = PNGEncoder(filter: .paeth, compression: .runLength)

    public var description: String { "PNGEncoder(filter: \(filter), compression: \(compression))" }

    public func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        try Self.checkHasPixels(bitmap)
        let stream: [UInt8]
        switch compression {
        case .runLength:
            stream = Self.runLengthStream(bitmap, candidates: filter.candidates)
        case .deflate(let level):
            stream = try Self.matchSearchStream(filteredRows(bitmap), level: level)
        case .automatic:
            let filtered = filteredRows(bitmap)
            let runs = filtered.withUnsafeBufferPointer { RunLengthDeflater.zlibStream($0) }
            if Double(runs.literalBytes) > Compression.literalShare * Double(filtered.count) {
                let searched = try Self.matchSearchStream(filtered, level: 7)
                stream = searched.count < runs.stream.count ? searched : runs.stream
            } else {
                stream = runs.stream
            }
        }
        var png = Self.opening(width: bitmap.width, height: bitmap.height, capacity: stream.count + 64)
        var offset = 0
        repeat {
            let end = min(stream.count, offset + Self.idatChunkSize)
            png.appendChunk("IDAT", stream[offset..<end])
            offset = end
        } while offset < stream.count
        png.appendChunk("IEND", [][...])
        return png
    }

    /// Largest IDAT payload written; streams longer than this span several chunks.
    static let idatChunkSize = 1 << 20

    /// - Throws: `PNGError` for a bitmap without pixels, which PNG cannot hold.
    static func checkHasPixels(_ bitmap: Bitmap) throws {
        guard bitmap.width > 0 && bitmap.height > 0 else {
            throw PNGError(kind: .tooLarge, message: "a PNG needs at least one pixel, not \(bitmap.width)x\(bitmap.height)")
        }
    }

    /// The signature and the image header of an 8-bit RGBA image, with room for
    /// `capacity` bytes in all.
    static func opening(width: Int, height: Int, capacity: Int) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(capacity)
        var header = [UInt8]()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filtering, no interlace
        png.appendChunk("IHDR", header[...])
        return png
    }

    /// Bytes of filtered rows compressed at a time by `runLengthStream`: small enough to
    /// stay in the second-level cache between filtering and compressing.
    static let runLengthPieceBytes = 1 << 16

    /// The run-length zlib stream of every row filtered, a few rows at a time.
    private static func runLengthStream(_ bitmap: Bitmap, candidates: [PNGRowFilter]) -> [UInt8] {
        let lineBytes = bitmap.width * 4 + 1
        let pieceRows = max(1, runLengthPieceBytes / lineBytes)
        let piece = UnsafeMutablePointer<UInt8>.allocate(capacity: lineBytes * pieceRows)
        defer { piece.deallocate() }
        let compressor = RunLengthCompressor(capacity: lineBytes * bitmap.height / 8 + 1024, zlibHeader: true)
        var y = 0
        while y < bitmap.height {
            let end = min(bitmap.height, y + pieceRows)
            filter(bitmap, rows: y..<end, candidates: candidates, into: piece)
            compressor.append(UnsafeBufferPointer(start: piece, count: (end - y) * lineBytes))
            y = end
        }
        return compressor.finishStream()
    }

    /// Every row as PNG stores it: its filter-type byte, then its residuals.
    private func filteredRows(_ bitmap: Bitmap) -> [UInt8] {
        let lineBytes = bitmap.width * 4 + 1
        return [UInt8](unsafeUninitializedCapacity: lineBytes * bitmap.height) { out, initialized in
            guard let base = out.baseAddress else { return }
            Self.filter(bitmap, rows: 0..<bitmap.height, candidates: filter.candidates, into: base)
            initialized = lineBytes * bitmap.height
        }
    }

    /// Writes rows `rows` of `bitmap` as PNG stores them into `out`, `width * 4 + 1` bytes
    /// a row: the filter-type byte of the candidate with the cheapest residuals (the only
    /// one when there is one), then the residuals. The first row is filtered against the
    /// row above `rows` (zeros above the image), so a range's lines are those of the
    /// whole image.
    static func filter(_ bitmap: Bitmap, rows: Range<Int>, candidates: [PNGRowFilter],
                       into out: UnsafeMutablePointer<UInt8>) {
        let rowBytes = bitmap.width * 4
        let lineBytes = rowBytes + 1
        // Rows with translucent pixels are made straight in these, taken in turn, so the
        // row above is never overwritten; opaque rows are read where they are.
        let straight = [UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes),
                        UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)]
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        defer { straight[0].deallocate(); straight[1].deallocate(); scratch.deallocate() }
        var rowAbove: UnsafePointer<UInt8>
        if rows.lowerBound > 0 {
            rowAbove = straightRow(bitmap, rows.lowerBound - 1, scratch: straight[0])
        } else {
            straight[0].initialize(repeating: 0, count: rowBytes)
            rowAbove = UnsafePointer(straight[0])
        }
        for y in rows {
            let row = straightRow(bitmap, y, scratch: straight[(y - rows.lowerBound + 1) & 1])
            let line = out + (y - rows.lowerBound) * lineBytes
            if candidates.count == 1 {
                line[0] = candidates[0].rawValue
                candidates[0].apply(row: row, previous: rowAbove, count: rowBytes, into: line + 1)
            } else {
                var best = Int.max
                for candidate in candidates {
                    candidate.apply(row: row, previous: rowAbove, count: rowBytes, into: scratch)
                    let cost = PNGRowFilter.cost(scratch, count: rowBytes)
                    if cost < best {
                        best = cost
                        line[0] = candidate.rawValue
                        (line + 1).update(from: scratch, count: rowBytes)
                    }
                }
            }
            rowAbove = row
        }
    }

    /// Row `y` as straight-alpha RGBA bytes: the bitmap's own row when it is opaque (its
    /// bytes are then already straight), else `scratch` holding the row made straight.
    static func straightRow(_ bitmap: Bitmap, _ y: Int, scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
        if bitmap.rowIsOpaque(y) { return UnsafeRawPointer(bitmap.row(y)).assumingMemoryBound(to: UInt8.self) }
        unpremultiplyRow(bitmap, y, into: scratch)
        return UnsafePointer(scratch)
    }

    /// Row `y` as straight-alpha RGBA bytes, written to `out`.
    static func straightRow(_ bitmap: Bitmap, _ y: Int, into out: UnsafeMutablePointer<UInt8>) {
        if bitmap.rowIsOpaque(y) {
            UnsafeMutableRawPointer(out).copyMemory(from: bitmap.row(y), byteCount: bitmap.width * 4)
        } else {
            unpremultiplyRow(bitmap, y, into: out)
        }
    }

    /// Row `y` with every translucent pixel made straight; opaque ones copied as they are.
    private static func unpremultiplyRow(_ bitmap: Bitmap, _ y: Int, into out: UnsafeMutablePointer<UInt8>) {
        let source = bitmap.row(y)
        UnsafeMutableRawPointer(out).copyMemory(from: source, byteCount: bitmap.width * 4)
        for x in 0..<bitmap.width where source[x] >> 24 != 255 {
            let c = PremultipliedColor(packed: source[x]).unpremultiplied
            out[4 * x] = c.r; out[4 * x + 1] = c.g; out[4 * x + 2] = c.b; out[4 * x + 3] = c.a
        }
    }

    /// A zlib stream from libdeflate's match search.
    private static func matchSearchStream(_ filtered: [UInt8], level: Int) throws -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw PNGError(kind: .outOfMemory, message: "PNG encoding failed: no memory for the compressor")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, filtered.count)
        var stream = [UInt8](repeating: 0, count: bound)
        let written = filtered.withUnsafeBytes { input in
            stream.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        guard written > 0 else { throw PNGError(kind: .corrupt, message: "PNG encoding failed: the stream did not fit its bound") }
        stream.removeLast(stream.count - written)
        return stream
    }

    /// Encodes and writes to `path` as `FileOutput.writeAtomically` does: a regular file
    /// through a temporary file and a rename (never a partial PNG at `path`), a device or
    /// pipe in place.
    public func write(_ bitmap: Bitmap, to path: String) throws {
        let bytes = try encode(bitmap)
        try FileOutput.writeAtomically(bytes, to: path)
    }
}

extension Bitmap {
    /// The pixels as straight-alpha RGBA bytes, rows packed (what encoders and video
    /// tools take).
    public func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<height { PNGEncoder.straightRow(self, y, into: base + y * width * 4) }
        }
        return out
    }

    /// Encodes as PNG with `encoder`'s settings.
    public func pngData(_ encoder: PNGEncoder = .standard) throws -> [UInt8] {
        try encoder.encode(self)
    }

    /// Decodes a PNG file.
    public init(contentsOfPNG path: String) throws {
        self = try PNGDecoder.decode(contentsOf: path)
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends one PNG chunk: length, type, data, CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: ArraySlice<UInt8>) {
        appendBigEndian(UInt32(data.count))
        let start = count
        append(contentsOf: type.utf8)
        append(contentsOf: data)
        let crc = self[start...].withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        appendBigEndian(crc)
    }
}
