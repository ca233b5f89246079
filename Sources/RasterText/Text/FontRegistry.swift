import Synchronization
import Foundation
import RasterCore

/// Which fonts a render may use beyond the ones it names.
public enum FontSet: String, Hashable, Sendable, CaseIterable {
    /// The fonts shipped in the package, then whatever the machine has installed (found
    /// through fontconfig) for characters none of them has.
    case system
    /// Only the fonts shipped in the package and the pinned package fonts (`PinnedFonts`:
    /// CJK and colour emoji, checked by hash), so text looks the same on every machine.
    case bundled
}

/// The fonts text can be set in: families of faces by weight, a default family, and the
/// fallback chain that draws characters a chosen font lacks.
///
/// `FontRegistry.shared` starts with the fonts shipped in the package: Inter (regular,
/// medium, semibold, bold) as the default family, Noto Sans Arabic, Hebrew, Devanagari
/// and Thai, and DejaVu Sans (book, bold) for symbols and wide coverage. Register more
/// from files (TTF, OTF, TTC; every face of a collection) or bytes; faces registered
/// with `fallback: true` (an emoji font, a CJK font) join the chain.
///
/// The face for a grapheme cluster is the first of these that has every visible scalar
/// of it: the chosen face, the default family (nearest weight), the registered fallbacks
/// in registration order, the shipped script fonts, DejaVu Sans, and then, by `fontSet`,
/// the machine's fonts through fontconfig or the pinned CJK and emoji fonts. A cluster
/// with emoji presentation tries colour faces first. Thread-safe.
public final class FontRegistry: Sendable {
    /// The family a `Font` with an empty family name is set in (shipped).
    public static let defaultFamily = "Inter"
    /// The shipped family late in the fallback chain, for symbols and wide coverage.
    public static let fallbackFamily = "DejaVu Sans"
    /// The shipped families that cover one script each, in chain order.
    public static let scriptFamilies = ["Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai"]

    /// The registry scene rendering and `Font`'s default family use (`FontSet.system`).
    public static let shared = FontRegistry()
    /// The shipped fonts with the pinned fallbacks only (`FontSet.bundled`).
    public static let bundledShared = FontRegistry(fontSet: .bundled)

    /// The shared registry of `set`.
    public static func shared(_ set: FontSet) -> FontRegistry {
        set == .system ? shared : bundledShared
    }

    /// Where characters none of the registered fonts has are looked for.
    public let fontSet: FontSet
    /// False for a registry without the shipped fonts (`init(bundled: false)`).
    public let hasShippedFonts: Bool

    private struct State {
        var families: [String: [FontFace]] = [:]
        var fallbacks: [FontFace] = []
        var chains: [FontFace: [FontFace]] = [:]
    }

    private let state = Locked(State())

    /// Unique for the process's lifetime (what caches key layouts by).
    public let id = FontRegistry.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    private static let nextID = Atomic<Int>(1)

    deinit {
        TextLayoutCache.shared.removeAll(registry: id)
    }

    /// A registry with the shipped fonts (`bundled: false`: an empty one) that falls back
    /// as `fontSet` says.
    public init(bundled: Bool = true, fontSet: FontSet = .system) {
        self.fontSet = fontSet
        hasShippedFonts = bundled
        guard bundled else { return }
        let faces = FontRegistry.bundledFaces
        state.withLock { s in
            for (family, face) in faces { s.families[family, default: []].append(face) }
        }
    }

    /// The shipped faces, opened once per process and shared by every registry.
    private static let bundledFaces: [(String, FontFace)] = {
        var files: [(String, String)] = [
            (defaultFamily, "Inter-Regular.otf"), (defaultFamily, "Inter-Medium.otf"),
            (defaultFamily, "Inter-SemiBold.otf"), (defaultFamily, "Inter-Bold.otf"),
            (fallbackFamily, "DejaVuSans.ttf"), (fallbackFamily, "DejaVuSans-Bold.ttf"),
        ]
        for family in scriptFamilies {
            let file = family.replacingOccurrences(of: " ", with: "")
            files += [(family, file + "-Regular.ttf"), (family, file + "-Bold.ttf")]
        }
        return files.compactMap { family, name in BundledResources.faces(name).first.map { (family, $0) } }
    }()

