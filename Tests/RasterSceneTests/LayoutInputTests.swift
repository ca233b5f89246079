import Foundation
import RasterComponents
import RasterCore
import RasterScene
import XCTest

/// Layout props that make no sense are refused with one line naming the JSON path,
/// except where CSS defines what happens (a minimum above the maximum: the minimum
/// wins, inside a Flex).
final class LayoutInputTests: XCTestCase {
    private func decode(_ root: String, format: SceneDecoder.Format = .json) throws -> Scene {
        let text = format == .json ? ##"{"canvas": {"width": 300, "height": 200}, "root": \##(root)}"##
                                   : "canvas: {width: 300, height: 200}\nroot: \(root)\n"
        return try SceneDecoder().decode(Data(text.utf8), format: format)
    }

    /// Asserts that `root` is refused at `path` with a message containing `words`.
    private func assertRefused(_ root: String, format: SceneDecoder.Format = .json, at path: String, _ words: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(root, format: format), file: file, line: line) { error in
            guard let e = error as? SceneError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(e.path, path, "\(e)", file: file, line: line)
            XCTAssertTrue(e.message.contains(words), "\(e)", file: file, line: line)
            XCTAssertFalse("\(e)".contains("\n"), "one line", file: file, line: line)
        }
    }

    func testNegativeSizes_AreRefused() {
        assertRefused(##"{"type": "Rectangle", "frame": {"width": -10}}"##, at: "root.frame.width", "-10")
        assertRefused(##"{"type": "VStack", "spacing": -2}"##, at: "root.spacing", "-2")
        assertRefused(##"{"type": "Flex", "gap": -1}"##, at: "root.gap", "-1")
        assertRefused(##"{"type": "Flex", "children": [{"type": "Rectangle", "basis": -5}]}"##,
                      at: "root.children[0].basis", "-5")
    }

    func testNaNAndInfiniteSizes_AreRefused() {
        assertRefused("{type: Rectangle, frame: {width: .nan}}", format: .yaml, at: "root.frame.width", "expected a finite number, found .nan")
        assertRefused("{type: Rectangle, frame: {height: .inf}}", format: .yaml, at: "root.frame.height", "expected a finite number, found .inf")
        assertRefused(##"{"type": "Rectangle", "frame": {"width": "infinity"}}"##, at: "root.frame.width", "infinity")
        assertRefused("{type: Flex, children: [{type: Rectangle, grow: .inf}]}", format: .yaml,
                      at: "root.children[0].grow", "expected a finite number, found .inf")
    }

    func testMinimumAboveMaximum_IsAnErrorOutsideAFlex() {
        assertRefused(##"{"type": "Rectangle", "frame": {"minWidth": 200, "maxWidth": 100}}"##,
                      at: "root.frame.minWidth", "greater than maxWidth")
    }

    func testMinimumAboveMaximum_InAFlex_TheMinimumWins() throws {
        let scene = try decode(##"""
        {"type": "Flex", "children": [{"type": "Rectangle", "id": "r", "frame": {"width": 50, "minWidth": 120, "maxWidth": 80}}]}
        """##)
        XCTAssertEqual(SceneRenderer(scene: scene).layout()["r"]?.width, 120)
    }

    func testPercentages_ApplyOnlyWhereCSSDoes() throws {
        assertRefused(##"{"type": "Rectangle", "frame": {"width": "50%"}}"##, at: "root.frame.width", "inside a Flex")
        let scene = try decode(##"""
        {"type": "Flex", "id": "f", "frame": {"width": "50%"}, "children": [{"type": "Rectangle", "id": "r", "frame": {"width": "25%", "height": 10}}]}
        """##)
        let frames = SceneRenderer(scene: scene).layout()
        XCTAssertEqual(frames["f"]?.width, 150, "half the canvas")
        XCTAssertEqual(frames["r"]?.width ?? 0, 37.5, accuracy: 0.5, "a quarter of the container")
        assertRefused(##"{"type": "Flex", "gap": "ten%"}"##, at: "root.gap", "percentage")
    }

    func testAbsurdPrioritiesAndChoices_AreRefused() {
        assertRefused(##"{"type": "Text", "text": "x", "layoutPriority": 1e9}"##, at: "root.layoutPriority", "1000")
        assertRefused(##"{"type": "Text", "text": "x", "fixedSize": "diagonal"}"##, at: "root.fixedSize", "horizontal")
        assertRefused(##"{"type": "Flex", "children": [{"type": "Rectangle", "order": 1.5}]}"##,
                      at: "root.children[0].order", "whole number")
        assertRefused(##"{"type": "Flex", "children": [{"type": "Rectangle", "aspectRatio": 0}]}"##,
                      at: "root.children[0].aspectRatio", "0")
        assertRefused(##"{"type": "Flex", "wrap": "sometimes"}"##, at: "root.wrap", "wrapReverse")
        assertRefused(##"{"type": "Flex", "children": [{"type": "Rectangle", "margin": [1, 2]}]}"##,
                      at: "root.children[0].margin", "[top, left, bottom, right]")
        assertRefused(##"{"type": "Flex", "children": [{"type": "Rectangle", "inset": {"middle": 3}}]}"##,
                      at: "root.children[0].inset.middle", "top, left, bottom and right")
    }

    func testFlexItemProps_OutsideAFlex_AreUnknown() {
        assertRefused(##"{"type": "VStack", "children": [{"type": "Rectangle", "grow": 1}]}"##,
                      at: "root.children[0].grow", "unknown prop")
    }
}
