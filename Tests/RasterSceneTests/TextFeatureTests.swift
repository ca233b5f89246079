import Foundation
import RasterComponents
import RasterCore
import RasterScene
@testable import RasterText
import XCTest

/// The text props beyond shaping itself: letter spacing and OpenType features, paragraph
/// direction, truncation of complex text, spans that cut a word, the font sets and the
/// pinned fonts, and inputs at the edges (huge texts, endless marks, bad values).
///
/// References: arithmetic where the result is analytic (spacing adds a fixed amount per
/// grapheme cluster, tabular figures share one advance), Swift's own extended grapheme
/// clusters (`Character`) for what truncation may cut, the fonts' own tables (cmap,
/// glyph counts) for which face draws what.
final class TextFeatureTests: XCTestCase {
    private let body = Font.system(size: 17)

    private func layout(_ text: String, font: Font? = nil, features: [FontFeature] = [], spacing: Double = 0,
                        language: String = "", style: ParagraphStyle = ParagraphStyle(), width: Double = .infinity,
                        registry: FontRegistry = .shared) throws -> TextLayout {
        let span = TextSpan(text, font: font ?? body, color: .black, features: features, letterSpacing: spacing,
                            language: language)
        return try TextLayout(AttributedText([span]), style: style, width: width, registry: registry)
    }

    private func feature(_ tag: String, _ on: Bool) throws -> FontFeature {
        try XCTUnwrap(FontFeature(tag, enabled: on))
    }

    // MARK: - Letter spacing and features

    /// Spacing adds its amount after every grapheme cluster (a letter with its marks, an
    /// emoji sequence and a space each count once), negative too, and nothing else moves.
    func testLetterSpacingAddsAFixedAmountPerCluster() throws {
        let text = "AVATAR e\u{301}t\u{E9} 👍🏽 WAVE"
        let clusters = Double(text.count)
        let plain = try layout(text)
        for spacing in [2.5, -0.75, 10] {
            let spaced = try layout(text, spacing: spacing)
            XCTAssertEqual(spaced.exactSize.width, plain.exactSize.width + clusters * spacing, accuracy: 1e-6,
                           "spacing \(spacing)")
            XCTAssertEqual(spaced.glyphCount, plain.glyphCount)
        }
        // Only the spaced span moves: "AVA" then "TAR" spaced by 4 is 3 × 3 wider than
        // with "TAR" spaced by 1. (Spans with different spacing shape apart, so the
        // kerning of "A|T" is lost against the unspaced text, as in browsers.)
        func split(_ spacing: Double) throws -> TextLayout {
            try TextLayout(AttributedText([TextSpan("AVA", font: body, color: .black),
                                           TextSpan("TAR", font: body, color: .black, letterSpacing: spacing)]))
        }
        XCTAssertEqual(try split(4).exactSize.width, try split(1).exactSize.width + 3 * 3, accuracy: 1e-6)
    }

    /// DejaVu Sans has an "ffi" ligature (one glyph). Letter spacing turns the optional
    /// ligatures off unless the features turn them back on; `liga: false` alone does too.
    func testLetterSpacingAndFeaturesDecideLigatures() throws {
        let dejavu = Font(family: FontRegistry.fallbackFamily, size: 20)
        let face = try FontRegistry.shared.face(for: dejavu)
        let glyphs = ["f", "i"].map { face.glyph(for: Unicode.Scalar($0)!) }
        XCTAssertFalse(glyphs.contains(0))
        func ids(_ l: TextLayout) -> [UInt32] { l.runs.flatMap(\.glyphs) }
        let ligated = try layout("ffi", font: dejavu)
        XCTAssertEqual(ligated.glyphCount, 1)
        XCTAssertFalse(ids(ligated).contains(glyphs[0]), "the ligature is its own glyph")
        XCTAssertEqual(ids(try layout("ffi", font: dejavu, spacing: 1)), [glyphs[0], glyphs[0], glyphs[1]])
        XCTAssertEqual(ids(try layout("ffi", font: dejavu, features: [try feature("liga", false)])),
                       [glyphs[0], glyphs[0], glyphs[1]])
        XCTAssertEqual(ids(try layout("ffi", font: dejavu, features: [try feature("liga", true)], spacing: 1)), ids(ligated))
        // One cluster of spacing for the ligature: it counts as the clusters it covers.
        let spaced = try layout("ffi", font: dejavu, features: [try feature("liga", true)], spacing: 3)
        XCTAssertEqual(spaced.exactSize.width, ligated.exactSize.width + 3, accuracy: 1e-6)
    }

