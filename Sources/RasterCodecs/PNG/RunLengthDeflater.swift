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
        var writer = BitWriter(capacity: input.count / 8 + 1024)
        for byte in zlibHeader { writer.appendByte(byte) }
        let literalBytes = appendBlocks(input, isFinal: true, into: &writer)
        writer.alignToByte()
        let adler = UInt32(libdeflate_adler32(1, input.baseAddress, input.count))
        for shift in [24, 16, 8, 0] { writer.appendByte(UInt8(truncatingIfNeeded: adler >> UInt32(shift))) }
        return (writer.bytes, literalBytes)
    }

    /// Compresses `input` as blocks with BFINAL clear followed by an empty stored block
    /// (a sync flush), so the segment ends on a byte boundary and any other segment, or
    /// `finalBlock`, may follow it. Its runs never reach before `input`, so its bytes
    /// depend on `input` alone.
    static func flushedSegment(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var writer = BitWriter(capacity: input.count / 8 + 256)
        if !input.isEmpty { _ = appendBlocks(input, isFinal: false, into: &writer) }
        writer.put(0, 3) // BFINAL 0, stored
        writer.alignToByte()
        for byte: UInt8 in [0x00, 0x00, 0xFF, 0xFF] { writer.appendByte(byte) } // LEN 0, NLEN
        return writer.bytes
    }

    /// The two bytes a zlib stream starts with: deflate with a 32 KiB window, no
    /// dictionary (0x7801 is a multiple of 31, as the check bits require).
    static let zlibHeader: [UInt8] = [0x78, 0x01]

    /// An empty stored block with BFINAL set: what ends a stream of flushed segments.
    static let finalBlock: [UInt8] = [0x01, 0x00, 0x00, 0xFF, 0xFF]

    /// Appends `input` as deflate blocks, the last with BFINAL as `isFinal` says; returns
    /// how many input bytes were coded as literals.
    private static func appendBlocks(_ input: UnsafeBufferPointer<UInt8>, isFinal: Bool,
                                     into writer: inout BitWriter) -> Int {
        // A block never holds more symbols than there are bytes.
        var symbols = [UInt32](repeating: 0, count: max(1, min(blockSymbols, input.count)))
        var literalFrequencies = [UInt32](repeating: 0, count: 286)
        let n = input.count
        var i = 0
        var literalBytes = 0
        repeat {
            var count = 0
            literalFrequencies.withUnsafeMutableBufferPointer { frequencies in
                symbols.withUnsafeMutableBufferPointer { out in
                    fillBlock(input, from: &i, symbols: out, count: &count, frequencies: frequencies)
                    literalBytes += frequencies[0..<256].reduce(0) { $0 + Int($1) }
                }
            }
            symbols.withUnsafeBufferPointer { block in
                writeBlock(UnsafeBufferPointer(rebasing: block[0..<count]), frequencies: literalFrequencies,
                           isFinal: isFinal && i >= n, into: &writer)
            }
            for k in literalFrequencies.indices { literalFrequencies[k] = 0 }
        } while i < n
        return literalBytes
    }

    /// Appends symbols from `input[i...]` until the block is full or the input ends.
    /// A symbol is a literal byte (`< 0x10000`) or `0x10000 | runLength` (3...258, distance 1).
    @inline(__always)
    private static func fillBlock(_ input: UnsafeBufferPointer<UInt8>, from i: inout Int,
                                  symbols: UnsafeMutableBufferPointer<UInt32>, count: inout Int,
                                  frequencies: UnsafeMutableBufferPointer<UInt32>) {
        guard let base = input.baseAddress else { return }
        let n = input.count
        var position = i
        var emitted = 0
        let limit = symbols.count
        if position == 0 && n > 0 {
            symbols[0] = UInt32(base[0])
            frequencies[Int(base[0])] += 1
            emitted = 1
            position = 1
        }
        while position < n && emitted < limit {
            let run = runLength(base, at: position, count: n)
            if run >= 3 {
                symbols[emitted] = 0x10000 | UInt32(run)
                frequencies[Int(DeflateTables.lengthSymbol[run])] += 1
                position += run
            } else {
                let byte = base[position]
                symbols[emitted] = UInt32(byte)
                frequencies[Int(byte)] += 1
                position += 1
            }
            emitted += 1
        }
        i = position
        count = emitted
    }

    /// How many bytes from `position` (at most 258) equal the byte before it.
    @inline(__always)
    private static func runLength(_ base: UnsafePointer<UInt8>, at position: Int, count n: Int) -> Int {
        let value = base[position - 1]
        let maximum = min(258, n - position)
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        var length = 0
        while length + 8 <= maximum {
            let word = UnsafeRawPointer(base + position + length).loadUnaligned(as: UInt64.self) ^ pattern
            if word != 0 { return length + word.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < maximum && base[position + length] == value { length += 1 }
        return length
    }

    private static func writeBlock(_ symbols: UnsafeBufferPointer<UInt32>, frequencies: [UInt32],
                                   isFinal: Bool, into writer: inout BitWriter) {
        var literalFrequencies = frequencies
        literalFrequencies[256] = 1 // end of block
        let literal = HuffmanCode(frequencies: literalFrequencies, maxLength: 15)
        // Distance 1 is distance code 0; a second one-bit code keeps the tree complete.
        let distance = HuffmanCode(frequencies: [1, 1], maxLength: 15)
        writer.put(isFinal ? 1 : 0, 1)
        writer.put(2, 2) // dynamic Huffman
        writeTables(literal: literal.lengths, distance: distance.lengths, into: &writer)

        // One table entry per run length: length code, its extra bits and the distance code.
        var runBits = [UInt32](repeating: 0, count: 259)
        var runWidth = [UInt8](repeating: 0, count: 259)
        for length in 3...258 {
            let symbol = Int(DeflateTables.lengthSymbol[length])
            let extraCount = Int(DeflateTables.lengthExtraBits[symbol - 257])
            let extra = UInt32(length - Int(DeflateTables.lengthBase[symbol - 257]))
            let codeLength = Int(literal.lengths[symbol])
            var bits = UInt32(literal.codes[symbol])
            bits |= extra << UInt32(codeLength)
            bits |= UInt32(distance.codes[0]) << UInt32(codeLength + extraCount)
            runBits[length] = bits
            runWidth[length] = UInt8(codeLength + extraCount + Int(distance.lengths[0]))
        }
        writer.reserve(symbols.count * 4 + 16)
        literal.codes.withUnsafeBufferPointer { codes in
            literal.lengths.withUnsafeBufferPointer { lengths in
                runBits.withUnsafeBufferPointer { runBits in
                    runWidth.withUnsafeBufferPointer { runWidth in
                        for symbol in symbols {
                            if symbol < 0x10000 {
                                writer.put(UInt64(codes[Int(symbol)]), Int(lengths[Int(symbol)]))
                            } else {
                                let length = Int(symbol & 0xFFFF)
                                writer.put(UInt64(runBits[length]), Int(runWidth[length]))
                            }
                        }
                    }
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

/// Least-significant-bit-first bit packing into a growing byte array.
struct BitWriter {
    private(set) var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var bitCount = 0

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func reserve(_ additional: Int) {
        bytes.reserveCapacity(bytes.count + additional)
    }

    /// Appends the low `count` bits of `value` (`count` <= 32).
    @inline(__always)
    mutating func put(_ value: UInt64, _ count: Int) {
        buffer |= value << UInt64(bitCount)
        bitCount += count
        if bitCount >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            buffer >>= 32
            bitCount -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and flushes.
    mutating func alignToByte() {
        while bitCount > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bitCount = max(0, bitCount - 8)
        }
    }

    mutating func appendByte(_ byte: UInt8) {
        precondition(bitCount == 0, "byte appends only on a byte boundary")
        bytes.append(byte)
    }
}
