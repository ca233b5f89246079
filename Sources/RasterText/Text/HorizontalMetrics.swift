/// Reads glyph advances straight from the `hhea` and `hmtx` tables, in font units.
enum HorizontalMetrics {
    /// One advance per glyph; glyphs past `numberOfHMetrics` repeat the last advance, as
    /// the format specifies. Nil when either table is missing or too short.
    static func advances(hhea: ByteReader?, hmtx: ByteReader?, glyphCount: Int) -> [Int32]? {
        guard let hhea, let hmtx, let n = hhea.u16(at: 34), n > 0 else { return nil }
        var out = [Int32](repeating: 0, count: glyphCount)
        var last: Int32 = 0
        for g in 0..<glyphCount {
            if g < n {
                guard let a = hmtx.u16(at: 4 * g) else { return nil }
                last = Int32(a)
            }
            out[g] = last
        }
        return out
    }
}
