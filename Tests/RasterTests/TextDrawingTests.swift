import Foundation
import XCTest
@testable import GoldenTesting
import Raster
import RasterTestSupport

final class TextDrawingTests: XCTestCase {
    private func render(_ width: Int, _ height: Int, _ draw: (Canvas) throws -> Void) throws -> Bitmap {
        try Self.render(width, height, draw)
    }

    private static func render(_ width: Int, _ height: Int, _ draw: (Canvas) throws -> Void) throws -> Bitmap {
        let bitmap = try Bitmap(width: width, height: height, color: Color.white.premultiplied)
        try draw(Canvas(bitmap: bitmap))
        return bitmap
    }

    private func inked(_ b: Bitmap) -> Int {
        var n = 0
        for y in 0..<b.height { for x in 0..<b.width where b[x, y] != Color.white.premultiplied { n += 1 } }
        return n
    }

    /// Text at 3x is rasterized at the device size: drawing 12 pt under a 3x transform
    /// gives exactly the pixels of 36 px text drawn at 1x (not an upscaled 12 px bitmap).
    func testTextIsRasterizedAtTheOutputScale() throws {
        let text = "Crisp at @3x: Hamburgefonstiv 0123"
        let small = try TextLayout(text, font: .system(size: 12))
        let large = try TextLayout(text, font: .system(size: 36))
        let a = try render(700, 60) { c in
            c.scale(x: 3, y: 3)
            c.draw(small, at: Point(x: 2.1, y: 3))
        }
        let b = try render(700, 60) { c in c.draw(large, at: Point(x: 6.3, y: 9)) }
        XCTAssertGreaterThan(inked(a), 2000)
        XCTAssertTrue(a.pixelsEqual(b))
    }

    /// Glyphs land on quarter pixels: moving text by 1/4 px changes its pixels, by a whole
    /// pixel shifts them exactly.
    func testSubpixelPositioning() throws {
        let layout = try TextLayout("illumination", font: .system(size: 15))
        let base = try render(140, 30) { $0.draw(layout, at: Point(x: 4, y: 4)) }
        let quarter = try render(140, 30) { $0.draw(layout, at: Point(x: 4.25, y: 4)) }
        let whole = try render(140, 30) { $0.draw(layout, at: Point(x: 5, y: 4)) }
        XCTAssertFalse(base.pixelsEqual(quarter))
        for y in 0..<30 {
            for x in 1..<140 { XCTAssertEqual(whole[x, y], base[x - 1, y]) }
        }
    }

