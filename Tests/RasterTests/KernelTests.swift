import CKernels
import Foundation
@testable import Raster
import RasterBench
import XCTest

/// The C kernels of `CKernels` (multiversioned for AVX2, chosen at load time) against
/// direct formulas written pixel by pixel: PixelMath's integers for compositing, the
/// PNG specification's filters, window sums for the blur, and single-precision table
/// indices for gradients. Counts are odd so the vector loops' tails are exercised.
final class KernelTests: XCTestCase {
    private var generator = LCG(seed: 2024)

    /// 24 well-mixed bits (the generator's low bits repeat with short periods).
    private func next() -> UInt32 { generator.nextU32() >> 8 }

    private func premultiplied(opaque: Bool = false) -> UInt32 {
        let a = opaque ? 255 : next() % 256
        func c() -> UInt32 { a == 0 ? 0 : next() % (a + 1) }
        return c() | c() << 8 | c() << 16 | a << 24
    }

    private func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    func testCompositingKernels_MatchPixelMath() {
        let count = 53
        for round in 0..<40 {
            let d0 = (0..<count).map { _ in premultiplied(opaque: round % 3 == 0) }
            let s = (0..<count).map { _ in premultiplied(opaque: round % 4 == 0) }
            var coverage = bytes(count)
            // Runs of zero and full coverage, as edges produce.
            for i in 0..<8 { coverage[i] = 0; coverage[count - 1 - i] = 255 }
            let color = premultiplied(opaque: round % 2 == 0)
            let opacity = round % 5 == 0 ? 255 : next() % 256

            var d = d0
            ck_source_over_solid(&d, count, color)
            XCTAssertEqual(d, d0.map { PixelMath.sourceOver(color, $0) }, "solid, round \(round)")

            d = d0
            ck_source_over_solid_coverage(&d, coverage, count, color, opacity)
            let expectedSolid = (0..<count).map { i in
                PixelMath.sourceOver(PixelMath.scale(color, by: PixelMath.mulDiv255(UInt32(coverage[i]), opacity)), d0[i])
            }
            XCTAssertEqual(d, expectedSolid, "solid coverage, opacity \(opacity), round \(round)")

            d = d0
            ck_source_over_coverage(&d, s, coverage, count)
            let expectedRow = (0..<count).map { i in
                PixelMath.sourceOver(PixelMath.scale(s[i], by: UInt32(coverage[i])), d0[i])
            }
            XCTAssertEqual(d, expectedRow, "row coverage, round \(round)")

            let mask = bytes(count)
            var multiplied = coverage
            ck_multiply_coverage(&multiplied, mask, count)
            XCTAssertEqual(multiplied, (0..<count).map { PixelMath.mulDiv255(coverage[$0], mask[$0]) })

            var faded = [UInt8](repeating: 0, count: count)
            ck_fade_coverage(&faded, coverage, count, opacity)
            XCTAssertEqual(faded, coverage.map { UInt8(PixelMath.mulDiv255(UInt32($0), opacity)) })
        }
    }

    /// Glyph masks, padded to whole steps of eight or not, at full and partial opacity and
    /// with opaque and translucent colours: every pixel is PixelMath's source-over of the
    /// scaled colour, zero coverage and the pixels right of the row untouched.
    func testGlyphMaskKernel_MatchesPixelMath() {
        for (width, padded) in [(13, false), (13, true), (16, false), (5, true), (3, false)] {
            for (color, opacity) in [(premultiplied(opaque: true), UInt32(255)), (premultiplied(), 255),
                                     (premultiplied(opaque: true), 140)] {
                let height = 6, pitch = 40, maskStride = (width + 7) & ~7
                var mask = bytes(maskStride * height)
                for y in 0..<height {
                    for x in width..<maskStride { mask[y * maskStride + x] = 0 }   // the padding
                    if y == 1 { for x in 0..<width { mask[y * maskStride + x] = 255 } }
                    if y == 2 { for x in 0..<width { mask[y * maskStride + x] = 0 } }
                }
                let d0 = (0..<(pitch * height)).map { _ in premultiplied() }
                var d = d0
                ck_glyph_mask_solid(&d, pitch, mask, maskStride, width, height, color, opacity, padded ? 1 : 0)
                for y in 0..<height {
                    for x in 0..<pitch {
                        let k = y * pitch + x
                        let a = x < width ? PixelMath.mulDiv255(UInt32(mask[y * maskStride + x]), opacity) : 0
                        let expected = a == 0 ? d0[k] : PixelMath.sourceOver(PixelMath.scale(color, by: a), d0[k])
                        XCTAssertEqual(d[k], expected, "width \(width), padded \(padded), row \(y), pixel \(x)")
                    }
                }
            }
        }
    }

