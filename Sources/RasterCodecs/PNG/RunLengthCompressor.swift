import CDeflate
import CKernels

/// The DEFLATE blocks of `RunLengthDeflater` built from input handed over in pieces, so a
/// caller can filter a few rows, compress them and reuse its buffer.
///
/// The blocks are those of the pieces joined: a run that reaches the end of a piece stays
/// open until the next piece (or `finish`) shows where it ends, and a block is written
/// only when a symbol past its `RunLengthDeflater.blockSymbols` arrives or the input ends.
///
/// Invariants: `pendingRun < 258`; when `pendingRun > 0` every one of those bytes equals
/// `last`; `count <= blockSymbols`.
final class RunLengthCompressor {
    @exclusivity(unchecked) private var writer: BitWriter
    private let symbols: UnsafeMutablePointer<UInt16>
    @exclusivity(unchecked) private var count = 0
    /// `DeflateTables.lengthSymbol`, held here so the hot loop does not ask for the global.
    private let lengthSymbol: UnsafeMutablePointer<UInt16>
    /// Literal/length symbol counts of the block being filled.
    private let frequencies: UnsafeMutablePointer<UInt32>
    /// The last byte of the input so far (meaningful once `started`).
    @exclusivity(unchecked) private var last: UInt8 = 0
    @exclusivity(unchecked) private var started = false
    /// Bytes at the end of the input, all equal to `last` and to the byte before them,
    /// not coded yet.
    @exclusivity(unchecked) private var pendingRun = 0
    /// Input bytes coded as literals so far.
    @exclusivity(unchecked) private(set) var literalBytes = 0
    /// The Adler-32 of the input so far.
    @exclusivity(unchecked) private(set) var adler: UInt32 = 1

    /// - Parameter zlibHeader: whether the output starts with the zlib stream header.
    init(capacity: Int, zlibHeader: Bool) {
        writer = BitWriter(capacity: capacity)
        // `ck_rle_literals` writes whole steps of 32 symbols.
        symbols = .allocate(capacity: RunLengthDeflater.blockSymbols + 31)
        lengthSymbol = .allocate(capacity: DeflateTables.lengthSymbol.count)
        lengthSymbol.initialize(from: DeflateTables.lengthSymbol, count: DeflateTables.lengthSymbol.count)
        frequencies = .allocate(capacity: 286)
        frequencies.initialize(repeating: 0, count: 286)
        if zlibHeader { writer.appendBytes(RunLengthDeflater.zlibHeader) }
    }

    deinit { symbols.deallocate(); frequencies.deallocate(); lengthSymbol.deallocate() }

