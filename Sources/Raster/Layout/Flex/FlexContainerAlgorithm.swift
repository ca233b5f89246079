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
        var size: OptionalSize
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
    let style: FlexContainerStyle
    let box: BoxStyle
    var layout: FlexLayout<Tree> { FlexLayout(tree: tree) }

    // The spec's constants for this container.
    let dir: Axis
    let cross: Axis
    let isWrap: Bool
    let isWrapReverse: Bool
    let minSize: OptionalSize
    let maxSize: OptionalSize
    let padding: EdgeInsets
    let margin: EdgeInsets
    var gap: Size
    let alignItems: Flex.Align
    var nodeOuterSize: OptionalSize
    var nodeInnerSize: OptionalSize
    var containerSize = Size.zero
    var innerContainerSize = Size.zero
    var items: [Item] = []
    var lines: [Line] = []

    init(tree: Tree, node: Node, input: FlexInput) {
        self.tree = tree
        self.node = node
        self.input = input
        let style = tree.containerStyle(node), box = tree.boxStyle(node)
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
        minSize = box.minSize(parent).applyingAspectRatio(ratio)
        maxSize = box.maxSize(parent).applyingAspectRatio(ratio)
        alignItems = style.alignItems

        // The container's size where its styles decide it (min = max, else its size
        // clamped), never below its padding.
        var styled = OptionalSize.none
        if input.sizingMode == .inherent {
            styled = box.size(parent).applyingAspectRatio(ratio).clamped(minSize, maxSize)
        }
        var minMax = OptionalSize.none
        for axis in [Axis.horizontal, .vertical] {
            if let lo = minSize[axis], let hi = maxSize[axis], hi <= lo { minMax[axis] = lo }
        }
        let known = input.known.or(minMax.or(styled).atLeast(box.paddingSums))
        nodeOuterSize = known
        nodeInnerSize = OptionalSize(known.width.map { $0 - box.padding.horizontal },
                                     known.height.map { $0 - box.padding.vertical })
        let gapBase = OptionalSize(nodeInnerSize.width ?? 0, nodeInnerSize.height ?? 0)
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

    // MARK: - The algorithm

    mutating func run() -> FlexOutput {
        if input.runMode == .computeSize, let w = nodeOuterSize.width, let h = nodeOuterSize.height {
            return FlexOutput(size: Size(width: w, height: h))
        }
        generateFlexItems()
        let available = determineAvailableSpace()
        determineFlexBaseSizes(available)
        collectFlexLines(available)
        if let innerMain = nodeInnerSize[dir] {
            innerContainerSize[dir] = innerMain
            containerSize[dir] = innerMain + mainSum(padding)
        } else {
            determineContainerMainSize(available)
            nodeInnerSize[dir] = innerContainerSize[dir]
            nodeOuterSize[dir] = containerSize[dir]
            let mainGap = dir == .horizontal ? style.columnGap : style.rowGap
            gap[dir] = mainGap.resolve(innerContainerSize[dir]) ?? 0
        }
        for l in lines.indices { resolveFlexibleLengths(l) }
        for l in lines.indices { determineHypotheticalCrossSize(l, available) }
        calculateChildrenBaselines(available)
        calculateLineCrossSizes()
        handleAlignContentStretch()
        determineUsedCrossSizes()
        distributeRemainingFreeSpace()
        resolveCrossAxisAutoMargins()
        let totalLineCross = determineContainerCrossSize()
        if input.runMode == .computeSize { return FlexOutput(size: containerSize) }
        alignLines(totalLineCross)
        finalLayoutPass()
        layoutAbsoluteChildren()
        return FlexOutput(size: containerSize, baseline: firstBaseline())
    }

    /// 1. One item per in-flow child (absolutely positioned ones are laid out last).
    mutating func generateFlexItems() {
        for child in tree.children(of: node) {
            let item = tree.itemStyle(child)
            guard !item.isAbsolute else { continue }
            let childBox = tree.boxStyle(child)
            let base = nodeInnerSize
            let ratio = childBox.aspectRatio
            let w = base.width
            items.append(Item(
                node: child,
                size: childBox.size(base).applyingAspectRatio(ratio),
                minSize: childBox.minSize(base).applyingAspectRatio(ratio),
                maxSize: childBox.maxSize(base).applyingAspectRatio(ratio),
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
        let marginSum = crossSum(margin)
        let lo = item.minSize[cross].map { $0 + marginSum }, hi = item.maxSize[cross].map { $0 + marginSum }
        let space: AvailableSpace
        switch available[cross] {
        case .definite(let v): space = .definite(FlexMath.clamp(crossParent ?? v, lo, hi))
        case .minContent: space = forBaseSize ? (lo.map(AvailableSpace.definite) ?? .minContent) : .minContent
        case .maxContent: space = forBaseSize ? (hi.map(AvailableSpace.definite) ?? .maxContent) : .maxContent
        }
        var known = item.size
        known[dir] = nil
        if item.alignSelf == .stretch, known[cross] == nil {
            known[cross] = space.value.map { $0 - crossSum(item.margin) }
        }
        return (space, known)
    }

    /// 3. Each item's flex base size and hypothetical main size.
    mutating func determineFlexBaseSizes(_ available: AvailableSize) {
        for i in items.indices {
            var item = items[i]
            let (crossSpace, known) = crossConstraint(item, available, forBaseSize: true)
            let parentSize = OptionalSize(dir, main: nil, cross: nodeInnerSize[cross])
            let basisStyle = tree.itemStyle(item.node).basis
            if let basis = basisStyle.resolve(nodeInnerSize[dir]) ?? item.size[dir] {
                // A. A definite flex basis (B, the aspect ratio, is already in the size).
                item.flexBasis = basis
            } else {
                // C, E. Sized as max-content in the main axis (min-content when the
                // container itself is sized under a min-content constraint).
                let mainSpace: AvailableSpace = available[dir] == .minContent ? .minContent : .maxContent
                let space = AvailableSize(width: dir == .horizontal ? mainSpace : crossSpace,
                                          height: dir == .horizontal ? crossSpace : mainSpace)
                item.flexBasis = layout.measure(item.node, known: known, parentSize: parentSize, available: space,
                                                sizingMode: .content, axis: dir)
            }
            // Floored by padding, as Chrome and Firefox do (the spec does not floor it).
            let paddingMain = mainSum(item.padding)
            item.flexBasis = max(item.flexBasis, paddingMain)
            item.innerFlexBasis = item.flexBasis - paddingMain

            // 4.5 The automatic minimum size: the min-content size, no larger than the
            // specified or maximum size; 0 for a clipped item.
            if let specified = item.minSize[dir] ?? (item.clips ? 0 : nil) {
                item.resolvedMinimumMainSize = specified
            } else {
                let space = AvailableSize(width: dir == .horizontal ? .minContent : crossSpace,
                                          height: dir == .horizontal ? crossSpace : .minContent)
                var minContent = layout.measure(item.node, known: known, parentSize: parentSize, available: space,
                                                sizingMode: .content, axis: dir)
                if let s = item.size[dir] { minContent = min(minContent, s) }
                if let m = item.maxSize[dir] { minContent = min(minContent, m) }
                item.resolvedMinimumMainSize = max(minContent, paddingMain)
            }
            let lower = max(item.resolvedMinimumMainSize, paddingMain)
            let hypothetical = FlexMath.clamp(item.flexBasis, lower, item.maxSize[dir])
            item.hypotheticalInnerSize[dir] = hypothetical
            item.hypotheticalOuterSize[dir] = hypothetical + mainSum(item.margin)
            items[i] = item
        }
    }

    /// 5. Items into lines: one line unless wrapping; else as many items as fit in
    /// the room (at least one per line; a max-content constraint never wraps, a
    /// min-content one wraps after every item).
    mutating func collectFlexLines(_ available: AvailableSize) {
        guard isWrap else {
            lines = [Line(range: 0..<items.count)]
            return
        }
        var room = available[dir]
        if let hi = maxSize[dir] {
            room = .definite(max(room.value ?? hi, minSize[dir] ?? -.infinity))
        }
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
        if lines.isEmpty { lines = [Line(range: 0..<0)] }
    }

    /// The container's main size when its styles leave it open: the longest line, or
    /// under an intrinsic constraint the items' contributions (§9.9.1).
    mutating func determineContainerMainSize(_ available: AvailableSize) {
        let inset = mainSum(padding)
        func longestLine() -> Double {
            lines.map { line in
                items[line.range].reduce(FlexMath.gaps(gap[dir], line.range.count)) { sum, item in
                    let base = max(item.flexBasis, item.minSize[dir] ?? -.infinity)
                    return sum + max(base + mainSum(item.margin), mainSum(item.padding))
                }
            }.max() ?? 0
        }
        var outer: Double
        switch available[dir] {
        case .definite(let room):
            outer = longestLine() + inset
            if lines.count > 1 { outer = max(outer, room) }
        case .minContent where isWrap:
            outer = longestLine() + inset
        case .minContent, .maxContent:
            outer = intrinsicMainSize(available) + inset
        }
        outer = max(FlexMath.clamp(outer, minSize[dir], maxSize[dir]), inset)
        containerSize[dir] = outer
        innerContainerSize[dir] = max(outer - inset, 0)
        nodeInnerSize[dir] = innerContainerSize[dir]
    }

    /// The largest line of items at their content contributions, each grown or shrunk
    /// from its flex base size by its own flex fraction (as Chrome and Firefox do, not
    /// by the line's largest fraction as the spec says).
    mutating func intrinsicMainSize(_ available: AvailableSize) -> Double {
        var largest = 0.0
        for line in lines {
            var sum = 0.0
            for i in line.range {
                let item = items[i]
                let styleMin = item.minSize[dir], preferred = item.size[dir], styleMax = item.maxSize[dir]
                let clampingBasis = max(item.flexBasis, preferred ?? -.infinity)
                let basisMin: Double? = item.shrink == 0 ? clampingBasis : nil
                let basisMax: Double? = item.grow == 0 ? clampingBasis : nil
                var minMain = item.resolvedMinimumMainSize
                if let s = styleMin { minMain = max(minMain, max(s, basisMin ?? -.infinity)) } else if let b = basisMin {
                    minMain = max(minMain, b)
                }
                var maxMain = Double.infinity
                if let s = styleMax { maxMain = min(s, basisMax ?? .infinity) } else if let b = basisMax { maxMain = b }
                let marginMain = mainSum(item.margin)
                let contribution: Double
                if let p = preferred, maxMain <= minMain || maxMain <= p {
                    contribution = max(min(p, maxMain), minMain) + marginMain
                } else if maxMain <= minMain {
                    contribution = minMain + marginMain
                } else if item.clips {
                    contribution = item.flexBasis + marginMain
                } else {
                    let crossParent = nodeInnerSize[cross]
                    let marginSum = crossSum(margin)
                    let lo = item.minSize[cross].map { $0 + marginSum }, hi = item.maxSize[cross].map { $0 + marginSum }
                    var crossSpace = available[cross]
                    if case .definite(let v) = crossSpace { crossSpace = .definite(crossParent ?? v) }
                    crossSpace = crossSpace.clamped(lo, hi)
                    var space = available
                    space[cross] = crossSpace
                    var known = item.size
                    known[dir] = nil
                    if item.alignSelf == .stretch, known[cross] == nil {
                        known[cross] = crossSpace.value.map { $0 - crossSum(item.margin) }
                    }
                    let content = layout.measure(item.node, known: known, parentSize: nodeInnerSize, available: space,
                                                 sizingMode: .inherent, axis: dir) + marginMain
                    // Never below the item's own padding (Taffy floors it at the
                    // container's, which Chrome does not).
                    let floor = mainSum(item.padding)
                    if dir == .horizontal {
                        contribution = max(FlexMath.clamp(content, styleMin, styleMax), floor)
                    } else {
                        contribution = max(FlexMath.clamp(max(content, item.flexBasis), styleMin, styleMax), floor)
                    }
                }
                let diff = contribution - item.flexBasis
                let fraction: Double
                if diff > 0 {
                    fraction = diff / max(1, item.grow)
                } else if diff < 0 {
                    fraction = diff / max(1, item.shrink * item.innerFlexBasis)
                } else {
                    fraction = 0
                }
                let flex: Double
                if fraction > 0 {
                    flex = max(1, item.grow) * fraction
                } else if fraction < 0 {
                    flex = max(1, item.shrink) * item.innerFlexBasis * fraction
                } else {
                    flex = 0
                }
                let size = item.flexBasis + flex
                items[i].targetSize[dir] = size
                items[i].outerTargetSize[dir] = size
                sum += size
            }
            largest = max(largest, sum + FlexMath.gaps(gap[dir], line.range.count))
        }
        return largest
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
            if exact || (item.grow == 0 && item.shrink == 0) || (growing && item.flexBasis > target)
                || (shrinking && item.flexBasis < target) {
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
                free = initialFree * growSum
                if let inner { free = min(free, inner - used) }
            } else if shrinking && shrinkSum < 1 {
                free = initialFree * shrinkSum
                if let inner { free = max(free, inner - used) }
            } else {
                free = inner.map { $0 - used } ?? (hypotheticalSum - used)
            }
            if free.isNormal {
                if growing && growSum > 0 {
                    for i in unfrozen { items[i].targetSize[dir] = items[i].flexBasis + free * items[i].grow / growSum }
                } else if shrinking && shrinkSum > 0 {
                    let scaledSum = unfrozen.reduce(0) { $0 + items[$1].innerFlexBasis * items[$1].shrink }
                    if scaledSum > 0 {
                        for i in unfrozen {
                            let scaled = items[i].innerFlexBasis * items[i].shrink
                            items[i].targetSize[dir] = items[i].flexBasis + free * scaled / scaledSum
                        }
                    }
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

    /// 7. Each item's hypothetical cross size: laid out at its used main size with the
    /// room across, auto treated as fit-content.
    mutating func determineHypotheticalCrossSize(_ l: Int, _ available: AvailableSize) {
        for i in lines[l].range {
            let item = items[i]
            let paddingCross = crossSum(item.padding)
            let lo = item.minSize[cross], hi = item.maxSize[cross]
            let crossStyle = item.size[cross].map { max(FlexMath.clamp($0, lo, hi), paddingCross) }
            var crossSpace = available[cross].clamped(lo, hi)
            if case .definite(let v) = crossSpace { crossSpace = .definite(max(v, paddingCross)) }
            let inner = crossStyle ?? {
                let known = OptionalSize(dir, main: item.targetSize[dir], cross: crossStyle)
                let space = AvailableSize(width: dir == .horizontal ? .definite(containerSize[dir]) : crossSpace,
                                          height: dir == .horizontal ? crossSpace : .definite(containerSize[dir]))
                let measured = layout.measure(item.node, known: known, parentSize: nodeInnerSize, available: space,
                                              sizingMode: .content, axis: cross)
                return max(FlexMath.clamp(measured, lo, hi), paddingCross)
            }()
            items[i].hypotheticalInnerSize[cross] = inner
            items[i].hypotheticalOuterSize[cross] = inner + crossSum(item.margin)
        }
    }

    /// Baselines of the items aligned by baseline, in rows with more than one such item
    /// (the baseline is the first line's, else the bottom of the item).
    mutating func calculateChildrenBaselines(_ available: AvailableSize) {
        guard dir == .horizontal else { return }
        for line in lines {
            guard items[line.range].filter({ $0.alignSelf == .baseline }).count > 1 else { continue }
            for i in line.range where items[i].alignSelf == .baseline {
                let item = items[i]
                let known = OptionalSize(item.targetSize.width, item.hypotheticalInnerSize.height)
                let space = AvailableSize(width: .definite(containerSize.width),
                                          height: available.height.or(nodeOuterSize.height))
                let output = layout.perform(item.node, known: known, parentSize: nodeInnerSize, available: space,
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
    /// takes that size; else the largest outer hypothetical cross size (baseline-aligned
    /// items counted from the line's shared baseline).
    mutating func calculateLineCrossSizes() {
        let insetCross = crossSum(padding)
        if !isWrap, let size = nodeOuterSize[cross] {
            lines[0].crossSize = max(FlexMath.clamp(size, minSize[cross], maxSize[cross]) - insetCross, 0)
            return
        }
        for l in lines.indices {
            let range = lines[l].range
            let maxBaseline = maxBaselineKey(range)
            lines[l].crossSize = items[range].reduce(0) { largest, item in
                let size = item.alignsBaseline
                    ? maxBaseline - baselineKey(item) + item.hypotheticalOuterSize[cross]
                    : item.hypotheticalOuterSize[cross]
                return max(largest, size)
            }
        }
        if !isWrap {
            lines[0].crossSize = FlexMath.clamp(lines[0].crossSize, minSize[cross].map { $0 - insetCross },
                                                maxSize[cross].map { $0 - insetCross })
        }
    }

    /// 9. `align-content: stretch`: lines share the container's leftover cross size.
    mutating func handleAlignContentStretch() {
        guard style.alignContent == .stretch else { return }
        let insetCross = crossSum(padding)
        let size = nodeOuterSize[cross] ?? minSize[cross]
        let minimum = size.map { max(FlexMath.clamp($0, minSize[cross], maxSize[cross]) - insetCross, 0) } ?? 0
        let total = lines.reduce(FlexMath.gaps(gap[cross], lines.count)) { $0 + $1.crossSize }
        if total < minimum {
            let extra = (minimum - total) / Double(lines.count)
            for l in lines.indices { lines[l].crossSize += extra }
        }
    }

    /// 11. Used cross sizes: a stretched item with an auto cross size and no auto cross
    /// margins takes its line's size (within its limits; its maximum without the
    /// aspect ratio); others keep their hypothetical size.
    mutating func determineUsedCrossSizes() {
        for line in lines {
            for i in line.range {
                let item = items[i]
                let childBox = tree.boxStyle(item.node)
                let crossAuto = (cross == .horizontal ? childBox.width : childBox.height).isAuto
                let size: Double
                if item.alignSelf == .stretch && !autoCrossStart(item) && !autoCrossEnd(item) && crossAuto {
                    let hi = childBox.maxSize(nodeInnerSize)[cross]
                    size = FlexMath.clamp(line.crossSize - crossSum(item.margin), item.minSize[cross], hi)
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
                let share = free / Double(autoMargins)
                // Gaps stay between the items (Taffy drops them here; Chrome does not).
                let order = style.isReverse ? Array(range.reversed()) : Array(range)
                for (k, i) in order.enumerated() { items[i].offsetMain = k == 0 ? 0 : gap[dir] }
                for i in range {
                    if autoMainStart(items[i]) {
                        if dir == .horizontal { items[i].margin.left = share } else { items[i].margin.top = share }
                    }
                    if autoMainEnd(items[i]) {
                        if dir == .horizontal { items[i].margin.right = share } else { items[i].margin.bottom = share }
                    }
                }
                continue
            }
            let mode = FlexAlignment.fallback(FlexAlignment(style.justify), free: free, count: range.count)
            let order = style.isReverse ? Array(range.reversed()) : Array(range)
            for (k, i) in order.enumerated() {
                items[i].offsetMain = mode.offset(free: free, count: range.count, gap: gap[dir],
                                                  reversed: style.isReverse, isFirst: k == 0)
            }
        }
    }

    /// 13, 14. Auto cross margins take the line's leftover space; else `align-self`.
    mutating func resolveCrossAxisAutoMargins() {
        for line in lines {
            let maxBaseline = maxBaselineKey(line.range)
            for i in line.range {
                let item = items[i]
                let free = line.crossSize - item.outerTargetSize[cross]
                let start = autoCrossStart(item), end = autoCrossEnd(item)
                if start || end {
                    let s = start && end ? free / 2 : (start ? free : 0)
                    let e = start && end ? free / 2 : (end ? free : 0)
                    if dir == .horizontal {
                        if start { items[i].margin.top = s }
                        if end { items[i].margin.bottom = e }
                    } else {
                        if start { items[i].margin.left = s }
                        if end { items[i].margin.right = e }
                    }
                } else {
                    items[i].offsetCross = alignAlongCrossAxis(item, free: free, maxBaseline: maxBaseline)
                }
            }
        }
    }

    func alignAlongCrossAxis(_ item: Item, free: Double, maxBaseline: Double) -> Double {
        switch item.alignSelf {
        case .start, .stretch: return isWrapReverse ? free : 0
        case .end: return isWrapReverse ? 0 : free
        case .center: return free / 2
        case .baseline:
            guard item.alignsBaseline else { return isWrapReverse ? free : 0 }
            let shift = maxBaseline - baselineKey(item)
            return isWrapReverse ? free - shift : shift
        }
    }

    /// 15. The container's cross size: its own where definite, else its lines',
    /// within its limits and never below its padding.
    mutating func determineContainerCrossSize() -> Double {
        let totalLines = lines.reduce(0) { $0 + $1.crossSize }
        let insetCross = crossSum(padding)
        let outer = max(FlexMath.clamp(nodeOuterSize[cross] ?? (totalLines + FlexMath.gaps(gap[cross], lines.count) + insetCross),
                                       minSize[cross], maxSize[cross]), insetCross)
        containerSize[cross] = outer
        innerContainerSize[cross] = max(outer - insetCross, 0)
        return totalLines
    }

    /// 16. Lines placed across by `align-content`.
    mutating func alignLines(_ totalLineCross: Double) {
        let count = lines.count
        let free = innerContainerSize[cross] - totalLineCross - FlexMath.gaps(gap[cross], count)
        let mode = FlexAlignment.fallback(FlexAlignment(style.alignContent), free: free, count: count)
        let order = isWrapReverse ? Array(lines.indices.reversed()) : Array(lines.indices)
        for (k, l) in order.enumerated() {
            lines[l].offsetCross = mode.offset(free: free, count: count, gap: gap[cross], reversed: isWrapReverse,
                                               isFirst: k == 0)
        }
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
                                            parentSize: nodeInnerSize,
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
                tree.setFrame(item.node, Rect(origin: Point(dir, main: main, cross: crossPosition), size: output.size))
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
            item = items[range].first { $0.alignSelf == .baseline } ?? items[range.lowerBound]
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

    /// CSS Box Alignment's fallbacks: a distribution with one item or without free
    /// space falls back to start (between, stretch) or centre (around, evenly).
    static func fallback(_ mode: FlexAlignment, free: Double, count: Int) -> FlexAlignment {
        guard count <= 1 || free <= 0 else { return mode }
        switch mode {
        case .stretch, .spaceBetween: return free <= 0 ? .start : .flexStart
        case .spaceAround, .spaceEvenly: return free <= 0 ? .start : .center
        default: return mode
        }
    }

    /// The offset before an item (or line): the leading space for the first, the
    /// gap plus its share of the free space for the others.
    func offset(free: Double, count: Int, gap: Double, reversed: Bool, isFirst: Bool) -> Double {
        if isFirst {
            switch self {
            case .start, .stretch, .spaceBetween: return 0
            case .flexStart: return reversed ? free : 0
            case .end: return free
            case .flexEnd: return reversed ? 0 : free
            case .center: return free / 2
            case .spaceAround: return free >= 0 ? free / Double(count) / 2 : free / 2
            case .spaceEvenly: return free >= 0 ? free / Double(count + 1) : free / 2
            }
        }
        let free = max(free, 0)
        switch self {
        case .spaceBetween: return gap + free / Double(count - 1)
        case .spaceAround: return gap + free / Double(count)
        case .spaceEvenly: return gap + free / Double(count + 1)
        default: return gap
        }
    }
}
