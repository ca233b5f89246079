import RasterCore

/// §9.4: cross sizes of items and lines, baselines, and the container's cross size.
extension FlexContainerAlgorithm {
    /// 7. Each item's hypothetical cross size: laid out at its used main size with the
    /// room across, auto treated as fit-content.
    mutating func determineHypotheticalCrossSize(_ l: Int, _ available: AvailableSize) {
        // Each item is read in place by its index: a copy of its working values (528
        // bytes) per item would cost more than the reads.
        for i in lines[l].range {
            let paddingCross = crossSum(items[i].padding)
            let lo = items[i].minSize[cross], hi = items[i].maxSize[cross]
            // A cross size that only the aspect ratio gives follows the used main size.
            let ratioCross = items[i].specifiedSize[cross] == nil ? items[i].aspectRatio.map {
                crossFromMain(items[i].targetSize[dir], $0)
            } : nil
            let crossStyle = (ratioCross == nil ? items[i].size[cross] : nil).map { max(FlexMath.clamp($0, lo, hi), paddingCross) }
            var crossSpace = available[cross].clamped(lo, hi)
            if case .definite(let v) = crossSpace { crossSpace = .definite(max(v, paddingCross)) }
            let inner: Double
            if let crossStyle {
                inner = crossStyle
            } else if let ratioCross {
                let floor = ratioContentFloor(items[i]) {
                    measureCross(i, room: dir == .vertical ? .minContent : crossSpace)
                }
                inner = max(FlexMath.clamp(ratioCross, lo, hi), floor, paddingCross)
            } else {
                inner = max(FlexMath.clamp(measureCross(i, room: crossSpace), lo, hi), paddingCross)
            }
            items[i].hypotheticalInnerSize[cross] = inner
            items[i].hypotheticalOuterSize[cross] = inner + crossSum(items[i].margin)
        }
    }

    /// The content size across of item `i`, laid out at its used main size in `room`.
    func measureCross(_ i: Int, room: AvailableSpace) -> Double {
        layout.measure(items[i].node, known: OptionalSize(dir, main: items[i].targetSize[dir], cross: nil),
                       definite: definiteness(items[i]), parentSize: percentBase,
                       available: AvailableSize(dir, main: .definite(containerSize[dir]), cross: room),
                       sizingMode: .content, axis: cross)
    }

    /// The content floor under the cross size an item's aspect ratio gives it (CSS's
    /// automatic minimum size), 0 where there is none: when the item clips, has a
    /// minimum of its own across or a size there that is not auto (a percentage of an
    /// indefinite size), or, in a column, a minimum height of its own (a length, or a
    /// percentage of a definite height: it is then exactly the width its ratio makes of
    /// its height). The content is its min-content width in a column (`content` is asked
    /// for that), its fit-content height in a row; it is held by the item's own maximum
    /// across and, in a column, by the width its own maximum height makes through the
    /// ratio (as Chrome sizes it).
    func ratioContentFloor(_ item: Item, content: () -> Double) -> Double {
        let minimumHeight = item.minMainDimension
        let ownMinimumHeight = dir == .vertical && !minimumHeight.isAuto
            && !(minimumHeight.isPercent && percentBase[dir] == nil)
        if item.clips || item.ownMinSize[cross] != nil || !item.crossDimension.isAuto || ownMinimumHeight {
            return 0
        }
        let transferredMaximum = dir == .horizontal ? nil
            : item.aspectRatio.flatMap { r in item.ownMaxSize[dir].map { crossFromMain($0, r) } }
        let maximum = [item.ownMaxSize[cross], transferredMaximum].compactMap { $0 }.min()
        return FlexMath.clamp(content(), item.ownMinSize[cross], maximum)
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
            var baselineItems = 0
            for i in line.range where items[i].alignSelf == .baseline { baselineItems += 1 }
            guard baselineItems > 1 else { continue }
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
    @inline(__always)
    func stretches(_ item: Item) -> Bool {
        item.alignSelf == .stretch && !autoCrossStart(item) && !autoCrossEnd(item) && item.crossDimension.isAuto
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
}
