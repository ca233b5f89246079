import Foundation
@testable import RasterCore
import XCTest

/// A blitter may take the short stretches of one coverage between two runs of a row inside
/// one run (`Blitter.joinedGapLimit`): thin strokes then cost one call a row instead of
/// three. The coverage it gets, and the pixels a paint makes of it, must be those of the
/// stretches reported as spans.
final class JoinedGapTests: XCTestCase {
    /// Records every pixel's coverage and the calls, checking the blitter contract (calls
    /// of a row in increasing x, never overlapping, none empty).
    private struct RecordingBlitter: Blitter {
        let joinedGapLimit: Int
        var coverage: [Int: UInt8] = [:]
        var runs = 0, spans = 0
        /// The first pixel after each row's last call.
        var rowEnds: [Int: Int] = [:]
        var contractBroken = false

        init(limit: Int) { joinedGapLimit = limit }

        private mutating func record(y: Int, x: Int, count: Int, alpha: (Int) -> UInt8) {
            if count < 1 || x < rowEnds[y, default: Int.min] { contractBroken = true }
            rowEnds[y] = x + count
            for i in 0..<count where alpha(i) != 0 { coverage[y * 100_000 + x + i] = alpha(i) }
        }

        mutating func blitSpan(y: Int, x: Int, count: Int, alpha: UInt8) {
            spans += 1
            record(y: y, x: x, count: count) { _ in alpha }
        }

        mutating func blitRun(y: Int, x: Int, alphas: UnsafeBufferPointer<UInt8>) {
            runs += 1
            record(y: y, x: x, count: alphas.count) { alphas[$0] }
        }
    }

    /// Thin and wide strokes of zigzags and curves (a stroke style), and filled shapes
    /// with holes (none).
    private func shapes() -> [(path: Path, stroke: StrokeStyle?)] {
        var shapes: [(path: Path, stroke: StrokeStyle?)] = []
        for width in [1.0, 2.5, 3, 7] {
            var zigzag = Path()
            zigzag.move(to: Point(x: 4.3, y: 5.1))
            for k in 1..<9 { zigzag.line(to: Point(x: 4.3 + Double(k) * 13.7, y: k % 2 == 0 ? 5.1 : 90.4 - Double(k))) }
            var curve = Path()
            curve.move(to: Point(x: 10, y: 80))
            curve.cubic(to: Point(x: 110, y: 70), control1: Point(x: 20, y: -30), control2: Point(x: 90, y: 140))
            let style = StrokeStyle(width: width, cap: .round, join: .round)
            shapes += [(zigzag, style), (curve, style)]
        }
        var ring = Path(ellipseIn: Rect(x: 8.2, y: 6.7, width: 100.4, height: 90.9))
        ring.addEllipse(in: Rect(x: 12.6, y: 10.1, width: 91.3, height: 83.2))
        shapes.append((ring, nil))
        shapes.append((Path(roundedRect: Rect(x: 20.5, y: 15.25, width: 60.5, height: 50.3), cornerRadius: 12), nil))
        return shapes
    }

    /// The outlines the rasterizer fills for `shapes()`, moved by a fraction of a pixel.
    private func outlines() -> [Polyline] {
        shapes().map { shape in
            var poly = Polyline()
            PathFlattener.flatten(shape.path, transform: Transform(translationX: 0.3, y: 0.45), into: &poly)
            guard let style = shape.stroke else { return poly }
            var outline = Polyline()
            Stroker(style: style).stroke(poly, into: &outline)
            return outline
        }
    }

    func testSweep_GivesTheSameCoverageWithFewerCalls() {
        let clip = PixelRect(x: 0, y: 0, width: 120, height: 110)
        var joined = 0
        for (index, outline) in outlines().enumerated() {
            for rule in [FillRule.nonZero, .evenOdd] {
                var apart = RecordingBlitter(limit: 0), together = RecordingBlitter(limit: 8)
                Rasterizer().fill(outline, rule: rule, clip: clip, into: &apart)
                Rasterizer().fill(outline, rule: rule, clip: clip, into: &together)
                XCTAssertEqual(apart.coverage, together.coverage, "outline \(index), \(rule)")
                XCTAssertFalse(apart.contractBroken || together.contractBroken, "outline \(index), \(rule)")
                XCTAssertLessThanOrEqual(together.runs + together.spans, apart.runs + apart.spans)
                joined += apart.runs + apart.spans - together.runs - together.spans
            }
        }
        XCTAssertGreaterThan(joined, 1000, "the strokes' rows had stretches joined into their runs")
    }

    /// A solid colour over, opaque and translucent, at full and partial opacity, clipped and
    /// not: the pixels are those of the stretches drawn as spans.
    func testSolidPaint_HasThePixelsOfStretchesDrawnAsSpans() throws {
        let shapes = shapes()
        for color in [Color(r: 30, g: 90, b: 200), Color(r: 230, g: 120, b: 10, a: 150)] {
            for opacity in [1.0, 0.6] {
                for clip in [nil, Rect(x: 7.5, y: 3.25, width: 80.5, height: 90.6)] {
                    let joined = try Bitmap(width: 120, height: 110, color: Color(r: 250, g: 240, b: 200, a: 200).premultiplied)
                    let apart = try Bitmap(width: 120, height: 110, color: Color(r: 250, g: 240, b: 200, a: 200).premultiplied)
                    let fast = Canvas(bitmap: joined), plain = Canvas(bitmap: apart)
                    plain.rasterizer.switches.joinsShortGaps = false
                    for canvas in [fast, plain] {
                        if let clip { canvas.clip(to: clip) }
                        canvas.translate(x: 0.3, y: 0.45)
                        for shape in shapes {
                            if let style = shape.stroke {
                                canvas.stroke(shape.path, style: style, paint: .solid(color), opacity: opacity)
                            } else {
                                canvas.fill(shape.path, paint: .solid(color), opacity: opacity)
                            }
                        }
                    }
                    XCTAssertTrue(joined.pixelsEqual(apart), "\(color), opacity \(opacity), clip \(String(describing: clip))")
                }
            }
        }
    }
}
