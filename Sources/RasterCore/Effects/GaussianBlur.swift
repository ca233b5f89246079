import CKernels
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
    ///
    /// Every pass runs along the columns of a packed buffer, where each step is one
    /// contiguous, vectorised loop over a whole row; the horizontal passes run on the
    /// transpose. Pass order and arithmetic are those of a direct horizontal-then-vertical
    /// blur, so the bytes do not depend on this layout.
    /// - Parameters:
    ///   - rowElements: bytes from one row to the next.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowElements: Int, channels: Int,
                     sigmaX: Double, sigmaY: Double) {
        let total = width * height * channels
        let a = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        let b = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        defer { a.deallocate(); b.deallocate() }
        let rowLength = width * channels, columnLength = height * channels
        if sigmaX > 0 {
            transpose(data, stride: rowElements, into: a, stride: columnLength, width: width, height: height,
                      channels: channels)
            let result = passes(a, b, lineLength: columnLength, lines: width, sigma: sigmaX)
            transpose(result, stride: columnLength, into: data, stride: rowElements, width: height, height: width,
                      channels: channels)
        }
        if sigmaY > 0 {
            for y in 0..<height { (a + y * rowLength).update(from: data + y * rowElements, count: rowLength) }
            let result = passes(a, b, lineLength: rowLength, lines: height, sigma: sigmaY)
            for y in 0..<height { (data + y * rowElements).update(from: result + y * rowLength, count: rowLength) }
        }
    }

    /// Blurs across `lines` packed lines of `lineLength` elements, alternating between the
    /// two buffers; returns the one holding the result.
    private static func passes(_ a: UnsafeMutablePointer<UInt8>, _ b: UnsafeMutablePointer<UInt8>,
                               lineLength: Int, lines: Int, sigma: Double) -> UnsafeMutablePointer<UInt8> {
        if sigma < exactKernelLimit {
            convolveAcross(a, into: b, lineLength: lineLength, lines: lines, kernel: gaussianKernel(sigma))
            return b
        }
        var source = a, destination = b
        for (left, right) in boxes(sigma: sigma) {
            boxAcross(source, into: destination, lineLength: lineLength, lines: lines, left: left, right: right)
            swap(&source, &destination)
        }
        return source
    }

    /// Transposes a grid of `width` x `height` pixels of `channels` bytes.
    private static func transpose(_ source: UnsafePointer<UInt8>, stride sourceStride: Int,
                                  into destination: UnsafeMutablePointer<UInt8>, stride destinationStride: Int,
                                  width: Int, height: Int, channels: Int) {
        if channels == 4 {
            UnsafeRawPointer(source).withMemoryRebound(to: UInt32.self, capacity: height * sourceStride / 4) { s in
                UnsafeMutableRawPointer(destination).withMemoryRebound(to: UInt32.self,
                                                                       capacity: width * destinationStride / 4) { d in
                    transposeTiles(s, sourceStride / 4, d, destinationStride / 4, width, height)
                }
            }
        } else {
            precondition(channels == 1, "blur supports one or four channels")
            transposeBytes(source, sourceStride, destination, destinationStride, width, height)
        }
    }

    /// Byte transpose: whole 8 x 8 blocks as eight 64-bit words, the ragged edges one by one.
    private static func transposeBytes(_ s: UnsafePointer<UInt8>, _ sStride: Int, _ d: UnsafeMutablePointer<UInt8>,
                                       _ dStride: Int, _ width: Int, _ height: Int) {
        let fullWidth = width & ~7, fullHeight = height & ~7
        let w = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 8)
        defer { w.deallocate() }
        for y0 in Swift.stride(from: 0, to: fullHeight, by: 8) {
            for x0 in Swift.stride(from: 0, to: fullWidth, by: 8) {
                for i in 0..<8 {
                    let source = UnsafeRawPointer(s + ((y0 &+ i) &* sStride &+ x0))
                    w[i] = source.loadUnaligned(as: UInt64.self)
                }
                transpose8x8(w)
                for i in 0..<8 {
                    let target = UnsafeMutableRawPointer(d + ((x0 &+ i) &* dStride &+ y0))
                    target.storeBytes(of: w[i], as: UInt64.self)
                }
            }
        }
        // Right edge (all rows), then the bottom edge of the full-width part.
        if fullWidth < width { transposeTiles(s + fullWidth, sStride, d + fullWidth * dStride, dStride, width - fullWidth, height) }
        if fullHeight < height {
            transposeTiles(s + fullHeight * sStride, sStride, d + fullHeight, dStride, fullWidth, height - fullHeight)
        }
    }

    /// Transposes the 8 x 8 byte matrix whose row i is `w[i]` (byte j = column j), by
    /// swapping the off-diagonal halves of 2 x 2 blocks of bytes, then of 2-byte units,
    /// then of 4-byte units.
    @inline(__always)
    private static func transpose8x8(_ w: UnsafeMutableBufferPointer<UInt64>) {
        swapHalves(w, step: 1, shift: 8, mask: 0x00FF_00FF_00FF_00FF)
        swapHalves(w, step: 2, shift: 16, mask: 0x0000_FFFF_0000_FFFF)
        swapHalves(w, step: 4, shift: 32, mask: 0x0000_0000_FFFF_FFFF)
    }

    @inline(__always)
    private static func swapHalves(_ w: UnsafeMutableBufferPointer<UInt64>, step: Int, shift: UInt64, mask: UInt64) {
        for i in 0..<8 where i & step == 0 {
            let t = ((w[i] >> shift) ^ w[i + step]) & mask
            w[i + step] ^= t
            w[i] ^= t << shift
        }
    }

    /// Cache-friendly transpose in 16 x 16 tiles.
    @inline(__always)
    private static func transposeTiles<T>(_ s: UnsafePointer<T>, _ sStride: Int, _ d: UnsafeMutablePointer<T>,
                                          _ dStride: Int, _ width: Int, _ height: Int) {
        let tile = 16
        for y0 in Swift.stride(from: 0, to: height, by: tile) {
            let y1 = min(y0 + tile, height)
            for x0 in Swift.stride(from: 0, to: width, by: tile) {
                let x1 = min(x0 + tile, width)
                for y in y0..<y1 {
                    let row = s + y &* sStride
                    for x in x0..<x1 { d[x &* dStride &+ y] = row[x] }
                }
            }
        }
    }

    /// Sampled, normalised Gaussian weights in 16.16 fixed point, summing to 65536.
    package static func gaussianKernel(_ sigma: Double) -> [Int] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        var fixed = weights.map { Int(($0 * 65536).rounded()) }
        fixed[radius] += 65536 - fixed.reduce(0, +)
        return fixed
    }

    /// Line y of the output is round(Σ lines y−left ... y+right / (left + right + 1)),
    /// element by element; lines outside the buffer count as zero (`ck_box_across`).
    private static func boxAcross(_ source: UnsafeMutablePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
                                  lineLength n: Int, lines: Int, left: Int, right: Int) {
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { sums.deallocate() }
        ck_box_across(source, destination, n, lines, left, right, sums)
    }

    /// Line y of the output is the kernel-weighted sum of the lines around it, rounded
    /// (`ck_convolve_across`).
    private static func convolveAcross(_ source: UnsafeMutablePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
                                       lineLength n: Int, lines: Int, kernel: [Int]) {
        let acc = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { acc.deallocate() }
        let weights = kernel.map { UInt32(truncatingIfNeeded: $0) }
        ck_convolve_across(source, destination, n, lines, weights, kernel.count / 2, acc)
    }
}