    /// Every filter type against the specification's definitions (section 9.2), including
    /// rows shorter than one pixel, and the adaptive cost as a plain sum.
    func testPNGFilterKernels_MatchTheSpecification() {
        func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
            let p = a + b - c
            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            if pa <= pb && pa <= pc { return a }
            return pb <= pc ? b : c
        }
        for count in [0, 3, 4, 5, 64, 4 * 37 + 3] {
            let row = bytes(count), previous = bytes(count)
            for filter in 0...4 {
                var out = [UInt8](repeating: 0xEE, count: count)
                ck_png_filter(UInt8(filter), row, previous, count, &out)
                let expected: [UInt8] = (0..<count).map { i in
                    let x = Int(row[i]), a = i >= 4 ? Int(row[i - 4]) : 0, b = Int(previous[i])
                    let c = i >= 4 ? Int(previous[i - 4]) : 0
                    let predictor = [0, a, b, (a + b) / 2, paeth(a, b, c)][filter]
                    return UInt8(truncatingIfNeeded: x - predictor)
                }
                XCTAssertEqual(out, expected, "filter \(filter), \(count) bytes")
            }
            let cost = ck_png_filter_cost(row, count)
            XCTAssertEqual(Int(cost), row.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) }, "\(count) bytes")
        }
        // Long rows of the largest magnitude (−128) and of random bytes: the partial sums
        // must not overflow.
        for count in [4096, 8199, 70_001] {
            let worst = [UInt8](repeating: 0x80, count: count), random = bytes(count)
            XCTAssertEqual(Int(ck_png_filter_cost(worst, count)), 128 * count, "\(count) bytes of 0x80")
            XCTAssertEqual(Int(ck_png_filter_cost(random, count)), random.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) })
        }
    }

    /// Each output element is the window sum around it (lines outside count as zero),
    /// divided by the window size with the kernel's fixed-point reciprocal, computed
    /// directly per element rather than as a running sum.
    func testBoxKernel_MatchesDirectWindowSums() {
        for (n, lines, left, right) in [(17, 1, 2, 2), (33, 9, 1, 1), (5, 40, 6, 7), (8, 12, 20, 20)] {
            let source = bytes(n * lines)
            var destination = [UInt8](repeating: 0, count: n * lines)
            var sums = [UInt32](repeating: 0, count: n)
            ck_box_across(source, &destination, n, lines, left, right, &sums)
            let size = left + right + 1
            let inverse = (1 << 24) / size + 1
            for y in 0..<lines {
                for i in 0..<n {
                    var sum = 0
                    for j in max(0, y - left)...min(lines - 1, y + right) { sum += Int(source[j * n + i]) }
                    XCTAssertEqual(Int(destination[y * n + i]), min(255, (sum * inverse + (1 << 23)) >> 24),
                                   "line \(y), element \(i), window \(left)+\(right)")
                }
            }
        }
    }

    func testConvolutionKernel_MatchesDirectWeightedSums() {
        for (n, lines, sigma) in [(17, 1, 0.6), (9, 30, 2.5), (31, 7, 5.0)] {
            let kernel = GaussianBlur.gaussianKernel(sigma)
            let radius = kernel.count / 2
            let source = bytes(n * lines)
            var destination = [UInt8](repeating: 0, count: n * lines)
            var accumulator = [UInt32](repeating: 0, count: n)
            ck_convolve_across(source, &destination, n, lines, kernel.map { UInt32($0) }, radius, &accumulator)
            for y in 0..<lines {
                for i in 0..<n {
                    var sum = 32768
                    for k in -radius...radius where y + k >= 0 && y + k < lines {
                        sum += kernel[k + radius] * Int(source[(y + k) * n + i])
                    }
                    XCTAssertEqual(Int(destination[y * n + i]), min(255, sum >> 16), "σ \(sigma), line \(y), element \(i)")
                }
            }
        }
    }

    /// Table indices in singles: ⌊clamp(v)⌋ masked, with v computed as the kernels
    /// document (no fused multiply-add), including out-of-range starts that clamp.
    func testGradientIndexKernels_MatchSinglePrecisionFormulas() {
        let mask: UInt32 = 1023, top: Float = 1023
        let count: Int32 = 301
        for (start, step) in [(Float(-40.25), Float(3.7)), (0.5, 0.01), (1000.5, 0.5), (512.5, -2.3)] {
            var out = [UInt32](repeating: 0, count: Int(count))
            ck_linear_indices(&out, count, start, step, top, mask)
            for i in 0..<Int(count) {
                let product = step * Float(i)
                let v = start + product
                let clamped = v < 0 ? 0 : (v > top ? top : v)
                XCTAssertEqual(out[i], UInt32(clamped.rounded(.down)) & mask, "start \(start), step \(step), i \(i)")
            }
        }
        for (x0, y0, dx, dy, scale) in [(Float(-150.5), Float(-20.5), Float(1), Float(0), Float(6.2)),
                                        (3.25, 7.5, 0.7, 0.7, 10.0), (-0.5, 0.5, 1, 0, 1023)] {
            var out = [UInt32](repeating: 0, count: Int(count))
            ck_radial_indices(&out, count, x0, y0, dx, dy, scale, top, mask)
            for i in 0..<Int(count) {
                let px = dx * Float(i), py = dy * Float(i)
                let x = x0 + px, y = y0 + py
                let xx = x * x, yy = y * y
                let length = (xx + yy).squareRoot()
                let v = length * scale + 0.5
                XCTAssertEqual(out[i], UInt32((v > top ? top : v).rounded(.down)) & mask, "radial i \(i)")
            }
        }
    }
}
