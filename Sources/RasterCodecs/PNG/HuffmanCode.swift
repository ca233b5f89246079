/// A canonical, length-limited Huffman code as DEFLATE (RFC 1951) transmits it.
///
/// Invariants: every symbol with a non-zero frequency gets a length in `1...maxLength`;
/// symbols with frequency zero get length 0; the lengths satisfy Kraft's equality whenever
/// two or more symbols are used, so any inflater accepts the code. `codes` holds each
/// symbol's code already bit-reversed, ready for a least-significant-bit-first writer.
struct HuffmanCode {
    private(set) var lengths: [UInt8]
    private(set) var codes: [UInt16]

    init(frequencies: [UInt32], maxLength: Int) {
        lengths = HuffmanCode.limitedLengths(frequencies, maxLength: maxLength)
        codes = HuffmanCode.canonicalCodes(lengths, maxLength: maxLength)
    }

    /// Optimal code lengths (two-queue Huffman construction), then, if the longest exceeds
    /// `maxLength`, the excess is folded back while keeping the Kraft sum at exactly one.
    private static func limitedLengths(_ frequencies: [UInt32], maxLength: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        // A code needs two symbols; pad with the lowest unused ones (length 1 each).
        var pad = 0
        while used.count < 2 {
            if frequencies[pad] == 0 && !used.contains(pad) { used.append(pad) }
            pad += 1
        }
        used.sort { (frequencies[$0], $0) < (frequencies[$1], $1) }
        let n = used.count

        // Two-queue construction: leaves in ascending weight, internal nodes created in
        // ascending weight too. `parent` links every node; depth follows from the root.
        var weight = used.map { UInt64(frequencies[$0]) } + [UInt64](repeating: 0, count: n - 1)
        var parent = [Int](repeating: -1, count: 2 * n - 1)
        var leaf = 0, node = n, next = n
        func takeSmallest() -> Int {
            if leaf < n && (node >= next || weight[leaf] <= weight[node]) { leaf += 1; return leaf - 1 }
            node += 1
            return node - 1
        }
        while next < 2 * n - 1 {
            let a = takeSmallest(), b = takeSmallest()
            weight[next] = weight[a] + weight[b]
            parent[a] = next
            parent[b] = next
            next += 1
        }
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for i in stride(from: 2 * n - 3, through: 0, by: -1) { depth[i] = depth[parent[i]] + 1 }

        // Count leaves per length, clamp to maxLength, then repay the Kraft debt by
        // lengthening the deepest code shorter than the limit.
        var count = [Int](repeating: 0, count: max(maxLength, depth.prefix(n).max() ?? 0) + 1)
        for i in 0..<n { count[min(depth[i], maxLength)] += 1 }
        var kraft = 0
        for length in 1...maxLength { kraft += count[length] << (maxLength - length) }
        while kraft > 1 << maxLength {
            count[maxLength] -= 1
            for length in stride(from: maxLength - 1, through: 1, by: -1) where count[length] > 0 {
                count[length] -= 1
                count[length + 1] += 2
                break
            }
            kraft -= 1
        }
        // Most frequent symbols get the shortest codes.
        var position = n - 1
        for length in 1...maxLength {
            for _ in 0..<count[length] {
                lengths[used[position]] = UInt8(length)
                position -= 1
            }
        }
        return lengths
    }

    /// RFC 1951 section 3.2.2: codes of each length are consecutive, in symbol order.
    private static func canonicalCodes(_ lengths: [UInt8], maxLength: Int) -> [UInt16] {
        var perLength = [Int](repeating: 0, count: maxLength + 1)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: maxLength + 2)
        var code = 0
        for length in 1...maxLength {
            code = (code + perLength[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for symbol in lengths.indices where lengths[symbol] > 0 {
            let length = Int(lengths[symbol])
            var value = nextCode[length]
            nextCode[length] += 1
            var reversed = 0
            for _ in 0..<length {
                reversed = (reversed << 1) | (value & 1)
                value >>= 1
            }
            codes[symbol] = UInt16(reversed)
        }
        return codes
    }
}
