import RasterCore

/// A run of characters with one font, one paint and one set of shaping settings.
public struct TextSpan: Hashable, Sendable {
    /// The characters of the span.
    public var text: String
    /// The font the span is set in (a fallback font covers characters it lacks).
    public var font: Font
    /// What the glyphs are filled with: a colour, a gradient or an image pattern.
    public var paint: Paint
    /// OpenType features set on top of the font's defaults (a later setting of the same
    /// tag wins).
    public var features: [FontFeature]
    /// Points added after every grapheme cluster. When it is not zero, the optional
    /// ligatures (`liga`, `clig`, `dlig`, `hlig`) are off unless `features` turns them on,
    /// as CSS does.
    public var letterSpacing: Double
    /// The text's language as a BCP 47 tag ("ja", "sr-Latn"), or empty when unknown: it
    /// selects the font's language-specific forms and the fallback font for Han
    /// characters, and tailors line breaking.
    public var language: String

    /// A non-finite `letterSpacing` is taken as 0.
    public init(_ text: String, font: Font, paint: Paint = .solid(.black), features: [FontFeature] = [],
                letterSpacing: Double = 0, language: String = "") {
        self.text = text
        self.font = font
        self.paint = paint
        self.features = features
        self.letterSpacing = letterSpacing.isFinite ? letterSpacing : 0
        self.language = language
    }

    /// A span painted in one colour.
    public init(_ text: String, font: Font, color: Color, features: [FontFeature] = [], letterSpacing: Double = 0,
                language: String = "") {
        self.init(text, font: font, paint: .solid(color), features: features, letterSpacing: letterSpacing,
                  language: language)
    }

    /// The features shaping applies: the optional ligatures off under letter spacing
    /// (where it is `spaced`: not in a cursive script), then the span's own settings.
    func shapingFeatures(spaced: Bool) -> [FontFeature] {
        guard letterSpacing != 0, spaced else { return features }
        let off = FontFeature.optionalLigatures.filter { tag in !features.contains { $0.tag == tag } }
        return off.compactMap { FontFeature($0, 0) } + features
    }
}

/// Text with attributes: a sequence of spans, laid out as one paragraph flow (explicit
/// newlines inside spans start new lines).
///
/// Invariant: `spansHash` is the hash of `spans`, taken when they are set, so that the
/// layout caches, which look a text up several times per measurement, hash it once.
public struct AttributedText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The spans in reading order; their text runs on without separators.
    public var spans: [TextSpan] {
        didSet { spansHash = spans.hashValue }
    }
    private var spansHash: Int

    /// Text made of `spans`, in order.
    public init(_ spans: [TextSpan]) {
        self.spans = spans
        spansHash = spans.hashValue
    }

    /// One span of `text`, in the default family at 17 points and black unless given.
    public init(_ text: String, font: Font = .system(size: 17), color: Color = .black) {
        self.init([TextSpan(text, font: font, color: color)])
    }

    /// Equal spans (their hashes are compared first).
    public static func == (a: AttributedText, b: AttributedText) -> Bool {
        a.spansHash == b.spansHash && a.spans == b.spans
    }

    /// The spans' hash, taken when they were set.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(spansHash)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// All spans' text, concatenated.
    public var string: String { spans.map(\.text).joined() }
}

/// How lines sit in the layout box.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// At the side each paragraph starts from: left for left-to-right text, right for
    /// right-to-left.
    case leading
    /// At the side each paragraph ends at.
    case trailing
    case left, center, right
    /// Lines but the last of each paragraph stretch to the box width at their spaces;
    /// the last sits at the leading side.
    case justified
}

/// Where a text cut short by `maxLines` loses its characters (marked by an ellipsis).
public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    case end, middle, start
}

/// Paragraph-level layout settings.
public struct ParagraphStyle: Hashable, Sendable {
    /// Where each line sits across the box.
    public var alignment: TextAlignment
    /// Extra space between lines, in points (not after the last line).
    public var lineSpacing: Double
    /// A fixed height for every line box, in points; the glyphs are centred vertically in
    /// it as CSS `line-height` does. Nil: each line is as tall as its fonts (ascender +
    /// descender + line gap of the largest).
    public var lineHeight: Double?
    /// The most lines shown; 0 means no limit.
    public var maxLines: Int
    /// Where text over `maxLines` is cut and the ellipsis put.
    public var truncation: TruncationMode
    /// Each paragraph's direction (UAX #9); `auto` takes it from the paragraph's first
    /// strong character.
    public var direction: TextDirection
    /// The direction of a paragraph `auto` finds no strong character in.
    public var layoutDirection: LayoutDirection
    /// Whether a word wider than the line breaks between grapheme clusters (UIKit's word
    /// wrapping, the default), or stays whole and overflows the line as CSS's
    /// `overflow-wrap: normal` has it: lines then end only at break opportunities.
    public var breaksWithinWords = true
    /// Whether each line's baseline is placed as Chrome places it: the fonts' ascent and
    /// descent rounded to whole points and half the leading (the line height less those)
    /// rounded down, above the ascent. Off: the unrounded ascent (below the half-leading
    /// of a fixed `lineHeight`).
    public var browserBaselines = false

    /// Each parameter sets the property of the same name; `breaksWithinWords` starts true and
    /// `browserBaselines` false.
    public init(alignment: TextAlignment = .leading, lineSpacing: Double = 0, lineHeight: Double? = nil,
                maxLines: Int = 0, truncation: TruncationMode = .end, direction: TextDirection = .auto,
                layoutDirection: LayoutDirection = .leftToRight) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.truncation = truncation
        self.direction = direction
        self.layoutDirection = layoutDirection
    }

    /// Hashes the numbers and flags only: the enumerations would hash their string raw
    /// values, and this is hashed on every layout cache lookup. (Equal styles still hash
    /// alike; `==` compares every property.)
    public func hash(into hasher: inout Hasher) {
        hasher.combine(lineSpacing)
        hasher.combine(lineHeight)
        hasher.combine(maxLines)
        hasher.combine(breaksWithinWords)
        hasher.combine(browserBaselines)
    }
}
