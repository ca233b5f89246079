/// A run of characters with one font and one paint.
public struct TextSpan: Hashable, Sendable {
    public var text: String
    public var font: Font
    public var paint: Paint

    public init(_ text: String, font: Font, paint: Paint = .solid(.black)) {
        self.text = text
        self.font = font
        self.paint = paint
    }

    public init(_ text: String, font: Font, color: Color) {
        self.init(text, font: font, paint: .solid(color))
    }
}

/// Text with attributes: a sequence of spans, laid out as one paragraph flow (explicit
/// newlines inside spans start new lines).
public struct AttributedText: Hashable, Sendable, ExpressibleByStringLiteral {
    public var spans: [TextSpan]

    public init(_ spans: [TextSpan]) {
        self.spans = spans
    }

    public init(_ text: String, font: Font = .system(size: 17), color: Color = .black) {
        spans = [TextSpan(text, font: font, color: color)]
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// All spans' text, concatenated.
    public var string: String { spans.map(\.text).joined() }
}

/// How lines sit in the layout box.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right
    /// Lines but the last of each paragraph stretch to the box width at their spaces.
    case justified
}

/// Where a text cut short by `maxLines` loses its characters (marked by an ellipsis).
public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    case end, middle, start
}

/// Paragraph-level layout settings.
public struct ParagraphStyle: Hashable, Sendable {
    public var alignment: TextAlignment
    /// Extra space between lines, in points (not after the last line).
    public var lineSpacing: Double
    /// A fixed height for every line box, in points; the glyphs are centred vertically in
    /// it as CSS `line-height` does. Nil: each line is as tall as its fonts (ascender +
    /// descender + line gap of the largest).
    public var lineHeight: Double?
    /// The most lines shown; 0 means no limit.
    public var maxLines: Int
    public var truncation: TruncationMode

    public init(alignment: TextAlignment = .left, lineSpacing: Double = 0, lineHeight: Double? = nil,
                maxLines: Int = 0, truncation: TruncationMode = .end) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.truncation = truncation
    }
}