    /// Codes `piece` after the input so far.
    func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let base = piece.baseAddress, !piece.isEmpty else { return }
        let n = piece.count
        adler = UInt32(libdeflate_adler32(adler, base, n))
        var position = 0
        if !started {
            started = true
            emitLiteral(base[0])
            position = 1
        } else if pendingRun > 0 {
            let extra = RunLengthCompressor.runLength(base, from: 0, value: last, limit: min(258 - pendingRun, n))
            if extra == n && pendingRun + extra < 258 {
                pendingRun += extra
                return
            }
            closeRun(pendingRun + extra)
            pendingRun = 0
            position = extra
        }
        // The symbol loop works on locals: the class's properties are written back once.
        let symbols = self.symbols, frequencies = self.frequencies
        var count = self.count, literals = 0
        defer { self.count = count; literalBytes += literals }
        let lengthSymbol = self.lengthSymbol
        while position < n {
            if count == RunLengthDeflater.blockSymbols {
                self.count = count
                writeBlock(isFinal: false)
                count = 0
            }
            if position > 0 && n - position >= 32 {
                // Literal stretches go to the kernel, which stops where a run starts (and
                // codes nothing with fewer than 32 bytes left).
                let coded = ck_rle_literals(base + position, n - position, symbols + count,
                                            RunLengthDeflater.blockSymbols - count, frequencies)
                if coded > 0 {
                    position += coded
                    count += coded
                    literals += coded
                    continue
                }
            }
            let value = position == 0 ? last : base[position - 1]
            let limit = min(258, n - position)
            let run = RunLengthCompressor.runLength(base, from: position, value: value, limit: limit)
            if run == limit && limit < 258 {
                // The run may go on in the next piece.
                last = value
                pendingRun = run
                return
            }
            if run >= 3 {
                symbols[count] = RunLengthDeflater.runSymbolBase &+ UInt16(truncatingIfNeeded: run)
                frequencies[Int(lengthSymbol[run])] += 1
                position += run
            } else {
                let byte = base[position]
                symbols[count] = UInt16(byte)
                frequencies[Int(byte)] += 1
                literals += 1
                position += 1
            }
            count += 1
        }
        last = base[n - 1]
    }

    /// Ends a zlib stream: the last block, then the input's Adler-32; returns the bytes.
    func finishStream() -> [UInt8] {
        finish(isFinal: true)
        for shift: UInt32 in [24, 16, 8, 0] { writer.appendByte(UInt8(truncatingIfNeeded: adler >> shift)) }
        return writer.takeBytes()
    }

    /// Ends a segment that more segments follow (see `finish(isFinal: false)`); returns
    /// its bytes.
    func finishSegment() -> [UInt8] {
        finish(isFinal: false)
        return writer.takeBytes()
    }

    /// Codes what is still open and writes the last block: with BFINAL set (`isFinal`),
    /// or without it and followed by an empty stored block (a sync flush), ending on a
    /// byte boundary either way.
    private func finish(isFinal: Bool) {
        if pendingRun > 0 {
            closeRun(pendingRun)
            pendingRun = 0
        }
        if isFinal {
            writeBlock(isFinal: true)
        } else {
            if count > 0 { writeBlock(isFinal: false) }
            writer.put(0, 3) // BFINAL 0, stored
            writer.alignToByte()
            writer.appendBytes([0x00, 0x00, 0xFF, 0xFF]) // LEN 0, NLEN
        }
        writer.alignToByte()
    }

    /// Codes `length` bytes equal to the one before them: one run, or literals when too
    /// short for a match.
    private func closeRun(_ length: Int) {
        if length >= 3 {
            emit(RunLengthDeflater.runSymbolBase + UInt16(length), symbol: Int(lengthSymbol[length]))
        } else {
            for _ in 0..<length { emitLiteral(last) }
        }
    }

    @inline(__always)
    private func emitLiteral(_ byte: UInt8) {
        emit(UInt16(byte), symbol: Int(byte))
        literalBytes += 1
    }

    /// Adds a symbol (see `RunLengthDeflater.runSymbolBase`) counted under literal/length
    /// symbol `symbol`, first writing the block it would overfill.
    @inline(__always)
    private func emit(_ value: UInt16, symbol: Int) {
        if count == RunLengthDeflater.blockSymbols { writeBlock(isFinal: false) }
        symbols[count] = value
        count += 1
        frequencies[symbol] += 1
    }

    private func writeBlock(isFinal: Bool) {
        RunLengthDeflater.writeBlock(UnsafeBufferPointer(start: symbols, count: count), frequencies: frequencies,
                                     isFinal: isFinal, into: &writer)
        count = 0
        frequencies.update(repeating: 0, count: 286)
    }

    /// How many bytes from `position` (at most `limit`) equal `value`. The first eight are
    /// compared here (most literals end the run there); longer runs go to the kernel.
    @inline(__always)
    static func runLength(_ base: UnsafePointer<UInt8>, from position: Int, value: UInt8, limit: Int) -> Int {
        if limit >= 8 {
            let pattern = UInt64(value) &* 0x0101_0101_0101_0101
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) ^ pattern
            if word != 0 { return word.trailingZeroBitCount &>> 3 }
            return 8 + ck_run_length(base + position + 8, value, limit - 8)
        }
        return ck_run_length(base + position, value, limit)
    }
}
