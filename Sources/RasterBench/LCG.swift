/// The benchmark suite's 32-bit linear congruential generator (Numerical Recipes
/// constants), exactly as specified by the anchor workloads so every implementation
/// draws the same scene.
public struct LCG: Sendable {
    public private(set) var state: UInt32

    public init(seed: UInt32) { state = seed }

    public mutating func nextU32() -> UInt32 {
        state = 1_664_525 &* state &+ 1_013_904_223
        return state
    }

    /// In [0, 1).
    public mutating func nextF() -> Double { Double(nextU32()) / 4_294_967_296.0 }

    public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * nextF() }

    /// Inclusive integers.
    public mutating func randint(_ a: Int, _ b: Int) -> Int { a + Int((nextF() * Double(b - a + 1)).rounded(.down)) }

    public mutating func colorRGB() -> (UInt8, UInt8, UInt8) {
        let r = UInt8(randint(0, 255)), g = UInt8(randint(0, 255)), b = UInt8(randint(0, 255))
        return (r, g, b)
    }

    public mutating func colorRGBAHalf() -> Color255 {
        let (r, g, b) = colorRGB()
        return Color255(r: r, g: g, b: b, a: nextF() < 0.5 ? 255 : 128)
    }
}

/// A straight RGBA8 colour as the workloads specify them.
public struct Color255: Hashable, Sendable {
    public var r, g, b, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}
