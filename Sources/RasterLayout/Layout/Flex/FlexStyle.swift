import RasterCore

/// A CSS length: points, a percentage of the containing block's size, or `auto`.
public enum Dimension: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    case auto
    case points(Double)
    /// A fraction (0.5 is 50 %).
    case percent(Double)

    /// The length against `base` (nil when auto, or a percentage of an unknown size).
    /// A percentage lands on the fixed-point grid (truncated).
    func resolve(_ base: Double?) -> Double? {
        switch self {
        case .auto: return nil
        case .points(let v): return v
        case .percent(let f): return base.map { FixedPoint.truncated($0 * f) }
        }
    }

    /// As `resolve`, with 0 for what does not resolve.
    func resolveOrZero(_ base: Double?) -> Double { resolve(base) ?? 0 }

    var isAuto: Bool { self == .auto }
    @inlinable package var isPercent: Bool { if case .percent = self { true } else { false } }

    public var description: String {
        switch self {
        case .auto: return "auto"
        case .points(let v): return NumberText.written(v)
        case .percent(let f): return NumberText.written(f * 100) + "%"
        }
    }
}

/// Four CSS lengths, one per edge (margins, insets).
public struct DimensionEdges: Hashable, Sendable {
    /// The length at each edge.
    public var top: Dimension, left: Dimension, bottom: Dimension, right: Dimension

    /// Edges not given are `auto`.
    public init(top: Dimension = .auto, left: Dimension = .auto, bottom: Dimension = .auto, right: Dimension = .auto) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// 0 points at every edge (the default margins).
    public static let zero = DimensionEdges(top: .points(0), left: .points(0), bottom: .points(0), right: .points(0))
    /// `auto` at every edge (the default insets).
    public static let auto = DimensionEdges()
}

/// The CSS box of a flex container or item: `width`/`height` and their limits (of the
/// border box: padding is inside), padding, `aspect-ratio` and whether overflow is
/// clipped (a clipped item's automatic minimum size is 0).
public struct BoxStyle: Hashable, Sendable {
    /// CSS `width`.
    public var width: Dimension = .auto
    /// CSS `height`.
    public var height: Dimension = .auto
    /// CSS `min-width`; `auto` gives flex items their automatic minimum.
    public var minWidth: Dimension = .auto
    /// CSS `min-height`; `auto` gives flex items their automatic minimum.
    public var minHeight: Dimension = .auto
    /// CSS `max-width`; `auto` for no limit.
    public var maxWidth: Dimension = .auto
    /// CSS `max-height`; `auto` for no limit.
    public var maxHeight: Dimension = .auto
    /// The padding inside the box, in points.
    public var padding = EdgeInsets.zero
    /// When true, `padding.left` is the leading edge (CSS `padding-inline-start`) and
    /// `padding.right` the trailing one, resolved by the box's layout direction.
    public var paddingFollowsLayoutDirection = false
    /// Width over height.
    public var aspectRatio: Double?
    /// CSS `overflow` other than `visible`: the content is clipped to the box.
    public var clipsContent = false

