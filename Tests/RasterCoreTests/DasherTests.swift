import Foundation
import RasterCore
import XCTest

/// Dashes cut at the arc lengths of the exact curve, checked against curves whose arc
/// length has a closed form.
final class DasherTests: XCTestCase {
    /// Each dash of `path` as its first and last point, in order.
    private func dashEnds(_ path: Path) -> [(start: Point, end: Point)] {
        var result: [(start: Point, end: Point)] = []
        for element in path.elements {
            switch element {
            case .move(let p): result.append((p, p))
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): result[result.count - 1].end = p
            case .close: XCTFail("a dash is an open contour")
            }
        }
        return result
    }

    /// The arc lengths where the dashes of `pattern` (starting `phase` into it) start and
    /// end along a curve `total` long.
    private func expectedEnds(pattern: [Double], phase: Double, total: Double) -> [(Double, Double)] {
        var ends: [(Double, Double)] = []
        var s = -phase, index = 0
        while s < total {
            let next = s + pattern[index]
            if index % 2 == 0, next > 0 { ends.append((max(s, 0), min(next, total))) }
            s = next
            index = (index + 1) % pattern.count
        }
        return ends
    }

    func testCubic_DashesEndWhereTheSemicubicalParabolasArcLengthSaysTheyDo() throws {
        // (a t², a t³) for t in 0...1: speed a t √(4 + 9t²), arc length a((4 + 9t²)^1.5 − 8) / 27.
        // It starts at a cusp, where the speed is zero.
        let a = 120.0
        let path = Path { p in
            p.move(to: .zero)
            p.cubic(to: Point(x: a, y: a), control1: .zero, control2: Point(x: a / 3, y: 0))
        }
        func arc(_ t: Double) -> Double { a * (pow(4 + 9 * t * t, 1.5) - 8) / 27 }
        func arcAt(_ p: Point) -> Double { arc(cbrt(p.y / a)) }
        let pattern = [7.0, 3.5], phase = 2.25
        let dashed = try XCTUnwrap(Dasher(pattern: pattern, phase: phase)?.dash(path))
        let got = dashEnds(dashed)
        let want = expectedEnds(pattern: pattern, phase: phase, total: arc(1))
        XCTAssertEqual(got.count, want.count)
        for (g, w) in zip(got, want) {
            XCTAssertEqual(arcAt(g.start), w.0, accuracy: 1e-6)
            XCTAssertEqual(arcAt(g.end), w.1, accuracy: 1e-6)
            // Every end lies on the curve: x = a t² where y = a t³.
            for p in [g.start, g.end] { XCTAssertEqual(p.x, a * pow(cbrt(p.y / a), 2), accuracy: 1e-9) }
        }
    }

    func testQuadratic_DashesEndWhereTheParabolasArcLengthSaysTheyDo() throws {
        // (a t, b t²): speed √(a² + c²t²) with c = 2b, arc length
        // t √(a² + c²t²) / 2 + a² asinh(c t / a) / (2c).
        let a = 90.0, b = 160.0, c = 2 * b
        let path = Path { p in
            p.move(to: .zero)
            p.quad(to: Point(x: a, y: b), control: Point(x: a / 2, y: 0))
        }
        func arc(_ t: Double) -> Double { t * (a * a + c * c * t * t).squareRoot() / 2 + a * a * asinh(c * t / a) / (2 * c) }
        let pattern = [11.0, 4.0, 2.0, 4.0], phase = 0.0
        let dashed = try XCTUnwrap(Dasher(pattern: pattern, phase: phase)?.dash(path))
        let got = dashEnds(dashed)
        let want = expectedEnds(pattern: pattern, phase: phase, total: arc(1))
        XCTAssertEqual(got.count, want.count)
        for (g, w) in zip(got, want) {
            XCTAssertEqual(arc(g.start.x / a), w.0, accuracy: 1e-6)
            XCTAssertEqual(arc(g.end.x / a), w.1, accuracy: 1e-6)
            for p in [g.start, g.end] { XCTAssertEqual(p.y, b * pow(p.x / a, 2), accuracy: 1e-9) }
        }
    }

    func testRoundedRectangle_DashesFollowItsSidesAndCorners() throws {
        // Sides are exact; each corner is one cubic within 0.03 % of a quarter circle, so
        // its length is within 0.02 % of π r / 2. Straight dashes that start on a side
        // after n corners start within n times that of the analytic position.
        let rect = Rect(x: 10, y: 10, width: 200, height: 120), r = 30.0
        let path = Path(roundedRect: rect, cornerRadius: r)
        let pattern = [17.0, 6.0]
        let dashed = try XCTUnwrap(Dasher(pattern: pattern, phase: 0)?.dash(path))
        let top = rect.width - 2 * r, quarter = Double.pi * r / 2
        var checked = 0
        for (start, _) in dashEnds(dashed) {
            // Dashes that start on the right side: x = maxX, y from minY + r.
            guard abs(start.x - rect.maxX) < 1e-9, start.y > rect.minY + r + 1e-9, start.y < rect.maxY - r - 1e-9 else { continue }
            let s = top + quarter + (start.y - (rect.minY + r))
            let k = (s / (pattern[0] + pattern[1])).rounded()
            XCTAssertEqual(s, k * (pattern[0] + pattern[1]), accuracy: quarter * 2e-4)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 1)
    }

    func testClosedContour_StartingAndEndingOn_IsOneDashAcrossTheStart() throws {
        let square = Path(rect: Rect(x: 0, y: 0, width: 40, height: 40))
        // Perimeter 160, 30 on and 10 off from 25 in: on 0–5, 15–45, 55–85, 95–125, 135–160.
        let dashed = try XCTUnwrap(Dasher(pattern: [30, 10], phase: 25)?.dash(square))
        let ends = dashEnds(dashed)
        XCTAssertEqual(ends.count, 4)
        XCTAssertEqual(ends[0].start.x, 0, accuracy: 1e-9)   // 135 along: left side, 15 up
        XCTAssertEqual(ends[0].start.y, 25, accuracy: 1e-9)
        XCTAssertEqual(ends[0].end.x, 5, accuracy: 1e-9)     // 5 along the top
        XCTAssertEqual(ends[0].end.y, 0, accuracy: 1e-9)
    }

    func testTooManyDashes_LeaveThePathWhole() throws {
        let line = Path { p in p.move(to: .zero); p.line(to: Point(x: 1000, y: 0)) }
        // 1,000 long at 0.008 a period: 125,000 dashes, over the limit of 100,000.
        XCTAssertNil(Dasher(pattern: [0.004, 0.004], phase: 0)?.dash(line))
        let fewer = try XCTUnwrap(Dasher(pattern: [0.02, 0.02], phase: 0)?.dash(line))
        XCTAssertEqual(dashEnds(fewer).count, 25_000)
        // Drawn solid, as Skia draws a path past its limit.
        let bitmap = try Bitmap(width: 40, height: 10, color: Color.white.premultiplied)
        Canvas(bitmap: bitmap).stroke(Path { p in p.move(to: Point(x: 0, y: 5)); p.line(to: Point(x: 40, y: 5)) },
                                      style: StrokeStyle(width: 4, dash: [0.0001, 0.0001]), paint: .solid(.black))
        XCTAssertEqual(bitmap[20, 5].r, 0)
    }
}
