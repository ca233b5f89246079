@testable import RasterLayout
import XCTest

/// Flex's 1/64-point grid. Expected values are Chrome's frames (in 1/64 px units) for
/// the scenes named in each test, laid out in headless Chromium.
final class FixedPointTests: XCTestCase {
    private func units(_ v: Double) -> Double { v * FixedPoint.scale }

    /// `width: 8.333%` of 100 is 533/64 in Chrome; `16.67%` is 1066/64 (truncated, not
    /// rounded to 1067); `aspect-ratio: 3` of a 10.015625 width is 213/64.
    func testConversionsTruncateTowardZero() {
        XCTAssertEqual(units(FixedPoint.truncated(100 * 0.08333)), 533)
        XCTAssertEqual(units(FixedPoint.truncated(100 * 0.1667)), 1066)
        XCTAssertEqual(units(FixedPoint.height(ofWidth: 10.015625, 3)), 213)
        XCTAssertEqual(units(FixedPoint.truncated(-1.0 / 3)), -21)
        // A product that binary floating point puts a hair below a grid line stays on it.
        XCTAssertEqual(units(FixedPoint.width(ofHeight: 33, 1.0 / 3)), 704)
    }

    /// Centring 5,761 units of free space puts the box 2,880 in (half, truncated);
    /// a flexed share of -2,285.5 units rounds away from zero.
    func testHalvesTruncateAndSharesRoundAwayFromZero() {
        XCTAssertEqual(units(FixedPoint.divided(5_761 / 64, by: 2)), 2_880)
        XCTAssertEqual(units(FixedPoint.divided(-5_761 / 64, by: 2)), -2_880)
        XCTAssertEqual(units(FixedPoint.rounded(-2_285.5 / 64)), -2_286)
        XCTAssertEqual(units(FixedPoint.rounded(2_133.5 / 64)), 2_134)
    }

    /// `justify-content: space-evenly` with 2,560 units of free space among 6 items:
    /// Chrome's gaps between them are 366, 365, 366, 366, 366, the diffuser's first
    /// five shares; all seven add up to the whole.
    func testDiffuserSpreadsTheRemainderAsChromeDoes() {
        var gaps = FixedPoint.Diffuser(2_560 / 64, buckets: 7)
        let shares = (0..<7).map { _ in units(gaps.next()) }
        XCTAssertEqual(shares, [366, 365, 366, 366, 366, 365, 366])
        XCTAssertEqual(shares.reduce(0, +), 2_560)
        XCTAssertEqual(gaps.next(), 0, "no more than the buckets")
        // Three stretched lines sharing 100 points: 2,133, 2,134, 2,133.
        var lines = FixedPoint.Diffuser(100, buckets: 3)
        XCTAssertEqual((0..<3).map { _ in units(lines.next()) }, [2_133, 2_134, 2_133])
    }

    /// A free space too large for whole units is split evenly, and one that is not a
    /// number gives nothing, rather than trapping on the conversion to units.
    func testDiffuserTakesAnyTotal() {
        var huge = FixedPoint.Diffuser(1e300, buckets: 4)
        XCTAssertEqual(huge.next(), 2.5e299)
        var infinite = FixedPoint.Diffuser(.infinity, buckets: 2)
        XCTAssertEqual(infinite.next(), 0)
        var nan = FixedPoint.Diffuser(.nan, buckets: 2)
        XCTAssertEqual(nan.next(), 0)
    }
}
