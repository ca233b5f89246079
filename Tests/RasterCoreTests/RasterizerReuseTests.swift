@testable import RasterCore
import XCTest

/// A canvas takes its rasterizer from the ones earlier canvases gave back: it draws the
/// same pixels as a new rasterizer, and starts with every switch at its default and no
/// fills counted, whatever the canvas before it did.
final class RasterizerReuseTests: XCTestCase {
    private func drawShapes(on canvas: Canvas) {
        canvas.fill(Path(roundedRect: Rect(x: 3.3, y: 2.7, width: 40, height: 30), cornerRadius: 9), paint: .solid(.blue))
        canvas.fill(Path(ellipseIn: Rect(x: 20.5, y: 10.25, width: 33, height: 41)), paint: .solid(Color(r: 255, g: 0, b: 0, a: 128)))
        canvas.fill(Path(rect: Rect(x: 0, y: 50, width: 64, height: 10)), paint: .solid(.black))
    }

    func testAGivenBackRasterizerStartsAsANewOne() throws {
        let reference = try Bitmap(width: 64, height: 64)
        do {
            let first = Canvas(bitmap: reference)
            first.rasterizer.switches.replaysStraightRows = false
            first.rasterizer.switches.joinsShortGaps = false
            first.rasterizer.switches.clipsEveryEdge = true
            drawShapes(on: first)
            XCTAssertEqual(first.rasterizer.replayedRows, 0)
        }
        let next = Canvas(bitmap: try Bitmap(width: 64, height: 64))
        XCTAssertTrue(next.rasterizer.switches.replaysStraightRows)
        XCTAssertTrue(next.rasterizer.switches.joinsShortGaps)
        XCTAssertFalse(next.rasterizer.switches.clipsEveryEdge)
        XCTAssertEqual(next.rasterizer.replayedRows, 0)
        drawShapes(on: next)
        XCTAssertGreaterThan(next.rasterizer.replayedRows, 0, "the rectangle's rows are replayed")
        // The switches change no pixel, so a rasterizer that has drawn before draws what
        // a new one with every switch off drew.
        XCTAssertTrue(next.bitmap.pixelsEqual(reference))
    }

    func testSparesAreReused() throws {
        var first: Canvas? = Canvas(bitmap: try Bitmap(width: 8, height: 8))
        let id = first.map { ObjectIdentifier($0.rasterizer) }
        first = nil
        let second = Canvas(bitmap: try Bitmap(width: 8, height: 8))
        XCTAssertEqual(ObjectIdentifier(second.rasterizer), id, "the rasterizer given back is taken again")
    }
}
