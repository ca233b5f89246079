import Foundation
import RasterCore
import RasterTestSupport
@testable import RasterText
import XCTest

/// Text layout against references we did not write, run live by
/// `scripts/oracle/text_oracle.py` on the corpora in `Fixtures/text/`:
/// - glyphs and positions against HarfBuzz itself (uharfbuzz, the same HarfBuzz version);
/// - line break opportunities and grapheme clusters against ICU's break iterators (PyICU);
/// - the visual order of mixed-direction paragraphs against FriBidi (the `fribidi`
///   command) and ICU's bidi.
final class TextOracleTests: XCTestCase {
    struct Corpus: Decodable {
        struct Case: Decodable {
            var id: String
            var text: String
            var font: String?
            var size: Double?
            var features: [String: FeatureValue]?
            var language: String?
            var direction: String?
        }
        var cases: [Case]
    }

    /// A feature value as the corpus writes it: true/false or a number.
    enum FeatureValue: Decodable {
        case flag(Bool)
        case number(UInt32)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .flag(b) } else { self = .number(try c.decode(UInt32.self)) }
        }
        var value: UInt32 {
            switch self {
            case .flag(let b): return b ? 1 : 0
            case .number(let n): return n
            }
        }
    }

    static func corpus(_ name: String) throws -> Corpus {
        try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: URL(fileURLWithPath: TestFixtures.path("text/\(name)"))))
    }

    /// Runs the oracle on a corpus and returns its cases by id.
    static func oracle(_ command: String, _ corpus: String) throws -> [String: [String: Any]] {
        let data = try TestProcess.oracle("text_oracle.py", [command, TestFixtures.path("text/\(corpus)")])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try XCTUnwrap(json["cases"] as? [[String: Any]])
        var byID: [String: [String: Any]] = [:]
        for c in cases { byID[try XCTUnwrap(c["id"] as? String)] = c }
        return byID
    }


    /// The face a corpus names: a shipped file, or "pinned:NAME#INDEX".
    static func face(_ spec: String) throws -> FontFace {
        if spec.hasPrefix("pinned:") {
            let parts = spec.dropFirst("pinned:".count).split(separator: "#")
            let file = try XCTUnwrap(PinnedFonts.files.first { $0.name == parts[0] })
            return try FontFace.load(path: file.path, index: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        }
        return try XCTUnwrap(FontFace.load(data: XCTUnwrap(FontRegistry.bundledFontData(spec)), name: spec).first)
    }

    // MARK: - Shaping

    /// Every string of the corpus (at least 60: Latin ligatures, contextual alternates,
    /// kerning and features, Cyrillic, Greek, combining marks, Arabic, Hebrew,
    /// Devanagari, Thai, CJK, Hangul, emoji sequences) comes out of layout with
    /// HarfBuzz's glyph sequence, every glyph within 0.02 pt of HarfBuzz's position, and
    /// the line as wide as HarfBuzz's advances.
    func testShaping_MatchesHarfBuzz() throws {
        let corpus = try Self.corpus("shaping-corpus.json")
        XCTAssertGreaterThanOrEqual(corpus.cases.count, 60)
        let expected = try Self.oracle("shape", "shaping-corpus.json")
        var failures: [String] = []
        for c in corpus.cases {
            let oracle = try XCTUnwrap(expected[c.id], c.id)
            if let problem = try Self.compareShaping(c, oracle) { failures.append("\(c.id): \(problem)") }
        }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(corpus.cases.count) differ from HarfBuzz:\n" + failures.joined(separator: "\n"))
    }

    /// Nil when the layout of `c` matches `oracle`, else what differs.
    static func compareShaping(_ c: Corpus.Case, _ oracle: [String: Any]) throws -> String? {
        let face = try face(XCTUnwrap(c.font))
        let registry = FontRegistry(bundled: false, fontSet: .bundled)
        registry.register([face], family: "Case")
        let features = (c.features ?? [:]).sorted { $0.key < $1.key }.compactMap { FontFeature($0.key, $0.value.value) }
        let size = try XCTUnwrap(c.size)
        let span = TextSpan(c.text, font: Font(family: "Case", size: size, weight: face.weight), features: features,
                            language: c.language ?? "")
        let layout = try TextLayout(AttributedText([span]), style: ParagraphStyle(alignment: .left), registry: registry)
        guard layout.lines.count == 1, let line = layout.lines.first else { return "laid out in \(layout.lines.count) lines" }
        let ours = layout.runs.flatMap { run in zip(run.glyphs, run.positions).map { ($0, $1) } }
        let scalars = Array(c.text.unicodeScalars)
        // Spaces draw no glyph in layout; HarfBuzz gives them one.
        let theirs = try XCTUnwrap(oracle["glyphs"] as? [[String: Any]]).filter { g in
            let cluster = g["cluster"] as? Int ?? 0
            return TextLayoutBuilder.kind(of: scalars[min(cluster, scalars.count - 1)]) == .visible
        }
        guard ours.count == theirs.count else {
            return "\(ours.count) glyphs, HarfBuzz has \(theirs.count): ours \(ours.map(\.0)), HarfBuzz \(theirs.map { $0["glyph"] as? Int ?? -1 })"
        }
        for (k, (mine, theirs)) in zip(ours, theirs).enumerated() {
            let glyph = theirs["glyph"] as? Int ?? -1, x = theirs["x"] as? Double ?? .nan, y = theirs["y"] as? Double ?? .nan
            if Int(mine.0) != glyph { return "glyph \(k) is \(mine.0), HarfBuzz has \(glyph)" }
            if abs(mine.1.x - x) > 0.02 || abs((mine.1.y - line.baseline) - y) > 0.02 {
                return "glyph \(k) (\(glyph)) at (\(mine.1.x), \(mine.1.y - line.baseline)), HarfBuzz has (\(x), \(y))"
            }
        }
        // The visible width: HarfBuzz's advances without the trailing spaces'.
        var trailing = scalars.count
        while trailing > 0 && TextLayoutBuilder.kind(of: scalars[trailing - 1]) != .visible { trailing -= 1 }
        let all = try XCTUnwrap(oracle["glyphs"] as? [[String: Any]])
        let width = all.filter { ($0["cluster"] as? Int ?? 0) < trailing }.reduce(0.0) { $0 + ($1["advance"] as? Double ?? 0) }
        if abs(line.width - width) > 0.02 { return "line width \(line.width), HarfBuzz's advances \(width)" }
        return nil
    }

    // MARK: - Segmentation

    /// Break opportunities equal ICU's line break iterator (root locale, or the case's
    /// language) on at least 50 paragraphs: URLs, e-mail, paths, numbers, hyphens and
    /// dashes, non-breaking spaces, quotes, CJK punctuation and small kana, Thai, Lao,
    /// Khmer and Burmese by dictionary, emoji, newlines.
    func testLineBreaks_MatchICU() throws {
        let corpus = try Self.corpus("linebreak-corpus.json")
        XCTAssertGreaterThanOrEqual(corpus.cases.count, 50)
        let expected = try Self.oracle("breaks", "linebreak-corpus.json")
        var failures: [String] = []
        for c in corpus.cases {
            let text = AttributedText([TextSpan(c.text, font: .system(size: 17), language: c.language ?? "")])
            let ours = try TextLayout.segmentation(text, registry: .bundledShared).breaks
            let theirs = try XCTUnwrap(expected[c.id]?["breaks"] as? [[Any]]).map { ($0[0] as? Int ?? -1, $0[1] as? Bool ?? false) }
            let a = ours.map { "\($0.offset)\($0.mandatory ? "!" : "")" }, b = theirs.map { "\($0.0)\($0.1 ? "!" : "")" }
            if a != b { failures.append("\(c.id): ours \(a), ICU \(b)") }
        }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(corpus.cases.count) differ from ICU:\n" + failures.joined(separator: "\n"))
    }

    /// Grapheme clusters (what truncation and line breaking never split) equal ICU's
    /// character break iterator on both corpora.
    func testGraphemeClusters_MatchICU() throws {
        var failures: [String] = []
        var total = 0
        for name in ["linebreak-corpus.json", "shaping-corpus.json", "bidi-corpus.json"] {
            let corpus = try Self.corpus(name)
            let expected = try Self.oracle("graphemes", name)
            for c in corpus.cases {
                total += 1
                let ours = try TextLayout.segmentation(AttributedText(c.text), registry: .bundledShared).clusterEnds
                let theirs = try XCTUnwrap(expected[c.id]?["ends"] as? [Int])
                if ours != theirs { failures.append("\(name) \(c.id): ours \(ours), ICU \(theirs)") }
            }
        }
        XCTAssertGreaterThan(total, 150)
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"))
    }

    // MARK: - Bidi

    /// Mixed-direction paragraphs come out in FriBidi's visual order, and in ICU's,
    /// compared cluster by cluster (a mark stays with its letter): runs of Hebrew and
    /// Arabic inside English and the reverse, numbers, brackets, isolates, neutrals, and
    /// forced paragraph directions.
    func testVisualOrder_MatchesFriBidiAndICU() throws {
        let corpus = try Self.corpus("bidi-corpus.json")
        XCTAssertGreaterThanOrEqual(corpus.cases.count, 20)
        let expected = try Self.oracle("bidi", "bidi-corpus.json")
        var failures: [String] = []
        for c in corpus.cases {
            var style = ParagraphStyle(alignment: .left)
            style.direction = TextDirection(rawValue: c.direction ?? "auto") ?? .auto
            let text = AttributedText(c.text, font: .system(size: 17))
            let layout = try TextLayout(text, style: style, registry: .bundledShared)
            let ends = try TextLayout.segmentation(text, registry: .bundledShared).clusterEnds
            func cluster(_ scalar: Int) -> Int { ends.firstIndex { $0 > scalar } ?? ends.count }
            var ours: [Int] = []
            for run in layout.lines.flatMap(\.visualRuns) {
                var clusters: [Int] = []
                for s in run.scalars where clusters.last != cluster(s) { clusters.append(cluster(s)) }
                ours += run.isRightToLeft ? clusters.reversed() : clusters
            }
            for reference in ["fribidi", "icu"] {
                var theirs: [Int] = []
                for s in try XCTUnwrap(expected[c.id]?[reference] as? [Int]) where theirs.last != cluster(s) {
                    theirs.append(cluster(s))
                }
                if ours != theirs { failures.append("\(c.id): ours \(ours), \(reference) \(theirs)") }
            }
        }
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"))
    }
}
