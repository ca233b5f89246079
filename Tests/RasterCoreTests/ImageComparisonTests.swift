import RasterCore
import XCTest

/// The comparison behind golden tests and `render diff`: exact counts, the YIQ
/// distance, anti-aliasing detection, budgets and the diff image.
final class ImageComparisonTests: XCTestCase {
    private let white = PremultipliedColor(r: 255, g: 255, b: 255, a: 255)

    private func canvas(_ draw: (Canvas) -> Void) throws -> Bitmap {
        let b = try Bitmap(width: 48, height: 48, color: white)
        draw(Canvas(bitmap: b))
        return b
    }

    private func disc(x: Double, y: Double) throws -> Bitmap {
        try canvas { $0.fill(Path(ellipseIn: Rect(x: x, y: y, width: 30, height: 30)), paint: .solid(.black)) }
    }

    func testExact_CountsEveryChangedPixel() throws {
        let a = try Bitmap(width: 10, height: 6, color: white)
        let b = a.copy()
        XCTAssertTrue(ImageComparison(expected: a, actual: b).isIdentical)
        b[3, 2] = PremultipliedColor(r: 254, g: 255, b: 255, a: 255)
        b[7, 4] = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
        let c = ImageComparison(expected: a, actual: b)
        XCTAssertFalse(c.matches)
        XCTAssertEqual(c.differingPixels, 2)
        XCTAssertEqual(c.changedPixels, 2)
        XCTAssertEqual(c.maxChannelDifference, 255)
        XCTAssertEqual(c.differingBounds, PixelRect(x: 3, y: 2, width: 5, height: 3))
        XCTAssertTrue(c.summary.hasPrefix("2 of 60 pixels differ"), c.summary)
        // A budget lets them through: two pixels, or a fraction of the sixty.
        XCTAssertTrue(ImageComparison(expected: a, actual: b, tolerance: .exact.allowing(pixels: 2)).matches)
        XCTAssertFalse(ImageComparison(expected: a, actual: b, tolerance: .exact.allowing(pixels: 1)).matches)
        XCTAssertTrue(ImageComparison(expected: a, actual: b, tolerance: .exact.allowing(fraction: 0.04)).matches)
        XCTAssertFalse(ImageComparison(expected: a, actual: b, tolerance: .exact.allowing(fraction: 0.03)).matches)
    }

    func testSizesThatDiffer_NeverMatch() throws {
        let a = try Bitmap(width: 10, height: 6), b = try Bitmap(width: 10, height: 7)
        let c = ImageComparison(expected: a, actual: b, tolerance: .perceptual().allowing(fraction: 1))
        XCTAssertFalse(c.matches)
        XCTAssertNil(try c.diffImage())
        XCTAssertEqual(c.summary, "the sizes differ: expected 10x6, actual 10x7")
    }

