import Foundation

/// Gaussian blur whose cost does not grow with the radius.
///
/// For σ ≥ 8 it runs three centred box blurs per axis whose widths are chosen to match
/// the Gaussian's variance (σ within about 4 %), each a running sum: O(pixels) whatever
/// σ is. For smaller σ, where odd box widths are too coarse to match the variance, it
/// convolves with the exact sampled Gaussian (at most 49 taps, so the cost stays bounded). Pixels outside the buffer count as
/// transparent; callers leave a margin of 3σ where the blur must not be cut off.
public enum GaussianBlur {
    /// Below this σ the exact sampled kernel is used instead of box passes.
    static let exactKernelLimit = 8.0

    /// Box (left, right) extents of the three passes for `sigma`.
    ///
    /// Three centred boxes of odd widths w and w + 2, mixed so that their summed
    /// variance Σ(wᵢ² − 1)/12 comes as close as odd widths allow to σ² (within about 2 %
    /// in σ for σ ≥ 2), rather than the fixed width of SVG's recipe, which undershoots
    /// σ by about 5 %.
    static func boxes(sigma: Double) -> [(left: Int, right: Int)] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        guard lower >= 1 else { return [] }
        let wl = Double(lower)
        let m = Int(((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded())
        return (0..<3).map { i in
            let w = i < m ? lower : lower + 2
            return (w / 2, w / 2)
        }
    }

    /// Blurs an 8-bit mask in place.
    public static func blur(_ mask: inout Mask, sigma: Double) {
        guard sigma > 0, sigma.isFinite, !mask.rect.isEmpty else { return }
        let w = mask.rect.width, h = mask.rect.height
        mask.storage.withUnsafeMutableBufferPointer { buffer in
            blur(buffer.baseAddress!, width: w, height: h, rowElements: w, channels: 1, sigmaX: sigma, sigmaY: sigma)
        }
    }

    /// Blurs a premultiplied bitmap in place (every channel, so colour stays premultiplied).
    public static func blur(_ bitmap: Bitmap, sigma: Double) {
        guard sigma > 0, sigma.isFinite, bitmap.width > 0, bitmap.height > 0 else { return }
        let bytes = UnsafeMutableRawPointer(bitmap.row(0)).assumingMemoryBound(to: UInt8.self)
        blur(bytes, width: bitmap.width, height: bitmap.height, rowElements: bitmap.stride * 4, channels: 4,
             sigmaX: sigma, sigmaY: sigma)
    }

    /// Blurs interleaved 8-bit channels in place.
    /// - Parameters:
    ///   - rowElements: bytes from one row to the next.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowElements: Int, channels: Int,
                     sigmaX: Double, sigmaY: Double) {
        let lineLength = max(width, height) * channels
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: lineLength)
        defer { scratch.deallocate() }
        // Horizontal passes, row by row.
        if sigmaX > 0 {
            let passes = sigmaX < exactKernelLimit ? [] : boxes(sigma: sigmaX)
            let kernel = passes.isEmpty ? gaussianKernel(sigmaX) : []
            for y in 0..<height {
                let row = data + y * rowElements
                if passes.isEmpty {
                    convolveLine(row, scratch, count: width, channels: channels, kernel: kernel)
                } else {
                    for (left, right) in passes {
                        boxLine(row, scratch, count: width, channels: channels, left: left, right: right)
                        row.update(from: scratch, count: width * channels)
                    }
                }
            }
        }
        // Vertical passes, all columns at once (contiguous inner loops).
        if sigmaY > 0 {
            let passes = sigmaY < exactKernelLimit ? [] : boxes(sigma: sigmaY)
            if passes.isEmpty {
                verticalConvolve(data, width: width, height: height, rowElements: rowElements, channels: channels,
                                 kernel: gaussianKernel(sigmaY))
            } else {
                for (left, right) in passes {
                    verticalBox(data, width: width, height: height, rowElements: rowElements, channels: channels,
                                left: left, right: right)
                }
            }
        }
    }

    /// Sampled, normalised Gaussian weights in 16.16 fixed point, summing to 65536.
    static func gaussianKernel(_ sigma: Double) -> [Int] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        var fixed = weights.map { Int(($0 * 65536).rounded()) }
        fixed[radius] += 65536 - fixed.reduce(0, +)
        return fixed
    }

    /// out[i] = round(Σ in[i−left ... i+right] / (left + right + 1)) per channel.
    private static func boxLine(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
                                count: Int, channels: Int, left: Int, right: Int) {
        let size = left + right + 1
        let inv = (1 << 24) / size + 1
        for c in 0..<channels {
            var sum = 0
            for i in 0...min(right, count - 1) { sum += Int(src[i * channels + c]) }
            for i in 0..<count {
                dst[i * channels + c] = UInt8(truncatingIfNeeded: min(255, (sum * inv + (1 << 23)) >> 24))
                let add = i + right + 1, remove = i - left
                if add < count { sum += Int(src[add * channels + c]) }
                if remove >= 0 { sum -= Int(src[remove * channels + c]) }
            }
        }
    }

    private static func convolveLine(_ row: UnsafeMutablePointer<UInt8>, _ scratch: UnsafeMutablePointer<UInt8>,
                                     count: Int, channels: Int, kernel: [Int]) {
        let radius = kernel.count / 2
        for i in 0..<count {
            for c in 0..<channels {
                var sum = 0
                for k in -radius...radius {
                    let j = i + k
                    if j >= 0 && j < count { sum += Int(row[j * channels + c]) * kernel[k + radius] }
                }
                scratch[i * channels + c] = UInt8(truncatingIfNeeded: min(255, (sum + 32768) >> 16))
            }
        }
        row.update(from: scratch, count: count * channels)
    }

    private static func verticalBox(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowElements: Int,
                                    channels: Int, left: Int, right: Int) {
        let n = width * channels
        let size = left + right + 1
        let inv = UInt32((1 << 24) / size + 1)
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { sums.deallocate() }
        // The rows still needed as "remove" inputs are overwritten by outputs, so keep
        // a ring of the last left + 1 original rows.
        let ringRows = left + 1
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: ringRows * n)
        defer { ring.deallocate() }
        sums.initialize(repeating: 0, count: n)
        for r in 0...min(right, height - 1) {
            let row = data + r * rowElements
            for i in 0..<n { sums[i] &+= UInt32(row[i]) }
        }
        for y in 0..<height {
            let row = data + y * rowElements
            let saved = ring + (y % ringRows) * n
            saved.update(from: row, count: n)
            for i in 0..<n {
                row[i] = UInt8(truncatingIfNeeded: min(255, (UInt64(sums[i]) * UInt64(inv) + (1 << 23)) >> 24))
            }
            let add = y + right + 1, remove = y - left
            if add < height {
                let addRow = data + add * rowElements
                for i in 0..<n { sums[i] &+= UInt32(addRow[i]) }
            }
            if remove >= 0 {
                let removeRow = ring + (remove % ringRows) * n
                for i in 0..<n { sums[i] &-= UInt32(removeRow[i]) }
            }
        }
    }

    private static func verticalConvolve(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
                                         rowElements: Int, channels: Int, kernel: [Int]) {
        let n = width * channels
        let radius = kernel.count / 2
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: n * height)
        defer { copy.deallocate() }
        for y in 0..<height { (copy + y * n).update(from: data + y * rowElements, count: n) }
        let acc = UnsafeMutablePointer<Int>.allocate(capacity: n)
        defer { acc.deallocate() }
        for y in 0..<height {
            acc.update(repeating: 32768, count: n)
            for k in -radius...radius {
                let j = y + k
                guard j >= 0, j < height else { continue }
                let wgt = kernel[k + radius]
                let src = copy + j * n
                for i in 0..<n { acc[i] += Int(src[i]) * wgt }
            }
            let row = data + y * rowElements
            for i in 0..<n { row[i] = UInt8(truncatingIfNeeded: min(255, acc[i] >> 16)) }
        }
    }
}
