/// The one interface between scan conversion and pixels.
///
/// A scan converter reports coverage row by row and never touches pixels; a blitter
/// turns coverage into pixels (painting a bitmap, writing a mask). Calls for one row
/// come in increasing `x` and never overlap; rows come in increasing `y`.
public protocol Blitter {
    /// Pixels `x ..< x + count` of row `y` are all covered by `alpha` (1...255).
    mutating func blitSpan(y: Int, x: Int, count: Int, alpha: UInt8)
    /// Pixels `x ..< x + alphas.count` of row `y` have the given coverages (0...255).
    mutating func blitRun(y: Int, x: Int, alphas: UnsafeBufferPointer<UInt8>)
    /// A hint that pixel (`x`, `y`) will be written soon; changes no pixel.
    func prefetch(y: Int, x: Int)
}

extension Blitter {
    public func prefetch(y: Int, x: Int) {}
}
