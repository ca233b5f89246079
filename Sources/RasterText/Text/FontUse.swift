/// Which fonts a text is set in beyond the ones it names, and what none of them has.
public struct FontUse: Sendable {
    /// Faces other than a span's own that clusters fall back to, in order of first use.
    public var fallbacks: [FontFace] = []
    /// Visible characters no usable face has (drawn as the missing-glyph box), each once,
    /// in order of first appearance.
    public var missing: [Unicode.Scalar] = []
    /// Pinned fonts the text needs that cannot be used (`FontSet.bundled`), each once.
    public var problems: [FontError] = []

    /// True when every cluster is set in its span's own face.
    public var isPlain: Bool { fallbacks.isEmpty && missing.isEmpty && problems.isEmpty }

    /// What laying out `text` with `registry` falls back to.
    /// - Throws: `FontError.unknownFamily` when a span names a family the registry lacks.
    public init(_ text: AttributedText, registry: FontRegistry) throws {
        var builder = try TextLayoutBuilder(text: text, style: ParagraphStyle(), width: .infinity, registry: registry)
        self = builder.fontUse()
    }

    init() {}

    /// "U+0E01 U+0E02 …", at most `limit` code points.
    public static func codePoints(_ scalars: [Unicode.Scalar], limit: Int = 8) -> String {
        var names = scalars.prefix(limit).map { "U+" + String(format: "%04X", $0.value) }
        if scalars.count > limit { names.append("and \(scalars.count - limit) more") }
        return names.joined(separator: " ")
    }
}
