import RasterCore

/// What the flexbox algorithm needs from a tree (as Taffy's algorithms ask their tree
/// traits): each node's styles and children, the content size of a leaf, a cache per
/// node, and a place to put each child's frame. The algorithm never owns the tree.
///
/// Nodes are objects of the stage that owns the tree (`LayoutNode`), handed back to it
/// as they came; the protocol has no associated type, so the algorithm is compiled
/// once, in this module, and runs on any tree through its witness table.
package protocol FlexLayoutTree {
    /// A node of the tree: an object of the tree's own type, never another's.
    typealias Node = AnyObject

    /// The in-flow and absolutely positioned children of a flex container, in `order`.
    func children(of node: Node) -> [Node]
    /// True for a flex container with children (one without is laid out as a leaf).
    func isFlexContainer(_ node: Node) -> Bool
    func boxStyle(_ node: Node) -> BoxStyle
    func itemStyle(_ node: Node) -> FlexItemStyle
    /// The node's margins as written (`itemStyle(node).margin`, without the rest).
    func margin(_ node: Node) -> DimensionEdges
    /// What a container's layout reads of the container itself, in one call: its
    /// container style, `boxStyle`, `margin`, and the direction it reads in (CSS
    /// `direction`: right to left puts a row's main start and a column's cross start on
    /// the right).
    func container(_ node: Node) -> (style: FlexContainerStyle, box: BoxStyle, margin: DimensionEdges,
                                      direction: LayoutDirection)
    /// What a container reads of each child to make its item, in one call: `itemStyle`
    /// and `boxStyle`.
    func item(_ node: Node) -> (item: FlexItemStyle, box: BoxStyle)
    /// The content-box size of a leaf: `known` dimensions are of its content box,
    /// `available` the room for its content.
    func measureContent(_ node: Node, known: OptionalSize, available: AvailableSize) -> Size
    /// The first baseline of a leaf's content laid out at `size` (its content box), from
    /// the top of the content box; nil when the content has none (the item's bottom
    /// edge stands in for it).
    func contentBaseline(_ node: Node, size: Size) -> Double?
    /// A layout of `node` for an input that `input` can reuse (see `FlexCache`; a node
    /// whose box `sizesAlikeInEitherMode` keeps one answer for both sizing modes).
    func cachedLayout(_ node: Node, _ input: FlexInput) -> FlexOutput?
    func storeLayout(_ node: Node, _ input: FlexInput, _ output: FlexOutput)
    /// The frame a container gave `node`: border box, relative to the container's
    /// border box, unrounded.
    func setFrame(_ node: Node, _ frame: Rect)
}

extension FlexLayoutTree {
    /// No baseline: the item's bottom edge stands in for it.
    package func contentBaseline(_ node: Node, size: Size) -> Double? { nil }

    package func margin(_ node: Node) -> DimensionEdges { itemStyle(node).margin }

    package func item(_ node: Node) -> (item: FlexItemStyle, box: BoxStyle) { (itemStyle(node), boxStyle(node)) }
}

