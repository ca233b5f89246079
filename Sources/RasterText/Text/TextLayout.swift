import RasterCore

/// A paragraph laid out: lines broken to a width, glyphs positioned, the size measured.
///
/// Coordinates are points with the origin at the top-left of the layout box, y down.
/// The box is `size`: the widest line and the total line height, each rounded up to a
/// whole point, as ComponentFlow's Text measures. Lines are aligned within that width.
///
/// Layout runs in passes over extended grapheme clusters (ICU's, within each span), so
/// emoji sequences, letters with marks and Indic syllables are never split:
/// 1. bidi levels and paragraph directions (UAX #9, ICU);
/// 2. font choice per cluster through the registry's fallback chain;
/// 3. itemizing into runs of one face, bidi level and script, and of spans that differ
///    at most in paint (so a colour change inside a word shapes as one), each shaped by
///    HarfBuzz (`TextShaper`) with the text around it as context;
/// 4. break opportunities (UAX #14, ICU) and greedy line filling (spaces hang at line
///    ends; a cluster run wider than the line breaks between clusters; a line cut where
///    the text shapes differently when split is measured and drawn shaped as cut);
/// 5. truncation to `maxLines` with an ellipsis that fits;
/// 6. visual order per line (bidi runs, items reversed in right-to-left runs);
/// 7. line metrics (the largest ascent, descent and line gap of the line's spans' fonts
///    and of the fallback faces its glyphs use, as CSS sizes a line box), alignment by
///    each paragraph's direction, justification, and glyph runs.
///
/// Pen positions are accumulated in `Double` from unrounded advances, so nothing drifts
/// along a line; rounding happens only when a glyph meets the pixel grid.
public struct TextLayout: Sendable {
    /// One line of the layout.
    public struct Line: Sendable, Equatable {
        /// The clusters of the text on this line (before truncation), including
        /// hanging spaces and its newline.
        public var range: Range<Int>
        /// The y of the line box's top edge.
        public var top: Double
        /// The height of the line box (a fixed `lineHeight`, else from its fonts' metrics).
        public var height: Double
        /// The y of the line's baseline, from the top of the layout box.
        public var baseline: Double
        /// Left edge of the leftmost glyph after alignment.
        public var x: Double
        /// Width of the line's visible content (trailing spaces excluded).
        public var width: Double
        /// True when the line ends in (or holds) the ellipsis.
        public var isTruncated: Bool
        /// True when the line's paragraph runs right to left.
        public var isRightToLeft: Bool
        /// The source text the line shows (trailing spaces and the ellipsis left out), as
        /// bidi runs in visual order, left to right.
        public var visualRuns: [VisualRun]
        /// What the line shows, in logical order: ranges of `TextLayout.scalars` and
        /// ellipses.
        var segments: [Segment]

        /// The line's box as measuring gives it (`TextMetrics`).
        public var extent: TextMetrics.LineExtent { TextMetrics.LineExtent(top: top, height: height, baseline: baseline) }
    }

    /// Scalars of `TextLayout.scalars` laid out in one direction.
    public struct VisualRun: Sendable, Equatable {
        /// The run's range of `TextLayout.scalars`.
        public var scalars: Range<Int>
        /// True when the run is laid out right to left.
        public var isRightToLeft: Bool
    }

    enum Segment: Sendable, Equatable {
        case source(Range<Int>)
        case ellipsis([Unicode.Scalar])
    }

    /// Consecutive glyphs of one face, size and paint.
    public struct GlyphRun: Sendable {
        /// The face the glyphs come from.
        public let face: FontFace
        /// Points to the em.
        public let fontSize: Double
        /// What the glyphs are filled with (their span's paint).
        public let paint: Paint
        /// Glyph indices in `face`; `positions` holds the origin of each.
        public var glyphs: [UInt32] = []
        /// Glyph origins: x on the pen line, y the baseline.
        public var positions: [Point] = []
    }

    /// The layout box: `exactSize` with each dimension rounded up to a whole point.
    public let size: Size
    /// The lines from top to bottom.
    public let lines: [Line]
    /// Every positioned glyph, grouped in runs of one face, size and paint.
    public let runs: [GlyphRun]
    /// The unrounded extent of the text (widest line, total height).
    public let exactSize: Size
    /// Grapheme clusters in the text.
    public let clusterCount: Int
    /// The text's scalars as laid out (after composing letters with marks).
    public let scalars: [Unicode.Scalar]

    /// The number of glyphs over all runs.
    public var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphs.count } }

    /// The text each line shows in logical order (with the ellipsis where truncated,
    /// without newlines).
    public var lineTexts: [String] {
        lines.map { line in
            var text = String.UnicodeScalarView()
            for segment in line.segments {
                switch segment {
                case .source(let r): text.append(contentsOf: scalars[r])
                case .ellipsis(let e): text.append(contentsOf: e)
                }
            }
            return String(text)
        }
    }
    /// True when `maxLines` cut the text short (a line holds the ellipsis).
    public var isTruncated: Bool { lines.contains { $0.isTruncated } }

    /// Lays out `text` to lines at most `width` points wide (infinity: no wrapping).
    /// - Throws: `FontError.unknownFamily` when a span names a family the registry lacks.
    public init(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), width: Double = .infinity,
                registry: FontRegistry = .shared) throws {
        var builder = try TextLayoutBuilder(text: text, style: style, width: width, registry: registry)
        self = builder.build()
    }

    init(size: Size, exactSize: Size, lines: [Line], runs: [GlyphRun], clusterCount: Int, scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        self.size = size
        self.exactSize = exactSize
        self.lines = lines
        self.runs = runs
        self.clusterCount = clusterCount
    }

    /// The end of every grapheme cluster of `text` and the offsets a line may end at
    /// (with whether it must), in scalars of the concatenated spans.
    package static func segmentation(_ text: AttributedText, registry: FontRegistry = .shared) throws
        -> (clusterEnds: [Int], breaks: [(offset: Int, mandatory: Bool)]) {
        var builder = try TextLayoutBuilder(text: text, style: ParagraphStyle(), width: .infinity, registry: registry)
        return builder.segmentation()
    }

    /// Lays out a string in one font and colour.
    public init(_ string: String, font: Font, color: Color = .black, style: ParagraphStyle = ParagraphStyle(),
                width: Double = .infinity, registry: FontRegistry = .shared) throws {
        try self.init(AttributedText(string, font: font, color: color), style: style, width: width, registry: registry)
    }
}
