/// Pair kerning read from a font's own tables: the GPOS `kern` feature's pair
/// adjustments (lookup type 2, formats 1 and 2, also through extension lookups), or the
/// legacy `kern` table (format 0) when the font has no GPOS kerning.
///
/// Values are x-advance adjustments of the first glyph, in font units. Lookups of the
/// feature are applied in lookup order and their adjustments add up; within a lookup the
/// first subtable that applies wins, as OpenType specifies. Anything malformed in the
/// tables is skipped, never read out of bounds.
struct KerningTable: Sendable {
    private enum Subtable: Sendable {
        /// Format 1: per first glyph (by coverage index), sorted (second glyph, value) pairs.
        case pairs(coverage: Coverage, sets: [[(UInt16, Int16)]])
        /// Format 2: class of each glyph, and a class1 × class2 matrix of values.
        case classes(coverage: Coverage, first: ClassDef, second: ClassDef, class2Count: Int, values: [Int16])
    }

    /// Each lookup's subtables, in lookup order.
    private var lookups: [[Subtable]] = []
    /// Legacy `kern` format 0 pairs keyed by `left << 16 | right`, sorted.
    private var legacy: [(UInt32, Int16)] = []

    var isEmpty: Bool { lookups.isEmpty && legacy.isEmpty }

    init(gpos: ByteReader?, kern: ByteReader?) {
        if let gpos { lookups = KerningTable.readGPOS(gpos) }
        if lookups.isEmpty, let kern { legacy = KerningTable.readKern(kern) }
    }

