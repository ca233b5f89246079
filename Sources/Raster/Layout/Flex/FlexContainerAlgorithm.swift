/// CSS Flexible Box Layout Level 1, §9 (the flex layout algorithm), for one container
/// and its direct children, with the refinements Chrome, Firefox and Taffy agree on
/// (noted where the spec says otherwise). The steps are functions named after the
/// spec's; their numbers are the spec's.
///
/// Sizes are border boxes unless a name says `inner` (content box) or `outer` (with
/// margins). Nothing is rounded here (see `PixelSnapping`).
struct FlexContainerAlgorithm<Tree: FlexLayoutTree> {
    typealias Node = Tree.Node

    /// The working values of one item (the spec's flex item).
    struct Item {
        let node: Node
        /// Its box style as written (sizes, limits, padding, ratio), read once.
        let box: BoxStyle
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
        var alignSelf: Flex.Align
        var clips: Bool
        var grow: Double
        var shrink: Double
        var inset: (top: Double?, left: Double?, bottom: Double?, right: Double?)
        var margin: EdgeInsets
        var marginIsAuto: (top: Bool, left: Bool, bottom: Bool, right: Bool)
        var padding: EdgeInsets
        var flexBasis = 0.0
        var innerFlexBasis = 0.0
        /// The used minimum main size, content-based when `min-*` is auto.
        var resolvedMinimumMainSize = 0.0
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

    struct Line {
        var range: Range<Int>
        var crossSize = 0.0
        var offsetCross = 0.0
    }

    let tree: Tree
    let node: Node
    let input: FlexInput
    /// Right to left (CSS `direction: rtl`): the algorithm runs on the container
    /// mirrored (left and right insets, margins and padding swapped) and its frames are
    /// mirrored back, so a row's main start and a column's cross start are on the right.
    let isRightToLeft: Bool
    let style: FlexContainerStyle
    let box: BoxStyle
    var layout: FlexLayout<Tree> { FlexLayout(tree: tree) }

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
    let alignItems: Flex.Align
    var nodeOuterSize: OptionalSize
    var nodeInnerSize: OptionalSize
    /// The content box where it is definite (§9.8): the items' percentages resolve
    /// against it, and behave as auto where it is not.
    var percentBase: OptionalSize
    var containerSize = Size.zero
    var innerContainerSize = Size.zero
    var items: [Item] = []
    var lines: [Line] = []

