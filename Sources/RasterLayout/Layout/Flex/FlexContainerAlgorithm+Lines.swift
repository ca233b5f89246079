/// §9.3: the container's main size and its flex lines, with the aspect ratio's part in them.
extension FlexContainerAlgorithm {
    /// 5. Items into lines: one line unless wrapping; else as many items as fit in
    /// the main size (at least one per line).
    mutating func collectFlexLines() {
        guard isWrap else { return breakLines(at: .maxContent) }
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
            breakLines(at: .definite(room))
            let natural = FlexMath.clamp(max(ratio, longestLine(lines)) + mainSum(padding), lo, hi)
            if sized == nil || abs(natural - containerSize[dir]) < 1e-9 { return }
        }
        breakLines(at: sized ?? open ?? .maxContent)
    }

    /// Breaks the items into `lines` in the given main room: at least one line, and
    /// each line at least one item, so `lineRoom` (as many lines as items, at least
    /// one) holds them.
    mutating func breakLines(at room: AvailableSpace) {
        let lineRoom = self.lineRoom
        var count = 0
        switch room {
        case .maxContent:
            break
        case .minContent:
            for i in items.indices {
                lineRoom.initializeElement(at: count, to: Line(range: i..<(i + 1)))
                count += 1
            }
        case .definite(let length):
            var start = 0
            while start < items.count {
                var used = 0.0, end = start
                while end < items.count {
                    used += items[end].hypotheticalOuterSize[dir] + (end == start ? 0 : gap[dir])
                    if used > length && end != start { break }
                    end += 1
                }
                lineRoom.initializeElement(at: count, to: Line(range: start..<end))
                count += 1
                start = end
            }
        }
        if count == 0 {
            lineRoom.initializeElement(at: 0, to: Line(range: 0..<items.count))
            count = 1
        }
        lines = UnsafeMutableBufferPointer(rebasing: lineRoom[..<count])
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
    func longestLine(_ lines: UnsafeMutableBufferPointer<Line>) -> Double {
        var longest: Double?
        for line in lines {
            var length = FlexMath.gaps(gap[dir], line.range.count)
            for i in line.range { length += items[i].hypotheticalOuterSize[dir] }
            longest = max(longest ?? length, length)
        }
        return longest ?? 0
    }
}
