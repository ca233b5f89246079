import Foundation

extension SceneDecoder {
    static let textProps = ["text", "spans", "font", "color", "alignment", "maxLines", "lineSpacing", "lineHeight",
                            "truncation"]

    /// The scene's `fonts` map: family name → font file (TTF, OTF or TTC) relative to the
    /// scene file, registered on top of the bundled fonts. A scene without one shares
    /// `FontRegistry.shared`.
    static func decodeFonts(_ r: SceneReader?, baseDirectory: String) throws -> FontRegistry {
        guard let r else { return .shared }
        let entries = try PropReader(r)
        let registry = FontRegistry()
        for family in entries.keys.sorted() {
            guard let value = entries.optional(family) else { continue }
            let file = try value.string()
            let path = file.hasPrefix("/") ? file : baseDirectory + "/" + file
            do {
                try registry.register(path: path, family: family, fallback: true)
            } catch let e as FontError {
                throw value.error(e.description)
            }
        }
        return registry
    }

    /// `{"family": "Inter", "size": 17, "weight": "semibold"}`; what is absent comes from
    /// `base`. The family must be registered.
    static func decodeFont(_ r: SceneReader, base: Font, fonts: FontRegistry) throws -> Font {
        let p = try PropReader(r)
        var font = base
        if let family = p.optional("family") {
            font.family = try family.string()
            guard font.family.isEmpty || fonts.families.contains(font.family) else {
                throw family.error("unknown font family '\(font.family)' (registered: \(fonts.families.joined(separator: ", ")); add it to the scene's fonts map)")
            }
        }
        if let size = p.optional("size") { font.size = try size.number(in: 0.1...10_000) }
        if let weight = p.optional("weight") {
            let names = FontWeight.named.map(\.0)
            font.weight = FontWeight(name: try weight.name(of: names)) ?? .regular
        }
        try p.finish(allowed: "font takes family, size and weight")
        return font
    }

    static func decodeText(_ p: PropReader, palette: Palette, fonts: FontRegistry) throws -> SceneNode.Kind {
        let font = try p.optional("font").map { try decodeFont($0, base: .system(size: 17), fonts: fonts) } ?? .system(size: 17)
        let color = try p.optional("color").map { try decodeColor($0, palette) } ?? (palette.colors["primary"] ?? .black)
        var spans: [TextSpan] = []
        if let text = p.optional("text") {
            spans.append(TextSpan(try text.string(), font: font, color: color))
        }
        if let list = p.optional("spans") {
            guard spans.isEmpty else { throw list.error("a Text takes text or spans, not both") }
            for item in try list.array() {
                let s = try PropReader(item)
                let text = try s.required("text", "the span's text").string()
                let spanFont = try s.optional("font").map { try decodeFont($0, base: font, fonts: fonts) } ?? font
                let spanColor = try s.optional("color").map { try decodeColor($0, palette) } ?? color
                try s.finish(allowed: "a span takes text, font and color")
                spans.append(TextSpan(text, font: spanFont, color: spanColor))
            }
        }
        guard !spans.isEmpty else { throw p.reader.error("a Text needs text or spans") }
        var style = ParagraphStyle()
        if let a = p.optional("alignment") {
            style.alignment = TextAlignment(rawValue: try a.name(of: TextAlignment.allCases.map(\.rawValue))) ?? .left
        }
        style.maxLines = Int(try p.optional("maxLines")?.number(in: 0...100_000) ?? 0)
        style.lineSpacing = try p.optional("lineSpacing")?.number(in: -1000...1000) ?? 0
        style.lineHeight = try p.optional("lineHeight")?.number(in: 0...10_000)
        if let t = p.optional("truncation") {
            style.truncation = TruncationMode(rawValue: try t.name(of: TruncationMode.allCases.map(\.rawValue))) ?? .end
        }
        return .text(AttributedText(spans), style)
    }
}
