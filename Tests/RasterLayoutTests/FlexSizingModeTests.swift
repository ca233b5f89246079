@testable import RasterLayout
import RasterCore
import XCTest

/// A box of a plain tree for the flexbox algorithm: a container when it has children,
/// else a leaf of a fixed content size.
private final class Box {
    var box = BoxStyle()
    var item = FlexItemStyle()
    var container = FlexContainerStyle()
    var children: [Box] = []
    var content = Size.zero
    var cache = FlexCache()
    var frame: Rect?

    init(content: Size = .zero, children: [Box] = []) {
        self.content = content
        self.children = children
    }
}

/// The tree over `Box`es, counting the algorithm's runs (one container style read per run).
private final class CountingTree: FlexLayoutTree {
    var runs = 0

    private func box(_ node: Node) -> Box { unsafeDowncast(node, to: Box.self) }
    func children(of node: Node) -> [Node] { box(node).children }
    func isFlexContainer(_ node: Node) -> Bool { !box(node).children.isEmpty }
    func containerStyle(_ node: Node) -> FlexContainerStyle {
        runs += 1
        return box(node).container
    }
    func layoutDirection(_ node: Node) -> LayoutDirection { .leftToRight }
    func boxStyle(_ node: Node) -> BoxStyle { box(node).box }
    func itemStyle(_ node: Node) -> FlexItemStyle { box(node).item }
    func measureContent(_ node: Node, known: OptionalSize, available: AvailableSize) -> Size {
        let content = box(node).content
        return Size(width: known.width ?? content.width, height: known.height ?? content.height)
    }
    func cachedLayout(_ node: Node, _ input: FlexInput) -> FlexOutput? {
        box(node).cache.get(input)
    }
    func storeLayout(_ node: Node, _ input: FlexInput, _ output: FlexOutput) {
        box(node).cache.store(input, output, sizesAlike: box(node).box.sizesAlikeInEitherMode)
    }
    func setFrame(_ node: Node, _ frame: Rect) { box(node).frame = frame }
}

/// A container is measured for its content by its parent and laid out under its own
/// styles; where it has no size, limit or ratio the two agree, and one run serves both.
final class FlexSizingModeTests: XCTestCase {
    /// Containers nested `depth` deep in alternating directions, each growing, with
    /// padding, around a 7x5 leaf; `limit` gives each a maximum width.
    private func chain(depth: Int, limit: RasterLayout.Dimension) -> (root: Box, all: [Box]) {
        var all: [Box] = []
        var inner = Box(content: Size(width: 7, height: 5))
        all.append(inner)
        for level in 0..<depth {
            let outer = Box(children: [inner])
            outer.container.direction = level % 2 == 0 ? .row : .column
            outer.box.padding = EdgeInsets(top: 0.5, left: 1, bottom: 0.25, right: 2)
            outer.box.maxWidth = limit
            inner.item.grow = 1
            all.append(outer)
            inner = outer
        }
        return (inner, all)
    }

    func testContainersWithoutSizesRunOncePerInput_AndLayOutAsWithAFarLimit() {
        for width in [0.0, 40, 500] {
            let open = chain(depth: 12, limit: .auto), limited = chain(depth: 12, limit: .points(100_000))
            let openTree = CountingTree(), limitedTree = CountingTree()
            let proposal = ProposedSize(width: width, height: nil)
            let a = FlexLayout(tree: openTree).root(open.root, proposal: proposal, runMode: .performLayout)
            let b = FlexLayout(tree: limitedTree).root(limited.root, proposal: proposal, runMode: .performLayout)
            XCTAssertEqual(a.size, b.size, "width \(width)")
            XCTAssertEqual(open.all.map(\.frame), limited.all.map(\.frame), "width \(width)")
            XCTAssertFalse(open.all.dropLast().contains { $0.frame == nil })
            // A far limit changes no size, but makes the two sizing modes differ.
            XCTAssertLessThan(openTree.runs, limitedTree.runs * 9 / 10, "width \(width): \(openTree.runs) runs against \(limitedTree.runs)")
        }
    }
}
