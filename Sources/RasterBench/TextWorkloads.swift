import Foundation
import Raster

extension Workloads {
    /// The W5 sentence (55 characters).
    public static let w5Sentence = "The quick brown fox jumps over the lazy dog 0123456789!"

    /// DejaVu Sans Book: the workload's file when installed, else the shipped copy.
    static func dejaVu() throws -> FontRegistry {
        let registry = FontRegistry(bundled: false)
        let system = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        if !FileManager.default.fileExists(atPath: system), let shipped = FontRegistry.bundledFontData("DejaVuSans.ttf") {
            registry.register(try FontFace.load(data: shipped, name: "DejaVuSans.ttf"), family: "DejaVu Sans")
        } else {
            try registry.register(path: system, family: "DejaVu Sans")
        }
        return registry
    }

    /// W5 / W5p: 40 lines at 16 px and 10 at 32 px of the sentence, black, each line laid
    /// out and drawn in the timed run (glyph cache warm after the warm-up, as specified).
    static func w5(width: Int, height: Int, name: String) throws -> Workload {
        let registry = try dejaVu()
        let small = Font(family: "DejaVu Sans", size: 16), large = Font(family: "DejaVu Sans", size: 32)
        var lines: [(Font, Point)] = (0..<40).map { (small, Point(x: 20, y: 20 + 18 * Double($0))) }
        lines += (0..<10).map { (large, Point(x: 20, y: 760 + 34 * Double($0))) }
        _ = try registry.face(family: "DejaVu Sans", weight: .regular)
        return Workload(name: name, summary: "50 text lines \(width)x\(height)", width: width, height: height) { canvas in
            for (font, baseline) in lines {
                try? canvas.drawText(w5Sentence, font: font, paint: .solid(.black), baseline: baseline, registry: registry)
            }
        }
    }

    /// T1: a long paragraph (about 6,000 characters of English) wrapped to 1,800 px in the
    /// default family at 15 px, laid out and drawn per run with a warm glyph cache.
    /// Reported as glyphs per second.
    static func t1() throws -> Workload {
        var rng = LCG(seed: 5)
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "render", "layer", "tree",
                     "component", "transition", "glyph", "baseline", "kerning", "paragraph", "Typography,", "AVATAR",
                     "Wave", "offset.", "state", "environment", "(frames)", "1080p", "—", "quality", "width"]
        var text = ""
        while text.count < 6000 {
            text += words[rng.randint(0, words.count - 1)] + " "
        }
        let attributed = AttributedText(text, font: .system(size: 15), color: Color(r: 30, g: 30, b: 36))
        let glyphs = try TextLayout(attributed, width: 1800).glyphCount
        return Workload(name: "T1", summary: "long paragraph (\(text.count) characters), layout + draw",
                        width: 1920, height: 1080, glyphs: glyphs) { canvas in
            guard let layout = try? TextLayout(attributed, width: 1800) else { return }
            canvas.draw(layout, at: Point(x: 60, y: 40))
        }
    }

    /// T2: a paragraph of mixed scripts (about 3,000 characters of Latin, Arabic, Hebrew,
    /// Devanagari, Thai, Chinese, Japanese and emoji sequences, both directions) wrapped to
    /// 1,800 px at 15 px through the bundled font set (shipped and pinned fonts), laid out
    /// and drawn per run with warm glyph and shaping caches. Reported as glyphs per second.
    static func t2() throws -> Workload {
        var rng = LCG(seed: 7)
        let phrases = ["The quick brown fox", "office affine", "مرحبا بالعالم", "السلام عليكم ورحمة الله",
                       "שלום עולם", "מחיר: 1,250 ₪", "नमस्ते दुनिया", "क्षत्रिय विद्यार्थी", "สวัสดีครับ", "ภาษาไทยง่ายนิดเดียว",
                       "你好，世界。", "「東京」へようこそ！", "한국어 문장", "👩‍👩‍👧‍👦", "👍🏽", "🇯🇵🇫🇷", "1️⃣", "(2026)"]
        var text = ""
        while text.count < 3000 {
            text += phrases[rng.randint(0, phrases.count - 1)] + " "
        }
        let attributed = AttributedText(text, font: .system(size: 15), color: Color(r: 30, g: 30, b: 36))
        let registry = FontRegistry.bundledShared
        let glyphs = try TextLayout(attributed, width: 1800, registry: registry).glyphCount
        return Workload(name: "T2", summary: "mixed scripts (\(text.count) characters), layout + draw",
                        width: 1920, height: 1080, glyphs: glyphs) { canvas in
            guard let layout = try? TextLayout(attributed, width: 1800, registry: registry) else { return }
            canvas.draw(layout, at: Point(x: 60, y: 40))
        }
    }
}
