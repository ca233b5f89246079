/// Where content sits inside a larger box (the ZStack alignment names).
public struct Alignment: Hashable, Sendable {
    /// 0 = leading/top, 0.5 = centre, 1 = trailing/bottom.
    public var x: Double
    /// Vertically: 0 = top, 0.5 = centre, 1 = bottom.
    public var y: Double

    /// The nine alignments by their names in scene files (`"topLeading"`, `"center"`, …).
    public static let names: [String: Alignment] = [
        "center": .init(x: 0.5, y: 0.5), "topLeading": .init(x: 0, y: 0), "top": .init(x: 0.5, y: 0),
        "topTrailing": .init(x: 1, y: 0), "leading": .init(x: 0, y: 0.5), "trailing": .init(x: 1, y: 0.5),
        "bottomLeading": .init(x: 0, y: 1), "bottom": .init(x: 0.5, y: 1), "bottomTrailing": .init(x: 1, y: 1),
    ]
    /// Centred on both axes.
    public static let center = Alignment(x: 0.5, y: 0.5)
    /// The top-leading corner.
    public static let topLeading = Alignment(x: 0, y: 0)
    /// The top edge, centred horizontally.
    public static let top = Alignment(x: 0.5, y: 0)
    /// The top-trailing corner.
    public static let topTrailing = Alignment(x: 1, y: 0)
    /// The leading edge, centred vertically.
    public static let leading = Alignment(x: 0, y: 0.5)
    /// The trailing edge, centred vertically.
    public static let trailing = Alignment(x: 1, y: 0.5)
    /// The bottom-leading corner.
    public static let bottomLeading = Alignment(x: 0, y: 1)
    /// The bottom edge, centred horizontally.
    public static let bottom = Alignment(x: 0.5, y: 1)
    /// The bottom-trailing corner.
    public static let bottomTrailing = Alignment(x: 1, y: 1)

    /// The alignment in `direction`: leading and trailing swap right to left.
    public func resolved(for direction: LayoutDirection) -> Alignment {
        direction == .rightToLeft ? Alignment(x: 1 - x, y: y) : self
    }
}
