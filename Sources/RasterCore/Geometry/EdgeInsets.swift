/// Distances inward from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable, BitwiseCopyable {
    /// How far the top edge moves inward (down); negative moves it outward.
    public var top: Double
    /// How far the left edge moves inward (right); negative moves it outward.
    public var left: Double
    /// How far the bottom edge moves inward (up); negative moves it outward.
    public var bottom: Double
    /// How far the right edge moves inward (left); negative moves it outward.
    public var right: Double

    /// Insets per edge; edges left out get 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()

    /// `left + right`: the width the insets take.
    public var horizontal: Double { left + right }
    /// `top + bottom`: the height the insets take.
    public var vertical: Double { top + bottom }
}

/// Insets as a scene or a component gives them: physical (`left`/`right`), or by
/// reading direction (`leading`/`trailing`, SwiftUI's `EdgeInsets` and UIKit's
/// directional insets), in which case `insets.left` is the leading edge and
/// `insets.right` the trailing one until resolved for a layout direction.
public struct LayoutInsets: Hashable, Sendable {
    /// The four insets; when `followsLayoutDirection`, `left` is the leading edge and `right`
    /// the trailing one.
    public var insets: EdgeInsets
    /// True when `insets` are by reading direction, mirrored for right-to-left layout.
    public var followsLayoutDirection: Bool

    /// Wraps `insets`: physical unless `followsLayoutDirection` is true.
    public init(_ insets: EdgeInsets, followsLayoutDirection: Bool = false) {
        self.insets = insets
        self.followsLayoutDirection = followsLayoutDirection
    }

    /// Insets by reading direction.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.init(EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing), followsLayoutDirection: true)
    }

    /// No inset on any edge.
    public static let zero = LayoutInsets(.zero)

    /// The physical insets in `direction` (leading is the right edge right to left).
    public func resolved(for direction: LayoutDirection) -> EdgeInsets {
        guard followsLayoutDirection, direction == .rightToLeft else { return insets }
        return insets.mirrored
    }
}

extension EdgeInsets {
    /// Left and right swapped.
    public var mirrored: EdgeInsets { EdgeInsets(top: top, left: right, bottom: bottom, right: left) }
}