/// The entry points of the flexbox algorithm over a tree.
package struct FlexLayout {
    let tree: any FlexLayoutTree

    package init(tree: any FlexLayoutTree) { self.tree = tree }

    /// Lays out `node` for `input` (cached per node for the pass).
    func layout(_ node: AnyObject, _ input: FlexInput) -> FlexOutput {
        if let hit = tree.cachedLayout(node, input) { return hit }
        let output: FlexOutput
        let isContainer = tree.isFlexContainer(node)
        if isContainer, input.known.width == nil, input.available.width.value != nil {
            // A width is settled before the content is laid out in it (fit-content in
            // the room), and is then definite for the items' percentages, as in Chrome.
            var sizing = input
            sizing.runMode = .computeSize
            var algorithm = FlexContainerAlgorithm(tree: tree, node: node, input: sizing)
            var settled = input
            // Within its own limits even when measured for its content: the width is
            // settled before the height is measured in it.
            let box = tree.boxStyle(node)
            let width = FlexMath.clamp(algorithm.run().size.width, box.minSize(input.parentSize).width,
                                       box.maxSize(input.parentSize).width)
            settled.known.width = max(width, box.paddingSums.width)
            settled.definite.width = true
            output = layout(node, settled)
        } else if isContainer {
            var algorithm = FlexContainerAlgorithm(tree: tree, node: node, input: input)
            output = algorithm.run()
        } else {
            output = leaf(node, input)
        }
        tree.storeLayout(node, input, output)
        return output
    }

    /// One dimension of `node`'s size (its children are not placed).
    func measure(_ node: AnyObject, known: OptionalSize, definite: AxisFlags, parentSize: OptionalSize,
                 available: AvailableSize, sizingMode: SizingMode, axis: Axis) -> Double {
        layout(node, FlexInput(known: known, definite: definite, parentSize: parentSize, available: available,
                               sizingMode: sizingMode, runMode: .computeSize)).size[axis]
    }

    /// Lays out `node` and its children (whose frames are set).
    func perform(_ node: AnyObject, known: OptionalSize, definite: AxisFlags, parentSize: OptionalSize,
                 available: AvailableSize, sizingMode: SizingMode) -> FlexOutput {
        layout(node, FlexInput(known: known, definite: definite, parentSize: parentSize, available: available,
                               sizingMode: sizingMode, runMode: .performLayout))
    }

    /// Lays out a flex container that is not itself a flex item, as a block-level box
    /// in a parent that proposes `proposal`: its width is its own, else the proposed
    /// width (a definite, non-zero proposal), clamped by its limits; its height is its
    /// own, else its content's (the room below is indefinite, as in a page, so a column
    /// does not wrap unless its height says where). Percentages of its own size resolve
    /// against a definite proposal. A zero or infinite (or unspecified) width sizes it
    /// under a min-content or max-content constraint.
    package func root(_ node: AnyObject, proposal: ProposedSize, runMode: RunMode) -> FlexOutput {
        func definite(_ p: Double?) -> Double? {
            guard let p, p.isFinite, p > 0 else { return nil }
            return p
        }
        let width: AvailableSpace = proposal.width == 0 ? .minContent : definite(proposal.width).map(AvailableSpace.definite) ?? .maxContent
        let available = AvailableSize(width: width, height: .maxContent)
        let parent = OptionalSize(definite(proposal.width), definite(proposal.height))
        var known = OptionalSize.none
        let style = tree.boxStyle(node)
        if style.width.isAuto, let width = available.width.value {
            let padding = style.paddingSums
            let minimum = style.minWidth.resolve(parent.width), maximum = style.maxWidth.resolve(parent.width)
            known.width = max(FlexMath.clamp(width, minimum, maximum), padding.width)
        }
        var input = FlexInput(known: known, definite: AxisFlags(width: true, height: false), parentSize: parent,
                              available: available, sizingMode: .inherent, runMode: .computeSize)
        if known.width == nil, style.width.resolve(parent.width) == nil {
            // A width is settled before the content is laid out in it, as a block's or
            // an absolutely positioned box's is: an open width is the content's under the
            // constraint, and then definite for the items' percentages.
            input.known.width = layout(node, input).size.width
        }
        input.runMode = runMode
        return layout(node, input)
    }

    /// Lays out `node` at exactly `size` (both dimensions definite), as a root view
    /// filling a screen does: Yoga's `calculateLayout` with the owner's width and
    /// height and no size of the root's own. Percentages resolve against `size`.
    package func root(_ node: AnyObject, size: Size) -> FlexOutput {
        let known = OptionalSize(size.width, size.height)
        return layout(node, FlexInput(known: known, definite: AxisFlags(width: true, height: true), parentSize: known,
                                      available: AvailableSize(width: .definite(size.width), height: .definite(size.height)),
                                      sizingMode: .inherent, runMode: .performLayout))
    }

    /// A node without flex children: its own size where known, else its content's plus
    /// padding, within its limits (and the aspect ratio).
    ///
    /// One function, in the order CSS sizes a replaced or text box: the chosen size, the
    /// content measured in the room left, the ratio, the limits, then the height at the
    /// width settled; each step reads the values the step before it settled.
    private func leaf(_ node: AnyObject, _ input: FlexInput) -> FlexOutput {
        let style = tree.boxStyle(node)
        let margin = tree.margin(node)
        let parentWidth = input.parentSize.width
        let marginSums = Size(width: margin.left.resolveOrZero(parentWidth) + margin.right.resolveOrZero(parentWidth),
                              height: margin.top.resolveOrZero(parentWidth) + margin.bottom.resolveOrZero(parentWidth))
        let padding = style.paddingSums
        var nodeSize = input.known, minSize = OptionalSize.none, maxSize = OptionalSize.none
        // The ratio relates the sizes whoever decides them (in `content` mode the
        // container does).
        let ratio = style.aspectRatio
        if input.sizingMode == .inherent {
            nodeSize = input.known.or(style.sizeWithRatio(input.parentSize))
            (minSize, maxSize) = style.limits(input.parentSize)
        }
        if input.runMode == .computeSize, let w = nodeSize.width, let h = nodeSize.height {
            let size = OptionalSize(w, h).clamped(minSize, maxSize).atLeast(padding)
            return FlexOutput(size: Size(width: size.width ?? w, height: size.height ?? h))
        }
        let available = leafRoom(input, marginSums: marginSums, nodeSize: nodeSize, limits: (minSize, maxSize),
                                 padding: padding)
        var contentKnown = input.runMode == .computeSize
            ? OptionalSize(input.known.width.map { max(0, $0 - padding.width) },
                           input.known.height.map { max(0, $0 - padding.height) })
            : .none
        let chosen = input.known.or(nodeSize)
        // A width the box has (its own or the container's) is the width its content is
        // laid out at: text wraps to it, as in a block of that width.
        if contentKnown.width == nil, let w = chosen.width {
            contentKnown.width = max(0, FlexMath.clamp(w, minSize.width, maxSize.width) - padding.width)
        }
        // (A box whose sizes are both chosen does not measure its content.)
        let measured = chosen.width != nil && chosen.height != nil
            ? nil : tree.measureContent(node, known: contentKnown, available: available)
        var width = chosen.width ?? (measured?.width ?? 0) + padding.width
        if let ratio, chosen.width == nil {
            // An open width with an aspect ratio follows a known height, and is at least
            // what the ratio makes of the least height the padding allows (the limits
            // transfer in `minSize`), never below the content.
            width = max(width, FixedPoint.width(ofHeight: chosen.height ?? padding.height, ratio))
        }
        width = FlexMath.clamp(width, minSize.width, maxSize.width)
        // The content is laid out in the width the box's limits leave (text narrower than
        // its min-content overflows and takes more lines), also where the container
        // applies the limits to the size (`content` mode).
        var contentHeight = measured?.height ?? 0
        let limits = style.limits(input.parentSize)
        let laidWidth = FlexMath.clamp(width, limits.min.width, limits.max.width)
        let contentWidth = max(0, max(laidWidth, padding.width) - padding.width)
        if chosen.height == nil, contentKnown.width == nil, let measured, abs(contentWidth - measured.width) > 1e-9 {
            contentHeight = tree.measureContent(node, known: OptionalSize(contentWidth, contentKnown.height),
                                                available: available).height
        }
        // An open height with an aspect ratio follows the width, but never below the
        // content (CSS's automatic minimum size).
        var height = chosen.height ?? max(contentHeight + padding.height, ratio.map { FixedPoint.height(ofWidth: width, $0) } ?? 0)
        height = FlexMath.clamp(height, minSize.height, maxSize.height)
        let size = Size(width: max(width, padding.width), height: max(height, padding.height))
        // The content's first baseline (text's first line), below the top padding.
        let baseline = input.runMode == .performLayout
            ? tree.contentBaseline(node, size: Size(width: size.width - padding.width, height: size.height - padding.height))
                .map { $0 + style.padding.top }
            : nil
        return FlexOutput(size: size, baseline: baseline)
    }

    /// The room a leaf's content is measured in, per axis: the known size, else the
    /// room offered, less the margins. A definite room is clamped by the limits
    /// (fit-content in the room, as Chrome sizes text with a max-width in a narrower
    /// room); an open one is the maximum where there is one (a min-content one stays
    /// min-content). Content rooms exclude the padding.
    private func leafRoom(_ input: FlexInput, marginSums: Size, nodeSize: OptionalSize,
                          limits: (min: OptionalSize, max: OptionalSize), padding: Size) -> AvailableSize {
        func room(_ axis: Axis) -> AvailableSpace {
            var space = input.known[axis].map(AvailableSpace.definite) ?? input.available[axis]
            space = space.minus(marginSums[axis]).or(input.known[axis]).or(nodeSize[axis])
            if space == .maxContent { space = space.or(limits.max[axis]) }
            if case .definite(let v) = space {
                return .definite(FlexMath.clamp(v, limits.min[axis], limits.max[axis]) - padding[axis])
            }
            return space
        }
        return AvailableSize(width: room(.horizontal), height: room(.vertical))
    }
}
