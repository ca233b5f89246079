import Foundation

/// The bytes of one font file, kept for as long as any face opened from it lives
/// (FreeType reads memory faces in place), with its OpenType table directory.
///
/// Invariant: the bytes never change after `init`; every table in `tables` lies inside
/// them (a truncated file is rejected when it is opened, naming the table cut off).
final class FontFile: @unchecked Sendable {
    let path: String
    let bytes: UnsafeRawBufferPointer
    /// Whether `bytes` were allocated here (and are freed with the file); bytes built
    /// into the binary are not.
    private let ownsBytes: Bool

    init(path: String, data: Data) {
        self.path = path
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        _ = data.copyBytes(to: copy)
        bytes = UnsafeRawBufferPointer(copy)
        ownsBytes = true
    }

    /// A file whose bytes live as long as the process (a font built into the binary),
    /// read in place.
    init(path: String, staticBytes: UnsafeRawBufferPointer) {
        self.path = path
        bytes = staticBytes
        ownsBytes = false
    }

    deinit { if ownsBytes { bytes.deallocate() } }

    var count: Int { bytes.count }

    /// Reads the file at `path`, or throws `FontError.unreadable` naming it.
    static func read(path: String) throws -> FontFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FontError.unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw FontError.unreadable(path: path, reason: "is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FontError.unreadable(path: path, reason: "permission denied or read error")
        }
        guard !data.isEmpty else { throw FontError.notAFont(path: path, reason: "the file is empty") }
        return FontFile(path: path, data: data)
    }

    /// The sfnt table directories in the file: one for a TTF/OTF, one per face of a TTC.
    /// Throws `notAFont` for a truncated directory or a table running past the end.
    func tableDirectories() throws -> [[String: Range<Int>]] {
        let r = ByteReader(bytes)
        guard let tag = r.tag(at: 0) else { throw FontError.notAFont(path: path, reason: "shorter than a font header") }
        var offsets: [Int] = []
        if tag == "ttcf" {
            guard let n = r.u32(at: 8), n > 0, n < 10_000 else {
                throw FontError.notAFont(path: path, reason: "broken font collection header")
            }
            for i in 0..<n {
                guard let o = r.u32(at: 12 + 4 * i) else {
                    throw FontError.notAFont(path: path, reason: "truncated font collection header")
                }
                offsets.append(o)
            }
        } else {
            guard let v = r.u32(at: 0), v == 0x0001_0000 || tag == "OTTO" || tag == "true" else {
                return []  // not sfnt; FreeType decides whether it opens
            }
            offsets = [0]
        }
        return try offsets.map { base in
            guard let n = r.u16(at: base + 4) else {
                throw FontError.notAFont(path: path, reason: "truncated table directory")
            }
            var tables: [String: Range<Int>] = [:]
            for i in 0..<n {
                let rec = base + 12 + 16 * i
                guard let t = r.tag(at: rec), let off = r.u32(at: rec + 8), let len = r.u32(at: rec + 12) else {
                    throw FontError.notAFont(path: path, reason: "truncated table directory")
                }
                guard off + len <= count else {
                    throw FontError.notAFont(
                        path: path,
                        reason: "truncated: table '\(t)' needs bytes up to \(off + len), the file has \(count)")
                }
                tables[t] = off..<(off + len)
            }
            return tables
        }
    }
}

/// Big-endian reads from font data. Every read is bounds-checked and returns nil past
/// the end, so a corrupt table can never read outside its bytes.
struct ByteReader {
    let base: UnsafeRawBufferPointer
    init(_ bytes: UnsafeMutableRawBufferPointer) { base = UnsafeRawBufferPointer(bytes) }
    init(_ bytes: UnsafeRawBufferPointer) { base = bytes }

    /// A reader over `range` only; offsets are then relative to its start.
    func slice(_ range: Range<Int>) -> ByteReader? {
        guard range.lowerBound >= 0, range.upperBound <= base.count else { return nil }
        return ByteReader(UnsafeRawBufferPointer(rebasing: base[range]))
    }

    func u8(at o: Int) -> Int? {
        guard o >= 0, o < base.count else { return nil }
        return Int(base[o])
    }

    func u16(at o: Int) -> Int? {
        guard o >= 0, o + 2 <= base.count else { return nil }
        return Int(base[o]) << 8 | Int(base[o + 1])
    }

    func i16(at o: Int) -> Int? {
        guard let v = u16(at: o) else { return nil }
        return v >= 0x8000 ? v - 0x10000 : v
    }

    func u32(at o: Int) -> Int? {
        guard let hi = u16(at: o), let lo = u16(at: o + 2) else { return nil }
        return hi << 16 | lo
    }

    func tag(at o: Int) -> String? {
        guard o >= 0, o + 4 <= base.count else { return nil }
        return String(decoding: base[o..<(o + 4)], as: UTF8.self)
    }
}
