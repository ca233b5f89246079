import RasterCore

/// §9.5, §9.6: main-axis and cross-axis alignment, the final layout pass and the container's baseline.
extension FlexContainerAlgorithm {
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
                let order = FlexMath.indices(range, reversed: style.isReverse)
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
            for i in FlexMath.indices(range, reversed: style.isReverse) { items[i].offsetMain = spacing.next() }
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

    /// 16. Lines placed across by `align-content`.
    mutating func alignLines(_ totalLineCross: Double) {
        let count = lines.count
        let free = innerContainerSize[cross] - totalLineCross - FlexMath.gaps(gap[cross], count)
        let mode = FlexAlignment.fallback(FlexAlignment(style.alignContent), free: free, count: count)
        var spacing = mode.spacing(free: free, count: count, gap: gap[cross], reversed: isWrapReverse)
        for l in FlexMath.indices(lines.indices, reversed: isWrapReverse) { lines[l].offsetCross = spacing.next() }
    }

    /// Lays out every item at its size and sets its frame.
    mutating func finalLayoutPass() {
        var offsetCross = crossStart(padding)
        let order = FlexMath.indices(lines.indices, reversed: isWrapReverse)
        for l in order {
            var offsetMain = mainStart(padding)
            let line = lines[l]
            let indices = FlexMath.indices(line.range, reversed: style.isReverse)
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
