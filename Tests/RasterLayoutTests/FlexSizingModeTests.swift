@testable import RasterLayout
import RasterCore
import XCTest

/// A container is measured for its content by its parent and laid out under its own
/// styles; where it has no size, limit or ratio the two agree, and one run serves both.
final class FlexSizingModeTests: XCTestCase {
    /// Containers nested `depth` deep in alternating directions, each growing, with
    /// padding, around a 7x5 leaf; `limit` gives each a maximum width.
    private func chain(depth: Int, limit: RasterLayout.Dimension) -> (root: FlexTestBox, all: [FlexTestBox]) {
        var all: [FlexTestBox] = []
        var inner = FlexTestBox(content: Size(width: 7, height: 5))
        all.append(inner)
        for level in 0..<depth {
            let outer = FlexTestBox(children: [inner])
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
            let openTree = FlexTestTree(), limitedTree = FlexTestTree()
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
