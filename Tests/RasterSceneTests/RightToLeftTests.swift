import Foundation
import RasterComponents
import RasterCore
import RasterScene
import RasterTestSupport
import XCTest

/// Right to left, behaviour by behaviour: each mirrored rule has a small scene whose
/// right-to-left frames are either computed by hand or derived from the same scene's
/// left-to-right frames (x' = parentWidth - x - width, y and size unchanged), and the
/// things that must not mirror (physical left/right insets and margins, the drawing of
/// Text, shapes and images) are checked to stay as they are.
///
/// The realistic rows (chat, toolbar, tab bar, ...) are mirrored as wholes in
/// `StackLayoutTests.testRightToLeft_RealisticRowsAreMirrored`; here each rule is alone.
final class RightToLeftTests: XCTestCase {
    private struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let scenes = TestFixtures.directory.appendingPathComponent("scenes")

    /// A scene document: `root` on a `width` x `height` canvas whose environment reads in
    /// `direction`.
    private func document(_ root: String, direction: String, width: Double, height: Double,
                          scale: Double = 1, background: String? = nil) -> String {
        let background = background.map { ##", "background": "\##($0)""## } ?? ""
        return ##"{"canvas": {"width": \##(width), "height": \##(height), "scale": \##(scale)\##(background)}, "##
            + ##""environment": {"layoutDirection": "\##(direction)"}, "root": \##(root)}"##
    }

    private func decode(_ json: String, _ scenario: String) throws -> Scene {
        do {
            return try SceneDecoder().decode(Data(json.utf8), baseDirectory: Self.scenes.path)
        } catch {
            throw Failure(description: "\(scenario): the scene does not decode: \(error)")
        }
    }

    /// The frames of every node with an id, `root` laid out in `direction`.
    private func frames(_ scenario: String, _ root: String, _ direction: String,
                        width: Double = 300, height: Double = 200) throws -> [String: Rect] {
        SceneRenderer(scene: try decode(document(root, direction: direction, width: width, height: height), scenario)).layout()
    }

    private func frame(_ frames: [String: Rect], _ id: String, _ scenario: String) throws -> Rect {
        guard let rect = frames[id] else {
            throw Failure(description: "\(scenario): no frame for '\(id)' (laid out: \(frames.keys.sorted()))")
        }
        return rect
    }

    /// Checks that `id` is at `expected` (points, within float noise).
    private func assertFrame(_ frames: [String: Rect], _ id: String, _ expected: Rect, _ scenario: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try frame(frames, id, scenario)
        let close = abs(r.minX - expected.minX) < 1e-6 && abs(r.minY - expected.minY) < 1e-6
            && abs(r.width - expected.width) < 1e-6 && abs(r.height - expected.height) < 1e-6
        XCTAssertTrue(close, "\(scenario): '\(id)' is \(r), expected \(expected)", file: file, line: line)
    }

    /// Lays `root` out both ways and checks that every listed node's right-to-left frame
    /// is its left-to-right one mirrored in `parent` (an id, or the canvas when nil): at
    /// the distance from the parent's right edge that it had from its left edge,
    /// x' - parent'.minX = parent.maxX - (x + width), y and size unchanged. (The parent
    /// itself may move: it is placed by its own parent's mirrored alignment.)
    private func assertMirrored(_ scenario: String, _ root: String, ids: [String], in parent: String? = nil,
                                width: Double = 300, height: Double = 200,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let ltr = try frames(scenario + " ltr", root, "ltr", width: width, height: height)
        let rtl = try frames(scenario + " rtl", root, "rtl", width: width, height: height)
        let canvas = Rect(x: 0, y: 0, width: width, height: height)
        let box = try parent.map { try frame(ltr, $0, scenario) } ?? canvas
        let rtlBox = try parent.map { try frame(rtl, $0, scenario) } ?? canvas
        XCTAssertEqual(rtlBox.size, box.size, "\(scenario): the parent keeps its size", file: file, line: line)
        XCTAssertEqual(rtlBox.minY, box.minY, "\(scenario): the parent keeps its y", file: file, line: line)
        for id in ids {
            let l = try frame(ltr, id, scenario)
            let expected = Rect(x: rtlBox.minX + box.maxX - l.maxX, y: l.minY, width: l.width, height: l.height)
            try assertFrame(rtl, id, expected, scenario + " rtl (ltr \(l) mirrored)", file: file, line: line)
        }
    }

    // MARK: - Stacks

    func testHStack_RunsFromTheRight() throws {
        // 30 + 10 + 40 + 10 + 50 = 140 wide, at the canvas's top-leading corner, which
        // right to left is the top-right one: the stack spans 160...300, its first child
        // at the right end.
        let row = ##"""
        {"type": "HStack", "id": "row", "spacing": 10, "alignment": "top", "children": [
          {"type": "Rectangle", "id": "a", "width": 30, "height": 10},
          {"type": "Rectangle", "id": "b", "width": 40, "height": 20},
          {"type": "Rectangle", "id": "c", "width": 50, "height": 30}]}
        """##
        let rtl = try frames("HStack", row, "rtl")
        try assertFrame(rtl, "row", Rect(x: 160, y: 0, width: 140, height: 30), "HStack rtl")
        try assertFrame(rtl, "a", Rect(x: 270, y: 0, width: 30, height: 10), "HStack rtl")
        try assertFrame(rtl, "b", Rect(x: 220, y: 0, width: 40, height: 20), "HStack rtl")
        try assertFrame(rtl, "c", Rect(x: 160, y: 0, width: 50, height: 30), "HStack rtl")
        try assertMirrored("HStack", row, ids: ["row", "a", "b", "c"])
        // A Spacer between them: the row fills the width, first child right, last left.
        let spaced = ##"""
        {"type": "HStack", "id": "row", "spacing": 0, "children": [
          {"type": "Rectangle", "id": "a", "width": 30, "height": 10}, {"type": "Spacer", "id": "gap"},
          {"type": "Rectangle", "id": "c", "width": 50, "height": 10}]}
        """##
        let s = try frames("HStack with a Spacer", spaced, "rtl")
        try assertFrame(s, "a", Rect(x: 270, y: 0, width: 30, height: 10), "HStack with a Spacer rtl")
        try assertFrame(s, "gap", Rect(x: 50, y: 5, width: 220, height: 0), "HStack with a Spacer rtl")
        try assertFrame(s, "c", Rect(x: 0, y: 0, width: 50, height: 10), "HStack with a Spacer rtl")
        try assertMirrored("HStack with a Spacer", spaced, ids: ["row", "a", "gap", "c"])
    }

    func testVStack_LeadingAndTrailingAlignmentSwapSides() throws {
        // The stack is as wide as its widest child (100) and stands at x 200...300 right
        // to left; a leading 40-wide child sits at its right edge, a trailing one at its
        // left edge; top to bottom is unchanged.
        for (alignment, ltrX, rtlX) in [("leading", 0.0, 260.0), ("trailing", 60.0, 200.0), ("center", 30.0, 230.0)] {
            let stack = ##"""
            {"type": "VStack", "id": "stack", "spacing": 5, "alignment": "\##(alignment)", "children": [
              {"type": "Rectangle", "id": "wide", "width": 100, "height": 10},
              {"type": "Rectangle", "id": "narrow", "width": 40, "height": 10}]}
            """##
            let scenario = "VStack \(alignment)"
            let ltr = try frames(scenario, stack, "ltr"), rtl = try frames(scenario, stack, "rtl")
            try assertFrame(ltr, "narrow", Rect(x: ltrX, y: 15, width: 40, height: 10), scenario + " ltr")
            try assertFrame(rtl, "stack", Rect(x: 200, y: 0, width: 100, height: 25), scenario + " rtl")
            try assertFrame(rtl, "wide", Rect(x: 200, y: 0, width: 100, height: 10), scenario + " rtl")
            try assertFrame(rtl, "narrow", Rect(x: rtlX, y: 15, width: 40, height: 10), scenario + " rtl")
            try assertMirrored(scenario, stack, ids: ["wide", "narrow"], in: "stack")
        }
    }

    // MARK: - Frame and ZStack alignment

    func testFrameAlignment_LeadingIsTheRightEdge() throws {
        // A 40x20 rectangle in a 200x50 frame: leading puts it at x 160 right to left
        // (0 left to right), vertically centred (y 15); topTrailing at x 0, y 0.
        let frame = { (alignment: String) in ##"""
            {"type": "ZStack", "id": "box", "frame": {"width": 200, "height": 50, "alignment": "\##(alignment)"},
             "children": [{"type": "Rectangle", "id": "r", "width": 40, "height": 20}]}
            """## }
        let leading = try frames("frame leading", frame("leading"), "rtl")
        // The 200-wide frame itself stands at the canvas's top-right (x 100).
        try assertFrame(leading, "r", Rect(x: 260, y: 15, width: 40, height: 20), "frame leading rtl")
        let trailing = try frames("frame topTrailing", frame("topTrailing"), "rtl")
        try assertFrame(trailing, "r", Rect(x: 100, y: 0, width: 40, height: 20), "frame topTrailing rtl")
        for alignment in ["leading", "topLeading", "bottomTrailing", "top", "center"] {
            try assertMirrored("frame \(alignment)", frame(alignment), ids: ["r"], in: "box")
        }
        // The canvas's own alignment follows the environment too: topLeading is top-right.
        try assertFrame(leading, "box", Rect(x: 100, y: 0, width: 200, height: 50), "canvas alignment rtl")
    }

    func testZStackAlignment_MirrorsLeadingAndTrailing() throws {
        // A 100x60 ZStack (its largest child) with a 20x10 child, at the canvas's top
        // right (x 200...300): topLeading is its top-right corner right to left,
        // bottomTrailing its bottom-left one.
        let zstack = { (alignment: String) in ##"""
            {"type": "ZStack", "id": "z", "alignment": "\##(alignment)", "children": [
              {"type": "Rectangle", "id": "big", "width": 100, "height": 60},
              {"type": "Rectangle", "id": "small", "width": 20, "height": 10}]}
            """## }
        let tl = try frames("ZStack topLeading", zstack("topLeading"), "rtl")
        try assertFrame(tl, "z", Rect(x: 200, y: 0, width: 100, height: 60), "ZStack topLeading rtl")
        try assertFrame(tl, "big", Rect(x: 200, y: 0, width: 100, height: 60), "ZStack topLeading rtl")
        try assertFrame(tl, "small", Rect(x: 280, y: 0, width: 20, height: 10), "ZStack topLeading rtl")
        let br = try frames("ZStack bottomTrailing", zstack("bottomTrailing"), "rtl")
        try assertFrame(br, "small", Rect(x: 200, y: 50, width: 20, height: 10), "ZStack bottomTrailing rtl")
        let leading = try frames("ZStack leading", zstack("leading"), "rtl")
        try assertFrame(leading, "small", Rect(x: 280, y: 25, width: 20, height: 10), "ZStack leading rtl")
        for alignment in ["topLeading", "leading", "bottomTrailing", "trailing", "bottom"] {
            try assertMirrored("ZStack \(alignment)", zstack(alignment), ids: ["big", "small"], in: "z")
        }
    }

    // MARK: - Insets

    func testPadding_LeadingAndTrailingFollowTheDirection_LeftAndRightStay() throws {
        // A 50x20 rectangle padded 10 leading, 30 trailing, 5 top: the padded box is 90x25;
        // the rectangle is 10 from its left edge left to right, 30 right to left.
        let padded = { (insets: String) in ##"""
            {"type": "ZStack", "id": "p", "padding": \##(insets), "frame": {"width": 300, "height": 200, "alignment": "topLeading"},
             "children": [{"type": "ZStack", "id": "box", "padding": \##(insets), "children": [
               {"type": "Rectangle", "id": "r", "width": 50, "height": 20}]}]}
            """## }
        let directional = padded(##"{"top": 5, "leading": 10, "trailing": 30}"##)
        let ltr = try frames("padding leading/trailing", directional, "ltr")
        let rtl = try frames("padding leading/trailing", directional, "rtl")
        // Outer padding (10 leading, 5 top) then the box's own (10 leading, 5 top).
        try assertFrame(ltr, "box", Rect(x: 10, y: 5, width: 90, height: 25), "padding leading/trailing ltr")
        try assertFrame(ltr, "r", Rect(x: 20, y: 10, width: 50, height: 20), "padding leading/trailing ltr")
        // Right to left the outer padding's leading 10 is on the right: the inner frame
        // is 300 - 40 = 260 wide at x 30, the box at its top-right: 30 + 260 - 90 = 200.
        try assertFrame(rtl, "box", Rect(x: 200, y: 5, width: 90, height: 25), "padding leading/trailing rtl")
        try assertFrame(rtl, "r", Rect(x: 230, y: 10, width: 50, height: 20), "padding leading/trailing rtl")
        try assertMirrored("padding leading/trailing", directional, ids: ["box", "r"])

        // Physical insets do not move: the rectangle is 10 from the box's left edge both
        // ways (the box itself still goes to the leading side of the frame).
        for insets in [##"{"top": 5, "left": 10, "right": 30}"##, "[5, 10, 0, 30]"] {
            let physical = padded(insets)
            for direction in ["ltr", "rtl"] {
                let f = try frames("padding \(insets)", physical, direction)
                let box = try frame(f, "box", "padding \(insets)")
                try assertFrame(f, "r", Rect(x: box.minX + 10, y: box.minY + 5, width: 50, height: 20),
                                "padding \(insets) \(direction)")
            }
            let rtl = try frames("padding \(insets)", physical, "rtl")
            // Outer: 10 left, 30 right, so the inner frame spans 10...270; the box at its right.
            try assertFrame(rtl, "box", Rect(x: 180, y: 5, width: 90, height: 25), "padding \(insets) rtl")
        }
    }

    func testButtonInsets_LeadingAndTrailingFollowTheDirection() throws {
        // A button around a 40x20 rectangle with insets 12 leading, 4 trailing, 6 top and
        // bottom: 56x32; the content 12 from its left edge left to right, 4 right to left.
        let button = { (insets: String) in ##"""
            {"type": "Button", "id": "b", "style": "plain", "insets": \##(insets),
             "content": {"type": "Rectangle", "id": "r", "width": 40, "height": 20}}
            """## }
        let directional = button(##"{"top": 6, "leading": 12, "bottom": 6, "trailing": 4}"##)
        let ltr = try frames("Button insets", directional, "ltr"), rtl = try frames("Button insets", directional, "rtl")
        try assertFrame(ltr, "b", Rect(x: 0, y: 0, width: 56, height: 32), "Button insets ltr")
        try assertFrame(ltr, "r", Rect(x: 12, y: 6, width: 40, height: 20), "Button insets ltr")
        try assertFrame(rtl, "b", Rect(x: 244, y: 0, width: 56, height: 32), "Button insets rtl")
        try assertFrame(rtl, "r", Rect(x: 248, y: 6, width: 40, height: 20), "Button insets rtl")
        try assertMirrored("Button insets", directional, ids: ["b", "r"])
        // Physical insets stay: 12 from the button's left edge both ways.
        let physical = button("[6, 12, 6, 4]")
        let p = try frames("Button physical insets", physical, "rtl")
        try assertFrame(p, "b", Rect(x: 244, y: 0, width: 56, height: 32), "Button physical insets rtl")
        try assertFrame(p, "r", Rect(x: 256, y: 6, width: 40, height: 20), "Button physical insets rtl")
    }

    func testInsets_MixingPhysicalAndDirectionalEdgesIsRefused() {
        let json = document(##"{"type": "Rectangle", "padding": {"left": 1, "trailing": 2}}"##, direction: "rtl",
                            width: 10, height: 10)
        XCTAssertThrowsError(try SceneDecoder().decode(Data(json.utf8))) { error in
            XCTAssertTrue("\(error)".contains("left and right or leading and trailing"), "\(error)")
        }
    }

    // MARK: - Flex

    private func flexRow(_ props: String, a: String = "", b: String = "") -> String {
        ##"""
        {"type": "Flex", "id": "flex", "direction": "row", "alignItems": "start"\##(props), "children": [
          {"type": "Rectangle", "id": "a", "frame": {"width": 50, "height": 20}\##(a)},
          {"type": "Rectangle", "id": "b", "frame": {"width": 60, "height": 20}\##(b)}]}
        """##
    }

    func testFlexRow_JustifyStartAndEnd() throws {
        // A 300-wide row of 50 and 60: start is the right edge right to left (a at
        // 250...300, b at 190...250), end the left one (b at 0...60, a at 60...110).
        let start = try frames("Flex start", flexRow(""), "rtl")
        try assertFrame(start, "flex", Rect(x: 0, y: 0, width: 300, height: 20), "Flex start rtl")
        try assertFrame(start, "a", Rect(x: 250, y: 0, width: 50, height: 20), "Flex start rtl")
        try assertFrame(start, "b", Rect(x: 190, y: 0, width: 60, height: 20), "Flex start rtl")
        let end = try frames("Flex end", flexRow(##", "justify": "end""##), "rtl")
        try assertFrame(end, "a", Rect(x: 60, y: 0, width: 50, height: 20), "Flex end rtl")
        try assertFrame(end, "b", Rect(x: 0, y: 0, width: 60, height: 20), "Flex end rtl")
        for justify in ["start", "end", "center", "spaceBetween", "spaceEvenly"] {
            try assertMirrored("Flex \(justify)", flexRow(##", "justify": "\##(justify)", "gap": 6"##), ids: ["a", "b"])
        }
    }

    func testFlexRowReverse_StartsAtTheLeftRightToLeft() throws {
        // row-reverse under direction: rtl runs left to right (CSS): a at 0...50, b at 50...110.
        let f = try frames("Flex rowReverse", flexRow(##", "direction": "rowReverse""##), "rtl")
        try assertFrame(f, "a", Rect(x: 0, y: 0, width: 50, height: 20), "Flex rowReverse rtl")
        try assertFrame(f, "b", Rect(x: 50, y: 0, width: 60, height: 20), "Flex rowReverse rtl")
        // ... which is the left-to-right row's layout exactly.
        let ltrRow = try frames("Flex row", flexRow(""), "ltr")
        try assertFrame(ltrRow, "a", Rect(x: 0, y: 0, width: 50, height: 20), "Flex row ltr")
        try assertFrame(ltrRow, "b", Rect(x: 50, y: 0, width: 60, height: 20), "Flex row ltr")
        try assertMirrored("Flex rowReverse", flexRow(##", "direction": "rowReverse", "justify": "end""##), ids: ["a", "b"])
    }

    func testFlexMargins_ArePhysical() throws {
        // a has a 10 left margin, b a 5 right margin (CSS margin-left/right, physical).
        // Right to left from the right edge: a at 250...300 (its left margin reaches 240),
        // b's right margin ends at 240: b at 175...235.
        let row = flexRow("", a: ##", "margin": {"left": 10}"##, b: ##", "margin": {"right": 5}"##)
        let rtl = try frames("Flex margins", row, "rtl")
        try assertFrame(rtl, "a", Rect(x: 250, y: 0, width: 50, height: 20), "Flex margins rtl")
        try assertFrame(rtl, "b", Rect(x: 175, y: 0, width: 60, height: 20), "Flex margins rtl")
        // Left to right: a at 10...60, b at 60...120.
        let ltr = try frames("Flex margins", row, "ltr")
        try assertFrame(ltr, "a", Rect(x: 10, y: 0, width: 50, height: 20), "Flex margins ltr")
        try assertFrame(ltr, "b", Rect(x: 60, y: 0, width: 60, height: 20), "Flex margins ltr")
        // An auto left margin pushes an item to the right edge either way: in rtl that is
        // the start, so the auto margin takes the free space on the left of a (190).
        let auto = flexRow("", a: ##", "margin": {"left": "auto"}"##)
        let autoRTL = try frames("Flex auto margin", auto, "rtl")
        try assertFrame(autoRTL, "a", Rect(x: 250, y: 0, width: 50, height: 20), "Flex auto margin rtl")
        try assertFrame(autoRTL, "b", Rect(x: 0, y: 0, width: 60, height: 20), "Flex auto margin rtl")
    }

    func testFlexPadding_LeadingAndTrailingFollowTheDirection() throws {
        // padding 20 leading, 4 trailing: right to left the row starts 20 from the right.
        let row = flexRow(##", "padding": {"leading": 20, "trailing": 4}"##)
        let rtl = try frames("Flex padding", row, "rtl")
        try assertFrame(rtl, "a", Rect(x: 230, y: 0, width: 50, height: 20), "Flex padding rtl")
        try assertFrame(rtl, "b", Rect(x: 170, y: 0, width: 60, height: 20), "Flex padding rtl")
        try assertMirrored("Flex padding", row, ids: ["flex", "a", "b"])
        // Physical padding stays where it is: [0, 20, 0, 4] is 20 left and 4 right, and
        // the row starts at the right edge, 4 from it.
        let physical = try frames("Flex physical padding", flexRow(##", "padding": [0, 20, 0, 4]"##), "rtl")
        try assertFrame(physical, "a", Rect(x: 246, y: 0, width: 50, height: 20), "Flex physical padding rtl")
    }

    func testFlexColumn_CrossStartIsTheRight() throws {
        // A column's cross axis is the inline one: alignItems start puts items on the right.
        let column = ##"""
        {"type": "Flex", "id": "flex", "direction": "column", "alignItems": "start", "children": [
          {"type": "Rectangle", "id": "a", "frame": {"width": 50, "height": 20}},
          {"type": "Rectangle", "id": "b", "frame": {"width": 60, "height": 20}}]}
        """##
        let rtl = try frames("Flex column", column, "rtl")
        try assertFrame(rtl, "a", Rect(x: 250, y: 0, width: 50, height: 20), "Flex column rtl")
        try assertFrame(rtl, "b", Rect(x: 240, y: 20, width: 60, height: 20), "Flex column rtl")
        try assertMirrored("Flex column", column, ids: ["a", "b"])
    }

    // MARK: - Direction set on a node

    func testLayoutDirectionOnANode_OverridesTheEnvironment() throws {
        // The environment reads right to left; the inner row says ltr. The outer VStack
        // (leading, itself at the leading side of a 300 frame) still puts the row on the
        // right; inside it, children run left to right, and its own leading padding (10)
        // is on its left.
        let tree = { (inner: String) in ##"""
            {"type": "VStack", "id": "outer", "alignment": "leading", "frame": {"width": 300, "alignment": "leading"}, "children": [
              {"type": "HStack", "id": "inner", "layoutDirection": "\##(inner)", "spacing": 5,
               "padding": {"leading": 10}, "children": [
                 {"type": "Rectangle", "id": "a", "width": 30, "height": 10},
                 {"type": "Rectangle", "id": "b", "width": 40, "height": 10}]},
              {"type": "HStack", "id": "other", "spacing": 5, "children": [
                 {"type": "Rectangle", "id": "c", "width": 30, "height": 10},
                 {"type": "Rectangle", "id": "d", "width": 40, "height": 10}]}]}
            """## }
        // In rtl, inner: 10 + 30 + 5 + 40 = 85 wide, at 300 - 85 = 215 (the outer stack's
        // leading side), its children left to right; its sibling follows the environment,
        // right to left. The other way round, an ltr environment with the inner row rtl.
        let expectations: [(inner: String, environment: String, frames: [String: Rect])] = [
            ("ltr", "rtl", ["inner": Rect(x: 215, y: 0, width: 85, height: 10), "a": Rect(x: 225, y: 0, width: 30, height: 10),
                            "b": Rect(x: 260, y: 0, width: 40, height: 10), "c": Rect(x: 270, y: 10, width: 30, height: 10),
                            "d": Rect(x: 225, y: 10, width: 40, height: 10)]),
            ("rtl", "ltr", ["inner": Rect(x: 0, y: 0, width: 85, height: 10), "a": Rect(x: 45, y: 0, width: 30, height: 10),
                            "b": Rect(x: 0, y: 0, width: 40, height: 10), "c": Rect(x: 0, y: 10, width: 30, height: 10),
                            "d": Rect(x: 35, y: 10, width: 40, height: 10)]),
        ]
        for (inner, environment, expected) in expectations {
            let label = "inner \(inner) in \(environment)"
            let f = try frames(label, tree(inner), environment)
            for (id, rect) in expected.sorted(by: { $0.key < $1.key }) { try assertFrame(f, id, rect, label) }
        }

        // Nested: rtl inside ltr inside rtl reads right to left again. mid's own frame
        // alignment (leading) reads in mid's direction, ltr: the leaf is at mid's left.
        let nested = ##"""
        {"type": "VStack", "id": "outer", "alignment": "leading", "frame": {"width": 300, "alignment": "leading"}, "children": [
          {"type": "VStack", "id": "mid", "layoutDirection": "ltr", "alignment": "leading", "frame": {"width": 200, "alignment": "leading"}, "children": [
            {"type": "HStack", "id": "leaf", "layoutDirection": "rtl", "frame": {"width": 100}, "spacing": 0, "children": [
              {"type": "Rectangle", "id": "x", "width": 30, "height": 10}, {"type": "Spacer"}]}]}]}
        """##
        let n = try frames("nested", nested, "rtl")
        try assertFrame(n, "mid", Rect(x: 100, y: 0, width: 200, height: 10), "nested: mid on the right of outer")
        try assertFrame(n, "leaf", Rect(x: 100, y: 0, width: 100, height: 10), "nested: leaf on the left of mid")
        try assertFrame(n, "x", Rect(x: 170, y: 0, width: 30, height: 10), "nested: x on the right of leaf")
    }

    func testTheGallerySettingsScreen_IsTheLeftToRightOneMirrored() throws {
        // Fixtures/scenes/settings-arabic.json laid out left to right and as written (right
        // to left): every node with an id mirrored in the canvas (within a point: frames
        // are snapped to whole pixels edge by edge).
        let url = Self.scenes.appendingPathComponent("settings-arabic.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(##""layoutDirection": "rtl""##))
        let ltrText = text.replacingOccurrences(of: ##""layoutDirection": "rtl""##, with: ##""layoutDirection": "ltr""##)
        let rtl = SceneRenderer(scene: try decode(text, "settings-arabic")).layout()
        let ltr = SceneRenderer(scene: try decode(ltrText, "settings-arabic ltr")).layout()
        XCTAssertGreaterThan(rtl.count, 15)
        XCTAssertEqual(Set(rtl.keys), Set(ltr.keys))
        for (id, l) in ltr {
            let r = try frame(rtl, id, "settings-arabic")
            let x = 390 - l.maxX
            XCTAssertTrue(abs(r.minX - x) <= 1 && r.minY == l.minY && abs(r.width - l.width) <= 1 && r.height == l.height,
                          "settings-arabic: '\(id)' is \(r), expected \(l) mirrored (x \(x))")
        }
        // Icons on the right, chevrons on the left.
        let icon = try frame(rtl, "icon-wifi", "settings-arabic"), chevron = try frame(rtl, "chevron-wifi", "settings-arabic")
        XCTAssertGreaterThan(icon.minX, 300)
        XCTAssertLessThan(chevron.maxX, 60)
    }

    // MARK: - Drawing

    private func render(_ root: String, _ direction: String, width: Double = 80, height: Double = 40) throws -> Bitmap {
        let json = document(root, direction: direction, width: width, height: height, scale: 2, background: "#FFFFFF")
        return try SceneRenderer(scene: try decode(json, "render \(direction)")).render()
    }

    /// The bitmap mirrored left to right.
    private func flipped(_ b: Bitmap) throws -> Bitmap {
        let out = try Bitmap(width: b.width, height: b.height)
        for y in 0..<b.height { for x in 0..<b.width { out[b.width - 1 - x, y] = b[x, y] } }
        return out
    }

    /// The largest channel difference between two bitmaps of one size.
    private func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                            abs(Int(p.a) - Int(q.a)))
            }
        }
        return worst
    }

    func testFlipsForRightToLeft_DrawsTheMirrorImage() throws {
        // A row of asymmetric drawings, each flipped: right to left, the whole picture is
        // the left-to-right one mirrored, pixel for pixel.
        let row = ##"""
        {"type": "HStack", "spacing": 6, "padding": {"leading": 4, "top": 3}, "alignment": "top", "children": [
          {"type": "Path", "d": "M1 1 L7 7 L1 13", "width": 8, "height": 14, "flipsForRightToLeftLayoutDirection": true,
           "stroke": {"paint": "#202020", "width": 2, "cap": "round", "join": "round"}},
          {"type": "Path", "d": "M0 0 L24 12 L0 24 Z", "width": 24, "height": 24, "fill": "#E03020",
           "flipsForRightToLeftLayoutDirection": true},
          {"type": "Rectangle", "width": 20, "height": 16, "flipsForRightToLeftLayoutDirection": true,
           "fill": {"linear": {"stops": [["#0040FF", 0], ["#FFD000", 1]], "angle": 90}}}]}
        """##
        let ltr = try render(row, "ltr"), rtl = try render(row, "rtl")
        XCTAssertFalse(ltr.pixelsEqual(rtl), "the drawing moves")
        let mirror = try flipped(ltr)
        XCTAssertTrue(rtl.pixelsEqual(mirror), "rtl is the ltr image mirrored (largest channel difference \(maxDifference(rtl, mirror)))")
        // Left to right the flag changes nothing.
        let plain = row.replacingOccurrences(of: ##""flipsForRightToLeftLayoutDirection": true"##,
                                             with: ##""flipsForRightToLeftLayoutDirection": false"##)
        XCTAssertTrue(try render(plain, "ltr").pixelsEqual(ltr), "ltr: the flag is inert")
    }

    func testFlipsForRightToLeft_IsADrawingTransformOfWhatWasLaidOutRightToLeft() throws {
        // A flipped 80-wide frame with a 10-wide red bar at its leading edge: right to
        // left the bar is laid out at the right (x 70, what layout reports) and the flip
        // then draws it at the left edge. The flag belongs on the drawing, not around it.
        let root = ##"""
        {"type": "ZStack", "id": "box", "flipsForRightToLeftLayoutDirection": true,
         "frame": {"width": 80, "height": 40, "alignment": "leading"},
         "children": [{"type": "Rectangle", "id": "bar", "fill": "#FF0000", "width": 10, "height": 40}]}
        """##
        try assertFrame(try frames("flipped frame", root, "rtl", width: 80, height: 40), "bar",
                        Rect(x: 70, y: 0, width: 10, height: 40), "flipped frame rtl")
        let image = try render(root, "rtl")
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255), white = PremultipliedColor(r: 255, g: 255, b: 255, a: 255)
        XCTAssertEqual(image[4, 40], red, "drawn at the left edge")
        XCTAssertEqual(image[155, 40], white, "not where layout put it")
    }

    func testWithoutTheFlag_TextShapesAndImagesAreNotMirrored() throws {
        // Each drawing centred in a fixed frame, so its place is the same both ways: right
        // to left draws the same pixels, not the mirror image.
        let gradient = ##"{"linear": {"stops": [["#0040FF", 0], ["#FFD000", 1]], "angle": 90}}"##
        let drawings: [(String, String)] = [
            ("Text", ##"{"type": "Text", "text": "Fig. 2", "font": {"family": "DejaVu Sans", "size": 14}}"##),
            ("Rectangle", ##"{"type": "Rectangle", "width": 40, "height": 20, "fill": \##(gradient)}"##),
            ("Path", ##"{"type": "Path", "d": "M0 0 L24 12 L0 24 Z", "width": 24, "height": 24, "fill": "#E03020"}"##),
            ("Image", ##"{"type": "Image", "src": "assets/avatar.png", "width": 32, "height": 32}"##),
        ]
        for (name, drawing) in drawings {
            let root = ##"{"type": "ZStack", "frame": {"width": 80, "height": 40}, "children": [\##(drawing)]}"##
            let ltr = try render(root, "ltr"), rtl = try render(root, "rtl")
            XCTAssertTrue(rtl.pixelsEqual(ltr), "\(name): rtl draws what ltr draws (largest channel difference \(maxDifference(rtl, ltr)))")
            XCTAssertFalse(rtl.pixelsEqual(try flipped(ltr)), "\(name): the test drawing is not symmetric")
        }
    }
}