    init(tree: Tree, node: Node, input: FlexInput) {
        self.tree = tree
        self.node = node
        self.input = input
        let style = tree.containerStyle(node)
        isRightToLeft = tree.layoutDirection(node) == .rightToLeft
        var box = tree.boxStyle(node)
        if isRightToLeft { box.padding = box.padding.mirrored }
        self.style = style
        self.box = box
        dir = style.mainAxis
        cross = dir.cross
        isWrap = style.wrap != .noWrap
        isWrapReverse = style.wrap == .wrapReverse
        let parent = input.parentSize
        let ratio = box.aspectRatio
        padding = box.padding
        let marginStyle = tree.itemStyle(node).margin
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

        // The container's size where its styles decide it (min = max, else its size
        // clamped), never below its padding.
        var styled = OptionalSize.none
        if input.sizingMode == .inherent {
            styled = box.sizeWithRatio(parent).clamped(minSize, maxSize)
            // A size the ratio gives, where the box has no size or minimum of its own,
            // is a preferred size that its content may raise (the automatic minimum):
            // the algorithm settles it (`ratioMainSize`, `applyRatioAcross`).
            if box.aspectRatio != nil, !box.clipsContent {
                let own = box.size(parent), ownMinimum = box.minSize(parent)
                for axis in [Axis.horizontal, .vertical] where own[axis] == nil && ownMinimum[axis] == nil {
                    styled[axis] = nil
                }
            }
        }
        var minMax = OptionalSize.none
        for axis in [Axis.horizontal, .vertical] {
            if let lo = minSize[axis], let hi = maxSize[axis], hi <= lo { minMax[axis] = lo }
        }
        let known = input.known.or(minMax.or(styled).atLeast(box.paddingSums))
        nodeOuterSize = known
        nodeInnerSize = OptionalSize(known.width.map { $0 - box.padding.horizontal },
                                     known.height.map { $0 - box.padding.vertical })
        let definiteOuter = OptionalSize(input.definite.width ? input.known.width : nil,
                                         input.definite.height ? input.known.height : nil)
            .or(styled.atLeast(box.paddingSums))
        // A size the aspect ratio makes of a definite one is definite too (within the
        // box's limits, whoever applies them to its size), except a height measured for
        // its min-content size (laid out in an indefinite height, as Chrome does).
        let lo = limits.min, hi = limits.max
        let heightFromRatio = input.available.height != .minContent
        let widthFromRatio = input.available.width != .minContent
        let definiteWithRatio = ratio.map { r in
            OptionalSize(definiteOuter.width
                            ?? (widthFromRatio
                                ? definiteOuter.height.map { FlexMath.clamp(FixedPoint.width(ofHeight: $0, r), lo.width, hi.width) }
                                : nil),
                         definiteOuter.height
                            ?? (heightFromRatio
                                ? definiteOuter.width.map { FlexMath.clamp(FixedPoint.height(ofWidth: $0, r), lo.height, hi.height) }
                                : nil))
        } ?? definiteOuter
        percentBase = OptionalSize(definiteWithRatio.width.map { max($0 - box.padding.horizontal, 0) },
                                   definiteWithRatio.height.map { max($0 - box.padding.vertical, 0) })
        // Percentage gaps resolve against a definite content box, else to 0 (Chrome).
        let gapBase = OptionalSize(percentBase.width ?? 0, percentBase.height ?? 0)
        gap = Size(width: style.columnGap.resolveOrZero(gapBase.width), height: style.rowGap.resolveOrZero(gapBase.height))
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
    func itemStyle(_ child: Node) -> FlexItemStyle {
        isRightToLeft ? tree.itemStyle(child).mirrored : tree.itemStyle(child)
    }

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
        generateFlexItems()
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

    /// 1. One item per in-flow child (absolutely positioned ones are laid out last).
    mutating func generateFlexItems() {
        for child in tree.children(of: node) {
            let item = itemStyle(child)
            guard !item.isAbsolute else { continue }
            let childBox = tree.boxStyle(child)
            let base = percentBase
            let ratio = childBox.aspectRatio
            let w = base.width
            let specified = childBox.size(base), ownMin = childBox.minSize(base), ownMax = childBox.maxSize(base)
            var limits = childBox.limits(base)
            if ratio != nil {
                // An item's cross limits do not transfer into its main size through the
                // ratio (its flex basis keeps within them, its flexed size does not), as
                // Chrome sizes flex items.
                limits.min[dir] = ownMin[dir]
                limits.max[dir] = ownMax[dir]
            }
            items.append(Item(
                node: child,
                box: childBox,
                size: childBox.sizeWithRatio(base),
                specifiedSize: specified,
                aspectRatio: ratio,
                ownMinSize: ownMin,
                ownMaxSize: ownMax,
                minSize: limits.min,
                maxSize: limits.max,
                alignSelf: item.alignSelf ?? alignItems,
                clips: childBox.clipsContent,
                grow: item.grow, shrink: item.shrink,
                inset: (item.insets.top.resolve(base.height), item.insets.left.resolve(base.width),
                        item.insets.bottom.resolve(base.height), item.insets.right.resolve(base.width)),
                margin: EdgeInsets(top: item.margin.top.resolveOrZero(w), left: item.margin.left.resolveOrZero(w),
                                   bottom: item.margin.bottom.resolveOrZero(w), right: item.margin.right.resolveOrZero(w)),
                marginIsAuto: (item.margin.top.isAuto, item.margin.left.isAuto, item.margin.bottom.isAuto,
                               item.margin.right.isAuto),
                padding: childBox.padding))
        }
    }

    /// 2. The room for the items: the content box where definite, else the room the
    /// container has less its margins and padding (possibly infinite).
    func determineAvailableSpace() -> AvailableSize {
        func space(_ axis: Axis) -> AvailableSpace {
            if let outer = nodeOuterSize[axis] {
                return .definite(outer - (axis == .horizontal ? padding.horizontal : padding.vertical))
            }
            // A height has one intrinsic size, its content's laid out: a row measured
            // for its min-content height lays its items out as in any open height (the
            // box measured keeps its own ratio's height open, see `init`).
            if axis == .vertical, dir == .horizontal, input.available.height == .minContent { return .maxContent }
            let m = axis == .horizontal ? margin.horizontal : margin.vertical
            let p = axis == .horizontal ? padding.horizontal : padding.vertical
            return input.available[axis].minus(m).minus(p)
        }
        return AvailableSize(width: space(.horizontal), height: space(.vertical))
    }

    /// The room and known size an item is measured with across the main axis.
    func crossConstraint(_ item: Item, _ available: AvailableSize, forBaseSize: Bool)
        -> (space: AvailableSpace, known: OptionalSize) {
        let crossParent = nodeInnerSize[cross]
        let marginSum = crossSum(item.margin)
        let lo = item.minSize[cross].map { $0 + marginSum }, hi = item.maxSize[cross].map { $0 + marginSum }
        let space: AvailableSpace
        switch available[cross] {
        case .definite(let v): space = .definite(FlexMath.clamp(crossParent ?? v, lo, hi))
        case .minContent: space = forBaseSize ? (lo.map(AvailableSpace.definite) ?? .minContent) : .minContent
        case .maxContent: space = forBaseSize ? (hi.map(AvailableSpace.definite) ?? .maxContent) : .maxContent
        }
        // The cross size as specified (one the ratio transfers from the open main size
        // is not known yet).
        var known = item.specifiedSize.clamped(item.minSize, item.maxSize)
        known[dir] = nil
        // A stretched cross size counts before lines are sized only where it is
        // definite (§9.8: a single-line container of definite cross size); elsewhere the
        // item is measured at its fit-content cross size, as Chrome does.
        // It is held within the item's own limits only (as the stretched size is, not
        // by limits its ratio transfers).
        if item.alignSelf == .stretch, known[cross] == nil, stretchIsDefinite(item, placed: false),
           let room = crossParent ?? available[cross].value {
            known[cross] = max(FlexMath.clamp(room - marginSum, item.ownMinSize[cross], item.ownMaxSize[cross]),
                               crossSum(item.padding))
        }
        return (space, known)
    }

    /// 3. Each item's flex base size and hypothetical main size.
    mutating func determineFlexBaseSizes(_ available: AvailableSize) {
        for i in items.indices {
            var item = items[i]
            let (crossSpace, known) = crossConstraint(item, available, forBaseSize: true)
            let basisStyle = tree.itemStyle(item.node).basis
            // A percentage basis of an indefinite container is `auto` across a row (as
            // Chrome sizes a row's width) and `content` down a column (as it sizes a
            // column's height): the item's own height then does not count.
            let percentOpen = {
                if case .percent = basisStyle { return dir == .vertical && percentBase[dir] == nil }
                return false
            }()
            if let basis = basisStyle.resolve(percentBase[dir]) ?? (percentOpen ? nil : item.size[dir]) {
                // A. A definite flex basis (or a size the aspect ratio transfers).
                item.flexBasis = basis
                item.hasDefiniteBasis = true
            } else if let ratio = item.aspectRatio, let crossSize = known[cross], definiteness(item)[cross] {
                // B. An aspect ratio and a definite cross size (a stretched one included).
                item.flexBasis = mainFromCross(crossSize, ratio)
                item.hasDefiniteBasis = true
            } else {
                // C, E. Sized as max-content in the main axis (min-content when the
                // container itself is sized under a min-content constraint).
                let mainSpace: AvailableSpace = available[dir] == .minContent ? .minContent : .maxContent
                let space = AvailableSize(width: dir == .horizontal ? mainSpace : crossSpace,
                                          height: dir == .horizontal ? crossSpace : mainSpace)
                item.flexBasis = layout.measure(item.node, known: known, definite: definiteness(item), parentSize: percentBase, available: space,
                                                sizingMode: .content, axis: dir)
                if let ratio = item.aspectRatio {
                    // A box's content sizes keep within its cross limits carried through
                    // the ratio (css-sizing-4 §5.1), though its used size may flex past
                    // them.
                    item.flexBasis = FlexMath.clamp(item.flexBasis, item.ownMinSize[cross].map { mainFromCross($0, ratio) },
                                                    item.ownMaxSize[cross].map { mainFromCross($0, ratio) })
                    if dir == .vertical, known[cross] == nil {
                        // A column lays the item out at a width within its limits (those
                        // its height's limits transfer included), and its height follows.
                        let width = FlexMath.clamp(crossFromMain(item.flexBasis, ratio), item.minSize[cross], item.maxSize[cross])
                        item.flexBasis = mainFromCross(width, ratio)
                    }
                }
            }
            // Floored by padding, as Chrome and Firefox do (the spec does not floor it).
            let paddingMain = mainSum(item.padding)
            item.flexBasis = max(item.flexBasis, paddingMain)
            item.innerFlexBasis = item.flexBasis - paddingMain

            // 4.5 The automatic minimum size: the min-content size, no larger than the
            // specified or maximum size; 0 for a clipped item.
            // Only the item's own minimum replaces the automatic one (a minimum the ratio
            // transfers does not).
            let ownMinimum = item.ownMinSize[dir]
            if let specified = ownMinimum ?? (item.clips ? 0 : nil) {
                item.resolvedMinimumMainSize = max(specified, paddingMain)
            } else {
                let space = AvailableSize(width: dir == .horizontal ? .minContent : crossSpace,
                                          height: dir == .horizontal ? crossSpace : .minContent)
                var minContent = layout.measure(item.node, known: known, definite: definiteness(item), parentSize: percentBase, available: space,
                                                sizingMode: .content, axis: dir)
                if let ratio = item.aspectRatio {
                    // The content size suggestion of a box with a ratio is held within
                    // its cross limits carried through the ratio.
                    // (A row's item whose height is definite, its own or stretched, is
                    // not held by its maximum height there, as Chrome sizes it.)
                    let heldByCrossMaximum = dir == .vertical
                        || (item.specifiedSize[cross] == nil && !stretchIsDefinite(item, placed: false))
                    minContent = FlexMath.clamp(minContent, item.ownMinSize[cross].map { mainFromCross($0, ratio) },
                                                heldByCrossMaximum ? item.ownMaxSize[cross].map { mainFromCross($0, ratio) } : nil)
                }
                if let s = item.specifiedSize[dir] { minContent = min(minContent, s) }
                if let m = item.ownMaxSize[dir] { minContent = min(minContent, m) }
                // A minimum the aspect ratio transfers is part of the automatic one.
                item.resolvedMinimumMainSize = max(minContent, paddingMain, item.minSize[dir] ?? 0)
            }
            let lower = max(item.resolvedMinimumMainSize, paddingMain)
            let hypothetical = FlexMath.clamp(item.flexBasis, lower, item.maxSize[dir])
            item.hypotheticalInnerSize[dir] = hypothetical
            item.hypotheticalOuterSize[dir] = hypothetical + mainSum(item.margin)
            items[i] = item
        }
    }

    /// 5. Items into lines: one line unless wrapping; else as many items as fit in
    /// the main size (at least one per line).
    mutating func collectFlexLines() {
        guard isWrap else {
            lines = [Line(range: 0..<items.count)]
            return
        }
        // The main size is settled (a column's open height is its content's: its lines
        // break only at its maximum height, as in Chrome). Measured for its content too,
        // a box's own size and limits break its lines, whoever applies them to its size.
        let measured = input.sizingMode == .content
        let ownSize = measured ? box.size(input.parentSize)[dir] : nil
        let sized = (nodeInnerSize[dir] ?? ownSize.map { max($0 - mainSum(padding), 0) }).map(AvailableSpace.definite)
        let lo = minSize[dir] ?? (measured ? box.minSize(input.parentSize)[dir] : nil)
        let hi = maxSize[dir] ?? (measured ? box.maxSize(input.parentSize)[dir] : nil)
        let open = hi.map { AvailableSpace.definite(max($0, lo ?? 0) - mainSum(padding)) }
        // A column's ratio height is where its lines break, though its content may make
        // it taller; also when it is given the very height its content makes (Chrome
        // lays a stretched item out again only when stretching changes its size).
        if dir == .vertical, sized == nil || box.height.isAuto, let ratio = ratioMainSize() {
            let room = FlexMath.clamp(ratio + mainSum(padding), lo, hi) - mainSum(padding)
            let ratioLines = breakLines(at: .definite(room))
            let natural = FlexMath.clamp(max(ratio, longestLine(ratioLines)) + mainSum(padding), lo, hi)
            if sized == nil || abs(natural - containerSize[dir]) < 1e-9 {
                lines = ratioLines
                return
            }
        }
        lines = breakLines(at: sized ?? open ?? .maxContent)
    }

    /// The items broken into lines in the given main room, at least one line.
    func breakLines(at room: AvailableSpace) -> [Line] {
        var lines: [Line] = []
        switch room {
        case .maxContent:
            lines = [Line(range: 0..<items.count)]
        case .minContent:
            lines = items.indices.map { Line(range: $0..<($0 + 1)) }
        case .definite(let length):
            var start = 0
            while start < items.count {
                var used = 0.0, end = start
                while end < items.count {
                    used += items[end].hypotheticalOuterSize[dir] + (end == start ? 0 : gap[dir])
                    if used > length && end != start { break }
                    end += 1
                }
                lines.append(Line(range: start..<end))
                start = end
            }
        }
        return lines.isEmpty ? [Line(range: 0..<0)] : lines
    }

    /// An open main size (border box, less the padding) that the aspect ratio makes of
    /// the cross size (else of the least cross size the padding allows); nil without a
    /// ratio. It is a preferred size: the content's minimum still holds (CSS's
    /// automatic minimum size for boxes with a ratio).
    /// A width follows a height only when the height is definite (a width is settled
    /// before the content is laid out in it); a height follows any settled width.
    func ratioMainSize() -> Double? {
        guard let ratio = box.aspectRatio else { return nil }
        if dir == .horizontal {
            let height = percentBase[cross].map { $0 + crossSum(padding) } ?? crossSum(padding)
            return FixedPoint.width(ofHeight: height, ratio) - mainSum(padding)
        }
        guard let width = nodeOuterSize[cross] else { return nil }
        return FixedPoint.height(ofWidth: width, ratio) - mainSum(padding)
    }

    /// An open cross size follows the settled main size through the aspect ratio: at
    /// least that (content may make it larger) when the cross size and minimum are
    /// auto, exactly that (within its limits) otherwise (no automatic minimum then).
    /// Measured for its content, it is at least that, unless its minimum there is its
    /// own and its size auto: then exactly that.
    mutating func applyRatioAcross() {
        guard let ratio = box.aspectRatio, nodeOuterSize[cross] == nil else { return }
        guard dir == .horizontal || percentBase[dir] != nil else {
            // A column's open height gives no width, but the width is at least what
            // the ratio makes of the padding (as a row's is).
            minSize[cross] = max(minSize[cross] ?? 0, FlexMath.clamp(crossFromMain(mainSum(padding), ratio), nil, maxSize[cross]))
            return
        }
        let main = containerSize[dir]
        let size = FlexMath.clamp(crossFromMain(main, ratio), nil, maxSize[cross])
        let style = box.dimension(cross)
        let ownMinimum = box.minDimension(cross)
        let percentOfOpen = box.isPercentOfOpen(cross, input.parentSize)
        if input.sizingMode == .content, percentOfOpen || box.clipsContent || (style.isAuto && !ownMinimum.isAuto) {
            // Measured for its content with a minimum of its own, a percentage size that
            // behaves as auto, or clipping (no automatic minimum in any case), it is the
            // ratio's size; its limits are the container's to apply.
            let held = max(size, crossSum(padding))
            nodeOuterSize[cross] = held
            nodeInnerSize[cross] = held - crossSum(padding)
        } else if !box.clipsContent,
                  input.sizingMode == .content || ((style.isAuto || cross == .horizontal && percentOfOpen) && ownMinimum.isAuto) {
            // (A percentage width of an open width is auto here, as Chrome sizes
            // contributions; a percentage height is not.)
            minSize[cross] = max(minSize[cross] ?? 0, size)
        } else {
            let held = max(size, minSize[cross] ?? 0, crossSum(padding))
            nodeOuterSize[cross] = held
            nodeInnerSize[cross] = held - crossSum(padding)
        }
    }

    /// The container's main size when its styles leave it open, within its limits and
    /// never below its padding.
    mutating func settleMainSize(_ outer: Double) {
        let inset = mainSum(padding)
        let size = max(FlexMath.clamp(outer, minSize[dir], maxSize[dir]), inset)
        containerSize[dir] = size
        innerContainerSize[dir] = max(size - inset, 0)
        nodeInnerSize[dir] = innerContainerSize[dir]
        nodeOuterSize[dir] = size
    }

    /// The longest line of outer hypothetical main sizes, with its gaps: a column's
    /// height when its styles leave it open (the block size of its content, as Chrome
    /// sizes it, whatever the room outside).
    func hypotheticalLongestLine() -> Double { longestLine(lines) }

    /// The longest of the given lines of outer hypothetical main sizes, with its gaps.
    func longestLine(_ lines: [Line]) -> Double {
        lines.map { line in
            items[line.range].reduce(FlexMath.gaps(gap[dir], line.range.count)) { $0 + $1.hypotheticalOuterSize[dir] }
        }.max() ?? 0
    }

    /// A row's content width when its styles leave it open (§9.9.1 as Chrome computes
    /// it): its max-content width, its min-content width, or in definite room the room
    /// kept between those two (fit-content).
    mutating func rowContentWidth(_ available: AvailableSize) -> Double {
        switch available[dir] {
        case .minContent: return contributions(.minContent, available)
        case .maxContent: return contributions(.maxContent, available)
        case .definite(let room):
            let least = contributions(.minContent, available)
            return min(contributions(.maxContent, available), max(least, room))
        }
    }

    /// A row's intrinsic width under `constraint` (§9.9.1 as Chrome computes it): each
    /// item contributes its own width, else its content's under the constraint, kept
    /// at or above its minimum (automatic or specified) and, when it cannot shrink, its
    /// hypothetical main size (under min-content only a definite flex basis), and at or below its maximum and, when it cannot grow, its
    /// hypothetical main size (the lower bound wins), never below its padding, plus
    /// margins.
    /// Max-content, and the min-content of a single line, is the sum with the gaps. A
    /// wrapping row's min-content is its largest contribution, where an item that
    /// cannot grow is not held to its hypothetical size, and its max-content is never
    /// below its min-content (Chrome).
    func contributions(_ constraint: AvailableSpace, _ available: AvailableSize) -> Double {
        var sum = 0.0, largest = 0.0
        for item in items {
            // A percentage of the size being found is cyclic: it counts as auto (its
            // minimum as 0), as Chrome computes contributions.
            let style = item.box
            let cyclic = style.dimension(dir).isPercent
            let cyclicMinimum = style.minDimension(dir).isPercent
            let content: Double
            if let own = item.size[dir], !cyclic {
                content = own
            } else {
                let (crossSpace, known) = crossConstraint(item, available, forBaseSize: false)
                let space = AvailableSize(dir, main: constraint, cross: crossSpace)
                var parent = percentBase
                if cyclic { parent[dir] = nil }
                content = layout.measure(item.node, known: known, definite: definiteness(item), parentSize: parent,
                                         available: space, sizingMode: .inherent, axis: dir)
            }
            var lower = cyclicMinimum ? 0 : item.resolvedMinimumMainSize
            // A percentage flex basis is cyclic too: the item counts at its content size.
            let hypothetical = tree.itemStyle(item.node).basis.isPercent
                ? FlexMath.clamp(content, lower, item.maxSize[dir]) : item.hypotheticalInnerSize[dir]
            // An item that cannot shrink holds its hypothetical size, except under a
            // min-content constraint when that size comes from its content (Chrome).
            // (A wrapping row's min-content width is its widest item's min-content
            // contribution, whatever its shrink factor.)
            if item.shrink == 0, constraint != .minContent || (item.hasDefiniteBasis && !isWrap) {
                lower = max(lower, hypothetical)
            }
            let upper = item.maxSize[dir]
            let outer = { (upper: Double?) in
                max(FlexMath.clamp(content, lower, upper), self.mainSum(item.padding)) + self.mainSum(item.margin)
            }
            sum += outer(item.grow == 0 ? min(upper ?? .infinity, hypothetical) : upper)
            largest = max(largest, outer(upper))
        }
        let line = sum + FlexMath.gaps(gap[dir], items.count)
        guard isWrap else { return line }
        if constraint == .minContent { return largest }
        // An item's min-content contribution is at most its max-content one, so only a
        // line shorter than its largest item can be below the min-content width.
        return largest <= line ? line : max(line, contributions(.minContent, available))
    }

    /// 6. §9.7 Resolving flexible lengths of one line: grow or shrink the unfrozen
    /// items by their factors, freezing those their limits stop, until all are frozen.
    mutating func resolveFlexibleLengths(_ l: Int) {
        let range = lines[l].range
        let totalGap = FlexMath.gaps(gap[dir], range.count)
        let inner = nodeInnerSize[dir]
        let hypotheticalSum = items[range].reduce(totalGap) { $0 + $1.hypotheticalOuterSize[dir] }
        let growing = hypotheticalSum < (inner ?? 0)
        let shrinking = hypotheticalSum > (inner ?? 0)
        let exact = !growing && !shrinking
        for i in range {
            let target = items[i].hypotheticalInnerSize[dir]
            items[i].targetSize[dir] = target
            let item = items[i]
            // 9.7.2: an item whose used flex factor (grow when growing, shrink when
            // shrinking) is zero is inflexible, whatever its other factor.
            if exact || (growing && item.grow == 0) || (shrinking && item.shrink == 0)
                || (growing && item.flexBasis > target) || (shrinking && item.flexBasis < target) {
                items[i].frozen = true
                items[i].outerTargetSize[dir] = target + mainSum(item.margin)
            }
        }
        if exact { return }
        func usedSpace() -> Double {
            items[range].reduce(totalGap) { sum, item in
                sum + (item.frozen ? item.outerTargetSize[dir] : item.flexBasis + mainSum(item.margin))
            }
        }
        let initialFree = inner.map { $0 - usedSpace() } ?? 0
        while items[range].contains(where: { !$0.frozen }) {
            let used = usedSpace()
            let unfrozen = range.filter { !items[$0].frozen }
            let growSum = unfrozen.reduce(0) { $0 + items[$1].grow }
            let shrinkSum = unfrozen.reduce(0) { $0 + items[$1].shrink }
            // Factors summing below 1 take only that fraction of the initial free space.
            var free: Double
            if growing && growSum < 1 {
                free = FixedPoint.truncated(initialFree * growSum)
                if let inner { free = min(free, inner - used) }
            } else if shrinking && shrinkSum < 1 {
                free = FixedPoint.truncated(initialFree * shrinkSum)
                if let inner { free = max(free, inner - used) }
            } else {
                free = inner.map { $0 - used } ?? (hypotheticalSum - used)
            }
            if free.isNormal {
                if growing && growSum > 0 {
                    distribute(free, among: unfrozen, weights: unfrozen.map { items[$0].grow })
                } else if shrinking && shrinkSum > 0 {
                    distribute(free, among: unfrozen, weights: unfrozen.map { items[$0].innerFlexBasis * items[$0].shrink })
                }
            }
            var totalViolation = 0.0
            for i in unfrozen {
                let target = items[i].targetSize[dir]
                let clamped = max(FlexMath.clamp(target, items[i].resolvedMinimumMainSize, items[i].maxSize[dir]), 0)
                items[i].violation = clamped - target
                items[i].targetSize[dir] = clamped
                items[i].outerTargetSize[dir] = clamped + mainSum(items[i].margin)
                totalViolation += items[i].violation
            }
            for i in unfrozen {
                if totalViolation > 0 {
                    items[i].frozen = items[i].violation > 0
                } else if totalViolation < 0 {
                    items[i].frozen = items[i].violation < 0
                } else {
                    items[i].frozen = true
                }
            }
        }
    }

    /// Shares `free` among `unfrozen` by `weights` (grow factors, or shrink factors
    /// scaled by the inner bases), on the fixed-point grid as Chrome does: from the last
    /// item back, each takes its weight's fraction of what is left among it and those
    /// before it, rounded, and the first takes the rest, so the shares add up to `free`.
    mutating func distribute(_ free: Double, among unfrozen: [Int], weights: [Double]) {
        var total = 0.0
        let fractions = weights.map { w -> Double in
            total += w
            return total > 0 ? w / total : 0
        }
        guard total > 0 else { return }
        var left = free
        for (k, i) in unfrozen.enumerated().reversed() {
            let share = fractions[k] == 1 ? left : FixedPoint.rounded(left * fractions[k])
            left -= share
            items[i].targetSize[dir] = items[i].flexBasis + share
        }
    }

    /// 7. Each item's hypothetical cross size: laid out at its used main size with the
    /// room across, auto treated as fit-content.
    mutating func determineHypotheticalCrossSize(_ l: Int, _ available: AvailableSize) {
        for i in lines[l].range {
            let item = items[i]
            let paddingCross = crossSum(item.padding)
            let lo = item.minSize[cross], hi = item.maxSize[cross]
            // A cross size that only the aspect ratio gives follows the used main size.
            let ratioCross = item.specifiedSize[cross] == nil ? item.aspectRatio.map {
                crossFromMain(item.targetSize[dir], $0)
            } : nil
            let crossStyle = (ratioCross == nil ? item.size[cross] : nil).map { max(FlexMath.clamp($0, lo, hi), paddingCross) }
            var crossSpace = available[cross].clamped(lo, hi)
            if case .definite(let v) = crossSpace { crossSpace = .definite(max(v, paddingCross)) }
            let inner = crossStyle ?? {
                let known = OptionalSize(dir, main: item.targetSize[dir], cross: nil)
                let space = AvailableSize(dir, main: .definite(containerSize[dir]), cross: crossSpace)
                let measured = layout.measure(item.node, known: known, definite: definiteness(item), parentSize: percentBase,
                                              available: space, sizingMode: .content, axis: cross)
                // The ratio's size, never below the content (CSS's automatic minimum
                // size), unless the item clips, has a minimum of its own there or a size
                // that is not auto (a percentage of an indefinite size). The content is
                // held by the item's own maximum across and, in a column, by the width
                // its own maximum height makes through the ratio (as Chrome sizes it).
                guard let ratioCross else { return max(FlexMath.clamp(measured, lo, hi), paddingCross) }
                let crossStyle = item.box.dimension(cross)
                let transferredMaximum = dir == .horizontal ? nil
                    : item.aspectRatio.flatMap { r in item.ownMaxSize[dir].map { crossFromMain($0, r) } }
                let maximum = [item.ownMaxSize[cross], transferredMaximum].compactMap { $0 }.min()
                let content = item.clips || item.ownMinSize[cross] != nil || !crossStyle.isAuto ? 0
                    : FlexMath.clamp(measured, item.ownMinSize[cross], maximum)
                return max(FlexMath.clamp(ratioCross, lo, hi), content, paddingCross)
            }()
            items[i].hypotheticalInnerSize[cross] = inner
            items[i].hypotheticalOuterSize[cross] = inner + crossSum(item.margin)
        }
    }

    /// Baselines of the items aligned by baseline, in rows with more than one such item
    /// (the baseline is the first line's, else the bottom of the item).
    mutating func calculateChildrenBaselines(_ available: AvailableSize) {
        guard dir == .horizontal else {
            // A column's items have no baseline across it: Chrome aligns the start edges
            // of their border boxes (a baseline synthesized from the line-left edge).
            for i in items.indices where items[i].alignSelf == .baseline {
                // The line-left edge is the physical left one, the mirrored cross end
                // right to left.
                items[i].baseline = isRightToLeft ? crossEnd(items[i].margin) : crossStart(items[i].margin)
                items[i].alignsBaseline = !autoCrossStart(items[i]) && !autoCrossEnd(items[i])
            }
            return
        }
        for line in lines {
            guard items[line.range].filter({ $0.alignSelf == .baseline }).count > 1 else { continue }
            for i in line.range where items[i].alignSelf == .baseline {
                let item = items[i]
                let known = OptionalSize(item.targetSize.width, item.hypotheticalInnerSize.height)
                let space = AvailableSize(width: .definite(containerSize.width),
                                          height: available.height.or(nodeOuterSize.height))
                let output = layout.perform(item.node, known: known, definite: definiteness(item), parentSize: percentBase, available: space,
                                            sizingMode: .content)
                items[i].baseline = (output.baseline ?? output.size.height) + item.margin.top
                items[i].alignsBaseline = !autoCrossStart(item) && !autoCrossEnd(item)
            }
        }
    }

    /// Where a baseline-aligned item's baseline is, measured from the line's cross-start
    /// edge: from the top, or from the bottom in a wrap-reversed container (whose lines
    /// start at the bottom).
    func baselineKey(_ item: Item) -> Double {
        isWrapReverse ? item.hypotheticalOuterSize[cross] - item.baseline : item.baseline
    }

    /// The line's shared baseline (the largest key among its baseline-aligned items).
    func maxBaselineKey(_ range: Range<Int>) -> Double {
        items[range].reduce(0) { $1.alignsBaseline ? max($0, baselineKey($1)) : $0 }
    }

    /// 8. Each line's cross size: a single line in a container of definite cross size
    /// takes that size; else the largest outer hypothetical cross size (in a row or a
    /// multi-line column, baseline-aligned items counted from the line's shared
    /// baseline; a single-line column's synthesized baselines do not widen its line, as
    /// in Chrome).
    mutating func calculateLineCrossSizes() {
        let insetCross = crossSum(padding)
        if !isWrap, let size = nodeOuterSize[cross] {
            // A size the container was given is final (its limits were applied there).
            let held = input.known[cross] != nil ? size : FlexMath.clamp(size, minSize[cross], maxSize[cross])
            lines[0].crossSize = max(held - insetCross, 0)
            return
        }
        // A single-line row whose height only its ratio gives lays its items out in
        // that height, as if definite: a stretched item then counts with its least
        // size only, and the content raises the row beyond the ratio only by what
        // does not stretch (as Chrome sizes it). Its min-content height is its
        // content's all the same.
        let ratioLine = !isWrap && dir == .horizontal && box.aspectRatio != nil && input.available.height != .minContent
        for l in lines.indices {
            let range = lines[l].range
            let maxBaseline = maxBaselineKey(range)
            lines[l].crossSize = items[range].reduce(0) { largest, item in
                let size = item.alignsBaseline && (dir == .horizontal || isWrap)
                    ? maxBaseline - baselineKey(item) + item.hypotheticalOuterSize[cross]
                    : ratioLine && stretches(item)
                    ? max(item.ownMinSize[cross] ?? 0, crossSum(item.padding)) + crossSum(item.margin)
                    : item.hypotheticalOuterSize[cross]
                return max(largest, size)
            }
        }
        if !isWrap {
            lines[0].crossSize = FlexMath.clamp(lines[0].crossSize, minSize[cross].map { $0 - insetCross },
                                                maxSize[cross].map { $0 - insetCross })
        }
    }

    /// Whether an item takes its line's cross size: aligned `stretch`, no auto cross
    /// margins, and an auto cross size (not a percentage that behaves as auto).
    func stretches(_ item: Item) -> Bool {
        item.alignSelf == .stretch && !autoCrossStart(item) && !autoCrossEnd(item) && item.box.dimension(cross).isAuto
    }

    /// 9. `align-content: stretch`: lines share the container's leftover cross size.
    mutating func handleAlignContentStretch() {
        guard style.alignContent == .stretch else { return }
        let insetCross = crossSum(padding)
        let size = nodeOuterSize[cross] ?? minSize[cross]
        let minimum = size.map { max(FlexMath.clamp($0, minSize[cross], maxSize[cross]) - insetCross, 0) } ?? 0
        let total = lines.reduce(FlexMath.gaps(gap[cross], lines.count)) { $0 + $1.crossSize }
        if total < minimum {
            var extra = FixedPoint.Diffuser(minimum - total, buckets: lines.count)
            for l in lines.indices { lines[l].crossSize += extra.next() }
        }
    }

    /// 11. Used cross sizes: a stretched item with an auto cross size and no auto cross
    /// margins takes its line's size (within its limits; its maximum without the
    /// aspect ratio; never below its padding); others keep their hypothetical size,
    /// except that in a multi-line column an item's open width is fit-content in its
    /// line's width (Chrome lays it out again there).
    mutating func determineUsedCrossSizes() {
        for line in lines {
            for i in line.range {
                let item = items[i]
                let size: Double
                if stretches(item) {
                    // Only the item's own limits (a stretched size is not the ratio's).
                    size = max(FlexMath.clamp(line.crossSize - crossSum(item.margin), item.ownMinSize[cross],
                                              item.ownMaxSize[cross]), crossSum(item.padding))
                } else if isWrap, dir == .vertical, item.size[cross] == nil, item.aspectRatio == nil {
                    // (The room is the margin box's: the item takes its margins off it.)
                    let room = AvailableSpace.definite(line.crossSize)
                    let known = OptionalSize(dir, main: item.targetSize[dir], cross: nil)
                    let space = AvailableSize(dir, main: .definite(containerSize[dir]), cross: room)
                    let measured = layout.measure(item.node, known: known, definite: definiteness(item), parentSize: percentBase,
                                                  available: space, sizingMode: .content, axis: cross)
                    size = max(FlexMath.clamp(measured, item.minSize[cross], item.maxSize[cross]), crossSum(item.padding))
                } else {
                    size = item.hypotheticalInnerSize[cross]
                }
                items[i].targetSize[cross] = size
                items[i].outerTargetSize[cross] = size + crossSum(item.margin)
            }
        }
    }

    /// 12. Main-axis alignment: auto margins take positive free space, else
    /// `justify` places the items.
    mutating func distributeRemainingFreeSpace() {
        for line in lines {
            let range = line.range
            let used = items[range].reduce(FlexMath.gaps(gap[dir], range.count)) { $0 + $1.outerTargetSize[dir] }
            let free = innerContainerSize[dir] - used
            let autoMargins = items[range].reduce(0) { $0 + (autoMainStart($1) ? 1 : 0) + (autoMainEnd($1) ? 1 : 0) }
            if free > 0 && autoMargins > 0 {
                var shares = FixedPoint.Diffuser(free, buckets: autoMargins)
                // Gaps stay between the items (Taffy drops them here; Chrome does not).
                let order = style.isReverse ? Array(range.reversed()) : Array(range)
                for (k, i) in order.enumerated() {
                    items[i].offsetMain = k == 0 ? 0 : gap[dir]
                    if autoMainStart(items[i]) {
                        if dir == .horizontal { items[i].margin.left = shares.next() } else { items[i].margin.top = shares.next() }
                    }
                    if autoMainEnd(items[i]) {
                        if dir == .horizontal { items[i].margin.right = shares.next() } else { items[i].margin.bottom = shares.next() }
                    }
                }
                continue
            }
            let mode = FlexAlignment.fallback(FlexAlignment(style.justify), free: free, count: range.count)
            var spacing = mode.spacing(free: free, count: range.count, gap: gap[dir], reversed: style.isReverse)
            for i in style.isReverse ? Array(range.reversed()) : Array(range) { items[i].offsetMain = spacing.next() }
        }
    }

    /// 13, 14. Auto cross margins take the line's leftover space; else `align-self`.
    mutating func resolveCrossAxisAutoMargins() {
        for line in lines {
            let maxBaseline = maxBaselineKey(line.range)
            let group = baselineGroupExtent(line.range, maxBaseline)
            for i in line.range {
                let item = items[i]
                // Auto margins take no negative space: the item then overflows at the end.
                let overflow = line.crossSize - item.outerTargetSize[cross]
                let free = max(0, overflow)
                let start = autoCrossStart(item), end = autoCrossEnd(item)
                if start || end {
                    let s = start && end ? FixedPoint.divided(free, by: 2) : (start ? free : 0)
                    let e = start && end ? free - s : (end ? free : 0)
                    if dir == .horizontal {
                        if start { items[i].margin.top = s }
                        if end { items[i].margin.bottom = e }
                    } else {
                        if start { items[i].margin.left = s }
                        if end { items[i].margin.right = e }
                    }
                } else {
                    items[i].offsetCross = alignAlongCrossAxis(item, free: overflow, maxBaseline: maxBaseline, group: group)
                }
            }
        }
    }

    /// How far across the line a baseline-sharing group reaches (its items with their
    /// baselines aligned).
    func baselineGroupExtent(_ range: Range<Int>, _ maxBaseline: Double) -> Double {
        items[range].reduce(0) { $1.alignsBaseline ? max($0, maxBaseline - baselineKey($1) + $1.hypotheticalOuterSize[cross]) : $0 }
    }

    func alignAlongCrossAxis(_ item: Item, free: Double, maxBaseline: Double, group: Double) -> Double {
        switch item.alignSelf {
        case .start, .stretch: return isWrapReverse ? free : 0
        case .end: return isWrapReverse ? 0 : free
        case .center: return FixedPoint.divided(free, by: 2)
        case .baseline:
            guard item.alignsBaseline else { return isWrapReverse ? free : 0 }
            let shift = maxBaseline - baselineKey(item)
            if dir == .vertical && isRightToLeft {
                // The group sits at the line's start (the right), its baselines at
                // their line-left edges (the mirrored cross end).
                return group - shift - item.outerTargetSize[cross]
            }
            return isWrapReverse ? free - shift : shift
        }
    }

    /// 15. The container's cross size: its own where definite, else its lines',
    /// within its limits and never below its padding.
    mutating func determineContainerCrossSize(_ available: AvailableSize) -> Double {
        let totalLines = lines.reduce(0) { $0 + $1.crossSize }
        let insetCross = crossSum(padding)
        var content = totalLines + FlexMath.gaps(gap[cross], lines.count)
        if dir == .vertical, nodeOuterSize[cross] == nil {
            // A column's intrinsic width comes from its items' contributions measured
            // before any flexing (Chrome: the items' flexed heights do not count, nor
            // baseline shifts in a single line): a single line's is the widest, a multi-line one's
            // min-content the widest and its max-content its lines' widest, summed;
            // in definite room, fit-content between the two.
            switch available[cross] {
            case .minContent: content = widestContribution(items.indices, .minContent)
            case .maxContent: content = columnMaxContentWidth()
            case .definite(let room):
                content = min(columnMaxContentWidth(), max(widestContribution(items.indices, .minContent), room))
            }
        }
        let outer = max(FlexMath.clamp(nodeOuterSize[cross] ?? (content + insetCross), minSize[cross], maxSize[cross]),
                        insetCross)
        containerSize[cross] = outer
        innerContainerSize[cross] = max(outer - insetCross, 0)
        return totalLines
    }

    /// A column's max-content width: its widest item's, or a multi-line one's lines'
    /// widest summed with the gaps between lines.
    func columnMaxContentWidth() -> Double {
        guard isWrap else { return widestContribution(items.indices, .maxContent) }
        return lines.reduce(FlexMath.gaps(gap[cross], lines.count)) {
            $0 + widestContribution($1.range, .maxContent, baselineShifts: true)
        }
    }

    /// The widest outer cross size among `range`'s items, each measured under
    /// `constraint` across and open along the column, within its limits, with its
    /// margins (auto ones as 0); with `baselineShifts`, a baseline-aligned item counts
    /// from the line's shared baseline (a multi-line column's lines, as Chrome sizes
    /// them).
    func widestContribution(_ range: Range<Int>, _ constraint: AvailableSpace, baselineShifts: Bool = false) -> Double {
        let maxBaseline = baselineShifts ? maxBaselineKey(range) : 0
        return items[range].reduce(0) { widest, item in
            // (A definite height stays known where a ratio makes the width of it.)
            var known = item.specifiedSize
            if item.aspectRatio == nil { known[dir] = nil }
            let space = AvailableSize(dir, main: .maxContent, cross: constraint)
            let width = item.specifiedSize[cross] ?? layout.measure(
                item.node, known: known, definite: definiteness(item), parentSize: percentBase, available: space,
                sizingMode: .inherent, axis: cross)
            let size = max(FlexMath.clamp(width, item.minSize[cross], item.maxSize[cross]), crossSum(item.padding))
            // Auto margins count as 0 (by now they hold their share of the lines).
            let margins = (autoCrossStart(item) ? 0 : crossStart(item.margin)) + (autoCrossEnd(item) ? 0 : crossEnd(item.margin))
            let shift = baselineShifts && item.alignsBaseline ? maxBaseline - baselineKey(item) : 0
            return max(widest, shift + size + margins)
        }
    }

    /// 16. Lines placed across by `align-content`.
    mutating func alignLines(_ totalLineCross: Double) {
        let count = lines.count
        let free = innerContainerSize[cross] - totalLineCross - FlexMath.gaps(gap[cross], count)
        let mode = FlexAlignment.fallback(FlexAlignment(style.alignContent), free: free, count: count)
        var spacing = mode.spacing(free: free, count: count, gap: gap[cross], reversed: isWrapReverse)
        for l in isWrapReverse ? Array(lines.indices.reversed()) : Array(lines.indices) { lines[l].offsetCross = spacing.next() }
    }

    /// Lays out every item at its size and sets its frame.
    mutating func finalLayoutPass() {
        var offsetCross = crossStart(padding)
        let order = isWrapReverse ? Array(lines.indices.reversed()) : Array(lines.indices)
        for l in order {
            var offsetMain = mainStart(padding)
            let line = lines[l]
            let indices = style.isReverse ? Array(line.range.reversed()) : Array(line.range)
            for i in indices {
                let item = items[i]
                let output = layout.perform(item.node, known: OptionalSize(item.targetSize.width, item.targetSize.height),
                                            definite: definiteness(item, placed: true), parentSize: percentBase,
                                            available: AvailableSize(width: .definite(containerSize.width),
                                                                     height: .definite(containerSize.height)),
                                            sizingMode: .content)
                let insetMain = dir == .horizontal ? (item.inset.left ?? item.inset.right.map { -$0 })
                                                   : (item.inset.top ?? item.inset.bottom.map { -$0 })
                let insetCross = dir == .horizontal ? (item.inset.top ?? item.inset.bottom.map { -$0 })
                                                    : (item.inset.left ?? item.inset.right.map { -$0 })
                let main = offsetMain + item.offsetMain + mainStart(item.margin) + (insetMain ?? 0)
                let crossPosition = offsetCross + item.offsetCross + line.offsetCross + crossStart(item.margin)
                    + (insetCross ?? 0)
                // From here on, the baseline is where it is in the container.
                let top = dir == .horizontal ? crossPosition : main
                items[i].baseline = top + (output.baseline ?? output.size.height)
                place(item.node, Rect(origin: Point(dir, main: main, cross: crossPosition), size: output.size))
                offsetMain += item.offsetMain + mainSum(item.margin) + output.size[dir]
            }
            offsetCross += line.offsetCross + line.crossSize
        }
    }

    /// The container's first baseline, as Chrome finds it: in the topmost line (the
    /// last of a wrap-reversed container), the first baseline-aligned item of a row, else
    /// the item at the top of a column (the last of a reversed one), else the line's
    /// first item.
    func firstBaseline() -> Double? {
        guard let line = isWrapReverse ? lines.last : lines.first, !line.range.isEmpty else { return nil }
        let range = line.range
        let item: Item
        if dir == .horizontal {
            item = items[range].first { $0.alignSelf == .baseline }
                ?? (style.isReverse ? items[range.upperBound - 1] : items[range.lowerBound])
        } else {
            item = style.isReverse ? items[range.upperBound - 1] : items[range.lowerBound]
        }
        return item.baseline
    }
}

/// How `justify` and `align-content` distribute free space among items or lines.
enum FlexAlignment {
    case start, end, flexStart, flexEnd, center, stretch, spaceBetween, spaceAround, spaceEvenly

