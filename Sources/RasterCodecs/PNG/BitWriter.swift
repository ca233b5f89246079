/// Least-significant-bit-first bit packing into a growing byte buffer, as DEFLATE
/// (RFC 1951) packs its codes.
///
/// Invariants: `bitCount < 8` between calls (complete bytes are flushed at once);
/// `storage` always has at least 8 bytes of room past `length`, so a flush is one
/// unaligned 8-byte store; bytes past `length` are scratch.
struct BitWriter {
    private var storage: [UInt8]
    private var length = 0
    private var buffer: UInt64 = 0
    private var bitCount = 0

    init(capacity: Int) {
        let size = max(capacity, 0) + 16
        // Bytes are only read after they are written (`takeBytes` hands over `0..<length`).
        storage = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
    }

    /// Hands the bytes written over, leaving the writer empty.
    mutating func takeBytes() -> [UInt8] {
        precondition(bitCount == 0, "bytes are taken on a byte boundary")
        var out = [UInt8]()
        swap(&out, &storage)
        out.removeLast(out.count - length)
        storage = [UInt8](repeating: 0, count: 16)
        length = 0
        return out
    }

    /// Makes room for `additional` more bytes without growing during the writes.
    mutating func reserve(_ additional: Int) {
        let needed = length + additional + 16
        guard storage.count < needed else { return }
        storage.append(contentsOf: repeatElement(0, count: max(needed, storage.count * 2) - storage.count))
    }

    /// Appends the low `count` bits of `value` (`count` <= 32).
    @inline(__always)
    mutating func put(_ value: UInt64, _ count: Int) {
        withSink { $0.put(value, count) }
    }

    /// Runs `body` with a sink that writes straight into the buffer, for at most
    /// `maxBytes` bytes of output: a hot loop's bits without a bounds check per code.
    @inline(__always)
    mutating func withSink(maxBytes: Int = 8, _ body: (inout Sink) -> Void) {
        reserve(maxBytes)
        storage.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            var sink = Sink(base: base, length: length, buffer: buffer, bitCount: bitCount)
            body(&sink)
            length = sink.length
            buffer = sink.buffer
            bitCount = sink.bitCount
        }
    }

    /// Pads with zero bits to the next byte boundary and flushes.
    mutating func alignToByte() {
        let pending = (bitCount + 7) / 8
        withSink { sink in
            sink.base.storeBytes(of: sink.buffer.littleEndian, toByteOffset: sink.length, as: UInt64.self)
            sink.length += pending
            sink.buffer = 0
            sink.bitCount = 0
        }
    }

    mutating func appendByte(_ byte: UInt8) {
        precondition(bitCount == 0, "byte appends only on a byte boundary")
        reserve(1)
        storage[length] = byte
        length += 1
    }

    mutating func appendBytes(_ bytes: [UInt8]) {
        for byte in bytes { appendByte(byte) }
    }

    /// Direct access to the writer's buffer; the caller has reserved the room.
    struct Sink {
        let base: UnsafeMutableRawPointer
        var length: Int
        var buffer: UInt64
        var bitCount: Int

        /// Appends the low `count` bits of `value` (`count` <= 32). Without a branch: the
        /// buffer is stored whole every time and its complete bytes are kept.
        @inline(__always)
        mutating func put(_ value: UInt64, _ count: Int) {
            buffer |= value &<< UInt64(truncatingIfNeeded: bitCount)
            bitCount &+= count
            base.storeBytes(of: buffer.littleEndian, toByteOffset: length, as: UInt64.self)
            let whole = bitCount &>> 3
            length &+= whole
            buffer &>>= UInt64(truncatingIfNeeded: whole &<< 3)
            bitCount &= 7
        }
    }
}
