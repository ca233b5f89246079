import CFreeType
import CHarfBuzz
import Foundation
import Synchronization
import RasterCore

/// One face of a font file (a TTF or OTF, or one member of a TTC), opened with FreeType.
///
/// Everything font choice needs (character map, advances, vertical metrics) is read once
/// when the face opens and kept in immutable arrays; shaping goes through an immutable
/// HarfBuzz font over the same bytes (HarfBuzz fonts are safe to share between threads),
/// so measuring text never takes a lock. Only rasterizing and outline extraction go
/// through FreeType, serialised by a per-face lock; each face owns its own FreeType
/// library instance, so faces never contend with each other.
///
/// Metrics are in font units (`unitsPerEm` to the em), y up as fonts define them:
/// `ascender > 0`, `descender > 0` (the depth below the baseline), `lineGap >= 0`.
public final class FontFace: @unchecked Sendable, CustomStringConvertible, Hashable {
    /// Unique per opened face in this process; keys the glyph cache.
    public let id: Int
    /// The file this face came from (or the resource name).
    public let path: String
    /// The index of the face in its file (non-zero only inside collections).
    public let faceIndex: Int
    /// The family name the font gives itself (empty when it gives none).
    public let familyName: String
    /// The font's own style name, such as "Bold Italic" (empty when it gives none).
    public let styleName: String
    /// The OS/2 `usWeightClass`; without one, bold or regular from the style flags.
    public let weight: FontWeight
    /// True for an italic or oblique face (by FreeType's style flags).
    public let isItalic: Bool
    /// Font units to the em.
    public let unitsPerEm: Double
    /// The height above the baseline, in font units (from `hhea` where the font has it).
    public let ascender: Double
    /// The depth below the baseline, in font units, as a positive number.
    public let descender: Double
    /// Extra space between lines, in font units; never negative.
    public let lineGap: Double
    /// True for colour bitmap fonts (CBDT/sbix emoji): glyphs are images, not outlines.
    public let isColor: Bool
    /// The number of glyphs in the face; at least 1.
    public let glyphCount: Int

    private let file: FontFile
    private let lowGlyphs: [UInt32]  // scalars below `lowLimit`
    private let highGlyphs: [UInt32: UInt32]
    private let advances: [Int32]
    /// The HarfBuzz font, at a scale of one unit per font unit (so shaped positions are
    /// in font units whatever the size); immutable, destroyed with the face.
    let harfBuzzFont: OpaquePointer
    /// Pixel sizes of the colour strikes (y ppem), with their strike index.
    private let strikes: [(ppem: Double, index: Int)]
    private let ft: Locked<FreeTypeHandle>

    static let lowLimit: UInt32 = 0x800
    private static let nextID = Atomic<Int>(1)

    struct FreeTypeHandle: @unchecked Sendable {
        var library: FT_Library
        var face: FT_Face
        /// The char size last set, in 26.6, to skip redundant `FT_Set_Char_Size`.
        var charSize: Int = -1
        var strike: Int = -1
    }

    /// Every face in the font file at `path`.
    /// - Throws: `FontError` naming the file when it cannot be read, is not a font, is
    ///   truncated, or has no usable glyphs.
    public static func load(path: String) throws -> [FontFace] {
        try load(file: FontFile.read(path: path))
    }

    /// Face `index` of the font file at `path` alone (the other faces of a collection are
    /// not opened).
    /// - Throws: `FontError` naming the file, also when it has no face `index`.
    public static func load(path: String, index: Int) throws -> FontFace {
        try load(file: FontFile.read(path: path), index: index)
    }

    /// Every face in font bytes; `name` is used in errors and descriptions.
    public static func load(data: Data, name: String) throws -> [FontFace] {
        guard !data.isEmpty else { throw FontError.notAFont(path: name, reason: "the file is empty") }
        return try load(file: FontFile(path: name, data: data))
    }

    /// Face `index` of an opened file.
    static func load(file: FontFile, index: Int) throws -> FontFace {
        let directories = try file.tableDirectories()
        guard index >= 0, index < max(directories.count, 1) else {
            throw FontError.notAFont(path: file.path, reason: "it has no face \(index)")
        }
        return try FontFace(file: file, index: index, tables: index < directories.count ? directories[index] : [:])
    }

