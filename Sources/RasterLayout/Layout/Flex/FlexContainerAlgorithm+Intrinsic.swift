/// §9.9: the container's intrinsic sizes from its items' contributions.
extension FlexContainerAlgorithm {
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
        for i in items.indices {
            let item = items[i]
            // A percentage of the size being found is cyclic: it counts as auto (its
            // minimum as 0), as Chrome computes contributions.
            let cyclic = item.mainDimension.isPercent
            let cyclicMinimum = item.minMainDimension.isPercent
            let content: Double
            if let own = item.size[dir], !cyclic {
                content = own
            } else {
                let (crossSpace, known) = crossConstraint(i, available, forBaseSize: false)
                let space = AvailableSize(dir, main: constraint, cross: crossSpace)
                var parent = percentBase
                if cyclic { parent[dir] = nil }
                content = layout.measure(item.node, known: known, definite: definiteness(item), parentSize: parent,
                                         available: space, sizingMode: .inherent, axis: dir)
            }
            var lower = cyclicMinimum ? 0 : measuredMinimumMainSize(i)
            // A percentage flex basis is cyclic too: the item counts at its content size.
            let hypothetical = item.basis.isPercent
                ? FlexMath.clamp(content, lower, item.maxSize[dir]) : item.hypotheticalInnerSize[dir]
            // An item that cannot shrink holds its hypothetical size, except under a
            // min-content constraint when that size comes from its content (Chrome).
            // (A wrapping row's min-content width is its widest item's min-content
            // contribution, whatever its shrink factor.)
            if item.shrink == 0, constraint != .minContent || (item.hasDefiniteBasis && !isWrap) {
                lower = max(lower, hypothetical)
            }
            let upper = item.maxSize[dir]
            let paddingMain = mainSum(item.padding), marginMain = mainSum(item.margin)
            // A local function of these values alone: a closure would capture (copy) self.
            func outer(_ upper: Double?) -> Double {
                max(FlexMath.clamp(content, lower, upper), paddingMain) + marginMain
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
}
