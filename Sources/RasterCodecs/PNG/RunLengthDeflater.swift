import CDeflate

/// A zlib stream (RFC 1950 around RFC 1951 DEFLATE) whose only matches are runs of the
/// previous byte, each block coded with its own dynamic Huffman tables.
///
/// This is the match finder that suits filtered UI images: after PNG filtering, flat
/// areas and repeated rows become long runs of one byte, while edges are short literal
/// stretches that gain nothing from a general match search. Runs are measured eight bytes
/// at a time, so the cost per input byte in flat areas is a fraction of a cycle.
///
/// Invariants: every block holds at most `blockSymbols` symbols; only the last block has
/// BFINAL set; the stream ends byte-aligned and is followed by the big-endian Adler-32 of
/// the input.
enum RunLengthDeflater {
    static let blockSymbols = 1 << 16

    /// Compresses `input` into a complete zlib stream; also says how many input bytes were
    /// coded as literals rather than inside runs.
    static func zlibStream(_ input: UnsafeBufferPointer<UInt8>) -> (stream: [UInt8], literalBytes: Int) {
        let compressor = RunLengthCompressor(capacity: input.count / 8 + 1024, zlibHeader: true)
        compressor.append(input)
        return (compressor.finishStream(), compressor.literalBytes)
    }

    /// Compresses `input` as blocks with BFINAL clear followed by an empty stored block
    /// (a sync flush), so the segment ends on a byte boundary and any other segment, or
    /// `finalBlock`, may follow it. Its runs never reach before `input`, so its bytes
    /// depend on `input` alone.
    static func flushedSegment(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let compressor = RunLengthCompressor(capacity: input.count / 8 + 256, zlibHeader: false)
        compressor.append(input)
        return compressor.finishSegment()
    }

    /// The two bytes a zlib stream starts with: deflate with a 32 KiB window, no
    /// dictionary (0x7801 is a multiple of 31, as the check bits require).
    static let zlibHeader: [UInt8] = [0x78, 0x01]

    /// An empty stored block with BFINAL set: what ends a stream of flushed segments.
    static let finalBlock: [UInt8] = [0x01, 0x00, 0x00, 0xFF, 0xFF]

    /// The symbol of a literal byte in a block's symbol list is the byte itself.
    /// The symbol of a run of `length` bytes (3...258, at distance 1) is `runSymbolBase + length`.
    static let runSymbolBase: UInt16 = 256
    /// How many symbol values there are (`runSymbolBase + 258` is the largest).
    static let symbolCount = Int(runSymbolBase) + 259

    /// Writes one dynamic-Huffman block of `symbols` (see `runSymbolBase`), whose
    /// literal/length symbol counts are `frequencies` (286 of them).
    static func writeBlock(_ symbols: UnsafeBufferPointer<UInt16>, frequencies: UnsafePointer<UInt32>,
                           isFinal: Bool, into writer: inout BitWriter) {
        var literalFrequencies = Array(UnsafeBufferPointer(start: frequencies, count: 286))
        literalFrequencies[256] = 1 // end of block
        let literal = HuffmanCode(frequencies: literalFrequencies, maxLength: 15)
        // Distance 1 is distance code 0; a second one-bit code keeps the tree complete.
        let distance = HuffmanCode(frequencies: [1, 1], maxLength: 15)
        writer.put(isFinal ? 1 : 0, 1)
        writer.put(2, 2) // dynamic Huffman
        writeTables(literal: literal.lengths, distance: distance.lengths, into: &writer)

        // One entry per symbol value: its bits (for a run: length code, extra bits and the
        // distance code) in the low 32 bits, their count above.
        var table = [UInt64](repeating: 0, count: symbolCount)
        for byte in 0..<256 {
            table[byte] = UInt64(literal.codes[byte]) | UInt64(literal.lengths[byte]) << 32
        }
        for length in 3...258 {
            let symbol = Int(DeflateTables.lengthSymbol[length])
            let extraCount = Int(DeflateTables.lengthExtraBits[symbol - 257])
            let extra = UInt64(length - Int(DeflateTables.lengthBase[symbol - 257]))
            let codeLength = Int(literal.lengths[symbol])
            var bits = UInt64(literal.codes[symbol])
            bits |= extra << UInt64(codeLength)
            bits |= UInt64(distance.codes[0]) << UInt64(codeLength + extraCount)
            let width = codeLength + extraCount + Int(distance.lengths[0])
            table[Int(runSymbolBase) + length] = bits | UInt64(width) << 32
        }
        // A literal's code is at most 15 bits and a run's at most 15 + 5 + 1: four bytes.
        table.withUnsafeBufferPointer { table in
            writer.withSink(maxBytes: symbols.count * 4 + 16) { sink in
                for symbol in symbols {
                    let entry = table[Int(symbol)]
                    sink.put(entry & 0xFFFF_FFFF, Int(truncatingIfNeeded: entry &>> 32))
                }
            }
        }
        writer.put(UInt64(literal.codes[256]), Int(literal.lengths[256]))
    }

