import CDeflate
import RasterCore

/// Encodes the frames of an animation as PNG files, compressing again only the rows that
/// changed since the frame before.
///
/// Rows are Paeth-filtered and run-length compressed as `PNGEncoder.fast` does, but the
/// zlib stream is cut into bands of `bandRows` rows. Each band is compressed on its own
/// (its runs never reach into the band above), ends on a byte boundary (a sync flush) and
/// is written as an IDAT chunk of its own, so a band's chunk is a function of its rows and
/// of the row above it (which Paeth reads) alone. When none of them changed, the chunk the
/// frame before wrote is the same bytes and is written again as it is. The Adler-32 of the
/// whole stream is combined from the bands' own.
///
/// Invariant: `encode` returns the same bytes for the same pixels whatever rows the caller
/// says changed, provided every row that changed since the last call is among them.
public final class PNGFrameEncoder {
    /// Rows per band: a band is what is compressed again when any of its rows changes.
    public static let bandRows = 16

    /// What the encoder did, summed over its frames.
    public struct Statistics: Equatable, Sendable {
        /// Bands filtered and compressed.
        public var bandsCompressed = 0
        /// Bands whose chunk from the frame before was written again.
        public var bandsReused = 0
    }

    /// One band's part of the stream: its IDAT chunk whole (length, type, data, CRC), and
    /// the Adler-32 and length of its filtered bytes.
    private struct Band {
        var chunk: [UInt8]
        var adler: UInt32
        var length: Int
    }

    private var bands: [Band] = []
    private var width = 0
    private var height = 0
    /// What the encoder did, summed over its frames.
    public private(set) var statistics = Statistics()

    public init() {}

    /// The PNG of `bitmap`.
    /// - Parameter changedRows: the rows that may differ from the bitmap of the last call
    ///   (nil: any row may). The first call, and a call at another size, encode every row.
    /// - Throws: `PNGError` for a bitmap without pixels.
    public func encode(_ bitmap: Bitmap, changedRows: [Range<Int>]? = nil) throws -> [UInt8] {
        try PNGEncoder.checkHasPixels(bitmap)
        let count = (bitmap.height + Self.bandRows - 1) / Self.bandRows
        var dirty = [Bool](repeating: true, count: count)
        if bitmap.width == width, bitmap.height == height, bands.count == count, let changedRows {
            dirty = Self.dirtyBands(changedRows, count: count, height: height)
        } else {
            width = bitmap.width
            height = bitmap.height
            bands = []
        }
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: (width * 4 + 1) * Self.bandRows)
        defer { filtered.deallocate() }
        var updated = [Band]()
        updated.reserveCapacity(count)
        for index in 0..<count {
            if !dirty[index], index < bands.count {
                updated.append(bands[index])
                statistics.bandsReused += 1
            } else {
                updated.append(compress(bitmap, band: index, into: filtered))
                statistics.bandsCompressed += 1
            }
        }
        bands = updated
        return assemble()
    }

    /// Which bands hold or read (as the row above their first) a row of `rows`.
    static func dirtyBands(_ rows: [Range<Int>], count: Int, height: Int) -> [Bool] {
        var dirty = [Bool](repeating: false, count: count)
        for range in rows {
            let lo = max(0, range.lowerBound), hi = min(height, range.upperBound)
            guard lo < hi else { continue }
            // Row y is in band y / bandRows, and the row above the first of band y + 1.
            let first = lo / bandRows, last = min(count - 1, hi / bandRows)
            for band in first...last { dirty[band] = true }
        }
        return dirty
    }

    /// Filters the rows of band `index` into `filtered` (as `PNGEncoder.fast` filters
    /// them) and compresses them.
    private func compress(_ bitmap: Bitmap, band index: Int, into filtered: UnsafeMutablePointer<UInt8>) -> Band {
        let start = index * Self.bandRows, end = min(height, start + Self.bandRows)
        PNGEncoder.filter(bitmap, rows: start..<end, candidates: PNGEncoder.fast.filter.candidates, into: filtered)
        let input = UnsafeBufferPointer(start: filtered, count: (end - start) * (width * 4 + 1))
        let segment = RunLengthDeflater.flushedSegment(input)
        var chunk = [UInt8]()
        chunk.reserveCapacity(segment.count + 12)
        chunk.appendChunk("IDAT", segment[...])
        return Band(chunk: chunk, adler: UInt32(libdeflate_adler32(1, filtered, input.count)), length: input.count)
    }

    /// Signature, header, the zlib header, every band's chunk, the final block with the
    /// stream's Adler-32, and the end.
    private func assemble() -> [UInt8] {
        var png = PNGEncoder.opening(width: width, height: height, capacity: bands.reduce(128) { $0 + $1.chunk.count })
        png.appendChunk("IDAT", RunLengthDeflater.zlibHeader[...])
        var adler: UInt32 = 1
        for band in bands {
            png += band.chunk
            adler = Self.combineAdler(adler, band.adler, length: band.length)
        }
        var last = RunLengthDeflater.finalBlock
        last.appendBigEndian(adler)
        png.appendChunk("IDAT", last[...])
        png.appendChunk("IEND", [][...])
        return png
    }

    /// The Adler-32 of bytes A then B from that of A, that of B and B's length: the sum
    /// part adds (less B's starting 1), and every byte of B also counts A's sum once.
    static func combineAdler(_ a: UInt32, _ b: UInt32, length: Int) -> UInt32 {
        let base: UInt64 = 65_521
        let a1 = UInt64(a & 0xFFFF), a2 = UInt64(a >> 16)
        let b1 = UInt64(b & 0xFFFF), b2 = UInt64(b >> 16)
        let s1 = (a1 + b1 + base - 1) % base
        let s2 = (a2 + b2 + (UInt64(length) % base) * ((a1 + base - 1) % base)) % base
        return UInt32(s2 << 16 | s1)
    }
}
