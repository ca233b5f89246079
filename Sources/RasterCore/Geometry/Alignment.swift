/// Where content sits inside a larger box: one position per axis, as SwiftUI's
/// `Alignment` pairs a `HorizontalAlignment` with a `VerticalAlignment`. A stack
/// aligns its children on one axis (a `VStack` horizontally, an `HStack` vertically),
/// a frame or a ZStack on both.
///
/// Invariant: `x` and `y` are 0, 0.5 or 1: the fraction of the free room before the
/// content (leading or top, centre, trailing or bottom).
public struct Alignment: Hashable, Sendable {
    /// Where along the width.
    public var horizontal: HorizontalAlignment
    /// Where along the height.
    public var vertical: VerticalAlignment

    /// The alignment of `horizontal` and `vertical`.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The fraction of the free width before the content: 0 = leading, 0.5 = centre,
    /// 1 = trailing.
    public var x: Double { horizontal.rawValue }
    /// The fraction of the free height above the content: 0 = top, 0.5 = centre,
    /// 1 = bottom.
    public var y: Double { vertical.rawValue }

    /// The nine alignments by their names in scene files (`"topLeading"`, `"center"`, …).
    public static let names: [String: Alignment] = [
        "center": .center, "topLeading": .topLeading, "top": .top, "topTrailing": .topTrailing, "leading": .leading,
        "trailing": .trailing, "bottomLeading": .bottomLeading, "bottom": .bottom, "bottomTrailing": .bottomTrailing,
    ]
    /// Centred on both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// The top-leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// The top edge, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// The top-trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// The leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// The trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// The bottom-leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// The bottom edge, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// The bottom-trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// The alignment in `direction`: leading and trailing swap right to left.
    public func resolved(for direction: LayoutDirection) -> Alignment {
        Alignment(horizontal: horizontal.resolved(for: direction), vertical: vertical)
    }
}

/// Where along a width: an `Alignment`'s horizontal half, and a `VStack`'s alignment of
/// its children. The cases carry ComponentFlow's names (its `VStack` switches over
/// `left`, `center` and `right`); SwiftUI's `leading` and `trailing` are synonyms. Both
/// name the reading direction's edges: `left` is the right edge right to left, as in
/// ComponentFlow.
///
/// Invariant: the raw value is the fraction of the free room before the content.
public enum HorizontalAlignment: Double, Hashable, Sendable, CaseIterable {
    case left = 0, center = 0.5, right = 1
    /// SwiftUI's name for `left`: the edge lines start from.
    public static var leading: HorizontalAlignment { .left }
    /// SwiftUI's name for `right`: the edge lines end at.
    public static var trailing: HorizontalAlignment { .right }

    /// The alignment in `direction`: leading and trailing swap right to left.
    public func resolved(for direction: LayoutDirection) -> HorizontalAlignment {
        guard direction == .rightToLeft else { return self }
        switch self {
        case .left: return .right
        case .center: return .center
        case .right: return .left
        }
    }
}

/// Where along a height: an `Alignment`'s vertical half, and an `HStack`'s alignment of
/// its children.
///
/// Invariant: the raw value is the fraction of the free room above the content.
public enum VerticalAlignment: Double, Hashable, Sendable, CaseIterable {
    case top = 0, center = 0.5, bottom = 1
}