    /// Every parameter sets the property of the same name; the defaults are CSS's initial values.
    public init(width: Dimension = .auto, height: Dimension = .auto, minWidth: Dimension = .auto,
                minHeight: Dimension = .auto, maxWidth: Dimension = .auto, maxHeight: Dimension = .auto,
                padding: EdgeInsets = .zero, aspectRatio: Double? = nil, clipsContent: Bool = false) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.padding = padding
        self.aspectRatio = aspectRatio
        self.clipsContent = clipsContent
    }

    package func size(_ parent: OptionalSize) -> OptionalSize {
        OptionalSize(width.resolve(parent.width), height.resolve(parent.height))
    }
    /// True when the box has no size, limit or ratio of its own: laid out under its own
    /// styles or measured for its content alone (where the container applies them), it
    /// comes out alike, so one answer serves both sizing modes.
    package var sizesAlikeInEitherMode: Bool {
        width.isAuto && height.isAuto && minWidth.isAuto && minHeight.isAuto && maxWidth.isAuto && maxHeight.isAuto
            && aspectRatio == nil
    }
    /// `width` or `height` as written.
    func dimension(_ axis: Axis) -> Dimension { axis == .horizontal ? width : height }
    /// `min-width` or `min-height` as written.
    func minDimension(_ axis: Axis) -> Dimension { axis == .horizontal ? minWidth : minHeight }
    /// `max-width` or `max-height` as written.
    func maxDimension(_ axis: Axis) -> Dimension { axis == .horizontal ? maxWidth : maxHeight }
    /// Whether the size on `axis` is a percentage with nothing to resolve against (it
    /// behaves as auto, but is not auto: no automatic minimum comes with it).
    func isPercentOfOpen(_ axis: Axis, _ parent: OptionalSize) -> Bool {
        !dimension(axis).isAuto && size(parent)[axis] == nil
    }
    /// `min-*`: a percentage of an indefinite size is 0 (never auto, so it replaces the
    /// automatic minimum; CSS Box Sizing §5.2.1).
    package func minSize(_ parent: OptionalSize) -> OptionalSize {
        OptionalSize(minWidth.resolve(parent.width) ?? (minWidth.isAuto ? nil : 0),
                     minHeight.resolve(parent.height) ?? (minHeight.isAuto ? nil : 0))
    }
    package func maxSize(_ parent: OptionalSize) -> OptionalSize {
        OptionalSize(maxWidth.resolve(parent.width), maxHeight.resolve(parent.height))
    }
    var paddingSums: Size { Size(width: padding.horizontal, height: padding.vertical) }

    /// Sets the padding from insets that may follow the layout direction.
    public mutating func setPadding(_ insets: LayoutInsets) {
        padding = insets.insets
        paddingFollowsLayoutDirection = insets.followsLayoutDirection
    }

    /// The box with its padding physical in `direction`.
    package func resolved(for direction: LayoutDirection) -> BoxStyle {
        guard paddingFollowsLayoutDirection else { return self }
        var box = self
        box.padding = LayoutInsets(padding, followsLayoutDirection: true).resolved(for: direction)
        box.paddingFollowsLayoutDirection = false
        return box
    }

    /// `min-*` and `max-*`, with limits transferred through the aspect ratio into an
    /// axis whose size is auto and that has none of its own (CSS transfers limits into
    /// the ratio-dependent axis only), a transferred minimum no larger than that axis's
    /// own maximum and a transferred maximum no smaller than its own minimum.
    func limits(_ parent: OptionalSize) -> (min: OptionalSize, max: OptionalSize) {
        let lo = minSize(parent), hi = maxSize(parent)
        guard let ratio = aspectRatio else { return (lo, hi) }
        let own = size(parent)
        var tlo = lo, thi = hi
        if own.width == nil {
            if lo.width == nil, let h = lo.height { tlo.width = min(FixedPoint.width(ofHeight: h, ratio), hi.width ?? .infinity) }
            if hi.width == nil, let h = hi.height { thi.width = max(FixedPoint.width(ofHeight: h, ratio), lo.width ?? 0) }
        }
        if own.height == nil {
            if lo.height == nil, let w = lo.width { tlo.height = min(FixedPoint.height(ofWidth: w, ratio), hi.height ?? .infinity) }
            if hi.height == nil, let w = hi.width { thi.height = max(FixedPoint.height(ofWidth: w, ratio), lo.height ?? 0) }
        }
        return (tlo, thi)
    }

    /// `width`/`height`, a missing one transferred through the aspect ratio from the
    /// other as its limits clamp it (the ratio relates used sizes).
    func sizeWithRatio(_ parent: OptionalSize) -> OptionalSize {
        let own = size(parent)
        guard let ratio = aspectRatio else { return own }
        let used = own.clamped(minSize(parent), maxSize(parent))
        return OptionalSize(own.width ?? used.height.map { FixedPoint.width(ofHeight: $0, ratio) },
                            own.height ?? used.width.map { FixedPoint.height(ofWidth: $0, ratio) })
    }
}

