/// Seeded random inputs for tests: the 32-bit linear congruential recurrence of
/// `RasterBench`'s `LCG` (Numerical Recipes constants), so a seed draws the same numbers
/// there and here, without the lower modules' tests depending on the benchmarks.
package struct TestRandom {
    package private(set) var state: UInt32

    package init(seed: UInt32) { state = seed }

    package mutating func nextU32() -> UInt32 {
        state = 1_664_525 &* state &+ 1_013_904_223
        return state
    }

    /// An integer in `a...b`.
    package mutating func randint(_ a: Int, _ b: Int) -> Int {
        a + Int((Double(nextU32()) / 4_294_967_296.0 * Double(b - a + 1)).rounded(.down))
    }
}
