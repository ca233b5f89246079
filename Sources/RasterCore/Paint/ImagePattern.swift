import Foundation

/// How an image is sampled between its pixels.
public enum ImageFilter: String, Hashable, Sendable, CaseIterable {
    /// The nearest pixel: crisp, blocky when magnified, aliased when minified.
    case nearest
    /// Bilinear interpolation of the four nearest pixels.
    case bilinear
    /// Bilinear when magnifying; trilinear mipmapping (box-filtered half-size levels,
    /// blended between the two nearest) when minifying, so a large photo drawn small
    /// does not alias.
    case smooth
}

/// An image with its lazily built mipmap chain. A class so that levels are built once
/// and shared by every draw of the same image.
public final class ImageSource: @unchecked Sendable, Hashable {
    /// The image at full size: mipmap level 0, premultiplied.
    public let bitmap: Bitmap
    private let lock = NSLock()
    private var levels: [Bitmap] = []
    /// Per row: 0 not looked at yet, 1 every pixel opaque, 2 not (empty until asked).
    private var rowOpacity: [UInt8] = []

    /// Wraps `bitmap` without copying it. Its mipmap levels, and which of its rows are
    /// opaque, are found from it once and kept, so its pixels must not change afterwards.
    public init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
    }

    public static func == (a: ImageSource, b: ImageSource) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Whether every pixel has alpha 255 (each row looked at once, see `opaqueRows`).
    public var isOpaque: Bool { opaqueRows(0..<bitmap.height).allSatisfy { $0 } }

    /// Whether each row of `rows` has alpha 255 in every pixel. A row is looked at the
    /// first time it is asked about and the answer kept (the pixels do not change
    /// afterwards, as for the mipmaps), so a blit of part of a large image reads only
    /// the rows it draws.
    func opaqueRows(_ rows: Range<Int>) -> [Bool] {
        lock.lock()
        defer { lock.unlock() }
        if rowOpacity.isEmpty { rowOpacity = [UInt8](repeating: 0, count: bitmap.height) }
        return rows.map { y in
            if rowOpacity[y] == 0 { rowOpacity[y] = bitmap.rowIsOpaque(y) ? 1 : 2 }
            return rowOpacity[y] == 1
        }
    }

    /// Level 0 is the image; level k is half of level k−1 (rounded up), averaged over
    /// 2×2 boxes (edge pixels repeated), down to 1×1.
    func mipmaps() -> [Bitmap] {
        lock.lock()
        defer { lock.unlock() }
        if levels.isEmpty {
            levels = [bitmap]
            var current = bitmap
            while current.width > 1 || current.height > 1 {
                guard let next = try? ImageSource.halve(current) else { break }
                levels.append(next)
                current = next
            }
        }
        return levels
    }

    /// The rounded mean of four packed pixels, per channel.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let lo: UInt32 = 0x00FF_00FF
        let rbSum: UInt32 = (a & lo) &+ (b & lo) &+ (c & lo) &+ (d & lo) &+ 0x0002_0002
        let agSum: UInt32 = ((a >> 8) & lo) &+ ((b >> 8) & lo) &+ ((c >> 8) & lo) &+ ((d >> 8) & lo) &+ 0x0002_0002
        return ((rbSum >> 2) & lo) | (((agSum >> 2) & lo) << 8)
    }

    static func halve(_ src: Bitmap) throws -> Bitmap {
        let w = (src.width + 1) / 2, h = (src.height + 1) / 2
        let dst = try Bitmap(width: w, height: h)
        for y in 0..<h {
            let r0 = src.row(min(2 * y, src.height - 1)), r1 = src.row(min(2 * y + 1, src.height - 1))
            let out = dst.row(y)
            for x in 0..<w {
                let x0 = min(2 * x, src.width - 1), x1 = min(2 * x + 1, src.width - 1)
                out[x] = average(r0[x0], r0[x1], r1[x0], r1[x1])
            }
        }
        return dst
    }
}

/// An image used as paint: `transform` maps image pixel coordinates to user space.
/// Outside the image the edge pixels repeat (`pad`), tile (`repeat`, `reflect`);
/// `decal` is transparent outside.
public struct ImagePattern: Hashable, Sendable {
    /// What lies outside the image: edge pixels repeated (`pad`), tiles (`repeat`), tiles
    /// mirrored every other copy (`reflect`), or transparency (`decal`).
    public enum Tiling: String, Hashable, Sendable { case pad, `repeat`, reflect, decal }

    /// The image sampled.
    public var source: ImageSource
    /// Maps image pixel coordinates (origin at the top-left corner) to user space.
    public var transform: Transform
    /// How the image is sampled between its pixels.
    public var filter: ImageFilter
    /// What lies outside the image.
    public var tiling: Tiling
    /// Extra opacity applied to every sample (0...1).
    public var opacity: Double

    /// Defaults: image pixels in user space, smooth sampling, edges padded, fully opaque.
    public init(source: ImageSource, transform: Transform = .identity, filter: ImageFilter = .smooth,
                tiling: Tiling = .pad, opacity: Double = 1) {
        self.source = source
        self.transform = transform
        self.filter = filter
        self.tiling = tiling
        self.opacity = opacity
    }
}