    init(_ justify: Flex.Justify) {
        switch justify {
        case .start: self = .flexStart
        case .end: self = .flexEnd
        case .center: self = .center
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        case .spaceEvenly: self = .spaceEvenly
        }
    }

    init(_ align: Flex.AlignContent) {
        switch align {
        case .start: self = .flexStart
        case .end: self = .flexEnd
        case .center: self = .center
        case .stretch: self = .stretch
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        case .spaceEvenly: self = .spaceEvenly
        }
    }

    /// CSS Box Alignment's fallbacks for a distribution with one item or without free
    /// space: `flex-start` for between and stretch (so an overflowing reversed line
    /// overflows at its start), `safe center` for around and evenly (centred, or at the
    /// start when it overflows), as Chrome aligns them.
    static func fallback(_ mode: FlexAlignment, free: Double, count: Int) -> FlexAlignment {
        guard count <= 1 || free <= 0 else { return mode }
        switch mode {
        case .stretch, .spaceBetween: return .flexStart
        case .spaceAround, .spaceEvenly: return free < 0 ? .start : .center
        default: return mode
        }
    }

    /// The offsets before the items (or lines) in placement order: the leading space
    /// for the first, then the gap plus a share of the free space for each of the
    /// others. Shares lie on the fixed-point grid and add up to what the distribution
    /// spreads between the items (`FixedPoint.Diffuser`), as Chrome spaces them.
    func spacing(free: Double, count: Int, gap: Double, reversed: Bool) -> Spacing {
        let leading: Double
        switch self {
        case .start, .stretch, .spaceBetween: leading = 0
        case .flexStart: leading = reversed ? free : 0
        case .end: leading = free
        case .flexEnd: leading = reversed ? 0 : free
        case .center: leading = FixedPoint.divided(free, by: 2)
        case .spaceAround: leading = FixedPoint.divided(free, by: free >= 0 ? 2 * count : 2)
        case .spaceEvenly: leading = FixedPoint.divided(free, by: free >= 0 ? count + 1 : 2)
        }
        let buckets = switch self {
        case .spaceBetween: count - 1
        case .spaceAround: count
        case .spaceEvenly: count + 1
        default: 0
        }
        return Spacing(leading: leading, gap: gap, shares: FixedPoint.Diffuser(max(free, 0), buckets: buckets))
    }

    /// Successive offsets before items or lines (see `spacing`).
    struct Spacing {
        fileprivate var leading: Double?
        fileprivate let gap: Double
        fileprivate var shares: FixedPoint.Diffuser

        mutating func next() -> Double {
            if let first = leading {
                leading = nil
                return first
            }
            return gap + shares.next()
        }
    }
}
