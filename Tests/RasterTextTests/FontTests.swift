import Foundation
import RasterCore
import RasterText
import RasterTestSupport
import XCTest

final class FontTests: XCTestCase {
    private func temporaryFile(_ bytes: Data, _ name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-font-\(UUID().uuidString)-\(name)")
        try bytes.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    private func interBytes() throws -> Data {
        try XCTUnwrap(FontRegistry.bundledFontData("Inter-Regular.otf"))
    }

    /// A font whose outlines are absurdly large for their em (here DejaVu Sans claiming
    /// 16 units to the em instead of 2048, so a 10 px "H" is about 940 px tall) is drawn
    /// from its outlines, clipped to the canvas, without the glyph cache allocating an
    /// image of the glyph's whole extent.
    func testGlyphsFarLargerThanTheirEmAreDrawnAsOutlines() throws {
        var bytes = [UInt8](try XCTUnwrap(FontRegistry.bundledFontData("DejaVuSans.ttf")))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let head = try XCTUnwrap((0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4].elementsEqual("head".utf8) })
        let offset = Int(bytes[head + 8]) << 24 | Int(bytes[head + 9]) << 16 | Int(bytes[head + 10]) << 8 | Int(bytes[head + 11])
        bytes[offset + 18] = 0
        bytes[offset + 19] = 16
        let registry = FontRegistry(bundled: false)
        registry.register(try FontFace.load(data: Data(bytes), name: "huge.ttf"), family: "Huge")
        let layout = try TextLayout(AttributedText([TextSpan("H", font: Font(family: "Huge", size: 10))]), registry: registry)
        let run = try XCTUnwrap(layout.runs.first)
        let face = run.face
        let glyph = try XCTUnwrap(run.glyphs.first)
        XCTAssertTrue(face.rasterize(glyph, pixelSize: 10, subpixel: 0).isOversized)
        let cache = GlyphCache(budget: 1 << 20)
        let bitmap = try Bitmap(width: 300, height: 300, color: Color.white.premultiplied)
        Canvas(bitmap: bitmap).draw(layout, at: Point(x: 0, y: -layout.lines[0].baseline + 290), cache: cache)
        XCTAssertLessThan(cache.statistics.bytes, 4096, "no glyph image of the whole extent")
        // The H's left stem: ink from the bottom of the canvas to its top near x = 0..100.
        var inked = 0
        for y in 0..<300 { for x in 0..<300 where bitmap[x, y] != Color.white.premultiplied { inked += 1 } }
        XCTAssertGreaterThan(inked, 300 * 50, "the glyph is drawn, clipped to the canvas")
    }

    /// Every font file shipped in the package's source is built into the binary byte for
    /// byte, under its file name, and nothing else is; a name that is not shipped has no
    /// bytes.
    func testEveryShippedFileIsBuiltInByteForByte() throws {
        let folder = URL(fileURLWithPath: TestFixtures.shippedFontPath("x")).deletingLastPathComponent().path
        let shipped = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted()
        XCTAssertEqual(shipped.count, 14)
        XCTAssertEqual(FontRegistry.builtInFontNames.sorted(), shipped)
        for name in shipped {
            let source = try Data(contentsOf: URL(fileURLWithPath: TestFixtures.shippedFontPath(name)))
            XCTAssertEqual(FontRegistry.bundledFontData(name), source, name)
        }
        XCTAssertNil(FontRegistry.bundledFontData("Inter-Black.otf"))
        XCTAssertNil(FontRegistry.bundledFontData("LICENSE-Inter.txt"))
    }

