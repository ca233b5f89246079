/// Assembles an animated PNG from PNG frames of one size: the first frame's IDAT is
/// the default image (so viewers without APNG show it), every later frame's image data
/// moves into `fdAT` chunks, and each frame gets an `fcTL` with its delay. Frames
/// replace the canvas whole (no disposal, source blending), so the result shows exactly
/// the frames given.
public enum APNGWriter {
    /// - Parameters:
    ///   - frames: complete PNG files (as `PNGEncoder` writes them), all the same size.
    ///   - delay: seconds each frame shows (1 / fps).
    ///   - plays: how many times to play (0: forever).
    /// - Throws: `PNGError` when a frame is not a PNG or the sizes differ.
    public static func assemble(_ frames: [[UInt8]], delay: Double, plays: Int = 0) throws -> [UInt8] {
        guard let first = frames.first else {
            throw PNGError(kind: .corrupt, message: "an animated PNG needs at least one frame")
        }
        let parsed = try frames.map(chunks)
        guard let header = parsed[0].first(where: { $0.type == "IHDR" })?.data, header.count == 13 else {
            throw PNGError(kind: .corrupt, message: "the first frame has no image header")
        }
        let (num, den) = fraction(delay)
        var out = Array(first[0..<8])
        out.appendChunk("IHDR", header[...])
        var control = [UInt8]()
        control.appendBigEndian(UInt32(frames.count))
        control.appendBigEndian(UInt32(max(0, plays)))
        out.appendChunk("acTL", control[...])
        var sequence: UInt32 = 0
        for (index, chunks) in parsed.enumerated() {
            guard chunks.first(where: { $0.type == "IHDR" })?.data == header else {
                throw PNGError(kind: .corrupt, message: "frame \(index) differs in size or format from the first")
            }
            var fc = [UInt8]()
            fc.appendBigEndian(sequence)
            fc += header[0..<8] // width, height
            fc.appendBigEndian(0)
            fc.appendBigEndian(0)
            fc += [UInt8(num >> 8), UInt8(num & 0xFF), UInt8(den >> 8), UInt8(den & 0xFF), 0, 0]
            out.appendChunk("fcTL", fc[...])
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if index == 0 {
                    out.appendChunk("IDAT", chunk.data[...])
                } else {
                    var data = [UInt8]()
                    data.appendBigEndian(sequence)
                    data += chunk.data
                    out.appendChunk("fdAT", data[...])
                    sequence += 1
                }
            }
        }
        out.appendChunk("IEND", [][...])
        return out
    }

    /// A frame delay as a fraction with 16-bit parts (exact for whole frame rates).
    static func fraction(_ delay: Double) -> (UInt16, UInt16) {
        let fps = 1 / max(delay, 1e-6)
        if fps == fps.rounded(), fps >= 1, fps <= 65_535 { return (1, UInt16(fps)) }
        return (UInt16(min(65_535, max(1, (delay * 1000).rounded()))), 1000)
    }

    private static func chunks(_ png: [UInt8]) throws -> [(type: String, data: [UInt8])] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 8, Array(png[0..<8]) == signature else {
            throw PNGError(kind: .corrupt, message: "a frame is not a PNG file")
        }
        var result: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard i + 12 + length <= png.count else { throw PNGError(kind: .corrupt, message: "a frame's chunk is truncated") }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            result.append((type, Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return result
    }
}
