import CKernels

/// Pixel storage shared by a bitmap and its views.
@usableFromInline
final class PixelStorage: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<UInt32>
    @usableFromInline let count: Int

    /// `count` transparent pixels. They come zeroed from `calloc`, which takes a large
    /// block's pages zeroed from the system instead of writing them.
    init(count: Int) {
        self.count = count
        guard let memory = calloc(max(count, 1), MemoryLayout<UInt32>.stride) else {
            preconditionFailure("out of memory for \(count) pixels")
        }
        base = memory.bindMemory(to: UInt32.self, capacity: max(count, 1))
    }

    deinit { free(base) }
}

/// An image in premultiplied RGBA8: bytes R, G, B, A per pixel, rows `stride` pixels apart.
///
/// A `Bitmap` is a view: copies of the value and sub-bitmap views share pixels (drawing
/// into a view draws into its parent). Use `copy()` for independent pixels.
///
/// Invariants: `width, height >= 0`; `stride >= width`; every pixel of the view lies
/// inside the storage; channels are premultiplied (each colour channel at most alpha).
/// Sharing one bitmap between threads that write overlapping pixels is the caller's
/// responsibility.
public struct Bitmap: @unchecked Sendable {
    @usableFromInline let storage: PixelStorage
    /// Offset of pixel (0, 0) in the storage, in pixels.
    @usableFromInline let offset: Int
    /// Width in pixels; never negative.
    public let width: Int
    /// Height in pixels (rows); never negative.
    public let height: Int
    /// Distance between rows, in pixels.
    public let stride: Int

    /// The largest bitmap this library allocates, in pixels (256 Mpx, 1 GiB).
    public static let maxPixelCount = 1 << 28

    /// The most pixels an image read from a file, or a scene's canvas, may have (100
    /// million, 400 MB as premultiplied RGBA): decoders refuse a larger file before they
    /// take pixel memory, and a scene refuses a larger canvas before drawing.
    public static let maxImagePixels = 100_000_000

    /// A transparent bitmap.
    /// - Throws: `RasterError.imageTooLarge` for negative or absurd sizes.
    public init(width: Int, height: Int) throws {
        guard width >= 0, height >= 0 else {
            throw RasterError.invalidSize("bitmap size \(width)x\(height) is negative")
        }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= Bitmap.maxPixelCount else {
            throw RasterError.imageTooLarge(width: width, height: height, limit: Bitmap.maxPixelCount)
        }
        storage = PixelStorage(count: count)
        offset = 0
        self.width = width
        self.height = height
        stride = width
    }

    /// A bitmap filled with `color`.
    public init(width: Int, height: Int, color: PremultipliedColor) throws {
        try self.init(width: width, height: height)
        fill(color)
    }

    init(storage: PixelStorage, offset: Int, width: Int, height: Int, stride: Int) {
        self.storage = storage
        self.offset = offset
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// The whole bitmap as a pixel rectangle at (0, 0).
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// A view of the pixels in `rect` (clamped to the bitmap) sharing this bitmap's storage.
    public func view(_ rect: PixelRect) -> Bitmap {
        let r = rect.intersection(bounds)
        return Bitmap(storage: storage, offset: offset + r.y0 * stride + r.x0,
                      width: r.width, height: r.height, stride: stride)
    }

    /// Independent pixels with the same content (stride equals width).
    public func copy() -> Bitmap {
        let out = Bitmap(storage: PixelStorage(count: width * height), offset: 0,
                         width: width, height: height, stride: width)
        for y in 0..<height {
            out.row(y).update(from: row(y), count: width)
        }
        return out
    }

    /// The first pixel of row `y` (packed premultiplied RGBA, little-endian words).
    /// - Precondition: `0 <= y < height`.
    @inlinable @inline(__always)
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        storage.base + (offset + y * stride)
    }

    /// Whether every pixel of row `y` has alpha 255.
    /// - Precondition: `0 <= y < height`.
    package func rowIsOpaque(_ y: Int) -> Bool {
        let pixels = row(y)
        var alphas: UInt32 = 0xFF00_0000
        for x in 0..<width { alphas &= pixels[x] }
        return alphas == 0xFF00_0000
    }

    public subscript(x: Int, y: Int) -> PremultipliedColor {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            return PremultipliedColor(packed: row(y)[x])
        }
        nonmutating set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            row(y)[x] = newValue.packed
        }
    }

    /// Sets every pixel of the view.
    public func fill(_ color: PremultipliedColor) {
        let v = color.packed
        if v == (v & 0xFF) &* 0x0101_0101 {
            // One byte repeated (white, clear, opaque black is not): memset speed.
            for y in 0..<height { memset(row(y), Int32(v & 0xFF), width * 4) }
        } else {
            ck_fill_rows(row(0), stride, height, width, v)
        }
    }

    /// True when both have the same size and the same pixels.
    public func pixelsEqual(_ other: Bitmap) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height where memcmp(row(y), other.row(y), width * 4) != 0 { return false }
        return true
    }

    /// A bitmap from straight-alpha RGBA8 bytes (rows packed).
    public init(straightRGBA bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws {
        try self.init(width: width, height: height)
        precondition(bytes.count >= width * height * 4, "buffer too small for \(width)x\(height)")
        for y in 0..<height {
            let dst = row(y)
            var i = y * width * 4
            for x in 0..<width {
                let c = Color(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
                dst[x] = c.premultiplied.packed
                i += 4
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
