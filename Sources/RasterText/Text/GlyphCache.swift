import RasterCore


/// Rasterized glyphs keyed by face, pixel size, glyph and subpixel offset, bounded in
/// memory. Thread-safe; `shared` serves every canvas.
///
/// Eviction is generational (`GenerationalCache`, costed in bytes), so the cache never
/// holds more than `budget` bytes (plus one glyph) and a hit costs one hash lookup.
/// Rasterizing a miss happens outside the lock.
public final class GlyphCache: Sendable {
    /// Horizontal glyph positions are quantised to this many steps per pixel.
    public static let subpixelSteps = 4

    /// Glyphs larger than this (pixels to the em) are filled as outlines, not cached.
    public static let maxCachedPixelSize = 256.0

    /// The cache text drawing uses: up to 32 MiB of glyph images.
    public static let shared = GlyphCache(budget: 32 << 20)

    struct Key: Hashable {
        var face: Int
        /// Pixel size in 1/64 pixel.
        var size: Int32
        var glyph: UInt32
        var subpixel: Int32
    }

    private struct State {
        var images: GenerationalCache<Key, GlyphImage>
        var hits = 0
        var misses = 0
    }

    /// The most bytes of glyph images held.
    public let budget: Int
    private let state: Locked<State>

    /// `budget` in bytes, raised to at least 64 KB.
    public init(budget: Int) {
        self.budget = max(budget, 1 << 16)
        state = Locked(State(images: GenerationalCache(limit: self.budget)))
    }

    /// Entries, bytes held, hits and misses so far.
    public var statistics: (entries: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { ($0.images.count, $0.images.cost, $0.hits, $0.misses) }
    }

    /// Drops every glyph image and resets the hit and miss counts.
    public func removeAll() {
        let budget = self.budget
        state.withLock { $0 = State(images: GenerationalCache(limit: budget)) }
    }

    static func key(face: FontFace, glyph: UInt32, pixelSize: Double, subpixel: Int) -> Key {
        Key(face: face.id, size: Int32((pixelSize * 64).rounded()), glyph: glyph,
            subpixel: face.isColor ? 0 : Int32(subpixel))
    }

    /// Fills `images[i]` with the glyph for `keys[i]`, rasterizing the misses with `face`.
    func images(_ keys: [Key], face: FontFace, pixelSize: Double, into images: inout [GlyphImage?]) {
        images.removeAll(keepingCapacity: true)
        var missing: [Int] = []
        state.withLock { s in
            for (i, key) in keys.enumerated() {
                let image = s.images.value(for: key)
                images.append(image)
                if image == nil { missing.append(i) }
            }
            s.hits += keys.count - missing.count
            s.misses += missing.count
        }
        guard !missing.isEmpty else { return }
        var made: [Key: GlyphImage] = [:]
        for i in missing {
            let key = keys[i]
            if let image = made[key] {
                images[i] = image
                continue
            }
            let image = face.rasterize(key.glyph, pixelSize: pixelSize, subpixel: Int(key.subpixel))
            made[key] = image
            images[i] = image
        }
        state.withLock { s in
            for (key, image) in made where !s.images.contains(key) {
                s.images.insert(image, for: key, cost: image.byteCount)
            }
        }
    }
}
