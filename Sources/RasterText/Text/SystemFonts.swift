import CFontconfig
import RasterCore

/// The machine's fonts as fontconfig knows them, asked for a face that has a character
/// none of the text's own fonts has.
///
/// For each style (weight, italic, language, emoji or text presentation) fontconfig
/// sorts every installed font by how well it suits that style once (`FcFontSort`, the
/// order fontconfig's own matching uses); a character then takes the first font in that
/// order whose character set has it. The answer depends only on the style and the
/// character, never on what was asked before, so a scene lays out the same whatever
/// order its texts are measured in. The language is always given (never taken from the
/// process's locale). Only TrueType and OpenType files are used. Thread-safe.
final class SystemFonts: Sendable {
    static let shared = SystemFonts()

    struct Style: Hashable {
        var weight: Int
        var italic: Bool
        /// A fontconfig language ("ja", "zh-cn", "en").
        var language: String
        var emoji: Bool
    }

    /// One font fontconfig offered: its file, face index and character set (owned by the
    /// font set it came from, which is never freed while the process runs).
    private struct Candidate: @unchecked Sendable {
        var file: String
        var index: Int
        var charset: OpaquePointer
        var color: Bool
    }

    private struct State: @unchecked Sendable {
        var config: OpaquePointer?
        var started = false
        var sorted: [Style: [Candidate]] = [:]
        var answers: [Style: [UInt32: FontFace?]] = [:]
        var faces: [String: FontFace?] = [:]
    }

    private let state = Locked(State())

    /// The face fontconfig's order gives `scalar` in `style`, or nil when no installed
    /// font has it (or fontconfig is unavailable).
    func face(for scalar: Unicode.Scalar, style: Style) -> FontFace? {
        state.withLock { s in
            if let known = s.answers[style]?[scalar.value] { return known }
            let candidates = SystemFonts.sorted(style, &s)
            var found: FontFace?
            let ordered = style.emoji ? candidates.filter(\.color) + candidates.filter { !$0.color } : candidates
            for c in ordered where FcCharSetHasChar(c.charset, scalar.value) != 0 {
                let key = "\(c.file)#\(c.index)"
                if s.faces[key] == nil {
                    s.faces[key] = .some(try? FontFace.load(path: c.file, index: c.index))
                }
                if let face = s.faces[key] ?? nil, face.glyph(for: scalar) != 0 {
                    found = face
                    break
                }
            }
            s.answers[style, default: [:]][scalar.value] = .some(found)
            return found
        }
    }

    /// Loads fontconfig's configuration and font list, once.
    func loadConfiguration() {
        state.withLock { SystemFonts.start(&$0) }
    }

    private static func start(_ s: inout State) {
        guard !s.started else { return }
        s.started = true
        s.config = FcInitLoadConfigAndFonts()
    }

    private static func sorted(_ style: Style, _ s: inout State) -> [Candidate] {
        if let known = s.sorted[style] { return known }
        start(&s)
        guard let config = s.config, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        let family = style.emoji ? "emoji" : "sans-serif"
        family.withCString { f in _ = FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer(f).assumingMemoryBound(to: FcChar8.self)) }
        style.language.withCString { l in _ = FcPatternAddString(pattern, FC_LANG, UnsafeRawPointer(l).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(style.weight)))
        FcPatternAddInteger(pattern, FC_SLANT, style.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, 0, nil, &result) else {
            s.sorted[style] = []
            return []
        }
        var out: [Candidate] = []
        let fonts = set.pointee.fonts
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = fonts?[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            var charset: OpaquePointer?
            var format: UnsafeMutablePointer<FcChar8>?
            var color: FcBool = 0
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                  FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
            if FcPatternGetString(font, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format {
                let name = String(cString: format)
                guard name == "TrueType" || name == "CFF" else { continue }
            }
            // Named instances of variable fonts carry the instance in the high bits.
            guard index >= 0, index < 0x10000 else { continue }
            out.append(Candidate(file: String(cString: file), index: Int(index), charset: charset, color: color != 0))
        }
        // The set (and the character sets its fonts point to) lives as long as the process.
        s.sorted[style] = out
        return out
    }
}
