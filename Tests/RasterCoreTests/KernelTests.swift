import CKernels
import Foundation
@testable import RasterCore
import RasterTestSupport
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

            // Several rows of a frame: each row's span blended, the pixels between untouched.
            var frame = d0
            ck_source_over_solid_padded(&frame, 20, 2, 9, color)
            XCTAssertEqual(frame, d0.indices.map { $0 % 20 < 9 && $0 < 40 ? PixelMath.sourceOver(color, d0[$0]) : d0[$0] },
                           "solid padded rows, round \(round)")

            // A column: every third pixel, the others untouched.
            var column = d0
            ck_source_over_solid_column(&column, 3, (count + 2) / 3, color)
            XCTAssertEqual(column, d0.indices.map { $0 % 3 == 0 ? PixelMath.sourceOver(color, d0[$0]) : d0[$0] },
                           "solid column, round \(round)")

            // Whole eight-pixel steps: the pixels after the span, up to the step's end, are
            // written back unchanged.
            for length in [count, 3, 8, 9] {
                var padded = d0 + (0..<8).map { _ in premultiplied() }
                let after = padded
                ck_source_over_solid_padded(&padded, padded.count, 1, length, color)
                XCTAssertEqual(Array(padded[0..<length]), d0[0..<length].map { PixelMath.sourceOver(color, $0) },
                               "solid padded \(length), round \(round)")
                XCTAssertEqual(Array(padded[length...]), Array(after[length...]), "solid padded \(length), round \(round)")
            }

            // Whole eight-pixel steps: the pixels after the run, up to the step's end, are
            // written back unchanged whatever coverage bytes lie after the run's.
            for length in [count, 3, 8, 9] {
                var padded = d0 + (0..<8).map { _ in premultiplied() }
                let after = padded
                let covered = Array(coverage[0..<length]) + [UInt8](repeating: 255, count: 8)
                ck_source_over_solid_coverage_padded(&padded, covered, length, color, opacity)
                XCTAssertEqual(Array(padded[0..<length]), Array(expectedSolid[0..<length]), "padded \(length), round \(round)")
                XCTAssertEqual(Array(padded[length...]), Array(after[length...]), "padded \(length), round \(round)")
            }

            d = d0
            ck_source_over_coverage(&d, s, coverage, count)
            let expectedRow = (0..<count).map { i in
                PixelMath.sourceOver(PixelMath.scale(s[i], by: UInt32(coverage[i])), d0[i])
            }
            XCTAssertEqual(d, expectedRow, "row coverage, round \(round)")

            // Whole eight-pixel steps: zero coverage past the run keeps the pixels there.
            for length in [count, 3, 8, 9] {
                var padded = d0 + (0..<8).map { _ in premultiplied() }
                let after = padded
                let sources = s + (0..<8).map { _ in premultiplied() }
                let covered = Array(coverage[0..<length]) + [UInt8](repeating: 0, count: 8)
                ck_source_over_coverage_padded(&padded, sources, covered, length)
                XCTAssertEqual(Array(padded[0..<length]), Array(expectedRow[0..<length]), "row padded \(length), round \(round)")
                XCTAssertEqual(Array(padded[length...]), Array(after[length...]), "row padded \(length), round \(round)")
            }

            let mask = bytes(count)
            var multiplied = coverage
            ck_multiply_coverage(&multiplied, mask, count)
            XCTAssertEqual(multiplied, (0..<count).map { PixelMath.mulDiv255(coverage[$0], mask[$0]) })

            var faded = [UInt8](repeating: 0, count: count)
            ck_fade_coverage(&faded, coverage, count, opacity)
            XCTAssertEqual(faded, coverage.map { UInt8(PixelMath.mulDiv255(UInt32($0), opacity)) })
        }
    }

    /// The eight-lane scaling under every source-over kernel, on every channel value and
    /// every scale: a colour of alpha a leaves each destination channel v as v·(255 − a)/255
    /// rounded, as PixelMath does it, in each of the four byte positions.
    func testScalingInLanes_EveryChannelValueAndScale() {
        let values = (0..<256).map { v in UInt32(v) * 0x0101_0101 }   // v in every channel
        for alpha in UInt32(0)...255 {
            let color = alpha << 24
            var d = values
            ck_source_over_solid(&d, d.count, color)
            XCTAssertEqual(d, values.map { PixelMath.sourceOver(color, $0) }, "alpha \(alpha)")
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

    /// The Paeth predictor as the PNG specification (section 9.4) writes it.
    private func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Every filter type against the specification's definitions (section 9.2), including
    /// rows shorter than one pixel, and the adaptive cost as a plain sum.
    func testPNGFilterKernels_MatchTheSpecification() {
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

    /// The vector Paeth filter works in bytes, with pc taken from pa and pb; this checks
    /// it on every triple of left (a), above (b) and upper-left (c) against the
    /// specification's predictor. Odd pixels of a row carry the triples: the even pixel
    /// before holds a (in the row) and c (in the row above), the odd one b above it.
    func testPaethKernel_EveryTripleOfNeighbours() {
        let count = 8 * (65_536 / 4) + 4 // two pixels for four triples, and one more for the tail
        var row = [UInt8](repeating: 0, count: count), previous = row, out = row
        var mismatches = 0
        for c in 0..<256 {
            for k in 0..<(65_536 / 4) {
                for channel in 0..<4 {
                    let pair = k * 4 + channel // (a, b) = (pair >> 8, pair & 255)
                    let even = 8 * k + channel, odd = even + 4
                    row[even] = UInt8(pair >> 8)
                    previous[even] = UInt8(c)
                    previous[odd] = UInt8(pair & 255)
                    row[odd] = UInt8(truncatingIfNeeded: pair &* 37 &+ c) // x, any byte
                }
            }
            ck_png_filter(4, row, previous, count, &out)
            for k in 0..<(65_536 / 4) {
                for channel in 0..<4 {
                    let pair = k * 4 + channel, odd = 8 * k + channel + 4
                    let predictor = paeth(pair >> 8, pair & 255, c)
                    if out[odd] != UInt8(truncatingIfNeeded: Int(row[odd]) - predictor) {
                        mismatches += 1
                        if mismatches < 5 { XCTFail("a \(pair >> 8), b \(pair & 255), c \(c)") }
                    }
                }
            }
        }
        XCTAssertEqual(mismatches, 0)
    }

    /// The run length kernel against a byte-by-byte count: runs ending at every offset
    /// within and across its 32- and 8-byte steps, and limits cutting them.
    func testRunLengthKernel_CountsTheBytesEqualToTheValue() {
        for length in 0..<80 {
            for limit in [0, 1, 7, 8, 9, 31, 32, 33, 64, 79, 100] {
                var data = [UInt8](repeating: 0x5A, count: length) + [0x5B] + bytes(40)
                data += [UInt8](repeating: 0x5A, count: 100)
                let expected = min(length, limit)
                XCTAssertEqual(ck_run_length(data, 0x5A, limit), expected, "run \(length), limit \(limit)")
            }
        }
    }

    /// The fill kernel sets exactly `count` pixels of each row, whatever the count's
    /// remainder of eight, and leaves the pixels around them and between the rows alone.
    func testFillKernel_SetsOnlyTheSpan() {
        let pitch = 40, rows = 3
        for count in 0..<30 {
            for x in [0, 3] {
                var pixels = (0..<(pitch * (rows + 1))).map { _ in next() }
                let before = pixels
                pixels.withUnsafeMutableBufferPointer { ck_fill_rows($0.baseAddress! + x, pitch, rows, count, 0xFF12_3456) }
                for (i, pixel) in pixels.enumerated() {
                    let inside = i / pitch < rows && (x..<(x + count)).contains(i % pitch)
                    XCTAssertEqual(pixel, inside ? 0xFF12_3456 : before[i], "count \(count), x \(x), pixel \(i)")
                }
            }
        }
    }

    /// `Bitmap.fill` of a view sets the view's pixels, for a colour memset can write and
    /// one it cannot (the rows go to the fill kernel), and leaves the pixels around it.
    func testFillingAView_SetsOnlyItsPixels() throws {
        for color in [Color(r: 255, g: 255, b: 255), Color(r: 10, g: 200, b: 30, a: 180)] {
            let whole = try Bitmap(width: 23, height: 9, color: Color(r: 1, g: 2, b: 3).premultiplied)
            let area = PixelRect(x: 3, y: 2, width: 17, height: 5)
            whole.view(area).fill(color.premultiplied)
            for y in 0..<9 {
                for x in 0..<23 {
                    let inside = (area.x0..<area.x1).contains(x) && (area.y0..<area.y1).contains(y)
                    XCTAssertEqual(whole[x, y], (inside ? color : Color(r: 1, g: 2, b: 3)).premultiplied, "pixel (\(x), \(y))")
                }
            }
        }
    }

    /// The literal kernel against the rule it applies, checked position by position: it
    /// codes bytes until the first where a run (three bytes equal to the one before)
    /// starts, never past `room`, and stops for want of input only with fewer than 32
    /// bytes left.
    /// Input with short runs of every length around three, at every starting offset.
    func testLiteralKernel_StopsWhereARunStarts() {
        var input: [UInt8] = [9]
        while input.count < 600 {
            let value = UInt8(truncatingIfNeeded: next() % 3)
            input += [UInt8](repeating: value, count: Int(next() % 5) + 1)
        }
        func runStarts(_ p: Int) -> Bool {
            p + 2 < input.count && input[p] == input[p - 1] && input[p + 1] == input[p - 1] && input[p + 2] == input[p - 1]
        }
        var symbols = [UInt16](repeating: 0xFFFF, count: 700)
        var frequencies = [UInt32](repeating: 0, count: 256)
        for start in 1..<input.count {
            for room in [1, 5, 29, 30, 31, 700 - 31] {
                let available = input.count - start
                frequencies = [UInt32](repeating: 0, count: 256)
                let coded = input.withUnsafeBufferPointer { all in
                    ck_rle_literals(all.baseAddress! + start, available, &symbols, room, &frequencies)
                }
                let firstRun = (start..<input.count).first(where: runStarts).map { $0 - start }
                XCTAssertLessThanOrEqual(coded, room)
                if let firstRun { XCTAssertLessThanOrEqual(coded, firstRun, "start \(start)") }
                if coded < room, firstRun != coded {
                    XCTAssertGreaterThan(coded + 32, available, "start \(start), room \(room): stopped early at \(coded)")
                }
                XCTAssertEqual(Array(symbols[0..<coded]), input[start..<(start + coded)].map { UInt16($0) })
                var expected = [UInt32](repeating: 0, count: 256)
                for byte in input[start..<(start + coded)] { expected[Int(byte)] += 1 }
                XCTAssertEqual(frequencies, expected, "start \(start), room \(room)")
            }
        }
    }

    /// The bilinear kernel against `ImageSampler.mix` applied pixel by pixel: translucent
    /// pixels, positions stepping across and down in both directions, every fraction,
    /// opacity on and off, counts that leave a tail after the four-sample steps.
    func testBilinearKernel_MatchesTheSamplersArithmetic() {
        let width = 37, height = 23, stride = 41
        let pixels = (0..<(stride * height)).map { _ in premultiplied() }
        for round in 0..<200 {
            let count = 1 + Int(next() % 40)
            let opacity: UInt32 = round % 3 == 0 ? 255 : next() % 256
            // A start and a step that keep every sample's 2×2 footprint inside.
            let du = Int(next() % 40_000) - 20_000, dv = Int(next() % 40_000) - 20_000
            let spanU = du * (count - 1), spanV = dv * (count - 1)
            let limitU = (width - 1) << 16, limitV = (height - 1) << 16
            guard abs(spanU) < limitU, abs(spanV) < limitV else { continue }
            let u = max(0, -spanU) + Int(next()) % (limitU - abs(spanU))
            let v = max(0, -spanV) + Int(next()) % (limitV - abs(spanV))
            var out = [UInt32](repeating: 0, count: count)
            ck_bilinear_span(&out, count, pixels, stride, UInt32(u), UInt32(v),
                             UInt32(truncatingIfNeeded: du), UInt32(truncatingIfNeeded: dv), opacity)
            for i in 0..<count {
                let x = u + i * du, y = v + i * dv
                let ix = x >> 16, iy = y >> 16, fx = UInt32((x >> 8) & 0xFF), fy = UInt32((y >> 8) & 0xFF)
                let top = ImageSampler.mix(pixels[iy * stride + ix], pixels[iy * stride + ix + 1], fx)
                let bottom = ImageSampler.mix(pixels[(iy + 1) * stride + ix], pixels[(iy + 1) * stride + ix + 1], fx)
                var expected = ImageSampler.mix(top, bottom, fy)
                if opacity != 255 { expected = PixelMath.scale(expected, by: opacity) }
                XCTAssertEqual(out[i], expected, "round \(round), sample \(i) of \(count)")
            }
        }
    }

    /// The stretch of a row the sampler hands to the bilinear kernel is exactly the
    /// samples whose footprint lies in the image, counted one by one.
    func testFootprintStretch_IsTheSamplesInside() {
        for _ in 0..<3000 {
            let width = 2 + Int(next() % 50), height = 2 + Int(next() % 50), count = Int(next() % 300)
            let u = Int(next() % 8_000_000) - 4_000_000, v = Int(next() % 8_000_000) - 4_000_000
            let du = next() % 5 == 0 ? 0 : Int(next() % 200_000) - 100_000
            let dv = next() % 5 == 0 ? 0 : Int(next() % 200_000) - 100_000
            let inside = (0..<count).filter { i in
                let x = u + i * du, y = v + i * dv
                return x >= 0 && x < (width - 1) << 16 && y >= 0 && y < (height - 1) << 16
            }
            let stretch = ImageSampler.footprintInside(u: u, v: v, du: du, dv: dv, width: width, height: height, count: count)
            XCTAssertEqual(Array(stretch), inside, "u \(u) + i·\(du), v \(v) + i·\(dv), \(width)x\(height), \(count)")
            for (start, step, limit) in [(u, du, (width - 1) << 16), (v, dv, (height - 1) << 16)] {
                let counted = (0..<count).filter { start + $0 * step >= 0 && start + $0 * step < limit }
                XCTAssertEqual(Array(ImageSampler.stretch(start: start, step: step, limit: limit, count: count)), counted)
            }
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

    // MARK: - Image comparison

    /// The comparison rules of `PerceptualDistance`, written pixel by pixel.
    private enum PlainComparison {
        static func overWhite(_ p: UInt32) -> (Double, Double, Double) {
            let a = Double(p >> 24)
            return (Double(p & 0xFF) + 255 - a, Double((p >> 8) & 0xFF) + 255 - a, Double((p >> 16) & 0xFF) + 255 - a)
        }

        static func squared(_ p: UInt32, _ q: UInt32) -> Double {
            let (r1, g1, b1) = overWhite(p), (r2, g2, b2) = overWhite(q)
            return PerceptualDistance.squared(r1 - r2, g1 - g2, b1 - b2)
        }

        static func luma(_ p: UInt32) -> Double {
            let (r, g, b) = overWhite(p)
            return 0.29889531 * r + 0.58662247 * g + 0.11448223 * b
        }

        /// The neighbours of (x, y) inside the image, and whether it touches the border.
        static func neighbours(_ image: Bitmap, _ x: Int, _ y: Int) -> (cells: [(Int, Int)], border: Bool) {
            var cells: [(Int, Int)] = []
            for ny in max(y - 1, 0)...min(y + 1, image.height - 1) {
                for nx in max(x - 1, 0)...min(x + 1, image.width - 1) where nx != x || ny != y { cells.append((nx, ny)) }
            }
            return (cells, x == 0 || y == 0 || x == image.width - 1 || y == image.height - 1)
        }

        static func flat(_ image: Bitmap, _ x: Int, _ y: Int) -> Bool {
            let (cells, border) = neighbours(image, x, y)
            return (border ? 1 : 0) + cells.filter { image.row($0.1)[$0.0] == image.row(y)[x] }.count >= 3
        }

        static func antialiased(_ image: Bitmap, _ other: Bitmap, _ x: Int, _ y: Int) -> Bool {
            let (cells, border) = neighbours(image, x, y)
            let centre = luma(image.row(y)[x])
            let deltas = cells.map { luma(image.row($0.1)[$0.0]) - centre }
            guard (border ? 1 : 0) + deltas.filter({ $0 == 0 }).count <= 2 else { return false }
            // The first of the darkest and of the brightest in reading order.
            guard let darkest = deltas.min(), darkest < 0, let brightest = deltas.max(), brightest > 0,
                  let d = deltas.firstIndex(of: darkest), let b = deltas.firstIndex(of: brightest) else { return false }
            return [cells[d], cells[b]].contains { flat(image, $0.0, $0.1) && flat(other, $0.0, $0.1) }
        }
    }

    /// `ck_compare_row` (through ImageComparison) against the rules pixel by pixel: the
    /// counts, the largest distances and every pixel's class in the diff image, for
    /// shapes moved by fractions of a pixel, under exact and perceptual tolerances and
    /// with an image that is a view with a wider stride.
    func testCompareRowKernel_MatchesThePlainRules() throws {
        let white = PremultipliedColor(r: 255, g: 255, b: 255, a: 255)
        for round in 0..<6 {
            let width = 37 + round, height = 23
            let expected = try Bitmap(width: width, height: height, color: white)
            let wide = try Bitmap(width: width + 5, height: height, color: white)
            let actual = wide.view(PixelRect(x: 3, y: 0, width: width, height: height))
            for (bitmap, shift) in [(expected, 0.0), (actual, 0.15 + 0.1 * Double(round))] {
                let canvas = Canvas(bitmap: bitmap)
                canvas.fill(Path(ellipseIn: Rect(x: 4 + shift, y: 3 + shift / 2, width: 20, height: 14)),
                            paint: .solid(Color(r: 200, g: 40, b: 90, a: round % 2 == 0 ? 255 : 160)))
                canvas.fill(Path(rect: Rect(x: 26 + shift, y: 5, width: 7, height: 12)), paint: .solid(.black))
            }
            for i in 0..<5 { actual.row(height - 1)[i * 7] = PixelMath.scale(actual.row(height - 1)[i * 7], by: 250) }
            for tolerance in [ImageTolerance.exact, .perceptual(), .perceptual(threshold: 0.02), .perceptual(ignoringAntialiasing: false)] {
                let comparison = ImageComparison(expected: expected, actual: actual, tolerance: tolerance)
                let diff = try XCTUnwrap(comparison.diffImage())
                var changed = 0, differing = 0, aa = 0, maxChannel = 0, maxSquared = 0.0
                for y in 0..<height {
                    for x in 0..<width where actual.row(y)[x] != expected.row(y)[x] {
                        let a = actual.row(y)[x], e = expected.row(y)[x]
                        changed += 1
                        for shift in stride(from: 0, to: 32, by: 8) {
                            maxChannel = max(maxChannel, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((e >> UInt32(shift)) & 0xFF)))
                        }
                        let squared = PlainComparison.squared(a, e)
                        maxSquared = max(maxSquared, squared)
                        var cls = 3
                        if case .perceptual(let t, let ignores) = tolerance.metric {
                            if squared <= t * t * PerceptualDistance.maxSquared {
                                cls = 1
                            } else if ignores, PlainComparison.antialiased(actual, expected, x, y)
                                        || PlainComparison.antialiased(expected, actual, x, y) {
                                cls = 2
                            }
                        }
                        if cls == 2 { aa += 1 }
                        if cls == 3 { differing += 1 }
                        let shown = diff.row(y)[x]
                        let expectedShown: UInt32? = cls == 3 ? PremultipliedColor(r: 255, g: 0, b: 0, a: 255).packed
                            : cls == 2 ? PremultipliedColor(r: 255, g: 220, b: 0, a: 255).packed : nil
                        if let expectedShown {
                            XCTAssertEqual(shown, expectedShown, "round \(round), \(tolerance.metric), pixel (\(x), \(y))")
                        } else {
                            XCTAssertEqual(shown & 0xFF, (shown >> 8) & 0xFF, "a grey pixel at (\(x), \(y))")
                        }
                    }
                }
                let context = "round \(round), \(tolerance.metric)"
                XCTAssertEqual(comparison.changedPixels, changed, context)
                XCTAssertEqual(comparison.differingPixels, differing, context)
                XCTAssertEqual(comparison.antialiasingPixels, aa, context)
                XCTAssertEqual(comparison.maxChannelDifference, maxChannel, context)
                XCTAssertEqual(comparison.maxPerceptualDistance, (maxSquared / PerceptualDistance.maxSquared).squareRoot(), context)
                if case .perceptual(_, true) = tolerance.metric, round == 0 { XCTAssertGreaterThan(aa, 0, "the rims are anti-aliasing") }
            }
        }
    }
}