    /// The bytes of shipped font file `name` ("Inter-Regular.otf"), as the shipped
    /// faces are read: from a resource folder that overrides them
    /// (`Render_RasterText.resources`, see `BundledResources`), else built into the
    /// binary. Nil for a name that is not shipped.
    public static func bundledFontData(_ name: String) -> Data? {
        if let path = BundledResources.fontPath(name), let data = FileManager.default.contents(atPath: path) { return data }
        return BundledResources.builtInFont(name).map { Data($0) }
    }

    /// The file names of the shipped fonts built into the binary.
    public static var builtInFontNames: [String] { BundledResources.builtInFontNames }

    /// Registers every face of the font file at `path` under `family` (default: the
    /// family name inside the font). Returns the faces.
    /// - Throws: `FontError` naming the file when it is unreadable, not a font, or
    ///   truncated.
    @discardableResult
    public func register(path: String, family: String? = nil, fallback: Bool = false) throws -> [FontFace] {
        let faces = try FontFace.load(path: path)
        register(faces, family: family, fallback: fallback)
        return faces
    }

    /// Registers faces under `family` (default: each face's own family name); with
    /// `fallback`, they also join the fallback chain.
    public func register(_ faces: [FontFace], family: String? = nil, fallback: Bool = false) {
        state.withLock { s in
            for face in faces {
                let name = family ?? face.familyName
                if !(s.families[name]?.contains(face) ?? false) { s.families[name, default: []].append(face) }
                if fallback && !s.fallbacks.contains(face) { s.fallbacks.append(face) }
            }
            s.chains.removeAll()
        }
    }

    /// Registered family names, sorted.
    public var families: [String] { state.withLock { $0.families.keys.sorted() } }

    /// The face of `family` nearest `weight` (CSS weight matching; upright faces
    /// preferred). An empty family is the default family.
    /// - Throws: `FontError.unknownFamily` when no face has that family.
    public func face(family: String, weight: FontWeight) throws -> FontFace {
        let name = family.isEmpty ? FontRegistry.defaultFamily : family
        return try state.withLock { s in
            guard let faces = s.families[name], !faces.isEmpty else {
                throw FontError.unknownFamily(name, known: s.families.keys.sorted())
            }
            return FontRegistry.nearest(faces, weight)
        }
    }

    /// The face of `font`'s family nearest its weight (`face(family:weight:)`, which
    /// says what it throws).
    public func face(for font: Font) throws -> FontFace {
        try face(family: font.family, weight: font.weight)
    }

    private static func nearest(_ faces: [FontFace], _ weight: FontWeight) -> FontFace {
        let upright = faces.filter { !$0.isItalic }
        let pool = upright.isEmpty ? faces : upright
        let best = weight.preference(among: pool.map(\.weight)).first
        return pool.first { $0.weight == best } ?? pool[0]
    }

    /// The registered faces to try, in order, for characters set in `primary`.
    public func fallbackChain(for primary: FontFace) -> [FontFace] {
        state.withLock { s in
            if let chain = s.chains[primary] { return chain }
            var chain = [primary]
            func add(_ family: String) {
                if let faces = s.families[family], !faces.isEmpty {
                    let f = FontRegistry.nearest(faces, primary.weight)
                    if !chain.contains(f) { chain.append(f) }
                }
            }
            add(FontRegistry.defaultFamily)
            for f in s.fallbacks where !chain.contains(f) { chain.append(f) }
            FontRegistry.scriptFamilies.forEach(add)
            add(FontRegistry.fallbackFamily)
            s.chains[primary] = chain
            return chain
        }
    }

    // MARK: - Choosing a face per cluster

    /// The face for a grapheme cluster set in `chain[0]`: the first face with every
    /// visible scalar of the cluster, in the order the type's documentation gives; nil
    /// when no face has them all (the caller then draws the chosen face's missing-glyph
    /// box, or uses `partialFace`).
    /// - Parameter language: the span's BCP 47 language, or empty.
    /// - Parameter region: the CJK region the span's text suggests (`guessRegion`),
    ///   asked for only when the language names none and a CJK face is needed.
    func face(for cluster: ArraySlice<Unicode.Scalar>, chain: [FontFace], language: String,
              region: () -> PinnedFonts.Region) -> FontFace? {
        let visible = cluster.filter { !$0.isDefaultIgnorable }
        guard let lead = visible.first else { return chain.first }
        func hasAll(_ f: FontFace) -> Bool { visible.allSatisfy { f.glyph(for: $0) != 0 } }
        let primary = chain[0]
        if FontRegistry.wantsEmoji(cluster) {
            if let f = chain.first(where: { $0.isColor && hasAll($0) }) { return f }
            if let f = extraFace(for: lead, emoji: true, weight: primary.weight, italic: primary.isItalic,
                                 language: language, region: region), hasAll(f) { return f }
        }
        if let f = chain.first(where: hasAll) { return f }
        if let f = extraFace(for: lead, emoji: false, weight: primary.weight, italic: primary.isItalic,
                             language: language, region: region), hasAll(f) { return f }
        return nil
    }

