import RasterCore

/// CSS Flexible Box Layout Level 1, §9 (the flex layout algorithm), for one container
/// and its direct children, with the refinements Chrome, Firefox and Taffy agree on
/// (noted where the spec says otherwise). The steps are functions named after the
/// spec's; their numbers are the spec's.
///
/// Sizes are border boxes unless a name says `inner` (content box) or `outer` (with
/// margins). Nothing is rounded here (see `PixelSnapping`).
struct FlexContainerAlgorithm {
    typealias Node = AnyObject

    /// The working values of one item (the spec's flex item). Plain data, copied
    /// bit for bit: items live only while `run` does, and the tree holds their nodes
    /// for all of it, so an item does not retain its node, and its room is let go
    /// without deinitializing it.
    struct Item: BitwiseCopyable {
        unowned(unsafe) let node: Node
        /// Its `width` or `height` along the main axis and across, and its main-axis
        /// `min-*`, as written (the rest of its box is resolved into the values below).
        let mainDimension: Dimension
        let crossDimension: Dimension
        let minMainDimension: Dimension
        /// Its `flex-basis` as written.
        let basis: Dimension
        /// The item's `width`/`height`, the missing one transferred through its aspect
        /// ratio.
        var size: OptionalSize
        /// Its `width`/`height` as specified (without the ratio's transfer).
        var specifiedSize: OptionalSize
        var aspectRatio: Double?
        /// Its own `min-*`/`max-*` (without the limits the ratio transfers).
        var ownMinSize: OptionalSize
        var ownMaxSize: OptionalSize
        /// True when its flex base size is a length (its basis or its own main size), not
        /// its content's: its main size is then definite (as Chrome treats it).
        var hasDefiniteBasis = false
        var minSize: OptionalSize
        var maxSize: OptionalSize
        var alignSelf: FlexAlign
        var clips: Bool
        var grow: Double
        var shrink: Double
        var inset: (top: Double?, left: Double?, bottom: Double?, right: Double?)
        var margin: EdgeInsets
        var marginIsAuto: (top: Bool, left: Bool, bottom: Bool, right: Bool)
        var padding: EdgeInsets
        var flexBasis = 0.0
        var innerFlexBasis = 0.0
        /// The used minimum main size, content-based when `min-*` is auto; NaN while
        /// that content is not measured yet (see `measuredMinimumMainSize`).
        var resolvedMinimumMainSize = 0.0
        /// At least the used minimum main size, known without measuring (infinite when
        /// nothing bounds it but the measuring).
        var minimumBound = Double.infinity
        /// The room across and the known sizes the content minimum is measured in, as
        /// the flex base size step found them.
        var minimumSpace = AvailableSpace.maxContent
        var minimumKnown = OptionalSize.none
        var violation = 0.0
        var frozen = false
        var hypotheticalInnerSize = Size.zero
        var hypotheticalOuterSize = Size.zero
        var targetSize = Size.zero
        var outerTargetSize = Size.zero
        var baseline = 0.0
        /// True when the item takes part in its line's baseline alignment.
        var alignsBaseline = false
        var offsetMain = 0.0
        var offsetCross = 0.0
    }

    struct Line: BitwiseCopyable {
        /// Its items (`range`), as two integers: `Range` is not bitwise copyable.
        private let start: Int, end: Int
        var range: Range<Int> { start..<end }
        var crossSize = 0.0
        var offsetCross = 0.0

        init(range: Range<Int>) {
            start = range.lowerBound
            end = range.upperBound
        }
    }

    let tree: any FlexLayoutTree
    /// The entry points over the tree, kept (not made per use: making one copies the
    /// tree's existential, and letting it go destroys the copy).
    let layout: FlexLayout
    let node: Node
    let input: FlexInput
    /// Right to left (CSS `direction: rtl`): the algorithm runs on the container
    /// mirrored (left and right insets, margins and padding swapped) and its frames are
    /// mirrored back, so a row's main start and a column's cross start are on the right.
    let isRightToLeft: Bool
    let style: FlexContainerStyle
    let box: BoxStyle

