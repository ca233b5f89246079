/// The five PNG row filters (PNG specification section 9) for 4-byte pixels, and the
/// adaptive choice between them.
///
/// Invariants: `apply` writes exactly `count` residual bytes; `previous` is the unfiltered
/// row above (all zeros for the first row); the loops read only unfiltered rows, so they
/// have no loop-carried dependency and vectorize.
enum PNGRowFilter: UInt8, CaseIterable, Sendable {
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4

    private static let bytesPerPixel = 4

    func apply(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
               into out: UnsafeMutablePointer<UInt8>) {
        let bpp = Self.bytesPerPixel
        let head = min(bpp, count)
        switch self {
        case .none:
            out.update(from: row, count: count)
        case .sub:
            out.update(from: row, count: head)
            for i in head..<max(head, count) { out[i] = row[i] &- row[i - bpp] }
        case .up:
            for i in 0..<count { out[i] = row[i] &- previous[i] }
        case .average:
            for i in 0..<head { out[i] = row[i] &- previous[i] >> 1 }
            for i in head..<max(head, count) {
                out[i] = row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(previous[i])) >> 1)
            }
        case .paeth:
            for i in 0..<head { out[i] = row[i] &- previous[i] }
            for i in head..<max(head, count) {
                out[i] = row[i] &- Self.paeth(left: row[i - bpp], up: previous[i], upLeft: previous[i - bpp])
            }
        }
    }

    @inline(__always)
    private static func paeth(left: UInt8, up: UInt8, upLeft: UInt8) -> UInt8 {
        let a = Int16(left), b = Int16(up), c = Int16(upLeft)
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        let bOrC = pb <= pc ? up : upLeft
        return pa <= pb && pa <= pc ? left : bOrC
    }

    /// The usual heuristic for the adaptive choice: the sum of residuals read as signed bytes.
    static func cost(_ residuals: UnsafePointer<UInt8>, count: Int) -> Int {
        var total = 0
        var start = 0
        while start < count {
            // 32-bit partial sums vectorize best; 2^24 bytes of at most 128 cannot overflow.
            let end = min(count, start + 1 << 24)
            var partial: UInt32 = 0
            for i in start..<end { partial &+= UInt32(Int8(bitPattern: residuals[i]).magnitude) }
            total += Int(partial)
            start = end
        }
        return total
    }
}
