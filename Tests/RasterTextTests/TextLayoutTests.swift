import CFreeType
import Foundation
import RasterCore
import RasterTestSupport
import RasterText
import XCTest

final class TextLayoutTests: XCTestCase {
    let body = Font.system(size: 17)

    private func width(_ s: String, _ font: Font = .system(size: 17)) throws -> Double {
        try TextLayout(s, font: font).exactSize.width
    }

    // MARK: - Letter spacing

    /// Letter spacing is not applied between the letters of a cursive script (CSS Text 3
    /// §8.2): Arabic is laid out exactly as without it, glyph for glyph, with its
    /// optional ligatures kept, while Hebrew (not cursive) and Latin are spaced after
    /// every cluster.
    func testLetterSpacingSkipsCursiveScripts() throws {
        func layout(_ s: String, _ spacing: Double) throws -> TextLayout {
            try TextLayout(AttributedText([TextSpan(s, font: body, color: .black, letterSpacing: spacing)]))
        }
        let arabic = "مرحبا بالعالم"
        let plain = try layout(arabic, 0), spaced = try layout(arabic, 6)
        XCTAssertEqual(spaced.exactSize.width, plain.exactSize.width)
        XCTAssertEqual(spaced.runs.flatMap(\.glyphs), plain.runs.flatMap(\.glyphs))
        XCTAssertEqual(spaced.runs.flatMap(\.positions), plain.runs.flatMap(\.positions))
        for other in ["שלום עולם", "Hello world"] {
            let width = try layout(other, 0).exactSize.width
            let clusters = try layout(other, 0).clusterCount
            XCTAssertEqual(try layout(other, 6).exactSize.width, width + 6 * Double(clusters), accuracy: 1e-9, other)
        }
        // In mixed text only the Latin clusters (and the space after them) are spaced.
        let mixed = "abc " + arabic
        XCTAssertEqual(try layout(mixed, 6).exactSize.width, try layout(mixed, 0).exactSize.width + 6 * 4, accuracy: 1e-9)
    }

    // MARK: - Advances and kerning

