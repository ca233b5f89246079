/// §9.7: resolving the flexible lengths of one line.
extension FlexContainerAlgorithm {
    /// 6. §9.7 Resolving flexible lengths of one line: grow or shrink the unfrozen
    /// items by their factors, freezing those their limits stop, until all are frozen.
    mutating func resolveFlexibleLengths(_ l: Int) {
        let range = lines[l].range
        let totalGap = FlexMath.gaps(gap[dir], range.count)
        let inner = nodeInnerSize[dir]
        let hypotheticalSum = items[range].reduce(totalGap) { $0 + $1.hypotheticalOuterSize[dir] }
        let growing = hypotheticalSum < (inner ?? 0)
        let shrinking = hypotheticalSum > (inner ?? 0)
        if !growing && !shrinking {
            freezeInflexibleItems(range, growing: false, shrinking: false)
            return
        }
        freezeInflexibleItems(range, growing: growing, shrinking: shrinking)
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
            freezeViolations(unfrozen)
        }
    }

    /// 9.7.4 d, e: clamps each unfrozen item's target to its limits, then freezes the
    /// items whose clamping went the way of the total violation (all when it is zero).
    mutating func freezeViolations(_ unfrozen: [Int]) {
        var totalViolation = 0.0
        for i in unfrozen {
            let target = items[i].targetSize[dir]
            let minimum = minimumCannotBind(i, at: target) ? nil : measuredMinimumMainSize(i)
            let clamped = max(FlexMath.clamp(target, minimum, items[i].maxSize[dir]), 0)
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

    /// 9.7.2: every item starts at its hypothetical size; one whose used flex factor
    /// (grow when growing, shrink when shrinking) is zero, or whose limits already hold
    /// it against the way the line flexes, is frozen there (all of them when the line
    /// fits exactly: neither growing nor shrinking).
    mutating func freezeInflexibleItems(_ range: Range<Int>, growing: Bool, shrinking: Bool) {
        let exact = !growing && !shrinking
        for i in range {
            let target = items[i].hypotheticalInnerSize[dir]
            items[i].targetSize[dir] = target
            let item = items[i]
            if exact || (growing && item.grow == 0) || (shrinking && item.shrink == 0)
                || (growing && item.flexBasis > target) || (shrinking && item.flexBasis < target) {
                items[i].frozen = true
                items[i].outerTargetSize[dir] = target + mainSum(item.margin)
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
}
