/// Exact 8-bit arithmetic shared by every compositing loop.
///
/// All products of two 8-bit values are divided by 255 with round-to-nearest, using the
/// identity round(x / 255) = (x + 128 + ((x + 128) >> 8)) >> 8 for 0 <= x <= 255·255.
/// The packed forms work on two channels at once in the 16-bit lanes of a 32-bit word
/// (R and B in one word, G and A in the other), so loops over pixels stay branch-free
/// and vectorise.
public enum PixelMath {
    /// round(a · b / 255), exact for all 8-bit inputs.
    @inlinable @inline(__always)
    public static func mulDiv255(_ a: UInt8, _ b: UInt8) -> UInt8 {
        let x = UInt32(a) * UInt32(b) + 128
        return UInt8(truncatingIfNeeded: (x + (x >> 8)) >> 8)
    }

    /// round(a · b / 255) for `a`, `b` in 0...255, kept in 32 bits.
    @inlinable @inline(__always)
    public static func mulDiv255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let x = a &* b &+ 128
        return (x &+ (x >> 8)) >> 8
    }

    /// Every channel of a packed premultiplied pixel times `scale` / 255, rounded.
    @inlinable @inline(__always)
    public static func scale(_ p: UInt32, by scale: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* scale &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* scale &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over of packed premultiplied pixels: s + d · (255 − s.alpha) / 255.
    /// Cannot overflow for premultiplied inputs.
    @inlinable @inline(__always)
    public static func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, by: 255 &- (s >> 24))
    }

    /// Linear interpolation from `d` to `s` by `t`/255 per channel (used for coverage
    /// with the `source` operator).
    @inlinable @inline(__always)
    public static func lerp(_ d: UInt32, _ s: UInt32, _ t: UInt32) -> UInt32 {
        scale(s, by: t) &+ scale(d, by: 255 &- t)
    }

    /// (a·w + b·(255 − w)) / 255 per channel, rounded once: `lerp` with a single rounding
    /// (exact to the nearest step, where two roundings can be one step off).
    @inlinable @inline(__always)
    public static func mix(_ a: UInt32, _ b: UInt32, weight w: UInt32) -> UInt32 {
        let iw = 255 &- w
        var rb = (a & 0x00FF_00FF) &* w &+ (b & 0x00FF_00FF) &* iw &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((a >> 8) & 0x00FF_00FF) &* w &+ ((b >> 8) & 0x00FF_00FF) &* iw &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// `mulDiv255` on eight lanes at once.
    @inlinable @inline(__always)
    public static func mulDiv255(_ a: SIMD8<UInt32>, _ b: UInt32) -> SIMD8<UInt32> {
        let x = a &* b &+ 128
        return (x &+ (x &>> 8)) &>> 8
    }

    /// `scale` on eight pixels at once (the same integers), for scales up to 256.
    ///
    /// The products are taken in 16-bit lanes: each half of a 32-bit word holds one
    /// channel (at most 255) times the scale, at most 65,280, so no carry crosses into
    /// the other half and the words are those of the 32-bit products, at half the cost.
    @inlinable @inline(__always)
    public static func scale(_ p: SIMD8<UInt32>, by scale: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let mask = SIMD8<UInt32>(repeating: 0x00FF_00FF), half = SIMD8<UInt32>(repeating: 0x0080_0080)
        let s = unsafeBitCast(scale | (scale &<< 16), to: SIMD16<UInt16>.self)
        func times(_ x: SIMD8<UInt32>) -> SIMD8<UInt32> {
            unsafeBitCast(unsafeBitCast(x, to: SIMD16<UInt16>.self) &* s, to: SIMD8<UInt32>.self)
        }
        var rb = times(p & mask) &+ half
        rb = ((rb &+ ((rb &>> 8) & mask)) &>> 8) & mask
        var ag = times((p &>> 8) & mask) &+ half
        ag = (ag &+ ((ag &>> 8) & mask)) & SIMD8<UInt32>(repeating: 0xFF00_FF00)
        return rb | ag
    }

    /// `sourceOver` on eight pixels at once.
    @inlinable @inline(__always)
    public static func sourceOver(_ s: SIMD8<UInt32>, _ d: SIMD8<UInt32>) -> SIMD8<UInt32> {
        s &+ scale(d, by: SIMD8<UInt32>(repeating: 255) &- (s &>> 24))
    }
}
