import CKernels
import Foundation
import RasterCore
import XCTest

/// Coverage of `path` in a `width`×`height` mask at the origin.
func coverage(of path: Path, width: Int, height: Int, rule: FillRule = .nonZero,
              transform: Transform = .identity) -> Mask {
    var poly = Polyline()
    PathFlattener.flatten(path, transform: transform, into: &poly)
    let rect = PixelRect(x: 0, y: 0, width: width, height: height)
    var blitter = MaskBlitter(mask: Mask(rect: rect))
    Rasterizer().fill(poly, rule: rule, clip: rect, into: &blitter)
    return blitter.mask
}

final class RasterizerTests: XCTestCase {
    func testHalfCoveredPixel_HasHalfCoverage() {
        let m = coverage(of: Path(rect: Rect(x: 1, y: 1, width: 0.5, height: 1)), width: 4, height: 4)
        XCTAssertEqual(m.coverage(x: 1, y: 1), 128)
        XCTAssertEqual(m.coverage(x: 0, y: 1), 0)
        XCTAssertEqual(m.coverage(x: 2, y: 1), 0)
        let diagonal = Path { p in
            p.move(to: Point(x: 0, y: 0)); p.line(to: Point(x: 1, y: 0)); p.line(to: Point(x: 0, y: 1)); p.close()
        }
        XCTAssertEqual(coverage(of: diagonal, width: 2, height: 2).coverage(x: 0, y: 0), 128)
    }

    func testIntegerRect_HasNoAntialiasingFringe() {
        let m = coverage(of: Path(rect: Rect(x: 3, y: 2, width: 10, height: 5)), width: 20, height: 10)
        for y in 0..<10 {
            for x in 0..<20 {
                let inside = x >= 3 && x < 13 && y >= 2 && y < 7
                XCTAssertEqual(m.coverage(x: x, y: y), inside ? 255 : 0, "(\(x), \(y))")
            }
        }
    }

    func testCircleCoverage_MatchesPiRSquared_WithinATenthOfAPercent() {
        for r in [10.0, 37.3, 120.0] {
            let size = Int(2 * r) + 4
            let c = Double(size) / 2 + 0.3
            let m = coverage(of: Path(ellipseIn: Rect(x: c - r, y: c - r, width: 2 * r, height: 2 * r)), width: size, height: size)
            let total = m.storage.reduce(0.0) { $0 + Double($1) / 255 }
            let expected = Double.pi * r * r
            XCTAssertLessThan(abs(total - expected) / expected, 0.001, "radius \(r): \(total) vs \(expected)")
        }
    }

    func testShapeSplitInTwo_ComposesSeamlessly() {
        // A triangle split along a slanted line: the halves' coverages add up to the whole.
        let whole = Path { p in
            p.move(to: Point(x: 2.3, y: 1.1)); p.line(to: Point(x: 40.7, y: 5.2)); p.line(to: Point(x: 12.4, y: 30.9)); p.close()
        }
        let a = Path { p in
            p.move(to: Point(x: 2.3, y: 1.1)); p.line(to: Point(x: 40.7, y: 5.2)); p.line(to: Point(x: 7.35, y: 16.0)); p.close()
        }
        let b = Path { p in
            p.move(to: Point(x: 7.35, y: 16.0)); p.line(to: Point(x: 40.7, y: 5.2)); p.line(to: Point(x: 12.4, y: 30.9)); p.close()
        }
        let mw = coverage(of: whole, width: 48, height: 36)
        let ma = coverage(of: a, width: 48, height: 36), mb = coverage(of: b, width: 48, height: 36)
        for i in mw.storage.indices {
            XCTAssertLessThanOrEqual(abs(Int(ma.storage[i]) + Int(mb.storage[i]) - Int(mw.storage[i])), 1, "pixel \(i)")
        }
    }