    /// The adjustment of the advance of `left` when followed by `right`, in font units.
    func value(_ left: UInt32, _ right: UInt32) -> Int {
        if !legacy.isEmpty {
            let key = left << 16 | right
            var lo = 0, hi = legacy.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if legacy[mid].0 < key { lo = mid + 1 } else { hi = mid }
            }
            return lo < legacy.count && legacy[lo].0 == key ? Int(legacy[lo].1) : 0
        }
        var total = 0
        for lookup in lookups {
            for sub in lookup {
                if let v = KerningTable.apply(sub, left, right) {
                    total += v
                    break
                }
            }
        }
        return total
    }

    private static func apply(_ sub: Subtable, _ left: UInt32, _ right: UInt32) -> Int? {
        switch sub {
        case let .pairs(coverage, sets):
            guard let i = coverage.index(of: left), i < sets.count else { return nil }
            let set = sets[i]
            var lo = 0, hi = set.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if UInt32(set[mid].0) < right { lo = mid + 1 } else { hi = mid }
            }
            return lo < set.count && UInt32(set[lo].0) == right ? Int(set[lo].1) : nil
        case let .classes(coverage, first, second, class2Count, values):
            guard coverage.index(of: left) != nil else { return nil }
            let c1 = first.value(of: left), c2 = second.value(of: right)
            guard c2 < class2Count, c1 * class2Count + c2 < values.count else { return nil }
            return Int(values[c1 * class2Count + c2])
        }
    }

    // MARK: - Reading

    private static func readGPOS(_ r: ByteReader) -> [[Subtable]] {
        guard let scriptList = r.u16(at: 4), let featureList = r.u16(at: 6), let lookupList = r.u16(at: 8),
              let scriptCount = r.u16(at: scriptList) else { return [] }
        // The default language system of 'latn', else 'DFLT', else the first script.
        var scripts: [String: Int] = [:]
        var firstScript: Int?
        for i in 0..<scriptCount {
            guard let tag = r.tag(at: scriptList + 2 + 6 * i), let off = r.u16(at: scriptList + 6 + 6 * i) else { break }
            scripts[tag] = scriptList + off
            if firstScript == nil { firstScript = scriptList + off }
        }
        guard let script = scripts["latn"] ?? scripts["DFLT"] ?? firstScript,
              let langOff = r.u16(at: script), langOff != 0,
              let featureCount = r.u16(at: script + langOff + 4) else { return [] }
        var lookupIndices = Set<Int>()
        for i in 0..<featureCount {
            guard let fi = r.u16(at: script + langOff + 6 + 2 * i),
                  let tag = r.tag(at: featureList + 2 + 6 * fi), tag == "kern",
                  let fo = r.u16(at: featureList + 6 + 6 * fi),
                  let n = r.u16(at: featureList + fo + 2) else { continue }
            for j in 0..<n {
                if let li = r.u16(at: featureList + fo + 4 + 2 * j) { lookupIndices.insert(li) }
            }
        }
        var result: [[Subtable]] = []
        for li in lookupIndices.sorted() {
            guard let lo = r.u16(at: lookupList + 2 + 2 * li) else { continue }
            let lookup = lookupList + lo
            guard let type = r.u16(at: lookup), let n = r.u16(at: lookup + 4) else { continue }
            var subs: [Subtable] = []
            for s in 0..<n {
                guard let so = r.u16(at: lookup + 6 + 2 * s) else { continue }
                var at = lookup + so
                var subType = type
                if type == 9 {
                    guard let ext = r.u16(at: at + 2), let off = r.u32(at: at + 4) else { continue }
                    subType = ext
                    at += off
                }
                if subType == 2, let sub = readPairPos(r, at) { subs.append(sub) }
            }
            if !subs.isEmpty { result.append(subs) }
        }
        return result
    }

    /// Bytes in a value record of `format`, and the offset of its XAdvance (nil if absent).
    private static func valueLayout(_ format: Int) -> (size: Int, xAdvance: Int?) {
        let size = 2 * (format & 0xFF).nonzeroBitCount
        let xAdvance = format & 0x4 != 0 ? 2 * (format & 0x3).nonzeroBitCount : nil
        return (size, xAdvance)
    }

    private static func readPairPos(_ r: ByteReader, _ at: Int) -> Subtable? {
        guard let format = r.u16(at: at), let covOff = r.u16(at: at + 2),
              let vf1 = r.u16(at: at + 4), let vf2 = r.u16(at: at + 6),
              let coverage = Coverage(r, at + covOff) else { return nil }
        let v1 = valueLayout(vf1), v2 = valueLayout(vf2)
        if format == 1 {
            guard let setCount = r.u16(at: at + 8) else { return nil }
            var sets: [[(UInt16, Int16)]] = []
            sets.reserveCapacity(setCount)
            for i in 0..<setCount {
                guard let so = r.u16(at: at + 10 + 2 * i), let n = r.u16(at: at + so) else { return nil }
                let recordSize = 2 + v1.size + v2.size
                var set: [(UInt16, Int16)] = []
                for j in 0..<n {
                    let rec = at + so + 2 + j * recordSize
                    guard let second = r.u16(at: rec) else { break }
                    let value = v1.xAdvance.flatMap { r.i16(at: rec + 2 + $0) } ?? 0
                    set.append((UInt16(second), Int16(value)))
                }
                sets.append(set.sorted { $0.0 < $1.0 })
            }
            return .pairs(coverage: coverage, sets: sets)
        }
        if format == 2 {
            guard let cd1 = r.u16(at: at + 8), let cd2 = r.u16(at: at + 10),
                  let c1 = r.u16(at: at + 12), let c2 = r.u16(at: at + 14),
                  let first = ClassDef(r, at + cd1), let second = ClassDef(r, at + cd2) else { return nil }
            let recordSize = v1.size + v2.size
            var values = [Int16](repeating: 0, count: c1 * c2)
            if let xa = v1.xAdvance {
                for i in 0..<(c1 * c2) {
                    values[i] = Int16(r.i16(at: at + 16 + i * recordSize + xa) ?? 0)
                }
            }
            return .classes(coverage: coverage, first: first, second: second, class2Count: c2, values: values)
        }
        return nil
    }

    private static func readKern(_ r: ByteReader) -> [(UInt32, Int16)] {
        guard let version = r.u16(at: 0), version == 0, let n = r.u16(at: 2) else { return [] }
        var at = 4
        var pairs: [(UInt32, Int16)] = []
        for _ in 0..<n {
            guard let length = r.u16(at: at + 2), let coverage = r.u16(at: at + 4) else { break }
            // Format 0, horizontal, not cross-stream, not minimum values.
            if coverage >> 8 == 0, coverage & 0x1 != 0, coverage & 0x6 == 0, let count = r.u16(at: at + 6) {
                for i in 0..<count {
                    let rec = at + 14 + 6 * i
                    guard let a = r.u16(at: rec), let b = r.u16(at: rec + 2), let v = r.i16(at: rec + 4) else { break }
                    pairs.append((UInt32(a) << 16 | UInt32(b), Int16(v)))
                }
            }
            at += max(length, 6)
        }
        pairs.sort { $0.0 < $1.0 }
        return pairs
    }
}

