@testable import RasterLayout
import RasterCore

/// A box of a plain tree for the flexbox algorithm: a container when it has children,
/// else a leaf of a fixed content size.
final class FlexTestBox {
    var box = BoxStyle()
    var item = FlexItemStyle()
    var container = FlexContainerStyle()
    var children: [FlexTestBox] = []
    var content = Size.zero
    var cache = FlexCache()
    var frame: Rect?

    init(content: Size = .zero, children: [FlexTestBox] = []) {
        self.content = content
        self.children = children
    }
}

/// The tree over `FlexTestBox`es, counting the algorithm's runs (one read of the container's
/// own styles per run) and the leaves measured for a min-content width.
final class FlexTestTree: FlexLayoutTree {
    var runs = 0
    /// Leaves measured under a min-content width (automatic minimums of a row's items).
    var minContentMeasures = 0

    private func box(_ node: Node) -> FlexTestBox { unsafeDowncast(node, to: FlexTestBox.self) }
    func children(of node: Node) -> [Node] { box(node).children }
    func isFlexContainer(_ node: Node) -> Bool { !box(node).children.isEmpty }
    func container(_ node: Node) -> (style: FlexContainerStyle, box: BoxStyle, margin: DimensionEdges,
                                      direction: LayoutDirection) {
        runs += 1
        return (box(node).container, box(node).box, box(node).item.margin, .leftToRight)
    }
    func boxStyle(_ node: Node) -> BoxStyle { box(node).box }
    func itemStyle(_ node: Node) -> FlexItemStyle { box(node).item }
    func measureContent(_ node: Node, known: OptionalSize, available: AvailableSize) -> Size {
        if available.width == .minContent { minContentMeasures += 1 }
        let content = box(node).content
        return Size(width: known.width ?? content.width, height: known.height ?? content.height)
    }
    func cachedLayout(_ node: Node, _ input: FlexInput) -> FlexOutput? {
        box(node).cache.get(input)
    }
    func storeLayout(_ node: Node, _ input: FlexInput, _ output: FlexOutput) {
        let b = box(node)
        b.cache.store(input, output, sizesAlike: b.box.sizesAlikeInEitherMode,
                      definitenessAlike: !comparesDefiniteness && !Self.readsDefiniteness(b))
    }

    /// When set, answers are matched only under equally definite sizes, as for a subtree
    /// that reads definiteness.
    var comparesDefiniteness = false

    /// Whether the box's subtree reads how definite its sizes are.
    static func readsDefiniteness(_ b: FlexTestBox) -> Bool {
        b.box.readsDefiniteness || b.item.readsDefiniteness
            || (!b.children.isEmpty && (b.container.readsDefiniteness || b.children.contains(where: readsDefiniteness)))
    }
    func setFrame(_ node: Node, _ frame: Rect) { box(node).frame = frame }
}
