import RasterCore

/// What the stack algorithms need of a child: its size for a proposal (pure, cached by
/// the child) and its layout priority. The algorithms take children as `any LayoutChild`,
/// so they are compiled once, here, whatever module's nodes they measure.
package protocol LayoutChild: AnyObject {
    func sizeThatFits(_ proposal: ProposedSize) -> Size
    var layoutPriority: Double { get }
}

/// Where a stack puts its children: the proposal each gets, the size each takes, and
/// the stack's own size.
package struct StackLayoutResult {
    package var size: Size
    package var proposals: [ProposedSize]
    package var sizes: [Size]
}

/// SwiftUI's `HStack`/`VStack` sizing.
///
/// With a length along the axis, that length less the spacing is shared out:
///
/// 1. Children are ordered by `layoutPriority` (highest first) and, within a priority,
///    least flexible first (`FlexibilityEstimate`); equally flexible children keep their
///    order in the stack.
/// 2. Each priority group starts from what is left after setting aside the minimum
///    (the length at proposal 0) of every child of a lower group.
/// 3. In its group, each child is proposed an equal share of what the group still has
///    (never below 0) and takes what it answers.
///
/// An unspecified length asks every child for its ideal size. Across the axis every child
/// gets the stack's proposal; the stack is as large as its largest child.
///
/// A child's minimum and maximum are measured only where the rules use them: to order two
/// children of one priority, and (the minimum) for every child below the first group.
///
/// - Complexity: O(n log n) for n children, each measured at most three times per
///   distinct proposal.
package struct StackAlgorithm {
    var axis: Axis
    var spacing: Double

    package init(axis: Axis, spacing: Double) {
        self.axis = axis
        self.spacing = spacing
    }

    /// How flexible a child is along the axis: its length at proposal infinity less its
    /// length at proposal 0. A less flexible child is served first; of two equally
    /// flexible children whose maximum is infinite, the one with the larger minimum.
    struct FlexibilityEstimate: Comparable {
        let minLength: Double
        let maxLength: Double

        var range: Double {
            let d = maxLength - minLength
            return d.isNaN ? 0 : d
        }

        static func < (l: FlexibilityEstimate, r: FlexibilityEstimate) -> Bool {
            let lRange = l.range, rRange = r.range
            guard lRange == rRange else { return lRange < rRange }
            let lKey = lRange == .infinity ? -l.minLength : 0
            let rKey = rRange == .infinity ? -r.minLength : 0
            return lKey < rKey
        }
    }

    /// SwiftUI's stack layout of `children` for `proposal`: the flexibility of each child
    /// measured, the spacing set aside, then the room handed out by layout priority,
    /// least flexible first, each child proposed an equal share of what is left (one
    /// pass whose running totals carry from child to child).
    package func layout(_ children: [any LayoutChild], proposal: ProposedSize) -> StackLayoutResult {
        let n = children.count
        let cross = proposal[axis.cross]
        let totalSpacing = spacing * Double(max(0, n - 1))
        var proposals = [ProposedSize](repeating: .unspecified, count: n)
        var sizes = [Size](repeating: .zero, count: n)
        if let main = proposal[axis] {
            var minimum = [Double?](repeating: nil, count: n)
            var maximum = [Double?](repeating: nil, count: n)
            func minLength(_ i: Int) -> Double {
                if let m = minimum[i] { return m }
                let m = children[i].sizeThatFits(ProposedSize(axis, main: 0, cross: cross))[axis]
                minimum[i] = m
                return m
            }
            func estimate(_ i: Int) -> FlexibilityEstimate {
                let low = minLength(i)
                if let m = maximum[i] { return FlexibilityEstimate(minLength: low, maxLength: m) }
                let m = children[i].sizeThatFits(ProposedSize(axis, main: .infinity, cross: cross))[axis]
                maximum[i] = m
                return FlexibilityEstimate(minLength: low, maxLength: m)
            }
            // A NaN priority (only from Swift code) counts as the default 0.
            let priorities = children.map { $0.layoutPriority.isNaN ? 0 : $0.layoutPriority }
            let order = StackAlgorithm.order(priorities: priorities, estimate: estimate)
            var available = main - totalSpacing
            var start = 0
            while start < n {
                var end = start + 1
                while end < n && priorities[order[end]] == priorities[order[start]] { end += 1 }
                // The first group sets aside the minimum of every later child; each later
                // group takes back its own members' minimums.
                if start == 0 {
                    available -= order[end...].reduce(0) { $0 + minLength($1) }
                } else {
                    available += order[start..<end].reduce(0) { $0 + minLength($1) }
                }
                for (k, i) in order[start..<end].enumerated() {
                    let share = max(available / Double(end - start - k), 0)
                    proposals[i] = ProposedSize(axis, main: share, cross: cross)
                    sizes[i] = children[i].sizeThatFits(proposals[i])
                    let left = available - sizes[i][axis]
                    if !left.isNaN { available = left }
                }
                start = end
            }
        } else {
            for i in 0..<n {
                proposals[i] = ProposedSize(axis, main: nil, cross: cross)
                sizes[i] = children[i].sizeThatFits(proposals[i])
            }
        }
        let length = sizes.reduce(totalSpacing) { $0 + $1[axis] }
        let thickness = sizes.map { $0[axis.cross] }.max() ?? 0
        return StackLayoutResult(size: Size(axis, main: length, cross: thickness), proposals: proposals, sizes: sizes)
    }

    /// The order children are served in: highest priority first, least flexible first
    /// within a priority, stack order between equals. The estimates are asked only of
    /// children that share their priority with another, each once; a list already in
    /// order (the usual case: one priority, children alike) is checked in one pass and
    /// not sorted.
    static func order(priorities: [Double], estimate: (Int) -> FlexibilityEstimate) -> [Int] {
        let n = priorities.count
        var order = Array(0..<n)
        if n < 2 { return order }
        if zip(priorities, priorities.dropFirst()).contains(where: { $0 < $1 }) {
            order.sort { a, b in priorities[a] != priorities[b] ? priorities[a] > priorities[b] : a < b }
        }
        var start = 0
        while start < n {
            var end = start + 1
            while end < n && priorities[order[end]] == priorities[order[start]] { end += 1 }
            if end - start > 1 {
                // The group's indices are increasing here, so a group whose estimates
                // never decrease is already in its stable order.
                var group = order[start..<end].map { (estimate: estimate($0), index: $0) }
                if zip(group, group.dropFirst()).contains(where: { $1.estimate < $0.estimate }) {
                    group.sort { a, b in
                        a.estimate < b.estimate || (!(b.estimate < a.estimate) && a.index < b.index)
                    }
                    for (k, member) in group.enumerated() { order[start + k] = member.index }
                }
            }
            start = end
        }
        return order
    }

    /// The children's positions: one after another with the spacing, aligned across by
    /// `alignment` (0 leading, 1 trailing) in the stack's thickness.
    package func positions(_ result: StackLayoutResult, alignment: Double) -> [Point] {
        var offset = 0.0
        let thickness = result.size[axis.cross]
        return result.sizes.map { size in
            let point = Point(axis, main: offset, cross: (thickness - size[axis.cross]) * alignment)
            offset += size[axis] + spacing
            return point
        }
    }
}

/// SwiftUI's `ZStack` sizing: the children of the highest layout priority are proposed
/// the stack's proposal and the stack takes the largest of their sizes on each axis;
/// the other children are then proposed that size.
package struct OverlayAlgorithm {
    package init() {}

    /// The sizes of `children` for `proposal`, and what each was proposed: the
    /// highest-priority children first, the others at the size they made.
    package func layout(_ children: [any LayoutChild], proposal: ProposedSize) -> StackLayoutResult {
        let top = children.map(\.layoutPriority).max() ?? 0
        var sizes = [Size](repeating: .zero, count: children.count)
        var proposals = [ProposedSize](repeating: proposal, count: children.count)
        var size = Size.zero
        for (i, child) in children.enumerated() where child.layoutPriority == top {
            sizes[i] = child.sizeThatFits(proposal)
            size = Size(width: max(size.width, sizes[i].width), height: max(size.height, sizes[i].height))
        }
        for (i, child) in children.enumerated() where child.layoutPriority != top {
            proposals[i] = ProposedSize(size)
            sizes[i] = child.sizeThatFits(proposals[i])
        }
        return StackLayoutResult(size: size, proposals: proposals, sizes: sizes)
    }
}