    /// Layouts are cached per registry by an id no later registry reuses; when a registry
    /// goes away its layouts (and the faces they hold) leave the shared cache, so a
    /// process that loads font after font does not keep every face alive.
    func testRegistriesThatGoAwayTakeTheirLayoutsAlong() throws {
        let cache = TextLayoutCache.shared
        let dejaVu = try XCTUnwrap(FontRegistry.bundledFontData("DejaVuSans.ttf"))
        let inter = try XCTUnwrap(FontRegistry.bundledFontData("Inter-Regular.otf"))
        var ids: Set<Int> = []
        var widths: [Double] = []
        for (i, data) in [dejaVu, inter, dejaVu].enumerated() {
            let before = cache.statistics.entries, shapedBefore = cache.statistics.shaped
            func layOutInANewRegistry() throws {
                let registry = FontRegistry(bundled: false)
                registry.register(try FontFace.load(data: data, name: "face \(i)"), family: "Face")
                ids.insert(registry.id)
                let text = AttributedText([TextSpan("Registries \(i % 2)", font: Font(family: "Face", size: 20))])
                widths.append(try cache.layout(text, registry: registry).size.width)
                XCTAssertEqual(cache.statistics.entries, before + 1)
            }
            try layOutInANewRegistry()
            XCTAssertEqual(cache.statistics.entries, before, "the registry's layout left with it")
            XCTAssertEqual(cache.statistics.shaped, shapedBefore, "and its shaped paragraph")
        }
        XCTAssertEqual(ids.count, 3)
        XCTAssertEqual(widths[0], widths[2], "the same font and text measure the same")
        XCTAssertNotEqual(widths[0], widths[1], "a new registry with another font never gets an old layout")
    }