    // The spec's constants for this container.
    let dir: Axis
    let cross: Axis
    let isWrap: Bool
    let isWrapReverse: Bool
    /// `min-*` (and those the aspect ratio transfers); across the main axis also the
    /// size the ratio makes of the main size, once that is settled.
    var minSize: OptionalSize
    let maxSize: OptionalSize
    let padding: EdgeInsets
    let margin: EdgeInsets
    var gap: Size
    let alignItems: FlexAlign
    var nodeOuterSize: OptionalSize
    var nodeInnerSize: OptionalSize
    /// The content box where it is definite (§9.8): the items' percentages resolve
    /// against it, and behave as auto where it is not.
    var percentBase: OptionalSize
    var containerSize = Size.zero
    var innerContainerSize = Size.zero
    /// The items, in room `run` takes for the run alone (on the stack where it fits):
    /// an algorithm value is used inside the `run` call that fills it and never after.
    var items = UnsafeMutableBufferPointer<Item>(start: nil, count: 0)
    /// The flex lines, in room for as many lines as items (one when there are none).
    var lines = UnsafeMutableBufferPointer<Line>(start: nil, count: 0)
    /// Room for the lines `run` takes; `lines` is its start.
    var lineRoom = UnsafeMutableBufferPointer<Line>(start: nil, count: 0)

    init(tree: any FlexLayoutTree, node: Node, input: FlexInput) {
        self.tree = tree
        layout = FlexLayout(tree: tree)
        self.node = node
        self.input = input
        let own = tree.container(node)
        let style = own.style
        isRightToLeft = own.direction == .rightToLeft
        var box = own.box
        if isRightToLeft { box.padding = box.padding.mirrored }
        self.style = style
        self.box = box
        dir = style.mainAxis
        cross = dir.cross
        isWrap = style.wrap != .noWrap
        isWrapReverse = style.wrap == .wrapReverse
        let parent = input.parentSize
        padding = box.padding
        let marginStyle = own.margin
        margin = EdgeInsets(top: marginStyle.top.resolveOrZero(parent.width), left: marginStyle.left.resolveOrZero(parent.width),
                            bottom: marginStyle.bottom.resolveOrZero(parent.width),
                            right: marginStyle.right.resolveOrZero(parent.width))
        // Measured for its content (`content` mode), its own limits do not apply: the
        // container that measures it applies them.
        let inherent = input.sizingMode == .inherent
        let limits = box.limits(parent)
        minSize = inherent ? limits.min : .none
        maxSize = inherent ? limits.max : .none
        alignItems = style.alignItems

        let styled = Self.styledSize(box, input: input, minSize: minSize, maxSize: maxSize)
        var minMax = OptionalSize.none
        for axis in [Axis.horizontal, .vertical] {
            if let lo = minSize[axis], let hi = maxSize[axis], hi <= lo { minMax[axis] = lo }
        }
        let known = input.known.or(minMax.or(styled).atLeast(box.paddingSums))
        nodeOuterSize = known
        nodeInnerSize = OptionalSize(known.width.map { $0 - box.padding.horizontal },
                                     known.height.map { $0 - box.padding.vertical })
        let definiteWithRatio = Self.definiteSize(box, input: input, styled: styled, limits: limits)
        percentBase = OptionalSize(definiteWithRatio.width.map { max($0 - box.padding.horizontal, 0) },
                                   definiteWithRatio.height.map { max($0 - box.padding.vertical, 0) })
        // Percentage gaps resolve against a definite content box, else to 0 (Chrome).
        let gapBase = OptionalSize(percentBase.width ?? 0, percentBase.height ?? 0)
        gap = Size(width: style.columnGap.resolveOrZero(gapBase.width), height: style.rowGap.resolveOrZero(gapBase.height))
    }

    /// The container's size where its styles decide it (its size clamped by its
    /// limits), nil on an axis they leave open. A size the ratio gives, where the box
    /// has no size or minimum of its own, is a preferred size that its content may
    /// raise (the automatic minimum): the algorithm settles it (`ratioMainSize`,
    /// `applyRatioAcross`).
    static func styledSize(_ box: BoxStyle, input: FlexInput, minSize: OptionalSize, maxSize: OptionalSize) -> OptionalSize {
        guard input.sizingMode == .inherent else { return .none }
        let parent = input.parentSize
        var styled = box.sizeWithRatio(parent).clamped(minSize, maxSize)
        if box.aspectRatio != nil, !box.clipsContent {
            let own = box.size(parent), ownMinimum = box.minSize(parent)
            for axis in [Axis.horizontal, .vertical] where own[axis] == nil && ownMinimum[axis] == nil {
                styled[axis] = nil
            }
        }
        return styled
    }

