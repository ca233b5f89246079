/// A seeded 32-bit linear congruential generator (Numerical Recipes constants): the
/// benchmark suite's, exactly as the anchor workloads specify it so every implementation
/// draws the same scene, and the tests' source of reproducible inputs.
public struct LCG: Sendable {
    /// The last number drawn (the seed before the first).
    public private(set) var state: UInt32

    /// A generator whose first number follows `seed`.
    public init(seed: UInt32) { state = seed }

    /// The next state, which is the number drawn.
    public mutating func nextU32() -> UInt32 {
        state = 1_664_525 &* state &+ 1_013_904_223
        return state
    }

    /// In [0, 1).
    public mutating func nextF() -> Double { Double(nextU32()) / 4_294_967_296.0 }

    /// In [a, b).
    public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * nextF() }

    /// Inclusive integers.
    public mutating func randint(_ a: Int, _ b: Int) -> Int { a + Int((nextF() * Double(b - a + 1)).rounded(.down)) }
}
