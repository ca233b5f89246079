import CHarfBuzz
import RasterCore

/// One glyph as HarfBuzz shaped it, in font units (y up, as fonts measure).
struct ShapedGlyph: Hashable, Sendable {
    var glyph: UInt32
    /// The scalar this glyph comes from, as an offset from the start of the shaped run.
    /// Glyphs of one cluster share it; it rises along a left-to-right run and falls along
    /// a right-to-left one (glyphs come in visual order).
    var cluster: Int32
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
    /// Breaking the text before this glyph's cluster changes how either side shapes.
    var unsafeToBreak: Bool
}

/// What a run is shaped as: its scalars with the text around them, and the settings
/// HarfBuzz takes. Results are in font units, so one shaping serves every size.
struct ShapeRequest: Hashable, Sendable {
    /// The run with up to `TextShaper.contextLength` scalars of context on each side.
    var text: [UInt32]
    /// The run inside `text`.
    var run: Range<Int>
    var face: Int
    var features: [FontFeature]
    var rtl: Bool
    /// An ISO 15924 script tag as HarfBuzz numbers it.
    var script: UInt32
    /// A BCP 47 tag, or empty for none (HarfBuzz then applies no language system).
    var language: String
}

/// Shapes runs of text with HarfBuzz: the font's default features for the script (kern,
/// liga, calt, mark, mkmk, the script's own) plus any the text sets, with results kept
/// per (run and context, face, features, direction, script, language).
///
/// The language is never guessed from the process's locale, so shaping is the same on
/// every machine. Thread-safe: HarfBuzz fonts are immutable and every call uses its own
/// buffer.
final class TextShaper: Sendable {
    static let shared = TextShaper(capacity: 1 << 20)

    /// Scalars of context HarfBuzz reads on each side of a run.
    static let contextLength = 5

    /// The most glyphs held.
    let capacity: Int
    private let cache: Locked<GenerationalCache<ShapeRequest, [ShapedGlyph]>>

    init(capacity: Int) {
        self.capacity = capacity
        cache = Locked(GenerationalCache(limit: capacity))
    }

    func shape(_ request: ShapeRequest, face: FontFace) -> [ShapedGlyph] {
        if let found = cache.withLock({ $0.value(for: request) }) { return found }
        let glyphs = TextShaper.harfBuzz(request, font: face.harfBuzzFont)
        cache.withLock { $0.insert(glyphs, for: request, cost: max(glyphs.count, 1)) }
        return glyphs
    }

    private static func harfBuzz(_ request: ShapeRequest, font: OpaquePointer) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        request.text.withUnsafeBufferPointer { text in
            hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(request.run.lowerBound),
                                Int32(request.run.count))
        }
        hb_buffer_set_direction(buffer, request.rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: request.script))
        if !request.language.isEmpty {
            hb_buffer_set_language(buffer, hb_language_from_string(request.language, -1))
        }
        let features = request.features.map {
            hb_feature_t(tag: $0.tagValue, value: $0.value, start: 0, end: UInt32.max)
        }
        features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let base = Int32(request.run.lowerBound)
        var out: [ShapedGlyph] = []
        out.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let flags = hb_glyph_info_get_glyph_flags(infos + i)
            out.append(ShapedGlyph(glyph: infos[i].codepoint, cluster: Int32(bitPattern: infos[i].cluster) - base,
                                   advance: positions[i].x_advance, xOffset: positions[i].x_offset,
                                   yOffset: positions[i].y_offset,
                                   unsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
        return out
    }

    /// The scripts whose letters join (cursive scripts): CSS Text 3 (§8.2) applies no
    /// letter spacing between their letters, which would pull the joins apart.
    static let cursiveScripts: Set<UInt32> = [
        HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_MANDAIC, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_NKO, HB_SCRIPT_PHAGS_PA,
        HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_ADLAM, HB_SCRIPT_SOGDIAN, HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_MANICHAEAN,
    ].reduce(into: []) { $0.insert($1.rawValue) }

    /// Each scalar's script (ISO 15924, as HarfBuzz numbers it), with Common and
    /// Inherited characters (spaces, punctuation, digits, combining marks) taking the
    /// script of the text before them, or after them at the start.
    static func scripts(_ scalars: ArraySlice<Unicode.Scalar>) -> [UInt32] {
        let funcs = hb_unicode_funcs_get_default()
        let common = HB_SCRIPT_COMMON.rawValue, inherited = HB_SCRIPT_INHERITED.rawValue
        let unknown = HB_SCRIPT_UNKNOWN.rawValue, latin = HB_SCRIPT_LATIN.rawValue
        var out = [UInt32](repeating: common, count: scalars.count)
        var last: UInt32?
        var pending = 0  // leading Common/Inherited scalars waiting for a real script
        for (k, s) in scalars.enumerated() {
            let v = s.value
            let script: UInt32
            if v < 0x80 {
                script = (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) ? latin : common
            } else {
                script = hb_unicode_script(funcs, v).rawValue
            }
            if script == common || script == inherited || script == unknown {
                if let last { out[k] = last } else { pending += 1 }
                continue
            }
            if last == nil { for j in 0..<pending { out[j] = script } }
            out[k] = script
            last = script
        }
        return out
    }
}
