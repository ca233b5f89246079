import Raster
import RasterDCFlight
import XCTest

/// `DCFTree` lays out through the library's flexbox engine with Yoga's defaults. The
/// expected frames are those of Yoga's own generated tests (`tests/generated/*.cpp` in
/// facebook/yoga, computed in Chrome with Yoga's defaults), named per case; the trees
/// are the same fixtures written as DCF nodes.
final class DCFTreeYogaLayoutTests: XCTestCase {
    /// A view without content: size comes from its style alone, as a Yoga node without
    /// a measure function.
    private final class Box: DCFComponent {
        init() {}
        func createView(props: [String: Any]) -> ComponentView { ComponentView() }
        func updateView(_ view: ComponentView, withProps props: [String: Any]) -> Bool { true }
        func getIntrinsicSize(_ view: ComponentView, forProps props: [String: Any]) -> Size { .zero }
    }

    private func box(_ props: [String: Any] = [:], _ children: [DCFNode] = []) -> DCFNode {
        DCFNode("Box", props: props, children: children)
    }

    /// Lays `root` out at `size` and returns the frames of the root's children (and of
    /// theirs, depth first), relative to their parents.
    private func frames(_ root: DCFNode, size: Size, direction: String? = nil) throws -> [Rect] {
        var registry = DCFComponentRegistry.standard
        registry.register("Box", Box.self)
        let tree = DCFTree(registry: registry)
        var node = root
        if let direction { node.props["direction"] = direction }
        try tree.update(node, size: size)
        var result: [Rect] = []
        func walk(_ id: String, _ n: DCFNode) {
            for (i, child) in n.children.enumerated() {
                let childID = "\(id).\(i)"
                result.append(tree.view(forNodeId: childID)?.frame ?? Rect(x: -1, y: -1, width: -1, height: -1))
                walk(childID, child)
            }
        }
        walk("0", node)
        return result
    }

    func testColumnIsTheDefaultDirectionAndItemsStretch() throws {
        // flex_basis_flex_grow_column
        let root = box(["width": 100, "height": 100], [box(["flexBasis": 50, "flexGrow": 1]), box(["flexGrow": 1])])
        XCTAssertEqual(try frames(root, size: Size(100, 100)),
                       [Rect(x: 0, y: 0, width: 100, height: 75), Rect(x: 0, y: 75, width: 100, height: 25)])
    }

    func testItemsDoNotShrinkUnlessTheySaySo() throws {
        // flex_shrink_to_zero, without its explicit `flex-shrink: 0`s (Yoga's default)
        let root = box(["height": 75], [box(["width": 50, "height": 50]), box(["width": 50, "height": 50, "flexShrink": 1]),
                                        box(["width": 50, "height": 50])])
        XCTAssertEqual(try frames(root, size: Size(50, 75)),
                       [Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 0, y: 50, width: 50, height: 0),
                        Rect(x: 0, y: 50, width: 50, height: 50)])
    }

    func testWrappedLinesPackAtTheStartByDefault() throws {
        // align_content_flex_start_wrap, without its explicit `align-content` (Yoga's default)
        let items = (0..<5).map { _ in box(["width": 50, "height": 10]) }
        let root = box(["width": 140, "height": 120, "flexWrap": "wrap", "flexDirection": "row"], items)
        XCTAssertEqual(try frames(root, size: Size(140, 120)),
                       [Rect(x: 0, y: 0, width: 50, height: 10), Rect(x: 50, y: 0, width: 50, height: 10),
                        Rect(x: 0, y: 10, width: 50, height: 10), Rect(x: 50, y: 10, width: 50, height: 10),
                        Rect(x: 0, y: 20, width: 50, height: 10)])
    }

    func testGrowingItemsRoundToWholePointsWithoutGapsInBothDirections() throws {
        // rounding_flex_basis_flex_grow_row_prime_number_width
        let root = box(["width": 113, "height": 100, "flexDirection": "row"], (0..<5).map { _ in box(["flexGrow": 1]) })
        let widths: [Double] = [23, 22, 23, 22, 23]
        let lefts: [Double] = [0, 23, 45, 68, 90]
        XCTAssertEqual(try frames(root, size: Size(113, 100)),
                       zip(lefts, widths).map { Rect(x: $0, y: 0, width: $1, height: 100) })
        XCTAssertEqual(try frames(root, size: Size(113, 100), direction: "rtl"),
                       zip(lefts.reversed(), widths).map { Rect(x: $0, y: 0, width: $1, height: 100) })
    }

    func testMarginsAbsoluteAndRelativePositions() throws {
        // margin_and_flex_row (with left/right margins for start/end in LTR)
        let margins = box(["width": 100, "height": 100, "flexDirection": "row"],
                          [box(["marginLeft": 10, "marginRight": 10, "flexGrow": 1])])
        XCTAssertEqual(try frames(margins, size: Size(100, 100)), [Rect(x: 10, y: 0, width: 80, height: 100)])
        // absolute_layout_width_height_start_top (left for start in LTR)
        let absolute = box(["width": 100, "height": 100],
                           [box(["width": 10, "height": 10, "position": "absolute", "left": 10, "top": 10])])
        XCTAssertEqual(try frames(absolute, size: Size(100, 100)), [Rect(x: 10, y: 10, width: 10, height: 10)])
        // static_position_relative_child_left_percentage, its middle node relative (Yoga's default)
        let relative = box([:], [box(["width": 200, "height": 200], [
            box(["width": 100, "height": 100], [box(["width": 50, "height": 50, "left": "50%"])]),
        ])])
        XCTAssertEqual(try frames(relative, size: Size(200, 200)),
                       [Rect(x: 0, y: 0, width: 200, height: 200), Rect(x: 0, y: 0, width: 100, height: 100),
                        Rect(x: 50, y: 0, width: 50, height: 50)])
    }
}
