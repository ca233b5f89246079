import Foundation
import RasterCore
import XCTest

final class GeometryTests: XCTestCase {
    func testTransform_ConcatenationAppliesLeftFirst_AndInverts() {
        let t = Transform(translationX: 10, y: 0).concatenating(Transform(scaleX: 2, y: 2))
        XCTAssertEqual(t.apply(Point(x: 1, y: 1)), Point(x: 22, y: 2))
        let r = Transform(rotationAngle: Double.pi / 2)
        let p = r.apply(Point(x: 1, y: 0))
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12) // clockwise on a y-down screen
        let m = Transform(a: 2, b: 0.5, c: -1, d: 3, tx: 7, ty: -2)
        let back = m.inverted()!.apply(m.apply(Point(x: 3.5, y: -8)))
        XCTAssertEqual(back.x, 3.5, accuracy: 1e-9)
        XCTAssertEqual(back.y, -8, accuracy: 1e-9)
        XCTAssertNil(Transform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted())
    }

    func testSVGPath_ParsesEveryCommandAndCompactSyntax() throws {
        let p = try Path(svgPathData: "M10,10 h10 v10 H10 V10 z m5 5 l1-1 c1 1 2 2 3 3 s1 1 2 2 q1 1 2 2 t2 2 a5 5 0 0 1 10 0 A5 5 0 1 0 40 40 Z")
        let moves = p.elements.filter { if case .move = $0 { return true } else { return false } }.count
        XCTAssertEqual(moves, 2)
        // Compact numbers and arc flags.
        let q = try Path(svgPathData: "M.5.5L1e1-2a1 1 0 00 5 5")
        XCTAssertEqual(q.elements.first, .move(Point(x: 0.5, y: 0.5)))
        XCTAssertEqual(q.elements[1], .line(Point(x: 10, y: -2)))
        // Implicit lineto after moveto.
        let r = try Path(svgPathData: "M0 0 10 0 10 10")
        XCTAssertEqual(r.elements.count, 3)
        XCTAssertEqual(r.elements[2], .line(Point(x: 10, y: 10)))
    }

    func testSVGPath_Errors_NameTheOffset() {
        XCTAssertThrowsError(try Path(svgPathData: "L 10 10")) { XCTAssertEqual(($0 as? SVGPathError)?.offset, 1) }
        XCTAssertThrowsError(try Path(svgPathData: "M 10 10 L 5")) { error in
            XCTAssertTrue("\(error)".contains("expected a number"), "\(error)")
        }
        XCTAssertThrowsError(try Path(svgPathData: "M 0 0 X 1 1"))
        XCTAssertThrowsError(try Path(svgPathData: "M 0 0 A 1 1 0 2 0 5 5"))
    }

    func testSVGArc_EndsOnItsEndPoint_AndBulgesTheRightWay() throws {
        let p = try Path(svgPathData: "M0 0 A10 10 0 0 1 20 0")
        var poly = Polyline()
        PathFlattener.flatten(p, into: &poly)
        let last = poly.points.last!
        XCTAssertEqual(last.x, 20, accuracy: 1e-9)
        XCTAssertEqual(last.y, 0, accuracy: 1e-9)
        // sweep-flag 1 goes clockwise on screen: from (0,0) to (20,0) through y = -10.
        XCTAssertEqual(poly.points.map(\.y).min()!, -10, accuracy: 0.05)
    }

    func testRoundedRect_RadiiScaledDownToFit_AndAreaMatches() {
        let r = Rect(x: 0, y: 0, width: 100, height: 60)
        let area = coverageArea(Path(roundedRect: r, cornerRadius: 10), 100, 60)
        XCTAssertEqual(area, 6000 - (4 - Double.pi) * 100, accuracy: 1)
        // Radii larger than the sides become a stadium.
        let stadium = coverageArea(Path(roundedRect: r, cornerRadius: 500), 100, 60)
        XCTAssertEqual(stadium, 40 * 60 + Double.pi * 900, accuracy: 1.5)
    }

    func testContinuousCorners_AreSmootherThanCircular_AndStayInside() {
        let r = Rect(x: 0, y: 0, width: 100, height: 100)
        let circular = coverage(of: Path(roundedRect: r, cornerRadius: 20), width: 100, height: 100)
        let smooth = coverage(of: Path(roundedRect: r, cornerRadius: 20, style: .continuous), width: 100, height: 100)
        // The continuous corner starts bending earlier (1.6 r from the corner), so it
        // takes away more area than the circular one, while its middle follows the same
        // circle of radius r.
        XCTAssertEqual(circular.coverage(x: 25, y: 0), 255)
        XCTAssertLessThan(smooth.coverage(x: 25, y: 0), 255)
        let circularArea = circular.storage.reduce(0) { $0 + Int($1) }
        let smoothArea = smooth.storage.reduce(0) { $0 + Int($1) }
        XCTAssertLessThan(smoothArea, circularArea)
        XCTAssertEqual(smooth.coverage(x: 7, y: 7), circular.coverage(x: 7, y: 7))
        // Still a convex shape inside the rect with full edges in the middle.
        XCTAssertEqual(smooth.coverage(x: 50, y: 0), 255)
        XCTAssertEqual(smooth.coverage(x: 0, y: 50), 255)
    }

    private func coverageArea(_ p: Path, _ w: Int, _ h: Int) -> Double {
        coverage(of: p, width: w, height: h).storage.reduce(0.0) { $0 + Double($1) / 255 }
    }
}
