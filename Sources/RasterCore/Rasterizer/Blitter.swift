/// The one interface between scan conversion and pixels.
///
/// A scan converter reports coverage row by row and never touches pixels; a blitter
/// turns coverage into pixels (painting a bitmap, writing a mask). Calls for one row
/// come in increasing `x` and never overlap; rows come in no set order (rows that
/// repeat one row's coverage are made after the others).
public protocol Blitter {
    /// Pixels `x ..< x + count` of row `y` are all covered by `alpha` (1...255).
    mutating func blitSpan(y: Int, x: Int, count: Int, alpha: UInt8)
    /// Pixels `x ..< x + alphas.count` of row `y` have the given coverages (0...255).
    mutating func blitRun(y: Int, x: Int, alphas: UnsafeBufferPointer<UInt8>)
    /// A hint that pixels `x ..< x + count` of row `y` will be written soon; changes no
    /// pixel.
    func prefetch(y: Int, x: Int, count: Int)
    /// The longest stretch of one coverage between two runs of a row that the blitter
    /// would rather get inside one longer run than as a span of its own: 0 for never, at
    /// most 8 taken.
    /// Joining must change no pixel; it saves calls where runs are short (thin strokes).
    var joinedGapLimit: Int { get }
}

extension Blitter {
    public func prefetch(y: Int, x: Int, count: Int) {}
    public var joinedGapLimit: Int { 0 }
}