    /// Inter's figures are proportional by default; `tnum` gives every figure one advance.
    func testTabularFiguresShareOneAdvance() throws {
        let digits = (0...9).map { String(repeating: String($0), count: 4) }
        let proportional = try digits.map { try layout($0).exactSize.width }
        XCTAssertGreaterThan(proportional.max()! - proportional.min()!, 1, "Inter's default figures differ in width")
        let tabular = try digits.map { try layout($0, features: [try feature("tnum", true)]).exactSize.width }
        for w in tabular { XCTAssertEqual(w, tabular[0], accuracy: 1e-9) }
        // A feature the font lacks changes nothing.
        XCTAssertEqual(try layout("1234", features: [try feature("zzzz", true)]).exactSize, try layout("1234").exactSize)
    }

    // MARK: - Direction

    private func visual(_ l: TextLayout, line: Int = 0) -> [String] {
        l.lines[line].visualRuns.map { run in
            String(String.UnicodeScalarView(l.scalars[run.scalars])).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    func testParagraphDirectionFromTextOrProp() throws {
        let latinFirst = "abc אבג"
        let hebrewFirst = "אבג abc"
        XCTAssertFalse(try layout(latinFirst).lines[0].isRightToLeft)
        XCTAssertEqual(visual(try layout(latinFirst)), ["abc", "אבג"])
        XCTAssertTrue(try layout(hebrewFirst).lines[0].isRightToLeft)
        XCTAssertEqual(visual(try layout(hebrewFirst)), ["abc", "אבג"], "right to left: the Hebrew sits rightmost")
        // The prop overrides the text.
        let forced = try layout(latinFirst, style: ParagraphStyle(direction: .rtl))
        XCTAssertTrue(forced.lines[0].isRightToLeft)
        XCTAssertEqual(visual(forced), ["אבג", "abc"])
        XCTAssertFalse(try layout(hebrewFirst, style: ParagraphStyle(direction: .ltr)).lines[0].isRightToLeft)
        // Each paragraph finds its own direction.
        let two = try layout("\(latinFirst)\n\(hebrewFirst)")
        XCTAssertEqual(two.lines.map(\.isRightToLeft), [false, true])
        // No strong character: the layout direction decides.
        XCTAssertFalse(try layout("12:30").lines[0].isRightToLeft)
        XCTAssertTrue(try layout("12:30", style: ParagraphStyle(layoutDirection: .rightToLeft)).lines[0].isRightToLeft)
        XCTAssertFalse(try layout("abc", style: ParagraphStyle(layoutDirection: .rightToLeft)).lines[0].isRightToLeft,
                       "a strong character beats the layout direction")
    }

    /// `leading` and `trailing` follow each paragraph's direction; `left` and `right` do
    /// not. Measured on the short second line, against the box (the longest line
    /// rounded up to a whole point).
    func testLeadingAndTrailingFollowTheParagraph() throws {
        func gaps(_ text: String, _ alignment: TextAlignment, _ direction: TextDirection = .auto) throws -> (Double, Double) {
            let l = try layout(text, style: ParagraphStyle(alignment: alignment, direction: direction))
            let line = l.lines[1]
            return (line.x, l.size.width - line.x - line.width)
        }
        let latin = "hello world\nhi", hebrew = "שלום עולם\nהי"
        XCTAssertEqual(try gaps(latin, .leading).0, 0, accuracy: 1e-9)
        XCTAssertGreaterThan(try gaps(latin, .leading).1, 20)
        XCTAssertEqual(try gaps(hebrew, .leading).1, 0, accuracy: 1e-9)
        XCTAssertGreaterThan(try gaps(hebrew, .leading).0, 20)
        XCTAssertEqual(try gaps(hebrew, .trailing).0, 0, accuracy: 1e-9)
        XCTAssertEqual(try gaps(latin, .trailing).1, 0, accuracy: 1e-9)
        XCTAssertEqual(try gaps(latin, .leading, .rtl).1, 0, accuracy: 1e-9)
        XCTAssertEqual(try gaps(hebrew, .left).0, 0, accuracy: 1e-9)
        XCTAssertEqual(try gaps(latin, .right).1, 0, accuracy: 1e-9)
        // Each paragraph by its own direction.
        let mixed = try layout("hello world\nhi\nשלום עולם\nהי")
        XCTAssertEqual(mixed.lines[1].x, 0, accuracy: 1e-9)
        XCTAssertEqual(mixed.lines[3].x + mixed.lines[3].width, mixed.size.width, accuracy: 1e-9)
    }

    /// The environment's layout direction reaches Text in a scene: in a paragraph
    /// without strong characters, `leading` puts a short second line under the right
    /// end of the first.
    func testSceneLayoutDirectionReachesText() throws {
        /// Ink columns of each line of ink, top to bottom.
        func lines(_ direction: String) throws -> [ClosedRange<Int>] {
            let json = ##"{"canvas": {"width": 200, "height": 80, "scale": 1, "background": "#FFFFFF"}, "fontSet": "bundled", "##
                + ##""environment": {"layoutDirection": "\##(direction)"}, "root": {"type": "Text", "text": "12 + 345\n6"}}"##
            let bitmap = try SceneRenderer(scene: SceneDecoder().decode(Data(json.utf8))).render()
            var result: [ClosedRange<Int>] = []
            var current: ClosedRange<Int>?
            for y in 0..<bitmap.height {
                let ink = (0..<bitmap.width).filter { bitmap[$0, y].r < 160 }
                if let first = ink.first, let last = ink.last {
                    current = current.map { min($0.lowerBound, first)...max($0.upperBound, last) } ?? first...last
                } else if let done = current {
                    result.append(done)
                    current = nil
                }
            }
            if let done = current { result.append(done) }
            return result
        }
        let ltr = try lines("ltr"), rtl = try lines("rtl")
        XCTAssertEqual(ltr.count, 2)
        XCTAssertEqual(rtl.count, 2)
        guard ltr.count == 2, rtl.count == 2 else { return }
        XCTAssertLessThan(abs(ltr[1].lowerBound - ltr[0].lowerBound), 3, "left to right: lines start at the left")
        XCTAssertGreaterThan(ltr[0].upperBound - ltr[1].upperBound, 40)
        XCTAssertLessThan(abs(rtl[1].upperBound - rtl[0].upperBound), 3, "right to left: lines start at the right")
        XCTAssertGreaterThan(rtl[1].lowerBound - rtl[0].lowerBound, 40)
    }

    // MARK: - Truncation of complex text

    /// In a right-to-left paragraph the ellipsis ends the text, so it is drawn leftmost.
    func testRightToLeftTruncationPutsTheEllipsisLeftmost() throws {
        let text = "שלום עולם, זהו משפט ארוך מאוד שלא ייכנס בשורה אחת"
        let l = try layout(text, style: ParagraphStyle(maxLines: 1), width: 120)
        XCTAssertTrue(l.isTruncated)
        XCTAssertTrue(l.lineTexts[0].hasSuffix("…"), l.lineTexts[0])
        XCTAssertTrue(text.hasPrefix(String(l.lineTexts[0].dropLast())))
        let glyphs = l.runs.flatMap { run in run.glyphs.indices.map { (run.face.glyph(for: "…") == run.glyphs[$0], run.positions[$0].x) } }
        let ellipsis = try XCTUnwrap(glyphs.first { $0.0 })
        XCTAssertEqual(ellipsis.1, glyphs.map(\.1).min()!, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(l.lines[0].width, 120 + 1e-9)
        // Left to right: rightmost.
        let latin = try layout("A long line of Latin text that will not fit", style: ParagraphStyle(maxLines: 1), width: 120)
        let lg = latin.runs.flatMap { run in run.glyphs.indices.map { (run.face.glyph(for: "…") == run.glyphs[$0], run.positions[$0].x) } }
        XCTAssertEqual(try XCTUnwrap(lg.first { $0.0 }).1, lg.map(\.1).max()!, accuracy: 1e-9)
    }

    /// Whatever width and mode, what a truncated line keeps is whole grapheme clusters
    /// (Swift's `Character`s, UAX #29) of the text: emoji sequences, flags, keycaps,
    /// Devanagari and Thai with their marks, Hangul syllables built of jamo. (No virama
    /// here: Swift follows Unicode 15.1's conjunct rule, GB9c, which the ICU 72 that
    /// segments our text predates; the oracle test checks our clusters against it.)
    func testTruncationNeverSplitsACluster() throws {
        let text = "👩‍👩‍👧‍👦🇯🇵1️⃣👍🏽 हिंदी भाषा สวัสดีครับ \u{1100}\u{1161}\u{11A8}\u{1100}\u{1161} e\u{301}\u{323}"
        let characters = Array(text)
        for mode in TruncationMode.allCases {
            for width in stride(from: 20.0, through: 240, by: 7) {
                let l = try layout(text, style: ParagraphStyle(maxLines: 1, truncation: mode), width: width)
                let shown = l.lineTexts[0]
                guard l.isTruncated, !shown.isEmpty else { continue }
                let parts = shown.components(separatedBy: "…")
                XCTAssertEqual(parts.count, 2, "one ellipsis: \(shown)")
                let head = Array(parts[0]), tail = Array(parts[1])
                // Compared as Characters: a cut inside a cluster leaves a Character that
                // is not one of the text's.
                XCTAssertEqual(head, Array(characters.prefix(head.count)), "\(mode) at \(width): \(shown)")
                XCTAssertEqual(tail, Array(characters.suffix(tail.count)), "\(mode) at \(width): \(shown)")
                switch mode {
                case .end: XCTAssertTrue(tail.isEmpty)
                case .start: XCTAssertTrue(head.isEmpty)
                case .middle: break
                }
                XCTAssertLessThanOrEqual(l.lines[0].width, width + 1e-9)
            }
        }
    }

    // MARK: - Spans inside a word

    /// Arabic letters join across a colour change: the glyphs are those of one span.
    func testSpansInsideAWordKeepTheirShaping() throws {
        let word = "مرحبا بالعالم"
        let one = try layout(word)
        for cut in [1, 2, 3, 7] {
            let scalars = Array(word.unicodeScalars)
            let a = String(String.UnicodeScalarView(scalars[..<cut])), b = String(String.UnicodeScalarView(scalars[cut...]))
            let two = try TextLayout(AttributedText([TextSpan(a, font: body, color: .red), TextSpan(b, font: body, color: .blue)]))
            XCTAssertEqual(two.runs.flatMap(\.glyphs).sorted(), one.runs.flatMap(\.glyphs).sorted(), "cut at \(cut)")
            XCTAssertEqual(two.exactSize.width, one.exactSize.width, accuracy: 1e-6, "cut at \(cut)")
            XCTAssertEqual(Set(two.runs.map(\.paint)).count, 2, "both colours drawn")
        }
        // Devanagari: a conjunct split by colour keeps its conjunct form.
        let conjunct = try layout("क्ष")
        let split = try TextLayout(AttributedText([TextSpan("क्", font: body, color: .red), TextSpan("ष", font: body, color: .blue)]))
        XCTAssertEqual(split.runs.flatMap(\.glyphs).sorted(), conjunct.runs.flatMap(\.glyphs).sorted())
    }

    // MARK: - Font sets

    /// The bundled set falls back only to shipped and pinned fonts; the system set also
    /// to whatever fontconfig finds. Ethiopic is in Debian's Noto core set (installed by
    /// the setup) and in neither the shipped nor the pinned fonts.
    func testBundledAndSystemFontSets() throws {
        let ethiopic = "ሰላም"
        let system = try FontUse(AttributedText(ethiopic), registry: .shared(.system))
        XCTAssertEqual(system.missing, [])
        XCTAssertTrue(system.fallbacks.contains { $0.familyName.contains("Ethiopic") }, "\(system.fallbacks)")
        let bundled = try FontUse(AttributedText(ethiopic), registry: .shared(.bundled))
        XCTAssertEqual(bundled.missing.map(\.value), [0x1230, 0x120B, 0x121D])
        XCTAssertEqual(bundled.fallbacks, [])
        // The scene's own setting, and the decoder's override of it (`--fonts`).
        let scene = #"{"canvas": {"width": 10, "height": 10}, "fontSet": "bundled", "root": {"type": "Text", "text": "x"}}"#
        XCTAssertEqual(try SceneDecoder().decode(Data(scene.utf8)).environment.fonts.fontSet, .bundled)
        XCTAssertEqual(try SceneDecoder(fontSet: .system).decode(Data(scene.utf8)).environment.fonts.fontSet, .system)
        let unset = #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "x"}}"#
        XCTAssertEqual(try SceneDecoder().decode(Data(unset.utf8)).environment.fonts.fontSet, .system)
        XCTAssertEqual(try SceneDecoder(fontSet: .bundled).decode(Data(unset.utf8)).environment.fonts.fontSet, .bundled)
        let bad = #"{"canvas": {"width": 10, "height": 10}, "fontSet": "serif", "root": {"type": "Text", "text": "x"}}"#
        XCTAssertThrowsError(try SceneDecoder(fontSet: .system).decode(Data(bad.utf8))) { error in
            XCTAssertTrue("\(error)".hasPrefix("fontSet:"), "\(error)")
        }
        // CJK in the bundled set: the pinned collection, its face by language or text.
        func cjkFace(_ text: String, language: String = "", weight: FontWeight = .regular) throws -> FontFace {
            let l = try layout(text, font: .system(size: 17, weight: weight), language: language, registry: .shared(.bundled))
            return try XCTUnwrap(l.runs.first { $0.face.path.hasSuffix(".ttc") }?.face)
        }
        XCTAssertEqual(try cjkFace("漢字").path, PinnedFonts.cjkRegular.path)
        XCTAssertEqual(try cjkFace("漢字").faceIndex, PinnedFonts.Region.simplifiedChinese.rawValue)
        XCTAssertEqual(try cjkFace("漢字", language: "ja").faceIndex, PinnedFonts.Region.japanese.rawValue)
        XCTAssertEqual(try cjkFace("漢字", language: "zh-Hant").faceIndex, PinnedFonts.Region.traditionalChinese.rawValue)
        XCTAssertEqual(try cjkFace("漢字かな").faceIndex, PinnedFonts.Region.japanese.rawValue)
        XCTAssertEqual(try cjkFace("漢字 한국").faceIndex, PinnedFonts.Region.korean.rawValue)
        XCTAssertEqual(try cjkFace("漢字", weight: .bold).path, PinnedFonts.cjkBold.path)
        // Emoji: the pinned colour font in both sets on this machine.
        let emoji = try layout("😀", registry: .shared(.bundled))
        XCTAssertEqual(emoji.runs.first?.face.path, PinnedFonts.emoji.path)
        XCTAssertTrue(try XCTUnwrap(emoji.runs.first).face.isColor)
    }

    /// A pinned file that is missing or not the pinned bytes is one error naming the
    /// file, the Debian package and its version.
    func testPinnedFontProblemsNameTheFileAndPackage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-pinned-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try XCTUnwrap(FontRegistry.bundledFontData("DejaVuSans.ttf")).write(to: folder.appendingPathComponent("Other.ttf"))
        let wrong = PinnedFonts.File(name: "Other.ttf", directory: folder.path, package: "fonts-noto-color-emoji",
                                     version: "2.042-0+deb12u1", sha256: String(repeating: "0", count: 64))
        let missing = PinnedFonts.File(name: "Gone.ttc", directory: folder.path, package: "fonts-noto-cjk",
                                       version: "1:20220127+repack1-1", sha256: String(repeating: "0", count: 64))
        let pinned = PinnedFonts(emoji: wrong, cjkRegular: missing)
        let mismatch = "\(try XCTUnwrap(pinned.emojiFace().failure))"
        for part in [wrong.path, "SHA-256", "fonts-noto-color-emoji 2.042-0+deb12u1", "--fonts system"] {
            XCTAssertTrue(mismatch.contains(part), "'\(part)' not in: \(mismatch)")
        }
        XCTAssertFalse(mismatch.contains("\n"))
        let absent = "\(try XCTUnwrap(pinned.cjkFace(region: .japanese, weight: .regular).failure))"
        for part in [missing.path, "not installed", "fonts-noto-cjk 1:20220127+repack1-1"] {
            XCTAssertTrue(absent.contains(part), "'\(part)' not in: \(absent)")
        }
        // The right bytes pass: the shared set's files on this machine hash as pinned.
        for file in PinnedFonts.files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
            XCTAssertEqual(bytes.withUnsafeBytes { PinnedFonts.sha256($0) }, file.sha256, file.path)
        }
        // SHA-256 itself, on the standard's test vector.
        XCTAssertEqual(Data("abc".utf8).withUnsafeBytes { PinnedFonts.sha256($0) },
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    // MARK: - Bad values and bad fonts

    func testBadFeatureTagsAndLanguagesAreErrorsWithTheirPath() throws {
        let cases: [(String, String)] = [
            (#""text": "x", "features": {"ligature": true}"#, "root.features.ligature: an OpenType feature tag is four printable ASCII characters"),
            (#""text": "x", "features": {"liga": "yes"}"#, "root.features.liga: expected"),
            (#""text": "x", "features": {"salt": -1}"#, "root.features.salt:"),
            (#""text": "x", "features": ["liga"]"#, "root.features:"),
            (#""text": "x", "language": "english!""#, "root.language: expected a BCP 47 language tag"),
            (#""text": "x", "language": """#, "root.language: expected a BCP 47 language tag"),
            (#""text": "x", "language": "ja--JP""#, "root.language: expected a BCP 47 language tag"),
            (#""text": "x", "direction": "up""#, "root.direction:"),
            (#""spans": [{"text": "a", "language": "1a"}]"#, "root.spans[0].language: expected a BCP 47"),
            (#""spans": [{"text": "a", "features": {"kern": 70000}}]"#, "root.spans[0].features.kern:"),
        ]
        for (props, message) in cases {
            let json = #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", \#(props)}}"#
            XCTAssertThrowsError(try SceneDecoder().decode(Data(json.utf8)), props) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "expected '\(message)…', got: \(error)")
            }
        }
        // And the good forms decode.
        let good = #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "x", "#
            + #""features": {"liga": false, "tnum": true, "cv01": 2}, "language": "zh-Hant-TW", "direction": "rtl", "letterSpacing": -0.5}}"#
        XCTAssertNoThrow(try SceneDecoder().decode(Data(good.utf8)))
    }

    /// A font without a character map cannot draw text; the error says so and names the
    /// file. (The cmap table's tag is renamed in copies of a TrueType and a CFF font;
    /// FreeType would make up a map for the CFF one from its glyph names, which shaping
    /// would not see.)
    func testFontWithoutACharacterMapIsRefused() throws {
        for source in ["DejaVuSans.ttf", "Inter-Regular.otf"] {
            var bytes = try XCTUnwrap(FontRegistry.bundledFontData(source))
            let tables = Int(bytes[4]) << 8 | Int(bytes[5])
            var renamed = false
            for t in 0..<tables {
                let at = 12 + 16 * t
                if bytes[at..<(at + 4)] == Data("cmap".utf8) {
                    bytes.replaceSubrange(at..<(at + 4), with: Data("xmap".utf8))
                    renamed = true
                }
            }
            XCTAssertTrue(renamed, source)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-nocmap-\(UUID().uuidString)")
            try bytes.write(to: url)
            addTeardownBlock { try? FileManager.default.removeItem(at: url) }
            XCTAssertThrowsError(try FontRegistry(bundled: false).register(path: url.path), source) { error in
                guard case .unusable(let path, _) = error as? FontError else { return XCTFail("\(error)") }
                XCTAssertEqual(path, url.path)
                XCTAssertTrue("\(error)".contains("character map"), "\(error)")
            }
        }
    }

    // MARK: - Inputs at the edges

    /// Ten thousand combining marks on one letter are one cluster: laid out, drawn, and
    /// never split by a narrow width.
    func testEndlessMarksStayOneCluster() throws {
        let text = "a" + String(repeating: "\u{301}", count: 10_000) + "b"
        let l = try layout(text, width: 5)
        XCTAssertEqual(l.clusterCount, 2)
        XCTAssertEqual(l.lines.count, 2)
        let bitmap = try Bitmap(width: 40, height: 60, color: Color.white.premultiplied)
        Canvas(bitmap: bitmap).draw(l, at: Point(x: 5, y: 5))
    }

    /// A long text in one node (about 200,000 characters of mixed scripts) wraps and
    /// draws; only what is visible is rasterized.
    func testALongMixedTextLaysOutAndDraws() throws {
        let paragraph = "Text in one node, שלום עולם, مرحبا بالعالم, नमस्ते, สวัสดี, 漢字かな, 👍🏽 and more. "
        let text = String(repeating: paragraph, count: 2_000)
        let l = try layout(text, width: 300)
        XCTAssertGreaterThan(l.lines.count, 1_000)
        XCTAssertEqual(l.lines.map(\.range.count).reduce(0, +), l.clusterCount, "every cluster on exactly one line")
        XCTAssertLessThanOrEqual(l.lines.map(\.width).max()!, 300 + 1e-9)
        let bitmap = try Bitmap(width: 320, height: 200, color: Color.white.premultiplied)
        Canvas(bitmap: bitmap).draw(l, at: Point(x: 10, y: 10))
        XCTAssertTrue((0..<200).contains { y in (0..<320).contains { x in bitmap[x, y].r < 128 } })
    }
}
