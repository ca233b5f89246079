import Foundation
import RasterCore
import XCTest

final class StrokeTests: XCTestCase {
    private func strokeCoverage(_ path: Path, _ style: StrokeStyle, _ w: Int = 60, _ h: Int = 60) -> Mask {
        var poly = Polyline()
        PathFlattener.flatten(Dasher(pattern: style.dash, phase: style.dashPhase)?.dash(path) ?? path, into: &poly)
        var outline = Polyline()
        Stroker(style: style).stroke(poly, into: &outline)
        let rect = PixelRect(x: 0, y: 0, width: w, height: h)
        var blitter = MaskBlitter(mask: Mask(rect: rect))
        Rasterizer().fill(outline, rule: .nonZero, clip: rect, into: &blitter)
        return blitter.mask
    }

    private func area(_ m: Mask) -> Double { m.storage.reduce(0.0) { $0 + Double($1) / 255 } }

    private let line = Path { p in p.move(to: Point(x: 10, y: 30)); p.line(to: Point(x: 50, y: 30)) }

    func testCaps_ExtendTheLineByTheirShape() {
        XCTAssertEqual(area(strokeCoverage(line, StrokeStyle(width: 6, cap: .butt))), 40 * 6, accuracy: 0.5)
        XCTAssertEqual(area(strokeCoverage(line, StrokeStyle(width: 6, cap: .square))), 46 * 6, accuracy: 0.5)
        XCTAssertEqual(area(strokeCoverage(line, StrokeStyle(width: 6, cap: .round))), 40 * 6 + Double.pi * 9, accuracy: 0.5)
    }

    func testRoundCapsAndDots_KeepTheDiscArea_WithinATenthOfAPercent() {
        // Round caps and joins are flattened balanced like curves: a dot (a zero-length
        // round-capped stroke) and the two caps of a line keep π r² to 0.1 %.
        for width in [20.0, 37.4, 60.0] {
            let r = width / 2
            let dot = Path { p in p.move(to: Point(x: 40.3, y: 40.6)); p.line(to: Point(x: 40.3, y: 40.6)) }
            let dotArea = area(strokeCoverage(dot, StrokeStyle(width: width, cap: .round), 80, 80))
            XCTAssertLessThan(abs(dotArea - Double.pi * r * r) / (Double.pi * r * r), 0.001, "dot of width \(width)")
            let bar = Path { p in p.move(to: Point(x: 35.2, y: 40.6)); p.line(to: Point(x: 75.2, y: 40.6)) }
            let capsArea = area(strokeCoverage(bar, StrokeStyle(width: width, cap: .round), 110, 80)) - 40 * width
            XCTAssertLessThan(abs(capsArea - Double.pi * r * r) / (Double.pi * r * r), 0.001, "caps of width \(width)")
        }
    }

    func testJoins_MiterBevelRound_HaveTheirCornerAreas() {
        let corner = Path { p in
            p.move(to: Point(x: 10, y: 40)); p.line(to: Point(x: 40, y: 40)); p.line(to: Point(x: 40, y: 10))
        }
        let w = 8.0
        let base = 30 * w * 2 - 0 // two legs each 30 long, overlapping square counted in the joins
        let miter = area(strokeCoverage(corner, StrokeStyle(width: w, join: .miter)))
        let bevel = area(strokeCoverage(corner, StrokeStyle(width: w, join: .bevel)))
        let round = area(strokeCoverage(corner, StrokeStyle(width: w, join: .round)))
        // Legs cover base minus the inner overlap (hw²); the outer corner adds hw² (miter),
        // hw²/2 (bevel) or π·hw²/4 (round).
        let hw = w / 2
        XCTAssertEqual(miter, base - hw * hw + hw * hw, accuracy: 0.6)
        XCTAssertEqual(bevel, base - hw * hw + hw * hw / 2, accuracy: 0.6)
        XCTAssertEqual(round, base - hw * hw + Double.pi * hw * hw / 4, accuracy: 0.6)
    }

    func testMiterLimit_TurnsSharpJoinsIntoBevels() {
        let sharp = Path { p in
            p.move(to: Point(x: 5, y: 50)); p.line(to: Point(x: 30, y: 10)); p.line(to: Point(x: 55, y: 50))
        }
        let limited = area(strokeCoverage(sharp, StrokeStyle(width: 6, join: .miter, miterLimit: 1.5)))
        let bevel = area(strokeCoverage(sharp, StrokeStyle(width: 6, join: .bevel)))
        let unlimited = area(strokeCoverage(sharp, StrokeStyle(width: 6, join: .miter, miterLimit: 100)))
        XCTAssertEqual(limited, bevel, accuracy: 0.01)
        XCTAssertGreaterThan(unlimited, bevel + 5)
    }

    func testDashes_CoverTheirOnFraction_AndPhaseShifts() {
        let dashed = area(strokeCoverage(line, StrokeStyle(width: 4, dash: [5, 5])))
        XCTAssertEqual(dashed, 20 * 4, accuracy: 0.5)
        let shifted = strokeCoverage(line, StrokeStyle(width: 4, dash: [5, 5], dashPhase: 5))
        let plain = strokeCoverage(line, StrokeStyle(width: 4, dash: [5, 5]))
        XCTAssertEqual(plain.coverage(x: 12, y: 30), 255)
        XCTAssertEqual(shifted.coverage(x: 12, y: 30), 0)
        // Odd patterns repeat: [3] means 3 on, 3 off.
        XCTAssertEqual(area(strokeCoverage(line, StrokeStyle(width: 2, dash: [4]))), 20 * 2, accuracy: 0.5)
    }

    func testClosedDashedContour_JoinsItsFirstAndLastDash() throws {
        let square = Path(rect: Rect(x: 10, y: 10, width: 40, height: 40))
        // Perimeter 160, pattern 30 on / 10 off from 25: 4 dashes, the last runs into the first.
        let dashes = try XCTUnwrap(Dasher(pattern: [30, 10], phase: 25)?.dash(square))
        XCTAssertEqual(dashes.elements.filter { if case .move = $0 { return true } else { return false } }.count, 4)
    }

    func testHairline_StaysVisibleAtAnyWidth() throws {
        let bitmap = try Bitmap(width: 20, height: 20, color: Color.white.premultiplied)
        let canvas = Canvas(bitmap: bitmap)
        canvas.stroke(Path { p in p.move(to: Point(x: 0, y: 10.5)); p.line(to: Point(x: 20, y: 10.5)) },
                      style: StrokeStyle(width: 0.1), paint: .solid(.black))
        canvas.stroke(Path { p in p.move(to: Point(x: 5.5, y: 0)); p.line(to: Point(x: 5.5, y: 20)) },
                      style: StrokeStyle(width: 0), paint: .solid(.black))
        XCTAssertLessThan(bitmap[15, 10].r, 255)           // thin: faint but there
        XCTAssertGreaterThan(bitmap[15, 10].r, 200)        // ...and keeps its light weight
        XCTAssertEqual(bitmap[5, 3].r, 0)                  // zero width: one solid device pixel
    }
}
