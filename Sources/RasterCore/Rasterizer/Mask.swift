/// An 8-bit coverage mask placed at `rect` in device space (clip masks, shadow masks).
///
/// Invariant: `storage.count == rect.width * rect.height`; row `y` of the mask holds
/// device row `rect.y0 + y`. Pixels outside `rect` have coverage 0.
public struct Mask: Sendable {
    /// Where the mask lies, in device pixels.
    public let rect: PixelRect
    /// Coverage 0...255, row-major, `rect.width` values per row; its count must stay
    /// `rect.width * rect.height`.
    public var storage: [UInt8]

    /// A mask over `rect` with every coverage `value` (0 by default: nothing covered).
    public init(rect: PixelRect, value: UInt8 = 0) {
        self.rect = rect
        storage = [UInt8](repeating: value, count: rect.width * rect.height)
    }

    /// A mask over existing coverage; `storage.count` must be `rect.width * rect.height`.
    package init(rect: PixelRect, storage: [UInt8]) {
        precondition(storage.count == rect.width * rect.height, "mask storage does not match its rectangle")
        self.rect = rect
        self.storage = storage
    }

    /// Coverage at device pixel (x, y), 0 outside the mask.
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= rect.x0, x < rect.x1, y >= rect.y0, y < rect.y1 else { return 0 }
        return storage[(y - rect.y0) * rect.width + (x - rect.x0)]
    }

    /// Multiplies every coverage by `other`'s at the same device pixel.
    public mutating func intersect(with other: Mask) {
        let w = rect.width
        storage.withUnsafeMutableBufferPointer { mine in
            other.storage.withUnsafeBufferPointer { theirs in
                for y in rect.y0..<rect.y1 {
                    let row = (y - rect.y0) * w
                    if y < other.rect.y0 || y >= other.rect.y1 {
                        for x in 0..<w { mine[row + x] = 0 }
                        continue
                    }
                    let orow = (y - other.rect.y0) * other.rect.width
                    for x in rect.x0..<rect.x1 {
                        let m = x >= other.rect.x0 && x < other.rect.x1 ? theirs[orow + x - other.rect.x0] : 0
                        mine[row + x - rect.x0] = PixelMath.mulDiv255(mine[row + x - rect.x0], m)
                    }
                }
            }
        }
    }
}

/// Writes coverage into a mask, replacing what is there (`accumulate` adds instead,
/// saturating at 255).
public struct MaskBlitter: Blitter {
    /// The mask written into; spans must lie inside `mask.rect`.
    public var mask: Mask
    /// True to add coverage to what is there (capped at 255) instead of replacing it.
    public var accumulate: Bool

    /// Writes into `mask`, replacing its coverage unless `accumulate` is true.
    public init(mask: Mask, accumulate: Bool = false) {
        self.mask = mask
        self.accumulate = accumulate
    }

    public mutating func blitSpan(y: Int, x: Int, count: Int, alpha: UInt8) {
        let r = mask.rect
        let start = (y - r.y0) * r.width + (x - r.x0)
        let acc = accumulate
        mask.storage.withUnsafeMutableBufferPointer { m in
            for i in start..<(start + count) {
                m[i] = acc ? UInt8(min(255, Int(m[i]) + Int(alpha))) : alpha
            }
        }
    }

    public mutating func blitRun(y: Int, x: Int, alphas: UnsafeBufferPointer<UInt8>) {
        let r = mask.rect
        let start = (y - r.y0) * r.width + (x - r.x0)
        let acc = accumulate
        mask.storage.withUnsafeMutableBufferPointer { m in
            for i in 0..<alphas.count {
                m[start + i] = acc ? UInt8(min(255, Int(m[start + i]) + Int(alphas[i]))) : alphas[i]
            }
        }
    }
}
