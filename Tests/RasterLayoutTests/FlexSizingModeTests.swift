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

    /// Laid out at its final size, a container's sizes become definite where they were
    /// measured open; where nothing below reads definiteness, the answers given while it
    /// was measured serve its final layout, and the frames are those of comparing it.
    func testAChainWithoutPercentagesReusesItsMeasuredAnswers_AndOneWithAPercentageDoesNot() {
        for percentage in [false, true] {
            for width in [0.0, 40, 500] {
                let reusing = chain(depth: 12, limit: .auto), comparing = chain(depth: 12, limit: .auto)
                if percentage {
                    // A height of half the container's: auto while its height is open,
                    // half of it once it is definite (stretched in a row of known height).
                    reusing.all[0].box.height = .percent(0.5)
                    comparing.all[0].box.height = .percent(0.5)
                }
                for c in [reusing, comparing] { c.root.box.height = .points(60) }
                let reusingTree = FlexTestTree(), comparingTree = FlexTestTree()
                comparingTree.comparesDefiniteness = true
                let proposal = ProposedSize(width: width, height: nil)
                _ = FlexLayout(tree: reusingTree).root(reusing.root, proposal: proposal, runMode: .performLayout)
                _ = FlexLayout(tree: comparingTree).root(comparing.root, proposal: proposal, runMode: .performLayout)
                XCTAssertEqual(reusing.all.map(\.frame), comparing.all.map(\.frame), "width \(width), percentage \(percentage)")
                if percentage {
                    XCTAssertEqual(reusingTree.runs, comparingTree.runs, "width \(width)")
                } else {
                    XCTAssertLessThan(reusingTree.runs, comparingTree.runs, "width \(width)")
                }
            }
        }
    }
}
