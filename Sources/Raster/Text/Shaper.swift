/// One glyph placed by a shaper.
public struct ShapedGlyph: Hashable, Sendable {
    /// Glyph index in the run's face; 0 for a scalar drawn as nothing (a default-ignorable
    /// character such as a variation selector or a zero-width joiner).
    public var glyph: UInt32
    /// The index, in the run's scalars, of the scalar this glyph comes from. Glyphs of
    /// one cluster may share it; it never decreases along a run.
    public var cluster: Int
    /// Pen advance after this glyph, in points (kerning with the next glyph included).
    public var advance: Double
    /// The part of `advance` that is kerning with the next glyph: layout takes it off
    /// when a line ends after this glyph. 0 when the shaper does not separate it.
    public var pairAdjustment: Double
    /// Offset of the glyph from the pen position, in points (y down).
    public var offset: Point

    public init(glyph: UInt32, cluster: Int, advance: Double, pairAdjustment: Double = 0, offset: Point = .zero) {
        self.glyph = glyph
        self.cluster = cluster
        self.advance = advance
        self.pairAdjustment = pairAdjustment
        self.offset = offset
    }
}

/// Turns the scalars of one run (one face, one size) into positioned glyphs.
///
/// The seam for a full shaping engine: layout itemizes text into runs, calls a shaper
/// for each, and only reads `ShapedGlyph`s back. A HarfBuzz-backed shaper (ligatures,
/// GPOS mark and pair positioning, complex scripts) plugs in here without layout
/// changing.
public protocol Shaper: Sendable {
    /// Appends the glyphs for `scalars` set in `face` at `size` points to `glyphs`.
    func shape(_ scalars: ArraySlice<Unicode.Scalar>, face: FontFace, size: Double, into glyphs: inout [ShapedGlyph])
}

/// The built-in shaper: one glyph per scalar from the character map, advances from
/// `hmtx`, pair kerning from the font's GPOS `kern` feature (or `kern` table).
/// Default-ignorable scalars become zero-advance, invisible glyphs.
public struct BasicShaper: Shaper {
    public init() {}

    public func shape(_ scalars: ArraySlice<Unicode.Scalar>, face: FontFace, size: Double,
                      into glyphs: inout [ShapedGlyph]) {
        let scale = size / face.unitsPerEm
        var previous: (glyph: UInt32, scalar: UInt32, index: Int)?
        for i in scalars.indices {
            let s = scalars[i]
            if BasicShaper.isInvisible(s) {
                glyphs.append(ShapedGlyph(glyph: 0, cluster: i, advance: 0))
                continue
            }
            let g = face.glyph(for: s)
            if let p = previous, g != 0, p.glyph != 0 {
                let k = face.kern(p.glyph, g, leftScalar: p.scalar, rightScalar: s.value)
                if k != 0 {
                    glyphs[p.index].advance += k * scale
                    glyphs[p.index].pairAdjustment = k * scale
                }
            }
            glyphs.append(ShapedGlyph(glyph: g, cluster: i, advance: face.advance(of: g) * scale))
            previous = (g, s.value, glyphs.count - 1)
        }
    }

    /// Scalars that never draw: controls, joiners, variation selectors and the other
    /// default-ignorable code points.
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
        if v < 0xAD { return false }
        return v == 0xAD || (v >= 0x200B && v <= 0x200F) || (v >= 0x202A && v <= 0x202E)
            || (v >= 0x2060 && v <= 0x206F) || (v >= 0xFE00 && v <= 0xFE0F) || v == 0xFEFF
            || (v >= 0xE0000 && v <= 0xE0FFF) || v == 0x034F || v == 0x180E
    }
}
