import Foundation
@testable import RasterCore
import XCTest

/// Rows that only vertical edges cross are swept once and their blitter calls repeated
/// (`Rasterizer.straightRows`). Every pixel must be what sweeping each row gives, which is
/// what the rasterizer does with the repetition turned off.
final class StraightRowTests: XCTestCase {
    /// Shapes with vertical sides: ends inside rows and on row boundaries, both edges in
    /// one pixel, sides left of the clip (folded onto it), sides from above the canvas to
    /// below it, nested and overlapping contours (winding 2, and opposite windings), a
    /// staircase whose sides change at a row boundary, and shapes with no vertical side.
    private func shapes() -> [Path] {
        var nested = Path(rect: Rect(x: 10.3, y: 12.6, width: 80.5, height: 70.2))
        nested.addRect(Rect(x: 20.7, y: 20, width: 30.25, height: 40))
        var staircase = Path()
        staircase.move(to: Point(x: 5.5, y: 3.25))
        staircase.line(to: Point(x: 40.75, y: 3.25))
        staircase.line(to: Point(x: 40.75, y: 50))
        staircase.line(to: Point(x: 60.2, y: 50))
        staircase.line(to: Point(x: 60.2, y: 95.6))
        staircase.line(to: Point(x: 5.5, y: 95.6))
        staircase.close()
        let star = Path { p in
            for k in 0..<10 {
                let angle = Double(k) * Double.pi / 5, radius = k % 2 == 0 ? 40.0 : 17.0
                let point = Point(x: 60 + radius * cos(angle), y: 60 + radius * sin(angle))
                if k == 0 { p.move(to: point) } else { p.line(to: point) }
            }
            p.close()
        }
        return [
            Path(rect: Rect(x: 3.4, y: 5.7, width: 60.2, height: 80.9)),
            Path(rect: Rect(x: 8, y: 4, width: 50, height: 90)),
            Path(roundedRect: Rect(x: 12.25, y: 7.5, width: 90.5, height: 70.3), cornerRadius: 9.6),
            Path(roundedRect: Rect(x: -30.6, y: 2.2, width: 70, height: 110), cornerRadius: 4),
            Path(rect: Rect(x: 30.1, y: -50.5, width: 0.6, height: 300)),
            Path(rect: Rect(x: 20.2, y: -20, width: 45.5, height: 400)),
            nested, staircase, star,
            Path(ellipseIn: Rect(x: 10, y: 10, width: 70, height: 50)),
        ]
    }