/// An OpenType coverage table: which glyphs a subtable applies to, and their index.
struct Coverage: Sendable {
    private var glyphs: [UInt16] = []
    private var ranges: [(start: UInt16, end: UInt16, index: Int)] = []

    init?(_ r: ByteReader, _ at: Int) {
        guard let format = r.u16(at: at), let n = r.u16(at: at + 2) else { return nil }
        if format == 1 {
            for i in 0..<n { if let g = r.u16(at: at + 4 + 2 * i) { glyphs.append(UInt16(g)) } }
        } else if format == 2 {
            for i in 0..<n {
                guard let s = r.u16(at: at + 4 + 6 * i), let e = r.u16(at: at + 6 + 6 * i),
                      let idx = r.u16(at: at + 8 + 6 * i) else { break }
                ranges.append((UInt16(s), UInt16(e), idx))
            }
        } else {
            return nil
        }
    }

    func index(of glyph: UInt32) -> Int? {
        guard glyph <= 0xFFFF else { return nil }
        let g = UInt16(glyph)
        if !glyphs.isEmpty {
            var lo = 0, hi = glyphs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if glyphs[mid] < g { lo = mid + 1 } else { hi = mid }
            }
            return lo < glyphs.count && glyphs[lo] == g ? lo : nil
        }
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].end < g { lo = mid + 1 } else { hi = mid }
        }
        guard lo < ranges.count, ranges[lo].start <= g else { return nil }
        return ranges[lo].index + Int(g - ranges[lo].start)
    }
}

/// An OpenType class definition table; glyphs it does not list are class 0.
struct ClassDef: Sendable {
    private var start: UInt16 = 0
    private var classes: [UInt16] = []
    private var ranges: [(start: UInt16, end: UInt16, value: UInt16)] = []

    init?(_ r: ByteReader, _ at: Int) {
        guard let format = r.u16(at: at) else { return nil }
        if format == 1 {
            guard let s = r.u16(at: at + 2), let n = r.u16(at: at + 4) else { return nil }
            start = UInt16(s)
            for i in 0..<n { classes.append(UInt16(r.u16(at: at + 6 + 2 * i) ?? 0)) }
        } else if format == 2 {
            guard let n = r.u16(at: at + 2) else { return nil }
            for i in 0..<n {
                guard let s = r.u16(at: at + 4 + 6 * i), let e = r.u16(at: at + 6 + 6 * i),
                      let v = r.u16(at: at + 8 + 6 * i) else { break }
                ranges.append((UInt16(s), UInt16(e), UInt16(v)))
            }
        } else {
            return nil
        }
    }

    func value(of glyph: UInt32) -> Int {
        guard glyph <= 0xFFFF else { return 0 }
        let g = UInt16(glyph)
        if !classes.isEmpty {
            guard g >= start, Int(g - start) < classes.count else { return 0 }
            return Int(classes[Int(g - start)])
        }
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].end < g { lo = mid + 1 } else { hi = mid }
        }
        guard lo < ranges.count, ranges[lo].start <= g else { return 0 }
        return Int(ranges[lo].value)
    }
}