    func testPerceptualDistance_InYIQOverWhite() throws {
        let black = try Bitmap(width: 1, height: 1, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 255))
        let whiteImage = try Bitmap(width: 1, height: 1, color: white)
        let clear = try Bitmap(width: 1, height: 1)
        // Black against white: luma alone, sqrt(0.5053 · 255² / 35215).
        let bw = ImageComparison(expected: whiteImage, actual: black, tolerance: .perceptual())
        XCTAssertEqual(bw.maxPerceptualDistance, (0.5053 * 255 * 255 / 35214.75).squareRoot(), accuracy: 1e-4)
        XCTAssertEqual(bw.differingPixels, 1)
        // Transparent is white once composited over white: changed bytes, no distance.
        let tw = ImageComparison(expected: whiteImage, actual: clear, tolerance: .perceptual(threshold: 0))
        XCTAssertEqual(tw.changedPixels, 1)
        XCTAssertEqual(tw.maxPerceptualDistance, 0)
        XCTAssertTrue(tw.matches)
        XCTAssertFalse(ImageComparison(expected: whiteImage, actual: clear).matches, "exact still sees the bytes")
        // A one-step change of one channel is far below the default threshold.
        let nearWhite = try Bitmap(width: 1, height: 1, color: PremultipliedColor(r: 255, g: 254, b: 255, a: 255))
        let step = ImageComparison(expected: whiteImage, actual: nearWhite, tolerance: .perceptual())
        XCTAssertTrue(step.matches)
        XCTAssertLessThan(step.maxPerceptualDistance, 0.01)
        XCTAssertEqual(step.differingPixels, 0)
        XCTAssertTrue(step.summary.contains("1 changed within the threshold"), step.summary)
        // Red against blue is far (chroma counts, not only luma).
        let red = try Bitmap(width: 1, height: 1, color: PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        let blue = try Bitmap(width: 1, height: 1, color: PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        XCTAssertGreaterThan(ImageComparison(expected: red, actual: blue, tolerance: .perceptual()).maxPerceptualDistance, 0.5)
    }

    func testAntialiasing_IgnoredOnlyWhenAsked() throws {
        // The same disc a third of a pixel apart: only its anti-aliased rim changes.
        let a = try disc(x: 9, y: 9), b = try disc(x: 9.35, y: 9.3)
        let counted = ImageComparison(expected: a, actual: b, tolerance: .perceptual(ignoringAntialiasing: false))
        let ignored = ImageComparison(expected: a, actual: b, tolerance: .perceptual())
        XCTAssertGreaterThan(counted.differingPixels, 10)
        XCTAssertEqual(ignored.differingPixels, 0, ignored.summary)
        XCTAssertEqual(ignored.antialiasingPixels, counted.differingPixels)
        XCTAssertTrue(ignored.matches)
        // A real change in a flat area is not anti-aliasing.
        let marked = b.copy()
        Canvas(bitmap: marked).fill(Rect(x: 2, y: 40, width: 3, height: 3), paint: .solid(.red))
        let real = ImageComparison(expected: a, actual: marked, tolerance: .perceptual())
        XCTAssertEqual(real.differingPixels, 9, real.summary)
        XCTAssertEqual(real.differingBounds, PixelRect(x: 2, y: 40, width: 3, height: 3))
        XCTAssertFalse(real.matches)
        // So is a disc that moved by pixels, not a fraction of one.
        let moved = ImageComparison(expected: a, actual: try disc(x: 13, y: 9), tolerance: .perceptual())
        XCTAssertGreaterThan(moved.differingPixels, 50, moved.summary)
    }

    func testDiffImage_RedDifferencesYellowAntialiasingOverFadedReference() throws {
        let a = try disc(x: 9, y: 9)
        let b = try disc(x: 9.35, y: 9.3)
        Canvas(bitmap: b).fill(Rect(x: 2, y: 40, width: 3, height: 3), paint: .solid(.red))
        let c = ImageComparison(expected: a, actual: b, tolerance: .perceptual())
        let diff = try XCTUnwrap(try c.diffImage())
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255)
        var reds = 0, yellows = 0
        for y in 0..<diff.height {
            for x in 0..<diff.width {
                let p = diff[x, y]
                if p == red { reds += 1 } else if p.r == 255, p.g == 220, p.b == 0 { yellows += 1 }
            }
        }
        XCTAssertEqual(reds, c.differingPixels)
        XCTAssertEqual(yellows, c.antialiasingPixels)
        XCTAssertEqual(diff[2, 40], red)
        // Unchanged: white stays near white, the disc's black centre becomes mid grey.
        XCTAssertEqual(diff[0, 0], PremultipliedColor(r: 254, g: 254, b: 254, a: 255))
        XCTAssertEqual(diff[24, 24], PremultipliedColor(r: 191, g: 191, b: 191, a: 255))
        // Exact: every changed pixel red, none yellow.
        let exact = try XCTUnwrap(try ImageComparison(expected: a, actual: b).diffImage())
        var exactReds = 0
        for y in 0..<exact.height { for x in 0..<exact.width where exact[x, y] == red { exactReds += 1 } }
        XCTAssertEqual(exactReds, ImageComparison(expected: a, actual: b).changedPixels)
    }

    func testTolerance_ClampsAndDescribes() {
        let t = ImageTolerance.perceptual(threshold: 3, maxDifferingPixels: -4, maxDifferingFraction: 2)
        XCTAssertEqual(t.metric, .perceptual(threshold: 1, ignoresAntialiasing: true))
        XCTAssertEqual(t.maxDifferingPixels, 0)
        XCTAssertEqual(t.maxDifferingFraction, 1)
        XCTAssertEqual(ImageTolerance.perceptual(maxDifferingPixels: 5, maxDifferingFraction: 0.01).budget(pixelCount: 1000), 10)
        XCTAssertEqual(ImageTolerance.perceptual(maxDifferingPixels: 5, maxDifferingFraction: 0.001).budget(pixelCount: 1000), 5)
        XCTAssertEqual(ImageTolerance.exact.description, "exact")
        XCTAssertEqual(ImageTolerance.perceptual().description, "perceptual, threshold 0.1, anti-aliasing ignored")
    }
}