    private func paints() -> [Paint] {
        let gradient = Gradient(stops: [GradientStop(Color(r: 200, g: 30, b: 90), 0),
                                        GradientStop(Color(r: 20, g: 180, b: 250, a: 160), 1)])
        return [.solid(Color(r: 40, g: 120, b: 200)), .solid(Color(r: 250, g: 100, b: 0, a: 140)),
                .linear(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 100, y: 30), gradient: gradient))]
    }

    func testCanvasFills_HaveThePixelsOfRowsSweptOneByOne() throws {
        var replayed = 0
        for rule in [FillRule.nonZero, .evenOdd] {
            for (p, paint) in paints().enumerated() {
                for clip in [nil, Rect(x: 6.5, y: 9.25, width: 70.5, height: 60.6)] {
                    let repeated = try Bitmap(width: 120, height: 110, color: Color.white.premultiplied)
                    let swept = try Bitmap(width: 120, height: 110, color: Color.white.premultiplied)
                    let fast = Canvas(bitmap: repeated), plain = Canvas(bitmap: swept)
                    plain.rasterizer.switches.replaysStraightRows = false
                    for canvas in [fast, plain] {
                        if let clip { canvas.clip(to: clip) }
                        canvas.translate(x: 0.375, y: Double(p) * 0.3)
                        for shape in shapes() { canvas.fill(shape, paint: paint, rule: rule, opacity: p == 1 ? 0.7 : 1) }
                    }
                    XCTAssertTrue(repeated.pixelsEqual(swept), "\(rule), paint \(p), clip \(String(describing: clip))")
                    XCTAssertEqual(plain.rasterizer.replayedRows, 0)
                    replayed += fast.rasterizer.replayedRows
                }
            }
        }
        XCTAssertGreaterThan(replayed, 1000, "the shapes' straight rows were repeated")
    }

    /// The same through a blitter other than the paint's (a coverage mask), which gets
    /// the recorded calls made again one by one.
    func testMaskCoverage_IsThatOfRowsSweptOneByOne() {
        let rect = PixelRect(x: 0, y: 0, width: 120, height: 110)
        for (index, shape) in shapes().enumerated() {
            var poly = Polyline()
            PathFlattener.flatten(shape, transform: Transform(translationX: 0.2, y: 0.6), into: &poly)
            var masks: [Mask] = []
            var replayed = 0
            for replays in [true, false] {
                let rasterizer = Rasterizer()
                rasterizer.switches.replaysStraightRows = replays
                var blitter = MaskBlitter(mask: Mask(rect: rect))
                rasterizer.fill(poly, rule: .nonZero, clip: rect, into: &blitter)
                masks.append(blitter.mask)
                replayed += rasterizer.replayedRows
            }
            XCTAssertTrue(masks[0].storage == masks[1].storage, "shape \(index)")
            // A rectangle's sides make straight rows; a star's and an ellipse's edges none.
            if index == 0 { XCTAssertGreaterThan(replayed, 70) }
            if index >= 8 { XCTAssertEqual(replayed, 0, "shape \(index)") }
        }
    }
}

/// An outline inside the working area skips the per-edge clipping (`Rasterizer.fill`'s
/// `inside`): the coverage must be what clipping every edge gives, for outlines touching
/// the area's edges (whole-pixel sides, which the working area's bounds meet exactly),
/// inside a clip, cut by it, and left of it.
final class InsideOutlineTests: XCTestCase {
    func testOutlinesInsideTheArea_HaveTheCoverageOfEdgesClippedOneByOne() {
        let rect = PixelRect(x: 0, y: 0, width: 120, height: 110)
        let shapes = [
            Path(rect: Rect(x: 10, y: 20, width: 50, height: 40)),
            Path(rect: Rect(x: 10.25, y: 20.5, width: 50.5, height: 40.25)),
            Path(roundedRect: Rect(x: 3, y: 4, width: 90, height: 70), cornerRadius: 12),
            Path(ellipseIn: Rect(x: 20.3, y: 10.7, width: 60.1, height: 80.9)),
            Path(rect: Rect(x: 0, y: 0, width: 120, height: 110)),
            Path(rect: Rect(x: -20, y: 30, width: 60, height: 20)),
            Path(rect: Rect(x: 100, y: 90, width: 40, height: 40)),
        ]
        let clips = [rect, PixelRect(x: 10, y: 25, width: 40, height: 30), PixelRect(x: 30, y: 0, width: 90, height: 110)]
        var drawn = 0
        for (index, shape) in shapes.enumerated() {
            var poly = Polyline()
            PathFlattener.flatten(shape, transform: .identity, into: &poly)
            for (c, clip) in clips.enumerated() {
                for rule in [FillRule.nonZero, .evenOdd] {
                    var masks: [Mask] = []
                    for clipsEvery in [false, true] {
                        let rasterizer = Rasterizer()
                        rasterizer.switches.clipsEveryEdge = clipsEvery
                        var blitter = MaskBlitter(mask: Mask(rect: rect))
                        rasterizer.fill(poly, rule: rule, clip: clip, into: &blitter)
                        masks.append(blitter.mask)
                    }
                    XCTAssertTrue(masks[0].storage == masks[1].storage, "shape \(index), clip \(c), \(rule)")
                    if masks[0].storage.contains(where: { $0 != 0 }) { drawn += 1 }
                }
            }
        }
        XCTAssertGreaterThan(drawn, 20, "the cases drew something")
    }
}