    /// When no face has a whole cluster: the first in the chain with its first visible
    /// scalar, else the chosen face.
    func partialFace(for cluster: ArraySlice<Unicode.Scalar>, chain: [FontFace]) -> FontFace {
        guard let lead = cluster.first(where: { !$0.isDefaultIgnorable }) else { return chain[0] }
        return chain.first { $0.glyph(for: lead) != 0 } ?? chain[0]
    }

    /// A face from beyond the registered ones for `scalar`, by `fontSet`.
    private func extraFace(for scalar: Unicode.Scalar, emoji: Bool, weight: FontWeight, italic: Bool,
                           language: String, region: () -> PinnedFonts.Region) -> FontFace? {
        let cjk = scalar.isCJK
        switch fontSet {
        case .bundled:
            if emoji { return try? PinnedFonts.shared.emojiFace().get() }
            guard cjk else { return nil }
            return try? PinnedFonts.shared.cjkFace(region: PinnedFonts.region(language: language) ?? region(),
                                                   weight: weight).get()
        case .system:
            var lang = language.lowercased()
            if cjk && PinnedFonts.region(language: lang) == nil {
                switch region() {
                case .japanese: lang = "ja"
                case .korean: lang = "ko"
                case .traditionalChinese: lang = "zh-tw"
                case .hongKong: lang = "zh-hk"
                case .simplifiedChinese: lang = "zh-cn"
                }
            }
            if lang.isEmpty { lang = emoji ? "und-zsye" : "en" }
            let style = SystemFonts.Style(weight: weight.value, italic: italic, language: lang, emoji: emoji)
            return SystemFonts.shared.face(for: scalar, style: style)
        }
    }

    /// Kana: Japanese; Hangul: Korean; otherwise Simplified Chinese.
    static func guessRegion(_ text: String) -> PinnedFonts.Region {
        for s in text.unicodeScalars {
            switch s.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .japanese
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .korean
            default: continue
            }
        }
        return .simplifiedChinese
    }

    /// A cluster shown as emoji: emoji presentation, or an emoji variation selector,
    /// skin-tone modifier, keycap or joiner (without the text variation selector).
    static func wantsEmoji(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let lead = cluster.first else { return false }
        if cluster.contains("\u{FE0E}") { return false }
        if lead.properties.isEmojiPresentation { return true }
        return cluster.contains { $0 == "\u{FE0F}" || $0 == "\u{200D}" || $0 == "\u{20E3}" || $0.properties.isEmojiModifier }
    }
}

extension FontRegistry: Equatable {
    /// Registries are equal only when they are the same registry.
    public static func == (lhs: FontRegistry, rhs: FontRegistry) -> Bool { lhs === rhs }
}

extension Result {
    var failure: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}

extension Unicode.Scalar {
    /// Scalars that never draw: controls, joiners, variation selectors, bidi controls and
    /// the other default-ignorable code points.
    var isDefaultIgnorable: Bool {
        let v = value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
        if v < 0xAD { return false }
        return v == 0xAD || (v >= 0x200B && v <= 0x200F) || (v >= 0x202A && v <= 0x202E)
            || (v >= 0x2060 && v <= 0x206F) || (v >= 0xFE00 && v <= 0xFE0F) || v == 0xFEFF
            || (v >= 0xE0000 && v <= 0xE0FFF) || v == 0x034F || v == 0x180E || v == 0x061C
            || (v >= 0x1BCA0 && v <= 0x1BCA3) || (v >= 0x115F && v <= 0x1160) || v == 0x3164 || v == 0xFFA0
    }

    /// Han, kana, Hangul, Bopomofo, CJK symbols and punctuation, and full-width forms.
    var isCJK: Bool {
        switch value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF,
             0x3200...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}