/// How an item sits in its flex container: CSS `flex-grow`, `flex-shrink`,
/// `flex-basis`, `align-self`, `order`, `position`, insets and margins.
public struct FlexItemStyle: Hashable, Sendable {
    /// CSS `flex-grow`: the item's share of the line's positive free space.
    public var grow = 0.0
    /// CSS `flex-shrink`: how much the item gives up of negative free space, weighted by its base
    /// size.
    public var shrink = 1.0
    /// CSS `flex-basis`; `auto` uses the item's main size.
    public var basis = Dimension.auto
    /// nil: the container's `alignItems`.
    public var alignSelf: FlexAlign?
    /// CSS `order`: items are laid out by ascending order, ties in source order.
    public var order = 0
    /// CSS `position: absolute`: out of the flow, placed by `insets` against the
    /// container's padding box.
    public var isAbsolute = false
    /// `top`/`left`/`bottom`/`right` (auto where not set).
    public var insets = DimensionEdges.auto
    /// CSS margins; `auto` margins take up free space.
    public var margin = DimensionEdges.zero

    /// CSS's initial values: no grow, shrink 1, auto basis, in the flow.
    public init() {}
}

/// A flex container's own properties.
public struct FlexContainerStyle: Hashable, Sendable {
    /// CSS `flex-direction`: the main axis and which way items run along it.
    public var direction = FlexDirection.row
    /// CSS `flex-wrap`: one line, or several when the items overflow.
    public var wrap = FlexWrap.noWrap
    /// CSS `justify-content`: where a line's free space goes along the main axis.
    public var justify = FlexJustify.start
    /// CSS `align-items`: the cross-axis alignment of items without `alignSelf`.
    public var alignItems = FlexAlign.stretch
    /// CSS `align-content`: how the lines share the cross-axis free space.
    public var alignContent = FlexAlignContent.stretch
    /// CSS `row-gap`: between lines of a row, between items of a column.
    public var rowGap = Dimension.points(0)
    /// CSS `column-gap`.
    public var columnGap = Dimension.points(0)

    /// CSS's initial values: a row that does not wrap, items stretched, no gaps.
    public init() {}

    var isRow: Bool { direction == .row || direction == .rowReverse }
    var isReverse: Bool { direction == .rowReverse || direction == .columnReverse }
    var mainAxis: Axis { isRow ? .horizontal : .vertical }
}

// MARK: - What reads definiteness

// A node reads how definite its known sizes are through its styles where a percentage
// resolves against a definite size (and behaves as auto in an open one), an aspect ratio
// carries a definite size across, or an absolutely positioned box is placed against its
// container's sizes; and through its children's styles and layouts. One whose subtree
// reads none lays out alike however definite its sizes are (`FlexCache.store`'s
// `definitenessAlike`).

extension DimensionEdges {
    @inlinable package var hasPercent: Bool { top.isPercent || left.isPercent || bottom.isPercent || right.isPercent }
}

extension BoxStyle {
    /// A percentage size or limit, or an aspect ratio (padding is in points).
    @inlinable package var readsDefiniteness: Bool {
        aspectRatio != nil || width.isPercent || height.isPercent || minWidth.isPercent || minHeight.isPercent
            || maxWidth.isPercent || maxHeight.isPercent
    }
}

extension FlexItemStyle {
    /// A percentage basis, margin or inset, or absolute positioning.
    @inlinable package var readsDefiniteness: Bool {
        isAbsolute || basis.isPercent || margin.hasPercent || insets.hasPercent
    }
}

extension FlexContainerStyle {
    /// A percentage gap.
    @inlinable package var readsDefiniteness: Bool { rowGap.isPercent || columnGap.isPercent }
}
