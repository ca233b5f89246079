/// Numbers as people write them in scene files and messages.
package enum NumberText {
    /// `d` without a fraction when it is whole ("12", "-3", "0.5", "1e+20").
    package static func written(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
