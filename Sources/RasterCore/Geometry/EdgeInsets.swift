/// Distances inward from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

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

    public static let zero = EdgeInsets()

    public var horizontal: Double { left + right }
    public var vertical: Double { top + bottom }
}

/// Insets as a scene or a component gives them: physical (`left`/`right`), or by
/// reading direction (`leading`/`trailing`, SwiftUI's `EdgeInsets` and UIKit's
/// directional insets), in which case `insets.left` is the leading edge and
/// `insets.right` the trailing one until resolved for a layout direction.
public struct LayoutInsets: Hashable, Sendable {
    public var insets: EdgeInsets
    public var followsLayoutDirection: Bool

    public init(_ insets: EdgeInsets, followsLayoutDirection: Bool = false) {
        self.insets = insets
        self.followsLayoutDirection = followsLayoutDirection
    }

    /// Insets by reading direction.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.init(EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing), followsLayoutDirection: true)
    }

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