    /// The block header after BTYPE: HLIT, HDIST, HCLEN, the code-length code, and the
    /// run-length coded literal/length and distance code lengths (RFC 1951 section 3.2.7).
    private static func writeTables(literal: [UInt8], distance: [UInt8], into writer: inout BitWriter) {
        let literalCount = max(257, (literal.lastIndex { $0 != 0 } ?? 0) + 1)
        let distanceCount = max(1, (distance.lastIndex { $0 != 0 } ?? 0) + 1)
        let all = Array(literal[0..<literalCount]) + Array(distance[0..<distanceCount])

        // (symbol, extra bits value) pairs of the code-length alphabet.
        var items: [(symbol: Int, extra: Int)] = []
        var k = 0
        while k < all.count {
            let value = all[k]
            var run = 1
            while k + run < all.count && all[k + run] == value { run += 1 }
            k += run
            if value == 0 {
                while run >= 11 { let r = min(run, 138); items.append((18, r - 11)); run -= r }
                if run >= 3 { items.append((17, run - 3)); run = 0 }
            } else {
                items.append((Int(value), 0))
                run -= 1
                while run >= 3 { let r = min(run, 6); items.append((16, r - 3)); run -= r }
            }
            for _ in 0..<run { items.append((Int(value), 0)) }
        }
        var frequencies = [UInt32](repeating: 0, count: 19)
        for item in items { frequencies[item.symbol] += 1 }
        let lengthCode = HuffmanCode(frequencies: frequencies, maxLength: 7)
        let order = DeflateTables.codeLengthOrder
        let orderCount = max(4, (order.lastIndex { lengthCode.lengths[$0] != 0 } ?? 0) + 1)

        writer.put(UInt64(literalCount - 257), 5)
        writer.put(UInt64(distanceCount - 1), 5)
        writer.put(UInt64(orderCount - 4), 4)
        for index in 0..<orderCount { writer.put(UInt64(lengthCode.lengths[order[index]]), 3) }
        for item in items {
            writer.put(UInt64(lengthCode.codes[item.symbol]), Int(lengthCode.lengths[item.symbol]))
            switch item.symbol {
            case 16: writer.put(UInt64(item.extra), 2)
            case 17: writer.put(UInt64(item.extra), 3)
            case 18: writer.put(UInt64(item.extra), 7)
            default: break
            }
        }
    }
}

/// The fixed tables of RFC 1951.
enum DeflateTables {
    /// Base length of length symbols 257...285.
    static let lengthBase: [UInt16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                       35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    /// Extra bits of length symbols 257...285.
    static let lengthExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                           3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// The length symbol (257...285) of each match length 0...258 (entries below 3 unused).
    static let lengthSymbol: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 259)
        for length in 3...258 {
            var symbol = lengthBase.count - 1
            while Int(lengthBase[symbol]) > length { symbol -= 1 }
            table[length] = UInt16(257 + symbol)
        }
        return table
    }()
    /// The order in which code-length code lengths are sent.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