    /// The container's definite sizes (border box): those its parent made definite,
    /// else its styled ones. A size the aspect ratio makes of a definite one is
    /// definite too (within the box's limits, whoever applies them to its size),
    /// except while the box is measured for its min-content size on that axis (a
    /// height is then laid out in an indefinite height, and percentage widths inside
    /// are cyclic), as Chrome does.
    static func definiteSize(_ box: BoxStyle, input: FlexInput, styled: OptionalSize,
                             limits: (min: OptionalSize, max: OptionalSize)) -> OptionalSize {
        let definiteOuter = OptionalSize(input.definite.width ? input.known.width : nil,
                                         input.definite.height ? input.known.height : nil)
            .or(styled.atLeast(box.paddingSums))
        guard let r = box.aspectRatio else { return definiteOuter }
        let lo = limits.min, hi = limits.max
        var size = definiteOuter
        if size.width == nil, input.available.width != .minContent, let h = definiteOuter.height {
            size.width = FlexMath.clamp(FixedPoint.width(ofHeight: h, r), lo.width, hi.width)
        }
        if size.height == nil, input.available.height != .minContent, let w = definiteOuter.width {
            size.height = FlexMath.clamp(FixedPoint.height(ofWidth: w, r), lo.height, hi.height)
        }
        return size
    }

    // MARK: - Axis helpers

    func mainSum(_ e: EdgeInsets) -> Double { dir == .horizontal ? e.horizontal : e.vertical }
    func crossSum(_ e: EdgeInsets) -> Double { dir == .horizontal ? e.vertical : e.horizontal }
    func mainStart(_ e: EdgeInsets) -> Double { dir == .horizontal ? e.left : e.top }
    func mainEnd(_ e: EdgeInsets) -> Double { dir == .horizontal ? e.right : e.bottom }
    func crossStart(_ e: EdgeInsets) -> Double { dir == .horizontal ? e.top : e.left }
    func crossEnd(_ e: EdgeInsets) -> Double { dir == .horizontal ? e.bottom : e.right }
    func autoCrossStart(_ item: Item) -> Bool { dir == .horizontal ? item.marginIsAuto.top : item.marginIsAuto.left }
    func autoCrossEnd(_ item: Item) -> Bool { dir == .horizontal ? item.marginIsAuto.bottom : item.marginIsAuto.right }
    func autoMainStart(_ item: Item) -> Bool { dir == .horizontal ? item.marginIsAuto.left : item.marginIsAuto.top }
    func autoMainEnd(_ item: Item) -> Bool { dir == .horizontal ? item.marginIsAuto.right : item.marginIsAuto.bottom }
    func paddingSums(_ item: Item) -> Size { Size(width: item.padding.horizontal, height: item.padding.vertical) }
    /// A cross length carried through an aspect ratio (width / height) into the main axis.
    func mainFromCross(_ length: Double, _ ratio: Double) -> Double {
        dir == .horizontal ? FixedPoint.width(ofHeight: length, ratio) : FixedPoint.height(ofWidth: length, ratio)
    }
    /// A main length carried through an aspect ratio (width / height) into the cross axis.
    func crossFromMain(_ length: Double, _ ratio: Double) -> Double {
        dir == .horizontal ? FixedPoint.height(ofWidth: length, ratio) : FixedPoint.width(ofHeight: length, ratio)
    }

    /// A child's item options as the (mirrored when right to left) algorithm sees them.
    func oriented(_ item: FlexItemStyle) -> FlexItemStyle { isRightToLeft ? item.mirrored : item }

    /// Sets a child's frame, mirrored back when right to left.
    func place(_ child: Node, _ frame: Rect) {
        guard isRightToLeft else { return tree.setFrame(child, frame) }
        tree.setFrame(child, Rect(x: containerSize.width - frame.maxX, y: frame.minY, width: frame.width,
                                  height: frame.height))
    }