    func testBrokenFilesGiveErrorsNamingTheFile() throws {
        let inter = try interBytes()
        let cases: [(String, String)] = [
            ("/no/such/font.ttf", "no such file"),
            (FileManager.default.temporaryDirectory.path, "is a directory"),
            (try temporaryFile(Data(), "empty.ttf"), "empty"),
            (try temporaryFile(Data("hello, not a font at all".utf8), "text.ttf"), "unknown file format"),
            (try temporaryFile(inter.prefix(20_000), "cut.otf"), "truncated"),
            (try temporaryFile(inter.prefix(8), "header.otf"), "truncated"),
        ]
        for (path, reason) in cases {
            XCTAssertThrowsError(try FontRegistry(bundled: false).register(path: path)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains(path), "error does not name the file: \(text)")
                XCTAssertTrue(text.contains(reason), "expected '\(reason)' in: \(text)")
            }
        }
    }

    /// A font whose glyph data is garbage (DejaVu Sans with every byte of its `glyf`
    /// table set to 0xFF) is refused when it is registered, naming the file and the glyph
    /// that does not load, before any text is drawn with it.
    func testCorruptOutlinesAreRefusedNamingTheGlyph() throws {
        var bytes = try XCTUnwrap(FontRegistry.bundledFontData("DejaVuSans.ttf"))
        func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        let tables = u16(4)
        let entry = try XCTUnwrap((0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4] == Data("glyf".utf8) })
        let start = u32(entry + 8), length = u32(entry + 12)
        bytes.replaceSubrange(start..<start + length, with: Data(repeating: 0xFF, count: length))
        let path = try temporaryFile(bytes, "scribbled.ttf")
        XCTAssertThrowsError(try FontRegistry(bundled: false).register(path: path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(path), "error does not name the file: \(text)")
            // The probe glyph is the one "a" maps to (68 in DejaVu Sans).
            XCTAssertTrue(text.contains("glyph 68 does not load"), text)
        }
    }

    /// A collection (TTC) registers every face it holds. The collection is assembled
    /// here from two bundled fonts, with their table offsets moved.
    func testCollectionsRegisterEveryFace() throws {
        let a = try interBytes()
        let b = try XCTUnwrap(FontRegistry.bundledFontData("Inter-Bold.otf"))
        let path = try temporaryFile(Self.collection([a, b]), "pair.ttc")
        let registry = FontRegistry(bundled: false)
        let faces = try registry.register(path: path, family: "Pair")
        XCTAssertEqual(faces.map(\.faceIndex), [0, 1])
        XCTAssertEqual(try registry.face(family: "Pair", weight: .bold).faceIndex, 1)
        XCTAssertEqual(try registry.face(family: "Pair", weight: .regular).weight, .regular)
    }

    static func collection(_ fonts: [Data]) -> Data {
        func u16(_ d: Data, _ o: Int) -> Int { Int(d[o]) << 8 | Int(d[o + 1]) }
        func u32(_ d: Data, _ o: Int) -> Int { u16(d, o) << 16 | u16(d, o + 2) }
        func put32(_ d: inout Data, _ o: Int, _ v: Int) {
            for i in 0..<4 { d[o + i] = UInt8(truncatingIfNeeded: v >> (24 - 8 * i)) }
        }
        var out = Data("ttcf".utf8)
        out.append(contentsOf: [0, 1, 0, 0])
        var header = Data(count: 4 + 4 * fonts.count)
        put32(&header, 0, fonts.count)
        out.append(header)
        var starts: [Int] = []
        for font in fonts {
            while out.count % 4 != 0 { out.append(0) }
            starts.append(out.count)
            out.append(font)
        }
        for (k, font) in fonts.enumerated() {
            put32(&out, 12 + 4 * k, starts[k])
            for t in 0..<u16(font, 4) {
                let rec = starts[k] + 12 + 16 * t
                put32(&out, rec + 8, u32(out, rec + 8) + starts[k])
            }
        }
        return out
    }

    func testWeightMatching() throws {
        let r = FontRegistry.shared
        XCTAssertEqual(try r.face(family: "", weight: .semibold).weight, .semibold)
        XCTAssertEqual(try r.face(family: "", weight: .medium).weight, .medium)
        XCTAssertEqual(try r.face(family: "", weight: FontWeight(650)).weight, .bold)  // heavier first above 500
        XCTAssertEqual(try r.face(family: "", weight: .light).weight, .regular)  // nothing lighter: next heavier
        XCTAssertEqual(try r.face(family: "", weight: FontWeight(450)).weight, .medium)  // 400-500: up to 500 first
        XCTAssertEqual(try r.face(family: "DejaVu Sans", weight: .semibold).weight, .bold)
        XCTAssertEqual(FontWeight(name: "semibold"), .semibold)
        XCTAssertNil(FontWeight(name: "heavyish"))
    }

    /// Characters Inter lacks come from the next face in the chain that has them, per
    /// character: Hebrew from the shipped Noto Sans Hebrew, the smiling face from DejaVu
    /// Sans; nothing draws as a missing glyph while a registered font has the character.
    func testFallbackPerCharacter() throws {
        let layout = try TextLayout("Hi שלום ☺ ← ok", font: .system(size: 17))
        let inter = try FontRegistry.shared.face(family: "Inter", weight: .regular)
        let hebrew = try FontRegistry.shared.face(family: "Noto Sans Hebrew", weight: .regular)
        let dejavu = try FontRegistry.shared.face(family: "DejaVu Sans", weight: .regular)
        XCTAssertFalse(layout.runs.flatMap(\.glyphs).contains(0))
        XCTAssertEqual(layout.runs.first?.face, inter)
        XCTAssertEqual(layout.runs.filter { $0.face == hebrew }.map(\.glyphs.count).reduce(0, +), 4)
        XCTAssertEqual(inter.glyph(for: "☺"), 0)
        XCTAssertEqual(layout.runs.filter { $0.face == dejavu }.map(\.glyphs.count).reduce(0, +), 1)
        XCTAssertEqual(layout.runs.last?.face, inter)
        // A character no registered font has is the span's own missing glyph.
        let none = try TextLayout("a\u{10FFFD}b", font: .system(size: 17))
        XCTAssertEqual(none.runs.flatMap(\.glyphs).filter { $0 == 0 }.count, 1)
    }

    /// With an emoji font registered, emoji (and sequences with modifiers) come from it
    /// and draw in colour at the text's size.
    func testColorEmojiFallback() throws {
        let registry = FontRegistry()
        try registry.register(path: TestFixtures.emojiFontPath, fallback: true)
        let layout = try TextLayout(AttributedText("a👍🏽b", font: .system(size: 40)), registry: registry)
        let emojiRun = try XCTUnwrap(layout.runs.first { $0.face.isColor })
        XCTAssertFalse(emojiRun.glyphs.contains(0))
        let bitmap = try Bitmap(width: 200, height: 60, color: Color.white.premultiplied)
        Canvas(bitmap: bitmap).draw(layout, at: Point(x: 5, y: 5))
        var colored = 0, minY = Int.max, maxY = Int.min
        for y in 0..<60 {
            for x in 0..<200 {
                let p = bitmap[x, y]
                if abs(Int(p.r) - Int(p.g)) > 40 || abs(Int(p.g) - Int(p.b)) > 40 {
                    colored += 1
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
        }
        XCTAssertGreaterThan(colored, 400)
        // Scaled to the text: about one em tall, not the 109-pixel strike.
        XCTAssertLessThanOrEqual(maxY - minY + 1, 48)
        XCTAssertGreaterThanOrEqual(maxY - minY + 1, 30)
    }
}