    static func load(file: FontFile) throws -> [FontFace] {
        let directories = try file.tableDirectories()
        let first: FontFace
        do {
            first = try FontFace(file: file, index: 0, tables: directories.first ?? [:])
        } catch FontError.notAFont where directories.isEmpty {
            throw FontError.notAFont(path: file.path, reason: "unknown file format (not TrueType, OpenType or a collection of them)")
        }
        var faces = [first]
        let count = max(directories.count, first.faceCountInFile)
        for i in 1..<max(count, 1) {
            faces.append(try FontFace(file: file, index: i, tables: i < directories.count ? directories[i] : [:]))
        }
        return faces
    }

    private var faceCountInFile = 1

    /// A FreeType library of the face's own and face `index` of `file` opened in it.
    /// - Throws: `FontError.notAFont` when FreeType cannot read the bytes.
    private static func open(_ file: FontFile, index: Int) throws -> (FT_Library, FT_Face) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError.unusable(path: file.path, reason: "FreeType could not start")
        }
        var faceOut: FT_Face?
        let error = file.bytes.baseAddress.map {
            FT_New_Memory_Face(library, $0.assumingMemoryBound(to: FT_Byte.self), FT_Long(file.count), FT_Long(index), &faceOut)
        } ?? FT_Error(FT_Err_Invalid_Argument)
        guard error == 0, let face = faceOut else {
            FT_Done_FreeType(library)
            throw FontError.notAFont(path: file.path, reason: FontFace.describe(error))
        }
        return (library, face)
    }

    /// Why reading a face failed, in a user's words.
    private struct Reason: Error { let text: String }

    /// The face's weight: the OS/2 table's class, else FreeType's bold flag.
    private static func weight(_ face: FT_Face) -> FontWeight {
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           os2.pointee.usWeightClass > 0 {
            return FontWeight(Int(os2.pointee.usWeightClass))
        }
        return face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? .bold : .regular
    }

    /// The bitmap strikes: (pixels per em, strike index), smallest first.
    private static func strikes(_ rec: FT_FaceRec) -> [(Double, Int)] {
        var strikes: [(Double, Int)] = []
        if rec.num_fixed_sizes > 0, let sizes = rec.available_sizes {
            for i in 0..<Int(rec.num_fixed_sizes) { strikes.append((Double(sizes[i].y_ppem) / 64, i)) }
        }
        return strikes.sorted { $0.0 < $1.0 }
    }

    /// Advances of every glyph in font units, unhinted: the hmtx table itself when the
    /// file is sfnt, else FreeType's reading of the format.
    private static func advances(_ face: FT_Face, hhea: ByteReader?, hmtx: ByteReader?,
                                 glyphCount: Int) throws(Reason) -> [Int32] {
        if let read = HorizontalMetrics.advances(hhea: hhea, hmtx: hmtx, glyphCount: glyphCount) { return read }
        var raw = [FT_Fixed](repeating: 0, count: glyphCount)
        let e = FT_Get_Advances(face, 0, FT_UInt(glyphCount), FT_Int32(FT_LOAD_NO_SCALE), &raw)
        guard e == 0 else { throw Reason(text: "cannot read advances (\(FontFace.describe(e)))") }
        return raw.map { Int32(clamping: $0) }
    }

    /// Loads one glyph of the face (a, A, 0, else the lowest mapped), throwing why it
    /// does not load: catches files whose outlines are cut off or corrupt.
    private static func probeLoad(_ face: FT_Face, low: [UInt32], high: [UInt32: UInt32], isColor: Bool) throws(Reason) {
        let probe = [UInt32(0x61), 0x41, 0x30].lazy.compactMap { c -> UInt32? in
            let g = c < FontFace.lowLimit ? low[Int(c)] : 0
            return g == 0 ? nil : g
        }.first ?? (high.values.min() ?? 1)
        let probeFlags = isColor ? FT_LOAD_COLOR : FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING
        if isColor { FT_Select_Size(face, 0) }
        let loadError = FT_Load_Glyph(face, FT_UInt(probe), FT_Int32(probeFlags))
        guard loadError == 0 else { throw Reason(text: "glyph \(probe) does not load (\(FontFace.describe(loadError)))") }
    }

    /// Units per em, ascender, descender (positive below the baseline) and line gap, in
    /// font units: the sfnt `head` and `hhea` tables as the font has them, else
    /// FreeType's reading of the face; nil when neither gives units per em.
    private static func verticalMetrics(head: ByteReader?, hhea: ByteReader?,
                                        face rec: FT_FaceRec) -> (Double, Double, Double, Double)? {
        if let upem = head?.u16(at: 18), upem > 0, let asc = hhea?.i16(at: 4), let desc = hhea?.i16(at: 6),
           let gap = hhea?.i16(at: 8) {
            return (Double(upem), Double(asc), -Double(desc), Double(max(0, gap)))
        }
        return verticalMetrics(unitsPerEm: Int(rec.units_per_EM), ascender: Int(rec.ascender),
                               descender: Int(rec.descender), height: Int(rec.height))
    }

    /// Units per em, ascender, descender (positive below the baseline) and line gap
    /// from FreeType's face record; nil without units per em. Any 16-bit value, the most
    /// negative descender included, comes out without overflow.
    static func verticalMetrics(unitsPerEm: Int, ascender: Int, descender: Int,
                                height: Int) -> (Double, Double, Double, Double)? {
        guard unitsPerEm > 0 else { return nil }
        return (Double(unitsPerEm), Double(ascender), -Double(descender), Double(max(0, height - ascender + descender)))
    }

    /// Every (scalar, glyph) pair of the face's selected Unicode character map: scalars
    /// below `lowLimit` in a table, the others in a dictionary; and how many there are.
    private static func characterMap(_ face: FT_Face) -> (low: [UInt32], high: [UInt32: UInt32], mapped: Int) {
        var low = [UInt32](repeating: 0, count: Int(FontFace.lowLimit))
        var high: [UInt32: UInt32] = [:]
        var gindex: FT_UInt = 0
        var code = FT_Get_First_Char(face, &gindex)
        var mapped = 0
        while gindex != 0 {
            if code < FontFace.lowLimit { low[Int(code)] = UInt32(gindex) } else if code <= 0x10FFFF { high[UInt32(code)] = UInt32(gindex) }
            mapped += 1
            code = FT_Get_Next_Char(face, code, &gindex)
        }
        return (low, high, mapped)
    }

    /// An immutable HarfBuzz font over face `index` of `file`, scaled to font units; nil
    /// when HarfBuzz cannot open it.
    private static func harfBuzzFont(_ file: FontFile, index: Int, unitsPerEm: Double) -> OpaquePointer? {
        guard let base = file.bytes.baseAddress,
              let blob = hb_blob_create(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                                        UInt32(file.count), HB_MEMORY_MODE_READONLY, nil, nil) else { return nil }
        guard let hbFace = hb_face_create(blob, UInt32(index)) else {
            hb_blob_destroy(blob)
            return nil
        }
        hb_blob_destroy(blob)
        guard let hbFont = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            return nil
        }
        hb_face_destroy(hbFace)
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(hbFont)
        return hbFont
    }

    private init(file: FontFile, index: Int, tables: [String: Range<Int>]) throws {
        self.file = file
        path = file.path
        faceIndex = index
        let (library, face) = try FontFace.open(file, index: index)
        func fail(_ reason: String) -> FontError {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            return FontError.unusable(path: file.path, reason: reason)
        }
        let rec = face.pointee
        faceCountInFile = Int(rec.num_faces)
        familyName = rec.family_name.map { String(cString: $0) } ?? ""
        styleName = rec.style_name.map { String(cString: $0) } ?? ""
        let hasOutlines = tables.isEmpty ? cft_is_scalable(face) != 0
            : tables["glyf"] != nil || tables["CFF "] != nil || tables["CFF2"] != nil
        isColor = cft_has_color(face) != 0 && cft_has_fixed_sizes(face) != 0 && !hasOutlines
        isItalic = rec.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        glyphCount = Int(rec.num_glyphs)
        guard glyphCount > 0 else { throw fail("it has no glyphs") }
        // Vertical metrics also for bitmap-only faces, where FreeType leaves its scaled
        // fields empty.
        let bytes = ByteReader(file.bytes)
        let head = tables["head"].flatMap { bytes.slice($0) }
        let hhea = tables["hhea"].flatMap { bytes.slice($0) }
        guard let metrics = FontFace.verticalMetrics(head: head, hhea: hhea, face: rec) else {
            throw fail("no font header with units per em")
        }
        (unitsPerEm, ascender, descender, lineGap) = metrics
        weight = FontFace.weight(face)
        strikes = FontFace.strikes(rec)

        // Character map: every (scalar, glyph) pair of the Unicode cmap. An sfnt needs
        // its own cmap table, which shaping reads (FreeType would make one up for a CFF
        // font from its glyph names).
        guard tables.isEmpty || tables["cmap"] != nil else { throw fail("no character map (cmap table)") }
        guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 || rec.charmap != nil else {
            throw fail("no Unicode character map")
        }
        let (low, high, mapped) = FontFace.characterMap(face)
        guard mapped > 0 else { throw fail("its character map is empty") }
        lowGlyphs = low
        highGlyphs = high

        do {
            advances = try FontFace.advances(face, hhea: hhea, hmtx: tables["hmtx"].flatMap { bytes.slice($0) },
                                             glyphCount: glyphCount)
            try FontFace.probeLoad(face, low: low, high: high, isColor: isColor)
        } catch {
            throw fail(error.text)
        }

        guard let hbFont = FontFace.harfBuzzFont(file, index: index, unitsPerEm: unitsPerEm) else {
            throw fail("HarfBuzz could not open it")
        }
        harfBuzzFont = hbFont
        ft = Locked(FreeTypeHandle(library: library, face: face))
        id = FontFace.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    deinit {
        hb_font_destroy(harfBuzzFont)
        ft.withLock { h in
            FT_Done_Face(h.face)
            FT_Done_FreeType(h.library)
        }
    }

    public var description: String { "\(familyName) \(styleName) (\(path)\(faceIndex > 0 ? "#\(faceIndex)" : ""))" }

    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(id) }

    private static func describe(_ error: FT_Error) -> String {
        switch error {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x07: return "unimplemented feature"
        case 0x08: return "broken table"
        case 0x09: return "broken offset within table"
        case 0x10: return "invalid glyph index"
        case 0x14: return "invalid outline"
        case 0x40: return "out of memory"
        case 0x51: return "table missing"
        case 0x55: return "stream operation out of bounds (truncated?)"
        case 0x56: return "stream read failed (truncated?)"
        default: return "FreeType error 0x" + String(error, radix: 16)
        }
    }

    // MARK: - Layout queries (lock-free)

    /// The glyph for `scalar`, 0 when the face has none.
    @inline(__always)
    public func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        let v = scalar.value
        return v < FontFace.lowLimit ? lowGlyphs[Int(v)] : highGlyphs[v] ?? 0
    }

    /// True when the character map maps `scalar` to a glyph.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != 0 }

    /// The advance of `glyph` in font units (0 for an index outside the face).
    @inline(__always)
    public func advance(of glyph: UInt32) -> Double {
        Int(glyph) < advances.count ? Double(advances[Int(glyph)]) : 0
    }

    // MARK: - Rasterizing (serialised per face)

    /// Rasterizes `glyph` at `pixelSize` pixels to the em, its origin moved right by
    /// `subpixel` / `GlyphCache.subpixelSteps` of a pixel. Outline glyphs: FreeType's
    /// grayscale rasterizer, no hinting (so the shapes are the font's own at any size and
    /// machine), no embedded bitmaps. Colour glyphs: the nearest strike at or above the
    /// size, resampled to it.
    package func rasterize(_ glyph: UInt32, pixelSize: Double, subpixel: Int) -> GlyphImage {
        ft.withLock { h -> GlyphImage in
            if isColor { return rasterizeColor(&h, glyph, pixelSize: pixelSize) }
            let size = Int((pixelSize * 64).rounded())
            if h.charSize != size {
                guard FT_Set_Char_Size(h.face, 0, FT_F26Dot6(max(size, 1)), 72, 72) == 0 else { return .empty }
                h.charSize = size
            }
            var delta = FT_Vector(x: FT_Pos(subpixel * 64 / GlyphCache.subpixelSteps), y: 0)
            FT_Set_Transform(h.face, nil, &delta)
            let flags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
            guard FT_Load_Glyph(h.face, FT_UInt(glyph), FT_Int32(flags)) == 0 else { return .empty }
            // The ink's extent (26.6 pixels) decides before any bitmap is allocated.
            var box = FT_BBox()
            FT_Outline_Get_CBox(&h.face.pointee.glyph.pointee.outline, &box)
            let limit = FT_Pos(GlyphImage.maxExtent(pixelSize: pixelSize)) * 64
            guard box.xMax - box.xMin <= limit, box.yMax - box.yMin <= limit else { return .oversized }
            guard FT_Render_Glyph(h.face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
            let slot = h.face.pointee.glyph.pointee
            let bm = slot.bitmap
            let w = Int(bm.width), rows = Int(bm.rows)
            guard w > 0, rows > 0, let buffer = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
                return .empty
            }
            let pitch = Int(bm.pitch)
            // FreeType's rendered bitmaps run top-down (positive pitch); flip otherwise.
            let top = pitch >= 0 ? UnsafePointer(buffer) : UnsafePointer(buffer + (rows - 1) * -pitch)
            return GlyphImage(left: Int(slot.bitmap_left), top: -Int(slot.bitmap_top), width: w, height: rows,
                              rows: top, pitch: pitch)
        }
    }

    private func rasterizeColor(_ h: inout FreeTypeHandle, _ glyph: UInt32, pixelSize: Double) -> GlyphImage {
        guard let strike = strikes.first(where: { $0.ppem >= pixelSize }) ?? strikes.last else { return .empty }
        if h.strike != strike.index {
            guard FT_Select_Size(h.face, FT_Int(strike.index)) == 0 else { return .empty }
            h.strike = strike.index
        }
        FT_Set_Transform(h.face, nil, nil)
        guard FT_Load_Glyph(h.face, FT_UInt(glyph), FT_Int32(FT_LOAD_COLOR)) == 0 else { return .empty }
        let slot = h.face.pointee.glyph.pointee
        let bm = slot.bitmap
        let w = Int(bm.width), rows = Int(bm.rows)
        guard w > 0, rows > 0, let buffer = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else {
            return .empty
        }
        // FreeType's BGRA is premultiplied; repack as RGBA.
        var source = [UInt32](repeating: 0, count: w * rows)
        let pitch = Int(bm.pitch)
        for y in 0..<rows {
            let row = buffer + y * pitch
            for x in 0..<w {
                let p = row + 4 * x
                source[y * w + x] = UInt32(p[2]) | UInt32(p[1]) << 8 | UInt32(p[0]) << 16 | UInt32(p[3]) << 24
            }
        }
        let scale = pixelSize / strike.ppem
        // A colour glyph has no outline to fall back on: one too large is not drawn.
        let limit = Double(GlyphImage.maxExtent(pixelSize: pixelSize))
        guard Double(w) * scale <= limit, Double(rows) * scale <= limit else { return .empty }
        return ColorGlyphScaler.scale(source, width: w, height: rows, left: Double(slot.bitmap_left),
                                      top: Double(slot.bitmap_top), by: scale)
    }

    /// The outline of `glyph` in font units, y down (baseline at y = 0): for drawing under
    /// transforms a bitmap cannot follow (rotation, skew) and at very large sizes.
    func outline(of glyph: UInt32) -> Path {
        ft.withLock { h -> Path in
            guard !isColor, FT_Load_Glyph(h.face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)) == 0 else {
                return Path()
            }
            var outline = h.face.pointee.glyph.pointee.outline
            return OutlineDecomposer.path(of: &outline)
        }
    }
}