    /// Which of an item's known sizes are definite (§9.8): a width (widths are
    /// settled before content is laid out in them, so only intrinsic sizing, where the
    /// width is not known, treats a percentage width as auto); its own (resolved) sizes;
    /// its main size after flexing when the container's main size is definite; and
    /// a stretched cross size, while measuring only in a single-line container of
    /// definite cross size, and once lines are sized (`placed`) always (§9.8.3, which
    /// Chrome follows; an item with an aspect ratio only where stretching changed its
    /// size, as Chrome lays it out again only then).
    /// (Inlined, as `stretchIsDefinite` is: a call would copy the whole item out of the
    /// items' room to pass it, where the few fields read are loaded in place.)
    @inline(__always)
    func definiteness(_ item: Item, placed: Bool = false) -> AxisFlags {
        // (A height the ratio gives is definite only while the item keeps it: one its
        // content raises is not, as in Chrome.)
        let ownHeight = item.specifiedSize.height != nil
            || item.size.height.map { !placed || abs($0 - item.targetSize.height) < 1e-9 } ?? false
        var flags = AxisFlags(width: true, height: ownHeight)
        // A flex base size that is a length makes the main size definite.
        flags[dir] = percentBase[dir] != nil || item.hasDefiniteBasis || dir == .horizontal
        if stretchIsDefinite(item, placed: placed) { flags[cross] = true }
        return flags
    }

    /// Whether an item is stretched across and its stretched size definite (see
    /// `definiteness`).
    @inline(__always)
    func stretchIsDefinite(_ item: Item, placed: Bool) -> Bool {
        guard stretches(item) else { return false }
        // Placed, an item with an aspect ratio keeps the definiteness of its own layout
        // unless stretching changed its size.
        if placed, item.aspectRatio != nil, abs(item.targetSize[cross] - item.hypotheticalInnerSize[cross]) <= 1e-9 {
            return false
        }
        return placed || (!isWrap && percentBase[cross] != nil)
    }

    // MARK: - The algorithm

    mutating func run() -> FlexOutput {
        if input.runMode == .computeSize, let w = nodeOuterSize.width, let h = nodeOuterSize.height {
            return FlexOutput(size: Size(width: w, height: h))
        }
        let children = tree.children(of: node)
        return withUnsafeTemporaryAllocation(of: Item.self, capacity: children.count) { itemRoom in
            withUnsafeTemporaryAllocation(of: Line.self, capacity: max(children.count, 1)) { lineRoom in
                self.lineRoom = lineRoom
                generateFlexItems(children, into: itemRoom)
                return runSteps()
            }
        }
    }

    /// The steps after the items are made.
    private mutating func runSteps() -> FlexOutput {
        let available = determineAvailableSpace()
        determineFlexBaseSizes(available)
        // 4. The main size: a row's open width comes from its items' contributions
        // before lines break at it; a column's open height from its lines.
        if let innerMain = nodeInnerSize[dir] {
            innerContainerSize[dir] = innerMain
            containerSize[dir] = innerMain + mainSum(padding)
        } else if dir == .horizontal {
            // A ratio makes the width of a definite height (the content's minimum still
            // holds); without one the width is the content's as for any box, at least
            // what the ratio makes of the padding.
            let content = ratioMainSize().map {
                max($0, percentBase[cross] != nil ? contributions(.minContent, available) : rowContentWidth(available))
            } ?? rowContentWidth(available)
            settleMainSize(content + mainSum(padding))
        }
        collectFlexLines()
        if nodeInnerSize[dir] == nil {
            // A column's ratio height is at least its content's, unless the box has a
            // minimum height of its own (then no automatic minimum raises it).
            let ratio = ratioMainSize()
            // (A percentage height of an open height has no automatic minimum either.)
            let noAutomaticMinimum = !box.minHeight.isAuto || box.isPercentOfOpen(.vertical, input.parentSize)
                || box.clipsContent
            let content = ratio != nil && noAutomaticMinimum ? 0 : hypotheticalLongestLine()
            settleMainSize(max(ratio ?? 0, content) + mainSum(padding))
        }
        applyRatioAcross()
        for l in lines.indices { resolveFlexibleLengths(l) }
        for l in lines.indices { determineHypotheticalCrossSize(l, available) }
        calculateChildrenBaselines(available)
        calculateLineCrossSizes()
        handleAlignContentStretch()
        determineUsedCrossSizes()
        distributeRemainingFreeSpace()
        resolveCrossAxisAutoMargins()
        let totalLineCross = determineContainerCrossSize(available)
        if input.runMode == .computeSize { return FlexOutput(size: containerSize) }
        alignLines(totalLineCross)
        finalLayoutPass()
        layoutAbsoluteChildren()
        // A clipping container keeps its baseline inside its box.
        let baseline = firstBaseline().map { box.clipsContent ? min(max($0, 0), containerSize.height) : $0 }
        return FlexOutput(size: containerSize, baseline: baseline)
    }
}
