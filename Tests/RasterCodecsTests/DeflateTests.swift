import CDeflate
import Foundation
@testable import RasterCodecs
import RasterCore
import XCTest

final class DeflateTests: XCTestCase {
    private func kraftSum(_ lengths: [UInt8], maxLength: Int) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 << (maxLength - Int($1)) }
    }

    func testHuffman_OptimalLengthsForASmallAlphabet() {
        let code = HuffmanCode(frequencies: [1, 1, 2, 4, 0], maxLength: 15)
        XCTAssertEqual(code.lengths, [3, 3, 2, 1, 0])
        // Canonical, bit-reversed: the one-bit code is 0, the two-bit code 10, then 110, 111.
        XCTAssertEqual(code.codes[3], 0b0)
        XCTAssertEqual(code.codes[2], 0b01)
        XCTAssertEqual(code.codes[0], 0b011)
        XCTAssertEqual(code.codes[1], 0b111)
    }

    func testHuffman_LengthLimitKeepsTheCodeComplete() {
        // Fibonacci weights make the unrestricted tree 24 levels deep.
        var fib: [UInt32] = [1, 1]
        while fib.count < 25 { fib.append(fib[fib.count - 1] + fib[fib.count - 2]) }
        let code = HuffmanCode(frequencies: fib, maxLength: 7 + 8)
        XCTAssertEqual(code.lengths.max(), 15)
        XCTAssertEqual(kraftSum(code.lengths, maxLength: 15), 1 << 15)
        // More frequent symbols never get longer codes.
        for i in 1..<fib.count { XCTAssertLessThanOrEqual(code.lengths[i], code.lengths[i - 1]) }
        let short = HuffmanCode(frequencies: fib, maxLength: 7)
        XCTAssertEqual(short.lengths.max(), 7)
        XCTAssertEqual(kraftSum(short.lengths, maxLength: 7), 1 << 7)
    }

    func testHuffman_ASingleUsedSymbolStillMakesAValidCode() {
        let code = HuffmanCode(frequencies: [0, 0, 9, 0], maxLength: 15)
        XCTAssertEqual(code.lengths[2], 1)
        XCTAssertEqual(kraftSum(code.lengths, maxLength: 15), 1 << 15)
    }

    /// A picture with long flat runs (runs longer than 258, many blocks) and noisy stretches.
    private func mixedImage(width: Int, height: Int) throws -> Bitmap {
        let b = try Bitmap(width: width, height: height, color: Color.white.premultiplied)
        var state: UInt32 = 7
        for y in 0..<height { for x in 0..<width where (x / 50 + y / 40) % 3 == 0 {
            state = state &* 1_664_525 &+ 1_013_904_223
            b[x, y] = Color(r: UInt8(truncatingIfNeeded: state >> 24), g: UInt8(x & 255), b: UInt8(y & 255),
                            a: UInt8(truncatingIfNeeded: state >> 16) | 1).premultiplied
        } }
        return b
    }

    func testRunLengthStream_RoundTripsThroughLibpngAcrossManyBlocks() throws {
        let image = try mixedImage(width: 700, height: 300)
        for filter in PNGEncoder.FilterStrategy.allCases {
            let data = try PNGEncoder(filter: filter, compression: .runLength).encode(image)
            XCTAssertTrue(try PNGDecoder.decode(data).pixelsEqual(image), "\(filter)")
        }
        // The noisy third of that image alone is more literals than one block holds, so
        // the round trips above crossed block boundaries.
        var state: UInt32 = 1
        let noise = (0..<(700 * 300 * 4 / 3)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let noisy = noise.withUnsafeBufferPointer { RunLengthDeflater.zlibStream($0) }
        XCTAssertGreaterThan(noisy.literalBytes, RunLengthDeflater.blockSymbols)
        // A long flat stretch is runs of at most 258 after one literal.
        let flat = try Bitmap(width: 2000, height: 40, color: Color.white.premultiplied)
        let stream = [UInt8](repeating: 0, count: 300_000).withUnsafeBufferPointer { RunLengthDeflater.zlibStream($0) }
        XCTAssertEqual(stream.literalBytes, 1, "only the first byte has no byte before it")
        XCTAssertTrue(try PNGDecoder.decode(PNGEncoder.fast.encode(flat)).pixelsEqual(flat))
    }

    /// Input handed to the compressor in pieces codes as the whole does: runs that cross
    /// a piece's end (by 1 to 300 bytes, short ones that become literals, ones longer than
    /// 258), pieces of one byte, and more symbols than a block holds. The stream inflates
    /// (libdeflate) to the input.
    func testPieces_CodeAsTheWholeInput() throws {
        var state: UInt32 = 99
        func random(_ n: UInt32) -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int((state >> 8) % n)
        }
        var input = [UInt8]()
        while input.count < 400_000 {
            let value = UInt8(random(4))
            input += [UInt8](repeating: value, count: [1, 2, 3, 4, 257, 258, 259, 600][random(8)])
            for _ in 0..<random(400) { input.append(UInt8(random(256))) }
        }
        let whole = input.withUnsafeBufferPointer { RunLengthDeflater.zlibStream($0) }
        XCTAssertGreaterThan(whole.literalBytes, RunLengthDeflater.blockSymbols, "several blocks")
        for maxPiece in [1, 2, 7, 300, 4096, 70_000] {
            let compressor = RunLengthCompressor(capacity: 1024, zlibHeader: true)
            var offset = 0
            input.withUnsafeBufferPointer { all in
                while offset < all.count {
                    let end = min(all.count, offset + 1 + random(UInt32(maxPiece)))
                    compressor.append(UnsafeBufferPointer(rebasing: all[offset..<end]))
                    offset = end
                }
            }
            let stream = compressor.finishStream()
            let firstDifference = zip(stream, whole.stream).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(stream.count, whole.stream.count)
            XCTAssertTrue(stream == whole.stream, "pieces of up to \(maxPiece) bytes: \(stream.count) bytes against "
                          + "\(whole.stream.count), first difference at \(firstDifference)")
            XCTAssertEqual(compressor.literalBytes, whole.literalBytes)
        }
        var inflated = [UInt8](repeating: 0, count: input.count)
        var produced = 0
        let result = whole.stream.withUnsafeBytes { stream in
            inflated.withUnsafeMutableBytes { out in
                guard let decompressor = libdeflate_alloc_decompressor() else { return LIBDEFLATE_INSUFFICIENT_SPACE }
                defer { libdeflate_free_decompressor(decompressor) }
                return libdeflate_zlib_decompress(decompressor, stream.baseAddress, stream.count,
                                                  out.baseAddress, out.count, &produced)
            }
        }
        XCTAssertEqual(result, LIBDEFLATE_SUCCESS)
        XCTAssertEqual(produced, input.count)
        XCTAssertTrue(inflated == input, "the stream inflates to other bytes")
    }

    func testAutomatic_NeverLargerThanEitherMethod_AndRunLengthOnFlatImages() throws {
        // A tiled noise texture: repeats a match search finds, but no runs.
        let tile = try mixedImage(width: 16, height: 16)
        let busy = try Bitmap(width: 400, height: 240)
        for y in 0..<240 { for x in 0..<400 { busy[x, y] = tile[(x * 3) % 16, y % 16] } }
        let automatic = try PNGEncoder(compression: .automatic).encode(busy)
        let runs = try PNGEncoder(compression: .runLength).encode(busy)
        let searched = try PNGEncoder(compression: .deflate(level: 7)).encode(busy)
        XCTAssertEqual(automatic.count, min(runs.count, searched.count))
        XCTAssertLessThan(searched.count, runs.count, "repeated texture is where a match search pays")

        let flat = try Bitmap(width: 300, height: 200, color: Color(r: 10, g: 200, b: 90, a: 255).premultiplied)
        XCTAssertEqual(try PNGEncoder(compression: .automatic).encode(flat),
                       try PNGEncoder(compression: .runLength).encode(flat))
    }
}

