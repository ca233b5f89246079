@testable import RasterLayout
import RasterCore
import XCTest

/// An item's automatic minimum (CSS Flexbox §4.5: its min-content size, held to its
/// specified size) is measured only where it can hold the item up, and then holds it as
/// the rule says. The widths expected are the rule's; Taffy 0.7 (through `stretchable`,
/// the content a fixed-size child) gives the same four rows.
final class FlexAutomaticMinimumTests: XCTestCase {
    /// A row `width` wide (it does not wrap) of three items 40 wide whose contents are
    /// `content` wide at least.
    private func row(width: Double, content: Double) -> (tree: FlexTestTree, widths: [Double]) {
        let items = (0..<3).map { _ in FlexTestBox(content: Size(width: content, height: 10)) }
        for item in items { item.box.width = .points(40) }
        let root = FlexTestBox(children: items)
        root.box.width = .points(width)
        let tree = FlexTestTree()
        _ = FlexLayout(tree: tree).root(root, proposal: ProposedSize(width: 500, height: nil), runMode: .performLayout)
        return (tree, items.map { $0.frame?.width ?? -1 })
    }

    func testRoomToSpare_MeasuresNoMinimum() {
        for content in [10.0, 100] {
            let (tree, widths) = row(width: 300, content: content)
            XCTAssertEqual(widths, [40, 40, 40], "content \(content)")
            XCTAssertEqual(tree.minContentMeasures, 0, "content \(content): no item shrinks, no minimum can bind")
        }
    }

    func testShrinking_MeasuresTheMinimum_WhichHoldsToTheSpecifiedSize() {
        // Content wider than the item: the minimum is the specified 40, so nothing shrinks
        // and the row overflows.
        var (tree, widths) = row(width: 60, content: 100)
        XCTAssertEqual(widths, [40, 40, 40])
        XCTAssertEqual(tree.minContentMeasures, 3)
        // Content narrower: the minimum is the content's 10, and the three share the
        // shrinking equally (the same base size and shrink factor).
        (tree, widths) = row(width: 60, content: 10)
        XCTAssertEqual(widths, [20, 20, 20])
        XCTAssertEqual(tree.minContentMeasures, 3)
    }
}