    /// Our advances (hmtx in font units, scaled in Double) equal FreeType's unhinted
    /// linear advances at the same size, for every printable ASCII glyph of both families.
    func testAdvancesMatchFreeType() throws {
        for name in ["Inter-Regular.otf", "DejaVuSans.ttf"] {
            // FreeType reads the source file; the face is the one built into the binary.
            let path = TestFixtures.shippedFontPath(name)
            let face = try XCTUnwrap(FontFace.load(data: XCTUnwrap(FontRegistry.bundledFontData(name)), name: name).first)
            var library: FT_Library?
            XCTAssertEqual(FT_Init_FreeType(&library), 0)
            var ftFace: FT_Face?
            XCTAssertEqual(FT_New_Face(library, path, 0, &ftFace), 0)
            for size in [13.0, 17.0, 40.5] {
                XCTAssertEqual(FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size * 64), 72, 72), 0)
                for v in UInt32(0x21)...0x7E {
                    let g = face.glyph(for: Unicode.Scalar(v)!)
                    XCTAssertNotEqual(g, 0)
                    var advance: FT_Fixed = 0
                    XCTAssertEqual(FT_Get_Advance(ftFace, FT_UInt(g), FT_Int32(FT_LOAD_NO_HINTING), &advance), 0)
                    let ours = face.advance(of: g) * size / face.unitsPerEm
                    XCTAssertEqual(ours, Double(advance) / 65536, accuracy: 1.0 / 64, "\(name) '\(Unicode.Scalar(v)!)' at \(size)")
                }
            }
            FT_Done_Face(ftFace)
            FT_Done_FreeType(library)
        }
    }

    /// "AV" and "To" are kerned tighter than their advances in both bundled families
    /// (GPOS pair kerning through HarfBuzz); `HarfBuzzOracleTests` checks the exact values.
    func testKerningTightensPairs() throws {
        for family in ["Inter", "DejaVu Sans"] {
            let font = Font(family: family, size: 100)
            let face = try FontRegistry.shared.face(for: font)
            for pair in ["AV", "To"] {
                let s = Array(pair.unicodeScalars)
                let a = face.glyph(for: s[0]), b = face.glyph(for: s[1])
                let plain = (face.advance(of: a) + face.advance(of: b)) * 100 / face.unitsPerEm
                XCTAssertLessThan(try width(pair, font), plain - 2, "\(family) \(pair)")
            }
        }
    }

    /// Spans of different sizes on one line share one baseline, set by the largest ascent.
    func testMixedSizesShareABaseline() throws {
        let text = AttributedText([TextSpan("small ", font: .system(size: 12)), TextSpan("Large ", font: .system(size: 30)),
                                   TextSpan("mid", font: .system(size: 18, weight: .bold))])
        let layout = try TextLayout(text)
        XCTAssertEqual(layout.lines.count, 1)
        let ys = Set(layout.runs.flatMap(\.positions).map(\.y))
        XCTAssertEqual(ys.count, 1)
        let face = try FontRegistry.shared.face(for: .system(size: 30))
        XCTAssertEqual(try XCTUnwrap(ys.first), face.ascender * 30 / face.unitsPerEm, accuracy: 1e-9)
        XCTAssertEqual(layout.runs.map(\.fontSize), [12, 30, 18])
    }

    // MARK: - Line breaking

    func testWrapsAtSpacesAndHangsTrailingSpaces() throws {
        let w = try width("aaa bbb")
        let layout = try TextLayout("aaa bbb ccc", font: body, width: w + 0.5)
        XCTAssertEqual(layout.lineTexts, ["aaa bbb ", "ccc"])
        XCTAssertEqual(layout.lines[0].width, w, accuracy: 1e-9)
        // One point less and "bbb" moves down.
        XCTAssertEqual(try TextLayout("aaa bbb ccc", font: body, width: w - 0.5).lineTexts.first, "aaa ")
    }

    func testBreaksAfterHyphensNotBeforeClosingPunctuation() throws {
        let w = max(try width("well-"), try width("known"))
        XCTAssertEqual(try TextLayout("well-known", font: body, width: w + 1).lineTexts, ["well-", "known"])
        // A leading hyphen (a minus) never ends a line.
        let minus = try TextLayout("x -5", font: body, width: try width("x -")).lineTexts
        XCTAssertEqual(minus, ["x ", "-5"])
        // No break before "!": the line goes back to the space.
        let bang = try TextLayout("hello world!", font: body, width: try width("hello world")).lineTexts
        XCTAssertEqual(bang, ["hello ", "world!"])
    }

    func testBreaksBetweenIdeographsButNotBeforeClosingMarks() throws {
        let text = "漢字漢字。漢字"
        let one = try width("漢")
        let layout = try TextLayout(text, font: body, width: one * 4.5)
        // 4 ideographs fit; "。" cannot start a line, so the fourth moves down with it.
        XCTAssertEqual(layout.lineTexts, ["漢字漢", "字。漢字"])
        // No break after an opening bracket: it moves down with the ideograph it opens.
        XCTAssertEqual(try TextLayout("漢「漢字」", font: body, width: one * 2.5).lineTexts, ["漢", "「漢", "字」"])
    }

    func testExplicitNewlines() throws {
        XCTAssertEqual(try TextLayout("a\nb\r\nc", font: body).lineTexts, ["a", "b", "c"])
        let trailing = try TextLayout("a\n", font: body)
        XCTAssertEqual(trailing.lines.count, 2)
        XCTAssertEqual(trailing.lines[1].height, trailing.lines[0].height)
        XCTAssertEqual(try TextLayout("", font: body).size, Size.zero)
    }

    func testLongWordBreaksInsideItself() throws {
        let word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
        let layout = try TextLayout("a " + word, font: body, width: 60)
        XCTAssertGreaterThan(layout.lines.count, 3)
        XCTAssertEqual(layout.lineTexts.joined(), "a " + word)
        for line in layout.lines { XCTAssertLessThanOrEqual(line.width, 60 + 1e-9) }
        // A single glyph wider than the line still gets a line of its own.
        XCTAssertEqual(try TextLayout("WW", font: .system(size: 40), width: 5).lineTexts, ["W", "W"])
    }

    func testGraphemeClustersAreNeverSplit() throws {
        let clusters = ["👍🏽", "e\u{301}\u{323}", "👨‍👩‍👧", "🇫🇷", "g\u{308}"]
        let text = String(repeating: clusters.joined(), count: 3)
        let layout = try TextLayout(text, font: body, width: 1)  // one cluster per line
        XCTAssertEqual(layout.lines.count, text.count)
        let expected = Array(text).map { String($0).precomposedStringWithCanonicalMapping }
        XCTAssertEqual(layout.lineTexts.map { $0.precomposedStringWithCanonicalMapping }, expected)
    }

    // MARK: - Truncation

    /// Clusters follow Unicode 15.1 (Swift's `Character`), whose rule GB9c keeps an
    /// Indic conjunct whole, also where a mark stands between the virama and the next
    /// consonant ("क्ुर", "क्‍ंर" and "र्ेुष", which ICU 72 splits before the last
    /// consonant), and truncating a Devanagari text cuts between conjuncts, never
    /// inside one.
    func testConjunctsAreOneClusterAndTruncationKeepsThemWhole() throws {
        let words = ["क्ष", "क्षत्रिय", "স্ত্রী", "ક્ષ", "ତ୍ର", "క్ష", "ക്ഷ", "नमस्ते दुनिया", "Hello", "👍🏽 मित्र",
                     "\u{915}\u{94D}\u{941}\u{930}", "\u{915}\u{94D}\u{200D}\u{902}\u{930}",
                     "\u{930}\u{94D}\u{947}\u{941}\u{937}", "अ\u{937}\u{94D}\u{941}\u{915}ब"]
        for word in words {
            XCTAssertEqual(try TextLayout(word, font: body).clusterCount, word.count, word)
        }
        let text = "स्वास्थ्य क्षत्रिय स्त्रीत्व \u{915}\u{94D}\u{941}\u{930}\u{915}\u{94D}\u{941}\u{930}\u{915}\u{94D}\u{941}\u{930}"
        let full = try width(text)
        var cuts = Set<String>()
        for step in 1..<20 {
            let layout = try TextLayout(text, font: body, style: ParagraphStyle(maxLines: 1, truncation: .end),
                                        width: full * Double(step) / 20)
            let shown = layout.lineTexts[0]
            guard shown.hasSuffix("…") else { continue }
            let kept = String(shown.dropLast())
            // What is kept ends at a cluster boundary of the text (a prefix of whole Characters).
            XCTAssertTrue(text.hasPrefix(kept), shown)
            XCTAssertEqual(Array(text).prefix(kept.count).map(String.init).joined(), kept, "cut inside a conjunct: \(shown)")
            cuts.insert(kept)
        }
        XCTAssertGreaterThan(cuts.count, 5)
    }

    func testTruncationModes() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let w = try width("The quick brown")
        func lay(_ mode: TruncationMode, lines: Int = 1) throws -> TextLayout {
            try TextLayout(text, font: body, style: ParagraphStyle(maxLines: lines, truncation: mode), width: w)
        }
        let end = try lay(.end)
        // Cut at a character, as a text view truncates: the most that fits beside "…".
        XCTAssertTrue(end.lineTexts[0].hasPrefix("The quick b"), end.lineTexts[0])
        XCTAssertTrue(end.lineTexts[0].hasSuffix("…"))
        XCTAssertTrue(end.isTruncated)
        let start = try lay(.start)
        XCTAssertEqual(start.lineTexts.count, 1)
        XCTAssertTrue(start.lineTexts[0].hasPrefix("…"))
        XCTAssertTrue(start.lineTexts[0].hasSuffix("lazy dog"))
        let middle = try lay(.middle)
        XCTAssertTrue(middle.lineTexts[0].hasPrefix("The"))
        XCTAssertTrue(middle.lineTexts[0].hasSuffix("dog"))
        XCTAssertTrue(middle.lineTexts[0].contains("…"))
        for layout in [end, start, middle] {
            XCTAssertLessThanOrEqual(layout.lines[0].width, w + 1e-9)
            XCTAssertEqual(layout.lines.count, 1)
        }
        // Two lines: the first is a normal line, the second ends in the ellipsis.
        let two = try lay(.end, lines: 2)
        XCTAssertEqual(two.lineTexts[0], "The quick brown ")
        XCTAssertTrue(two.lineTexts[1].hasSuffix("…"))
        XCTAssertFalse(two.lines[0].isTruncated)
        // Text that fits is never truncated.
        XCTAssertFalse(try TextLayout("short", font: body, style: ParagraphStyle(maxLines: 1), width: 500).isTruncated)
        // Too narrow for even the ellipsis: nothing is drawn on the line.
        let none = try TextLayout(text, font: body, style: ParagraphStyle(maxLines: 1), width: 3)
        XCTAssertEqual(none.lineTexts, [""])
        XCTAssertEqual(none.glyphCount, 0)
    }

    // MARK: - Alignment, spacing, measurement

    func testAlignment() throws {
        let text = "one two three four five six seven"
        let w = try width("one two three four")
        for alignment in TextAlignment.allCases {
            let layout = try TextLayout(text, font: body, style: ParagraphStyle(alignment: alignment), width: w + 1)
            let box = layout.size.width
            XCTAssertGreaterThan(layout.lines.count, 1)
            for (i, line) in layout.lines.enumerated() {
                switch alignment {
                case .left, .leading: XCTAssertEqual(line.x, 0)
                case .trailing: XCTAssertEqual(line.x + line.width, box, accuracy: 1e-9)
                case .center: XCTAssertEqual(line.x, (box - line.width) / 2, accuracy: 1e-9)
                case .right: XCTAssertEqual(line.x + line.width, box, accuracy: 1e-9)
                case .justified:
                    XCTAssertEqual(line.x, 0)
                    let last = i == layout.lines.count - 1
                    if !last {
                        // The last glyph of a justified line ends at the box edge.
                        let face = try FontRegistry.shared.face(for: body)
                        let run = layout.runs.flatMap { r in zip(r.glyphs, r.positions).map { ($0, $1) } }
                            .filter { $0.1.y == line.baseline }
                        let (g, p) = try XCTUnwrap(run.last)
                        XCTAssertEqual(p.x + face.advance(of: g) * 17 / face.unitsPerEm, box, accuracy: 1e-6)
                    } else {
                        XCTAssertLessThan(line.width, box)
                    }
                }
            }
        }
    }

    func testLineHeightAndSpacing() throws {
        let text = "a\nb\nc"
        let natural = try TextLayout(text, font: body)
        let face = try FontRegistry.shared.face(for: body)
        let lineHeight = (face.ascender + face.descender + face.lineGap) * 17 / face.unitsPerEm
        XCTAssertEqual(natural.exactSize.height, 3 * lineHeight, accuracy: 1e-9)
        let spaced = try TextLayout(text, font: body, style: ParagraphStyle(lineSpacing: 5))
        XCTAssertEqual(spaced.exactSize.height, 3 * lineHeight + 10, accuracy: 1e-9)
        let fixed = try TextLayout(text, font: body, style: ParagraphStyle(lineSpacing: 2, lineHeight: 30))
        XCTAssertEqual(fixed.exactSize.height, 94, accuracy: 1e-9)
        // The glyphs sit centred in the fixed line box.
        let line = fixed.lines[1]
        let ascent = face.ascender * 17 / face.unitsPerEm, descent = face.descender * 17 / face.unitsPerEm
        XCTAssertEqual(line.top, 32)
        XCTAssertEqual(line.baseline - ascent - line.top, line.top + 30 - (line.baseline + descent), accuracy: 1e-9)
    }

    func testMeasurementRoundsUpAndIsCached() throws {
        let cache = TextLayoutCache(capacity: 16)
        let text = AttributedText("Measure me, please", font: body)
        let size = try cache.measure(text, width: 100)
        let layout = try TextLayout(text, width: 100)
        XCTAssertEqual(size.width, layout.exactSize.width.rounded(.up))
        XCTAssertEqual(size.height, layout.exactSize.height.rounded(.up))
        XCTAssertNotEqual(layout.exactSize.width, size.width)  // it was fractional
        XCTAssertEqual(cache.statistics.misses, 1)
        _ = try cache.measure(text, width: 100)
        XCTAssertEqual(cache.statistics.hits, 1)
        _ = try cache.measure(text, width: 101)  // another width is another entry
        XCTAssertEqual(cache.statistics.misses, 2)
        // Bounded: many distinct texts never hold more than the capacity.
        for i in 0..<40 { _ = try cache.measure(AttributedText("t\(i)"), width: 100) }
        XCTAssertLessThanOrEqual(cache.statistics.entries, 16)
    }

    /// A paragraph is shaped once: laid out again at other widths (wrapped, truncated,
    /// justified), it gives what a layout from scratch gives.
    func testNewWidthsReuseTheShapingAndLayOutAsFromScratch() throws {
        let cache = TextLayoutCache(capacity: 64)
        let text = AttributedText([TextSpan("Shaped once, broken at every width: ", font: body),
                                   TextSpan("مرحبا بالعالم", font: body), TextSpan(" fin", font: body)])
        let styles = [ParagraphStyle(), ParagraphStyle(alignment: .justified), ParagraphStyle(maxLines: 2)]
        for (k, style) in styles.enumerated() {
            for width in [Double.infinity, 300, 120, 61.5, 20, 0] {
                let cached = try cache.layout(text, style: style, width: width)
                let fresh = try TextLayout(text, style: style, width: width)
                XCTAssertEqual(cached.size, fresh.size, "style \(k), width \(width)")
                XCTAssertEqual(cached.exactSize, fresh.exactSize)
                XCTAssertEqual(cached.lines, fresh.lines, "style \(k), width \(width)")
                XCTAssertEqual(cached.runs.map(\.glyphs), fresh.runs.map(\.glyphs))
                XCTAssertEqual(cached.runs.map(\.positions), fresh.runs.map(\.positions))
            }
            XCTAssertEqual(cache.statistics.shaped, k + 1, "one shaping per paragraph style, whatever the widths")
        }
        _ = try cache.minContentWidth(text)
        XCTAssertEqual(cache.statistics.shaped, 3, "the min-content width reads the same shaping")
        XCTAssertEqual(cache.statistics.misses, 18)
    }

    /// A shaped paragraph is shared by every thread laying it out: right-to-left text
    /// broken at many widths on many threads at once gives each width's layout from
    /// scratch (its lines' visual runs come from one bidi object).
    func testASharedRightToLeftParagraph_LaysOutConcurrentlyAsFromScratch() throws {
        let cache = TextLayoutCache(capacity: 256)
        let text = AttributedText([TextSpan("שלום עולם, hello world 123 … ", font: body),
                                   TextSpan("مرحبا بالعالم and more words to wrap", font: body)])
        let widths = (0..<400).map { 30 + Double($0) * 0.75 }
        let fresh = try widths.map { try TextLayout(text, width: $0) }
        _ = try cache.layout(text, width: .infinity)
        let results = Locked([Int: TextLayout]())
        DispatchQueue.concurrentPerform(iterations: 8) { job in
            // Each thread starts at its own place, so they break lines at different widths at once.
            for k in widths.indices {
                let i = (k + job * widths.count / 8) % widths.count
                guard let layout = try? cache.layout(text, width: widths[i]) else { continue }
                results.withLock { $0[i] = layout }
            }
        }
        let laidOut = results.withLock { $0 }
        XCTAssertEqual(laidOut.count, widths.count)
        for (i, width) in widths.enumerated() {
            XCTAssertEqual(laidOut[i]?.lines, fresh[i].lines, "width \(width)")
            XCTAssertEqual(laidOut[i]?.runs.map(\.glyphs), fresh[i].runs.map(\.glyphs), "width \(width)")
        }
        XCTAssertEqual(cache.statistics.shaped, 1, "one shaping shared by every thread")
    }

    /// Measuring without placing glyphs gives the sizes and line boxes of the full
    /// layout, for scripts that shape, break and fall back differently, truncation, line
    /// heights, spacing, justification and browser baselines, at widths from none to
    /// less than a cluster.
    func testMetrics_AreTheSizesAndLineBoxesOfTheLayout() throws {
        let cache = TextLayoutCache(capacity: 64)
        let texts = [
            AttributedText([TextSpan("Shaped once, broken at every width: ", font: body),
                            TextSpan("مرحبا بالعالم", font: .system(size: 22)), TextSpan(" fin", font: body)]),
            AttributedText("Line one\nLine two is longer than the first\n\nafter a blank line", font: body),
            AttributedText("日本語のテキストは文字の間で改行できます。हिन्दी पाठ", font: .system(size: 15)),
            AttributedText("", font: body),
        ]
        var browser = ParagraphStyle(lineHeight: 24)
        browser.browserBaselines = true
        browser.breaksWithinWords = false
        let styles = [ParagraphStyle(), ParagraphStyle(alignment: .justified, lineSpacing: 3),
                      ParagraphStyle(maxLines: 2, truncation: .middle), ParagraphStyle(lineHeight: 30, maxLines: 1),
                      ParagraphStyle(direction: .rtl), browser]
        var measured = 0
        for (t, text) in texts.enumerated() {
            for (k, style) in styles.enumerated() {
                for width in [Double.infinity, 400, 151.25, 60, 7, 0] {
                    let metrics = try cache.metrics(text, style: style, width: width)
                    let layout = try TextLayout(text, style: style, width: width)
                    let context = "text \(t), style \(k), width \(width)"
                    XCTAssertEqual(metrics.size, layout.size, context)
                    XCTAssertEqual(metrics.exactSize, layout.exactSize, context)
                    XCTAssertEqual(metrics.lines, layout.lines.map(\.extent), context)
                    measured += layout.lines.count
                }
            }
        }
        XCTAssertGreaterThan(measured, texts.count * styles.count * 6, "some layouts have several lines")
        XCTAssertEqual(try cache.metrics(texts[0], width: 60), try cache.metrics(texts[0], width: 60), "kept")
    }

    /// Measurements are bounded by the lines they hold: a cache of 2 layouts keeps 32
    /// measured lines (and, for a while, one measurement past half of that) however many
    /// texts are measured, long or short.
    func testMetrics_AreBoundedByTheirLines() throws {
        let cache = TextLayoutCache(capacity: 2)
        let long = try cache.metrics(AttributedText(String(repeating: "word ", count: 200), font: body), width: 50)
        XCTAssertGreaterThan(long.lines.count, 32, "one measurement past the bound")
        XCTAssertEqual(cache.measuredLines, long.lines.count, "a measurement costs its lines")
        for i in 0..<100 {
            _ = try cache.metrics(AttributedText("text \(i)", font: body), width: 200)
            XCTAssertLessThanOrEqual(cache.measuredLines, 32 + long.lines.count, "after \(i + 1) short texts")
        }
        XCTAssertLessThanOrEqual(cache.measuredLines, 32, "the long measurement is gone")
        XCTAssertGreaterThan(cache.measuredLines, 8, "short texts are kept up to the bound")
    }

    func testUnknownFamilyIsAnError() throws {
        XCTAssertThrowsError(try TextLayout("x", font: Font(family: "Nope", size: 12))) { error in
            XCTAssertTrue("\(error)".contains("unknown font family 'Nope'"), "\(error)")
        }
    }
}