/// The frame encoder: bands of rows compressed on their own and reused while unchanged.
final class PNGFrameEncoderTests: XCTestCase {
    /// Adler-32 as RFC 1950 defines it, byte by byte.
    private func adler(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var s1: UInt32 = 1, s2: UInt32 = 0
        for b in bytes {
            s1 = (s1 + UInt32(b)) % 65_521
            s2 = (s2 + s1) % 65_521
        }
        return s2 << 16 | s1
    }

    func testAdlerOfAConcatenation_IsCombinedFromItsParts() {
        var state: UInt32 = 3
        let bytes = (0..<200_000).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24) | 0xF0 // large bytes wrap the sums often
        }
        for split in [0, 1, 5_552, 65_521, 100_000, 199_999, 200_000] {
            let combined = PNGFrameEncoder.combineAdler(adler(bytes[..<split]), adler(bytes[split...]),
                                                        length: bytes.count - split)
            XCTAssertEqual(combined, adler(bytes[...]), "split at \(split)")
        }
    }

    /// The data of every IDAT chunk, in order.
    private func imageData(_ png: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            if png[(i + 4)..<(i + 8)].elementsEqual("IDAT".utf8) { data += png[(i + 8)..<(i + 8 + length)] }
            i += 12 + length
        }
        return data
    }

    func testFrames_HaveTheSameBytesWhateverRowsAreSaidToChange_AndDecodeToTheirPixels() throws {
        // 70 rows: bands of 16 rows, the last of 6.
        let frame = try Bitmap(width: 120, height: 70, color: Color.white.premultiplied)
        var state: UInt32 = 9
        for y in 0..<70 { for x in 0..<120 where (x / 9 + y / 7) % 3 == 0 {
            state = state &* 1_664_525 &+ 1_013_904_223
            frame[x, y] = Color(r: UInt8(truncatingIfNeeded: state >> 24), g: UInt8(x), b: UInt8(y),
                                a: UInt8(truncatingIfNeeded: state >> 16) | 1).premultiplied
        } }
        let reusing = PNGFrameEncoder()
        // Each step changes some rows and says which: the last row of a band (which the
        // next band's first row is filtered against), the first row of a band, the last
        // row of the image, nothing, and rows across a band boundary.
        let steps: [(rows: Range<Int>, compressed: Int)] = [(0..<70, 5), (15..<16, 2), (16..<17, 1), (69..<70, 1),
                                                            (0..<0, 0), (30..<40, 2)]
        for (step, change) in steps.enumerated() {
            for y in change.rows { frame[(y * 7 + step * 50) % 120, y] = Color(r: UInt8(step * 40), g: 9, b: 200).premultiplied }
            let before = reusing.statistics.bandsCompressed
            let bytes = try reusing.encode(frame, changedRows: step == 0 ? nil : [change.rows])
            XCTAssertEqual(reusing.statistics.bandsCompressed - before, change.compressed, "step \(step)")
            XCTAssertEqual(bytes, try PNGFrameEncoder().encode(frame), "step \(step): reused bands differ from a fresh encoding")
            XCTAssertTrue(try PNGDecoder.decode(bytes).pixelsEqual(frame), "step \(step)")
            // The same rows Paeth-filtered in one stream: the same Adler-32.
            XCTAssertEqual(imageData(bytes).suffix(4), imageData(try PNGEncoder.fast.encode(frame)).suffix(4), "step \(step)")
        }
        XCTAssertEqual(reusing.statistics, PNGFrameEncoder.Statistics(bandsCompressed: 11, bandsReused: 19))
        // Another size starts over.
        let small = try Bitmap(width: 3, height: 2, color: Color.black.premultiplied)
        XCTAssertTrue(try PNGDecoder.decode(reusing.encode(small, changedRows: [])).pixelsEqual(small))
    }
}
