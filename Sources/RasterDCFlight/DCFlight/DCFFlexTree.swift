import RasterCore
import RasterLayout

/// The flexbox engine's view of a mounted DCF tree: each node's style comes from its
/// props (`DCFLayoutStyle`), a node without children is a leaf measured by its
/// component's `getIntrinsicSize`, and the engine's frames land in `Mounted.frame`.
///
/// Its nodes are `DCFTree.Mounted`s, handed to the engine as objects and back as they
/// came.
struct DCFFlexTree: FlexLayoutTree {
    @inline(__always)
    private func mounted(_ node: Node) -> DCFTree.Mounted { unsafeDowncast(node, to: DCFTree.Mounted.self) }

    func children(of node: Node) -> [Node] { mounted(node).children }

    func isFlexContainer(_ node: Node) -> Bool { !mounted(node).children.isEmpty }

    func container(_ node: Node) -> (style: FlexContainerStyle, box: BoxStyle, margin: DimensionEdges,
                                      direction: LayoutDirection) {
        let m = mounted(node)
        return (m.style.container, m.style.box, m.style.item.margin, m.direction)
    }

    func boxStyle(_ node: Node) -> BoxStyle { mounted(node).style.box }

    func itemStyle(_ node: Node) -> FlexItemStyle { mounted(node).style.item }

    /// The intrinsic size, with the dimensions the engine already knows taking over.
    func measureContent(_ node: Node, known: OptionalSize, available: AvailableSize) -> Size {
        let m = mounted(node)
        let intrinsic = m.component.getIntrinsicSize(m.view, forProps: m.props)
        return Size(width: known.width ?? intrinsic.width, height: known.height ?? intrinsic.height)
    }

    func cachedLayout(_ node: Node, _ input: FlexInput) -> FlexOutput? {
        mounted(node).cache.get(input)
    }

    /// (Its nodes do not keep what their subtrees read, so answers are matched only
    /// under equally definite sizes.)
    func storeLayout(_ node: Node, _ input: FlexInput, _ output: FlexOutput) {
        let m = mounted(node)
        m.cache.store(input, output, sizesAlike: m.style.box.sizesAlikeInEitherMode, definitenessAlike: false)
    }

    /// A size below zero (margins larger than the line) is 0.
    func setFrame(_ node: Node, _ frame: Rect) {
        mounted(node).frame = Rect(origin: frame.origin, size: Size(width: max(0, frame.width), height: max(0, frame.height)))
    }
}
