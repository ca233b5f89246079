/// Which regions of a self-overlapping path are inside.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
