import Foundation
import RasterCore
import XCTest

/// Drawing in bands of rows (`Canvas.drawInBands`) against one canvas over the whole
/// bitmap: the same bytes, however the rows are cut and however many threads draw.
final class BandedDrawingTests: XCTestCase {
    /// Shapes whose pixels reach past their path's bounds (miter tips, square caps, a
    /// blurred shadow), rotated and scaled, gradients, half-transparent colours (drawn
    /// twice, they would show it) and an image at an opacity.
    private func draw(_ canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: 90, height: 90), paint: .solid(Color(r: 240, g: 240, b: 235)))
        let zigzag = Path { p in
            p.move(to: Point(x: 10, y: 40))
            p.line(to: Point(x: 30, y: 44))
            p.line(to: Point(x: 12, y: 48))
            p.line(to: Point(x: 34, y: 52))
        }
        canvas.stroke(zigzag, style: StrokeStyle(width: 5, cap: .square, join: .miter, miterLimit: 10),
                      paint: .solid(Color(r: 200, g: 30, b: 40, a: 160)))
        canvas.withSavedState {
            canvas.translate(x: 60, y: 20)
            canvas.rotate(by: 0.5)
            canvas.scale(x: 1.5, y: 0.8)
            let card = Path(roundedRect: Rect(x: -15, y: -10, width: 30, height: 24), cornerRadius: 6)
            canvas.drawShadow(of: card, color: Color(r: 0, g: 0, b: 0, a: 90), sigma: 4, offset: Point(x: 0, y: 5))
            let gradient = Gradient(colors: [Color(r: 20, g: 90, b: 200), Color(r: 250, g: 200, b: 40, a: 128)])
            canvas.fill(card, paint: .linear(LinearGradient(start: Point(x: -15, y: 0), end: Point(x: 15, y: 0),
                                                                gradient: gradient)))
        }
        canvas.fill(Path(ellipseIn: Rect(x: 40, y: 55, width: 40, height: 28)),
                    paint: .radial(RadialGradient(center: Point(x: 60, y: 69), radius: 20,
                                                  gradient: Gradient(colors: [.white, Color(r: 0, g: 120, b: 80, a: 140)]))))
        if let image = try? Bitmap(width: 6, height: 5) {
            for y in 0..<5 { for x in 0..<6 { image[x, y] = Color(r: UInt8(40 * x), g: UInt8(50 * y), b: 90).premultiplied } }
            canvas.drawImage(ImageSource(image), transform: Transform(a: 3, b: 1, c: -1, d: 3, tx: 14, ty: 60), opacity: 0.7)
        }
    }

    func testBands_DrawTheBytesOfOneCanvas_DownToOneRowEach() throws {
        let whole = try Bitmap(width: 90, height: 90)
        draw(Canvas(bitmap: whole))
        for (threads, bands) in [(1, 90), (1, 7), (2, 3), (3, 16), (8, 90)] {
            let banded = try Bitmap(width: 90, height: 90)
            Canvas.drawInBands(banded, threads: threads, bands: bands, draw)
            XCTAssertTrue(banded.pixelsEqual(whole), "\(threads) threads, \(bands) bands")
        }
    }

    func testAShapeOutsideTheClip_DrawsNothing_AndOneReachingItDraws() throws {
        // The miter tip of this turn lies 20 px beyond its path's bounds, below row 60.
        let turn = Path { p in
            p.move(to: Point(x: 20, y: 30))
            p.line(to: Point(x: 25, y: 60))
            p.line(to: Point(x: 30, y: 30))
        }
        let style = StrokeStyle(width: 6, join: .miter, miterLimit: 20)
        let bitmap = try Bitmap(width: 50, height: 100)
        let canvas = Canvas(bitmap: bitmap)
        canvas.clip(to: Rect(x: 0, y: 70, width: 50, height: 30))
        canvas.stroke(turn, style: style, paint: .solid(.black))
        XCTAssertTrue((0..<50).contains { bitmap[$0, 72].packed != 0 }, "the tip below the path's bounds is drawn")
        let far = try Bitmap(width: 50, height: 100)
        let clipped = Canvas(bitmap: far)
        clipped.clip(to: Rect(x: 0, y: 95, width: 50, height: 5))
        clipped.stroke(turn, style: style, paint: .solid(.black))
        clipped.fill(Path(ellipseIn: Rect(x: 0, y: 0, width: 40, height: 40)), paint: .solid(.black))
        XCTAssertTrue(far.pixelsEqual(try Bitmap(width: 50, height: 100)))
    }

    func testASegmentStartingAtTheClipsBottomEdge_ChangesNothingInIt() throws {
        // One edge starts 1/10,000 pixel above the clip's bottom edge (a whole number of
        // the rasterizer's 64-row bands down) and goes on below: rounded to 1/256 pixel it
        // lies wholly below the clip.
        let shape = Path { p in
            p.move(to: Point(x: 0, y: 0.5))
            p.line(to: Point(x: 10.5, y: 0.5))
            p.line(to: Point(x: 10.5, y: 64 - 1e-4))
            p.line(to: Point(x: 14, y: 100))
            p.line(to: Point(x: 0, y: 100))
            p.close()
        }
        let whole = try Bitmap(width: 20, height: 100)
        Canvas(bitmap: whole).fill(shape, paint: .solid(.black))
        let clipped = try Bitmap(width: 20, height: 100)
        let canvas = Canvas(bitmap: clipped)
        canvas.clip(to: Rect(x: 0, y: 0, width: 20, height: 64))
        canvas.fill(shape, paint: .solid(.black))
        for y in 0..<100 { for x in 0..<20 {
            XCTAssertEqual(clipped[x, y], y < 64 ? whole[x, y] : PremultipliedColor(packed: 0), "(\(x), \(y))")
        } }
    }
}
