/// What the stack algorithms need of a child: its size for a proposal (pure, cached by
/// the child) and its layout priority.
protocol LayoutChild {
    func sizeThatFits(_ proposal: ProposedSize) -> Size
    var layoutPriority: Double { get }
}

/// Where a stack puts its children: the proposal each gets, the size each takes, and
/// the stack's own size.
struct StackLayoutResult {
    var size: Size
    var proposals: [ProposedSize]
    var sizes: [Size]
}

/// SwiftUI's `HStack`/`VStack` sizing.
///
/// Along the axis, a proposal is shared out after the spacing: children are served by
/// `layoutPriority` group (highest first; each group starts from what is left after
/// setting aside the minimum sizes of every lower group), and within a group least
/// flexible first, where flexibility is a child's size at proposal infinity minus its
/// size at 0. Each child is proposed an equal share of what is still left and takes
/// what it answers. An unspecified proposal asks every child for its ideal size. Across
/// the axis every child gets the stack's proposal; the stack is as large as its largest
/// child.
///
/// - Complexity: O(n log n) for n children, each measured at most three times per
///   distinct proposal.
struct StackAlgorithm {
    var axis: Axis
    var spacing: Double

    func layout<C: LayoutChild>(_ children: [C], proposal: ProposedSize) -> StackLayoutResult {
        let n = children.count
        let cross = proposal[axis.cross]
        let totalSpacing = spacing * Double(max(0, n - 1))
        var proposals = [ProposedSize](repeating: .unspecified, count: n)
        var sizes = [Size](repeating: .zero, count: n)
        if let main = proposal[axis] {
            let minimum = children.map { $0.sizeThatFits(ProposedSize(axis, main: 0, cross: cross))[axis] }
            let maximum = children.map { $0.sizeThatFits(ProposedSize(axis, main: .infinity, cross: cross))[axis] }
            let flexibility = (0..<n).map { maximum[$0] - minimum[$0] }
            let priorities = children.map(\.layoutPriority)
            let groups = Set(priorities).sorted(by: >)
            var remaining = main - totalSpacing
            for (g, priority) in groups.enumerated() {
                let lower = groups[(g + 1)...]
                var available = remaining - (0..<n).filter { lower.contains(priorities[$0]) }.reduce(0) { $0 + minimum[$1] }
                let members = (0..<n).filter { priorities[$0] == priority }
                    .sorted { flexibility[$0] != flexibility[$1] ? flexibility[$0] < flexibility[$1] : $0 < $1 }
                var left = members.count
                for i in members {
                    let share = max(0, available) / Double(left)
                    proposals[i] = ProposedSize(axis, main: share, cross: cross)
                    sizes[i] = children[i].sizeThatFits(proposals[i])
                    available -= sizes[i][axis]
                    remaining -= sizes[i][axis]
                    left -= 1
                }
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

    /// The children's positions: one after another with the spacing, aligned across by
    /// `alignment` (0 leading, 1 trailing) in the stack's thickness.
    func positions(_ result: StackLayoutResult, alignment: Double) -> [Point] {
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
struct OverlayAlgorithm {
    func layout<C: LayoutChild>(_ children: [C], proposal: ProposedSize) -> StackLayoutResult {
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
