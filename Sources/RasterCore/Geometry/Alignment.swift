/// Where content sits inside a larger box (the ZStack alignment names).
public struct Alignment: Hashable, Sendable {
    /// 0 = leading/top, 0.5 = centre, 1 = trailing/bottom.
    public var x: Double
    public var y: Double

    public static let names: [String: Alignment] = [
        "center": .init(x: 0.5, y: 0.5), "topLeading": .init(x: 0, y: 0), "top": .init(x: 0.5, y: 0),
        "topTrailing": .init(x: 1, y: 0), "leading": .init(x: 0, y: 0.5), "trailing": .init(x: 1, y: 0.5),
        "bottomLeading": .init(x: 0, y: 1), "bottom": .init(x: 0.5, y: 1), "bottomTrailing": .init(x: 1, y: 1),
    ]
    public static let center = Alignment(x: 0.5, y: 0.5)
    public static let topLeading = Alignment(x: 0, y: 0)
    public static let top = Alignment(x: 0.5, y: 0)
    public static let topTrailing = Alignment(x: 1, y: 0)
    public static let leading = Alignment(x: 0, y: 0.5)
    public static let trailing = Alignment(x: 1, y: 0.5)
    public static let bottomLeading = Alignment(x: 0, y: 1)
    public static let bottom = Alignment(x: 0.5, y: 1)
    public static let bottomTrailing = Alignment(x: 1, y: 1)

    /// The alignment in `direction`: leading and trailing swap right to left.
    public func resolved(for direction: LayoutDirection) -> Alignment {
        direction == .rightToLeft ? Alignment(x: 1 - x, y: y) : self
    }
}