    func testBandHeight_ChangesNoPixel() {
        // Rows are accumulated in bands whose height depends on the width being filled.
        // A far-away square widens the fill (short bands) without touching the star, so
        // the star's pixels must be the same as when it is filled alone (tall bands).
        let star = Path { p in
            for k in 0..<14 {
                let angle = Double(k) * Double.pi / 7 + 0.1, radius = k % 2 == 0 ? 150.0 : 61.3
                let point = Point(x: 160.4 + radius * cos(angle), y: 155.7 + radius * sin(angle))
                if k == 0 { p.move(to: point) } else { p.line(to: point) }
            }
            p.close()
        }
        var widened = star
        widened.addRect(Rect(x: 16_000, y: 100, width: 10, height: 10))
        let alone = coverage(of: star, width: 16_020, height: 320)
        let wide = coverage(of: widened, width: 16_020, height: 320)
        var differing = 0
        for y in 0..<320 {
            for x in 0..<330 where alone.coverage(x: x, y: y) != wide.coverage(x: x, y: y) { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertEqual(wide.coverage(x: 16_005, y: 105), 255)
        XCTAssertGreaterThan(alone.storage.reduce(0) { $0 + Int($1) }, 255 * 20_000)
    }

    func testFillRules_DifferOnSelfOverlap() {
        // Two nested squares drawn in the same direction: nonzero fills the hole, even-odd does not.
        var p = Path(rect: Rect(x: 0, y: 0, width: 20, height: 20))
        p.addRect(Rect(x: 5, y: 5, width: 10, height: 10))
        XCTAssertEqual(coverage(of: p, width: 20, height: 20, rule: .nonZero).coverage(x: 10, y: 10), 255)
        XCTAssertEqual(coverage(of: p, width: 20, height: 20, rule: .evenOdd).coverage(x: 10, y: 10), 0)
        XCTAssertEqual(coverage(of: p, width: 20, height: 20, rule: .evenOdd).coverage(x: 2, y: 2), 255)
    }

    /// Where a pixel lies half inside a nested contour wound the same way, its winding is
    /// two over half its area and one over the other half: even-odd covers the half wound
    /// once, 0.5 · 255 rounded to 128, and nonzero the whole pixel. Holds across the two
    /// ways a sweep is compiled (one per rule) and along the inner contour's four sides.
    func testFillRules_PixelHalfInsideANestedContour() {
        var p = Path(rect: Rect(x: 0, y: 0, width: 20, height: 20))
        p.addRect(Rect(x: 5.5, y: 5.5, width: 9, height: 9))
        let evenOdd = coverage(of: p, width: 20, height: 20, rule: .evenOdd)
        let nonZero = coverage(of: p, width: 20, height: 20, rule: .nonZero)
        for (x, y) in [(5, 10), (14, 10), (10, 5), (10, 14)] {
            XCTAssertEqual(evenOdd.coverage(x: x, y: y), 128, "even-odd at (\(x), \(y))")
            XCTAssertEqual(nonZero.coverage(x: x, y: y), 255, "nonzero at (\(x), \(y))")
        }
        // A corner pixel of the inner square: a quarter wound twice, three quarters once.
        XCTAssertEqual(evenOdd.coverage(x: 5, y: 5), 191)
    }

    func testGeometryOutsideTheClip_StillCountsFromTheLeft() {
        // A rect starting far left of the canvas covers the canvas fully.
        let m = coverage(of: Path(rect: Rect(x: -1000.5, y: -3, width: 1010, height: 100)), width: 8, height: 4)
        XCTAssertTrue(m.storage.allSatisfy { $0 == 255 })
    }

    /// A steep edge from ten million pixels above the canvas to twenty million below it
    /// (inside the canvas's columns all along) is cut at the guard band, not clamped
    /// (which would move it 3 pixels here), so the rows in view are covered as the
    /// half-plane left of its line covers them: the area of each pixel left of
    /// x = 10.3 + 6e-7 y, integrated row by row, within 1.25 levels (the scan
    /// converter's own precision: the same line 50 pixels long is off by as much), and
    /// within one level of that short edge.
    func testEdgesFarBeyondTheCanvas_CoverAsTheirLineDoes() {
        let c = 10.3, k = 6e-7
        func wedge(top: Double, bottom: Double) -> Mask {
            coverage(of: Path { p in
                p.move(to: Point(x: c + k * top, y: top))
                p.line(to: Point(x: c + k * bottom, y: bottom))
                p.line(to: Point(x: -5, y: bottom))
                p.line(to: Point(x: -5, y: top))
                p.close()
            }, width: 24, height: 16)
        }
        let far = wedge(top: -1e7, bottom: 2e7), near = wedge(top: -20, bottom: 30)
        for y in 0..<16 { for x in 0..<24 {
            let steps = 2_000
            var area = 0.0
            for i in 0..<steps {
                let v = Double(y) + (Double(i) + 0.5) / Double(steps)
                area += min(max(c + k * v - Double(x), 0), 1)
            }
            let expected = area / Double(steps) * 255
            XCTAssertEqual(Double(far.coverage(x: x, y: y)), expected, accuracy: 1.25, "(\(x), \(y))")
            XCTAssertEqual(Double(far.coverage(x: x, y: y)), Double(near.coverage(x: x, y: y)), accuracy: 1, "(\(x), \(y))")
        } }
    }

    func testDegenerateInput_DrawsNothingAndDoesNotTrap() {
        let nan = Path { p in p.move(to: Point(x: .nan, y: 0)); p.line(to: Point(x: 5, y: 5)); p.line(to: Point(x: 0, y: 5)) }
        XCTAssertTrue(coverage(of: nan, width: 8, height: 8).storage.allSatisfy { $0 == 0 })
        // An infinity among finite points (here the last one), in either coordinate.
        for far in [Point(x: .infinity, y: 4), Point(x: 2, y: -.infinity)] {
            let infinite = Path { p in p.move(to: Point(x: 0, y: 0)); p.line(to: Point(x: 8, y: 8)); p.line(to: far) }
            XCTAssertTrue(coverage(of: infinite, width: 8, height: 8).storage.allSatisfy { $0 == 0 }, "\(far)")
        }
        let huge = Path(rect: Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        _ = coverage(of: huge, width: 8, height: 8)
        XCTAssertTrue(coverage(of: Path(), width: 8, height: 8).storage.allSatisfy { $0 == 0 })
    }

    func testFlattening_StaysWithinTolerance() {
        var poly = Polyline()
        let r = 200.0
        PathFlattener.flatten(Path(ellipseIn: Rect(x: -r, y: -r, width: 2 * r, height: 2 * r)), into: &poly)
        // Every vertex and every chord midpoint is within the tolerance (plus the cubic-arc
        // error) of the circle: vertices a little outside, midpoints a little inside.
        let pts = poly.points
        let limit = PathFlattener.defaultTolerance + r * 3e-4
        var outside = 0.0, inside = 0.0
        for i in pts.indices {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            let mid = a.lerp(to: b, 0.5)
            XCTAssertLessThan(abs(a.length - r), limit)
            XCTAssertLessThan(abs(mid.length - r), limit)
            outside = max(outside, a.length - r)
            inside = max(inside, r - mid.length)
        }
        // Balanced: the largest error outside is about twice the largest inside.
        XCTAssertGreaterThan(outside, inside)
        XCTAssertGreaterThan(inside, 0)
    }

    /// Fixed-point coordinates round as `rounded()` does (half away from zero) without
    /// calling it: on exact halves, on the doubles either side of them, on large and
    /// negative values, and where the clamp applies.
    func testFixedPointCoordinates_RoundAsRoundedDoes() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 1e9, -1e9, .infinity, -.infinity, 4_194_304.5]
        for k in stride(from: -3000, through: 3000, by: 1) {
            let half = (Double(k) + 0.5) / 256
            values += [half, half.nextUp, half.nextDown, Double(k) / 256, Double(k) * 1.37 / 256]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { values.append(Double.random(in: -5_000_000...5_000_000, using: &generator)) }
        for v in values {
            let expected = Int32(min(max((v * 256).rounded(), -1_073_741_824), 1_073_741_824))
            XCTAssertEqual(Rasterizer.fixed(v), expected, "\(v)")
            // Inside the guard band, the conversion without the clamp gives the same.
            if abs(v) <= Rasterizer.guardBand { XCTAssertEqual(ck_fixed_point_8_near(v), expected, "\(v)") }
        }
        XCTAssertEqual(Rasterizer.fixed(.nan), 0)
    }
}