    /// A gradient paint and a clip mask go through the paint blitter: the gradient shows
    /// in the glyphs and nothing is drawn outside the clip.
    func testGradientPaintAndClip() throws {
        let gradient = Paint.linear(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 300, y: 0),
                                                   gradient: Gradient(colors: [.red, .blue])))
        let text = AttributedText([TextSpan("WWWWWWWWWWWWWW", font: .system(size: 30, weight: .bold), paint: gradient)])
        let layout = try TextLayout(text)
        let b = try render(320, 50) { c in
            c.clip(to: Path(ellipseIn: Rect(x: 0, y: 0, width: 200, height: 50)))
            c.draw(layout, at: Point(x: 0, y: 5))
        }
        var reds = 0, blues = 0
        for y in 0..<50 {
            for x in 0..<320 {
                let p = b[x, y]
                if x >= 200 { XCTAssertEqual(p, Color.white.premultiplied) }
                if p.r > 150 && p.b < 100 && p.g < 100 { reds += 1 }
                if p.b > 150 && p.r < 120 && p.g < 100 { blues += 1 }
            }
        }
        XCTAssertGreaterThan(reds, 50)
        XCTAssertGreaterThan(blues, 20)
    }

    /// Under rotation glyphs are filled as outlines; the ink stays where the rotated text
    /// box is and has about the same amount as upright text.
    func testRotatedTextUsesOutlines() throws {
        let layout = try TextLayout("Rotate me", font: .system(size: 24))
        let upright = try render(200, 200) { $0.draw(layout, at: Point(x: 50, y: 90)) }
        let rotated = try render(200, 200) { c in
            c.translate(x: 100, y: 100)
            c.rotate(by: .pi / 2)
            c.translate(x: -100, y: -100)
            c.draw(layout, at: Point(x: 50, y: 90))
        }
        var sumUp = 0, sumRot = 0
        for y in 0..<200 {
            for x in 0..<200 {
                sumUp += 255 - Int(upright[x, y].g)
                let g = 255 - Int(rotated[x, y].g)
                sumRot += g
                if g > 0 { XCTAssertTrue(x >= 70 && x <= 130, "ink at \(x),\(y) outside the rotated box") }
            }
        }
        XCTAssertEqual(Double(sumRot), Double(sumUp), accuracy: Double(sumUp) * 0.03)
    }

    /// The glyph cache stays inside its budget and serves repeated text from memory.
    func testGlyphCacheIsBounded() throws {
        let cache = GlyphCache(budget: 1 << 16)
        let text = "The quick brown fox jumps over the lazy dog 0123456789"
        _ = try render(900, 400) { c in
            for size in stride(from: 60.0, through: 8, by: -2) {
                c.draw(try TextLayout(text, font: .system(size: size)), at: Point(x: 0, y: size), cache: cache)
                XCTAssertLessThanOrEqual(cache.statistics.bytes, cache.budget)
            }
        }
        let before = cache.statistics
        _ = try render(900, 60) { c in c.draw(try TextLayout(text, font: .system(size: 8)), cache: cache) }
        let after = cache.statistics
        XCTAssertEqual(after.misses, before.misses)  // the last size is still cached
        XCTAssertGreaterThan(after.hits, before.hits)
    }

    /// The same text renders the same bytes on concurrent threads sharing the caches.
    func testConcurrentDrawingIsDeterministic() throws {
        let layout = try TextLayout("Deterministic ΩΨ ≠ ∞ text, 1234", font: .system(size: 19, weight: .medium))
        let reference = try render(400, 40) { $0.draw(layout, at: Point(x: 3.3, y: 5)) }
        let results = Locked<[Bitmap]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let cache = i.isMultiple(of: 2) ? GlyphCache.shared : GlyphCache(budget: 1 << 20)
            if let b = try? Self.render(400, 40, { $0.draw(layout, at: Point(x: 3.3, y: 5), cache: cache) }) {
                results.withLock { $0.append(b) }
            }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 8)
        for b in all { XCTAssertTrue(b.pixelsEqual(reference)) }
    }

    /// The text example of docs/API.md, as written there: it must build and draw.
    func testReadmeTextExample() throws {
        let fonts = FontRegistry()
        try fonts.register(path: TestFixtures.emojiFontPath, fallback: true)
        let text = AttributedText([
            TextSpan("Release notes ", font: .system(size: 17, weight: .semibold)),
            TextSpan("are ready 🎉", font: .system(size: 17), color: Color(r: 60, g: 60, b: 67)),
        ])
        let layout = try TextLayout(text, style: ParagraphStyle(alignment: .left, maxLines: 2, truncation: .end),
                                    width: 160, registry: fonts)
        let size = layout.size
        let page = Canvas(bitmap: try Bitmap(width: 3 * Int(size.width), height: 3 * Int(size.height)))
        page.scale(x: 3, y: 3)
        page.draw(layout)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertTrue(layout.runs.contains { $0.face.isColor })
        var covered = 0
        for y in 0..<page.bitmap.height { for x in 0..<page.bitmap.width where page.bitmap[x, y].a > 0 { covered += 1 } }
        XCTAssertGreaterThan(covered, 500)
    }

    // MARK: - Golden paragraphs

    static func paragraph() -> AttributedText {
        AttributedText([
            TextSpan("Typography ", font: .system(size: 22, weight: .bold), color: Color(r: 20, g: 20, b: 28)),
            TextSpan("is most of what a screen shows. ", font: .system(size: 15), color: Color(r: 40, g: 40, b: 48)),
            TextSpan("Kerning (AV, To, Wa), ", font: .system(size: 15, weight: .medium), color: Color(r: 0, g: 90, b: 200)),
            TextSpan("subpixel positions and wrapping at spaces, hyphen-ated words and café naïve ﬁ all meet here; ",
                     font: .system(size: 15), color: Color(r: 40, g: 40, b: 48)),
            TextSpan("Ελληνικά, кириллица, ქართული ∑ → ", font: .system(size: 15, weight: .semibold), color: Color(r: 150, g: 30, b: 60)),
            TextSpan("and a very long line that ends in an ellipsis because it never stops going on and on",
                     font: .system(size: 13), color: Color(r: 90, g: 90, b: 100)),
        ])
    }

    private func goldenParagraph(scale: Double, alignment: TextAlignment) throws -> Bitmap {
        let style = ParagraphStyle(alignment: alignment, lineSpacing: 2, maxLines: 6)
        let layout = try TextLayout(Self.paragraph(), style: style, width: 300)
        let w = Int((320 * scale).rounded()), h = Int(((layout.size.height + 20) * scale).rounded())
        return try render(w, h) { c in
            c.scale(x: scale, y: scale)
            c.draw(layout, at: Point(x: 10, y: 10))
        }
    }

    func testGoldenParagraphs() throws {
        assertGolden(of: try goldenParagraph(scale: 1, alignment: .left), named: "text/paragraph-left@1x")
        assertGolden(of: try goldenParagraph(scale: 3, alignment: .left), named: "text/paragraph-left@3x")
        assertGolden(of: try goldenParagraph(scale: 1, alignment: .justified), named: "text/paragraph-justified@1x")
        assertGolden(of: try goldenParagraph(scale: 2, alignment: .center), named: "text/paragraph-center@2x")
    }

    func testGoldenTruncationAndEmoji() throws {
        let registry = FontRegistry()
        try registry.register(path: TestFixtures.emojiFontPath, fallback: true)
        let lines: [(String, TruncationMode, TextAlignment)] = [
            ("End truncation keeps the beginning of a long sentence", .end, .left),
            ("Middle truncation keeps both ends of a long sentence", .middle, .center),
            ("Start truncation keeps the end of a long sentence", .start, .right),
            ("Emoji 👍 ❤️ 🎉 🚀 inline with text 😀", .end, .left),
        ]
        let b = try render(260, 130) { c in
            for (i, line) in lines.enumerated() {
                let layout = try TextLayout(AttributedText(line.0, font: .system(size: 16)),
                                            style: ParagraphStyle(alignment: line.2, maxLines: 1, truncation: line.1),
                                            width: 240, registry: registry)
                c.draw(layout, at: Point(x: 10, y: 8 + 30 * Double(i)))
            }
        }
        assertGolden(of: b, named: "text/truncation-emoji@1x")
    }
}
