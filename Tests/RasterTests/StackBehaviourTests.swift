import Foundation
import Raster
import XCTest

/// Stacks on the rows people build every day, held to SwiftUI's documented behaviour:
/// children are offered space least flexible first, each an equal share of what is left;
/// higher `layoutPriority` is served first; `Spacer` is the most flexible; a Text stays
/// on one line when it has the room. Expected values come from the scene itself (canvas,
/// padding, spacing) and from each Text laid out alone at its ideal size, never from a
/// rendering of the row under test.
final class StackBehaviourTests: XCTestCase {
    private let width = 390.0

    /// The frames of every node with an id.
    private func frames(_ root: String, width: Double? = nil, height: Double = 400) throws -> [String: Rect] {
        let json = ##"{"canvas": {"width": \##(width ?? self.width), "height": \##(height)}, "root": \##(root)}"##
        return SceneRenderer(scene: try SceneDecoder().decode(Data(json.utf8))).layout()
    }

    /// A Text node's size alone, at its ideal size (one line per paragraph).
    private func alone(_ text: String) throws -> Size {
        let node = text.replacingOccurrences(of: "{", with: ##"{"id": "alone", "fixedSize": true, "##, range: text.range(of: "{"))
        return try XCTUnwrap(frames(node, width: 2_000)["alone"]).size
    }

    private func text(_ id: String, _ string: String, _ extra: String = "") -> String {
        ##"{"type": "Text", "id": "\##(id)", "text": "\##(string)"\##(extra.isEmpty ? "" : ", " + extra)}"##
    }

    private func assertInside(_ inner: Rect?, _ outer: Rect?, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let inner, let outer else { return XCTFail("\(what): missing frame", file: file, line: line) }
        XCTAssertTrue(inner.minX >= outer.minX - 0.5 && inner.maxX <= outer.maxX + 0.5
                      && inner.minY >= outer.minY - 0.5 && inner.maxY <= outer.maxY + 0.5,
                      "\(what): \(inner) is not inside \(outer)", file: file, line: line)
    }

    // MARK: - Rows

    private var chatRow: String {
        ##"""
        {"type": "HStack", "id": "row", "spacing": 12, "padding": [8, 16, 8, 16], "children": [
          {"type": "Circle", "width": 44, "height": 44, "fill": "accent"},
          {"type": "VStack", "id": "texts", "alignment": "leading", "spacing": 2, "layoutPriority": 1, "children": [
            \##(text("name", "Ada Lovelace", ##""font": {"weight": "semibold"}"##)),
            \##(text("message", "Have you seen the new engine drawings? The mill and the store are separate now.", ##""maxLines": 1, "color": "secondary""##))]},
          {"type": "Spacer"},
          {"type": "VStack", "id": "meta", "alignment": "trailing", "spacing": 4, "children": [
            \##(text("time", "11:02", ##""font": {"size": 13}"##)),
            {"type": "Text", "id": "badge", "text": "3", "font": {"size": 13}, "padding": [2, 7, 2, 7], "background": "accent", "cornerRadius": 10}]}]}
        """##
    }

    func testChatRow_TimeStaysOnOneLine() throws {
        let f = try frames(chatRow)
        let time = try alone(text("t", "11:02", ##""font": {"size": 13}"##))
        XCTAssertEqual(f["time"]?.size, time, "the time is its ideal size: one line, unbroken")
    }

    func testChatRow_BadgeStaysInsideTheRowAndCanvas() throws {
        let f = try frames(chatRow)
        assertInside(f["badge"], f["row"], "badge in row")
        assertInside(f["badge"], Rect(x: 0, y: 0, width: width, height: 400), "badge on canvas")
        assertInside(f["meta"], try XCTUnwrap(f["row"]).inset(by: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)),
                     "time and badge inside the padding")
    }

    func testChatRow_MessageTruncatesInsteadOfPushingTheTimeOut() throws {
        let f = try frames(chatRow)
        let message = try XCTUnwrap(f["message"]), meta = try XCTUnwrap(f["meta"])
        let oneLine = try alone(text("m", "x", ##""color": "secondary""##)).height
        XCTAssertEqual(message.height, oneLine, "one line")
        XCTAssertLessThanOrEqual(message.maxX, meta.minX - 12 + 0.5, "the message ends before the spacing and the time")
        XCTAssertGreaterThan(message.width, 150, "served first, the message takes the room the spacer does not need")
    }

    func testSettingsRow_TitleAndValueOnOneLine_ChevronAtTheTrailingPadding() throws {
        let f = try frames(##"""
        {"type": "HStack", "id": "row", "spacing": 12, "padding": [10, 16, 10, 16], "children": [
          {"type": "RoundedRectangle", "width": 30, "height": 30, "cornerRadius": 7},
          \##(text("title", "Notifications and sounds", ##""layoutPriority": 1"##)),
          {"type": "Spacer"},
          \##(text("value", "Banners", ##""color": "secondary""##)),
          {"type": "Path", "id": "chevron", "d": "M1 1 L7 7 L1 13", "width": 8, "height": 14, "stroke": {"paint": "tertiary", "width": 2}}]}
        """##)
        XCTAssertEqual(f["title"]?.size, try alone(text("a", "Notifications and sounds")))
        XCTAssertEqual(f["value"]?.size, try alone(text("b", "Banners", ##""color": "secondary""##)))
        XCTAssertEqual(f["chevron"]?.maxX ?? 0, width - 16, accuracy: 0.5)
    }

    func testToolbar_TitleCentredBetweenEqualSides() throws {
        let f = try frames(##"""
        {"type": "HStack", "padding": [0, 16, 0, 16], "children": [
          {"type": "Button", "content": \##(text("cancel", "Cancel")), "frame": {"width": 70, "alignment": "leading"}},
          {"type": "Spacer"},
          \##(text("title", "Edit Profile", ##""font": {"weight": "semibold"}"##)),
          {"type": "Spacer"},
          {"type": "Button", "content": \##(text("done", "Done")), "frame": {"width": 70, "alignment": "trailing"}}]}
        """##)
        XCTAssertEqual(try XCTUnwrap(f["title"]).midX, width / 2, accuracy: 1)
        XCTAssertEqual(f["done"]?.maxX ?? 0, width - 16, accuracy: 0.5)
        XCTAssertEqual(f["cancel"]?.minX ?? 0, 16, accuracy: 0.5)
    }

    func testTabBar_FourEqualTabsFillTheBar() throws {
        let tabs = ["Home", "Search", "Notifications", "Me"].enumerated().map { i, name in
            let label = text("label\(i)", name, ##""font": {"size": 10}"##)
            return ##"{"type": "VStack", "id": "tab\##(i)", "spacing": 2, "frame": {"maxWidth": "infinity"}, "children": [{"type": "Circle", "width": 24, "height": 24}, \##(label)]}"##
        }.joined(separator: ", ")
        let f = try frames(##"{"type": "HStack", "spacing": 0, "children": [\##(tabs)]}"##)
        let widths = try (0..<4).map { try XCTUnwrap(f["tab\($0)"]).width }
        XCTAssertLessThanOrEqual((widths.max() ?? 0) - (widths.min() ?? 0), 1, "equal tabs: \(widths)")
        XCTAssertEqual(widths.reduce(0, +), width, accuracy: 0.5)
        for i in 0..<4 { assertInside(f["label\(i)"], f["tab\(i)"], "label \(i) in its tab") }
    }

    func testDayLabels_EachOnOneLineBesideAPrioritisedTitle() throws {
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let f = try frames(##"""
        {"type": "HStack", "spacing": 6, "padding": 12, "children": [
          \##(text("title", "Opening hours of the reading room", ##""layoutPriority": 1"##)),
          \##(days.map { text($0, $0) }.joined(separator: ", "))]}
        """##)
        for day in days {
            XCTAssertEqual(f[day]?.size, try alone(text("d", day)), "\(day) stands on one line, unbroken")
        }
        let title = try XCTUnwrap(f["title"])
        XCTAssertLessThanOrEqual(title.maxX, try XCTUnwrap(f["Mon"]).minX - 6 + 0.5, "the title wraps in what is left")
    }

    func testFormRow_FieldKeepsItsMinimumAndTheLabelWraps() throws {
        let f = try frames(##"""
        {"type": "HStack", "spacing": 8, "padding": 16, "children": [
          \##(text("label", "Name as it appears on the card you registered with")),
          {"type": "RoundedRectangle", "id": "field", "cornerRadius": 8, "frame": {"minWidth": 160, "height": 36}}]}
        """##)
        let label = try XCTUnwrap(f["label"]), field = try XCTUnwrap(f["field"])
        XCTAssertGreaterThanOrEqual(field.width, 160)
        XCTAssertGreaterThan(label.height, try alone(text("l", "x")).height, "the label wraps")
        XCTAssertLessThanOrEqual(label.maxX, field.minX - 8 + 0.5, "no overlap")
        XCTAssertEqual(field.maxX, width - 16, accuracy: 0.5, "nothing outside the padded row")
    }

    func testCard_ImageFillsTheWidthAndTheTextWrapsInside() throws {
        let f = try frames(##"""
        {"type": "VStack", "id": "card", "alignment": "leading", "spacing": 8, "padding": 12, "frame": {"width": 300}, "children": [
          {"type": "Rectangle", "id": "image", "frame": {"height": 120}},
          \##(text("caption", "The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves."))]}
        """##)
        XCTAssertEqual(f["image"]?.width, 300 - 24, "a shape takes the width it is offered")
        let caption = try XCTUnwrap(f["caption"])
        XCTAssertLessThanOrEqual(caption.width, 300 - 24)
        XCTAssertGreaterThan(caption.height, try alone(text("c", "x")).height * 1.5, "wrapped over lines")
    }

    func testListOfRows_EveryRowAsWideAsTheList() throws {
        let rows = (0..<5).map { i in
            let title = text("t\(i)", "Row \(i)"), value = text("v\(i)", "\(i * 11)")
            return ##"{"type": "HStack", "id": "r\##(i)", "padding": [8, 16, 8, 16], "children": [\##(title), {"type": "Spacer"}, \##(value)]}"##
        }.joined(separator: ", ")
        let f = try frames(##"{"type": "VStack", "spacing": 0, "children": [\##(rows)]}"##)
        for i in 0..<5 {
            XCTAssertEqual(f["r\(i)"]?.width, width, "a row with a Spacer takes the width offered")
            XCTAssertEqual(f["v\(i)"]?.maxX ?? 0, width - 16, accuracy: 0.5)
        }
    }

    // MARK: - Behaviour from SwiftUI's documentation

    func testSpacerMinLength_HoldsWhenSpaceRunsOut() throws {
        let f = try frames(##"""
        {"type": "HStack", "children": [\##(text("a", "A title far too long for this narrow row", ##""layoutPriority": 1"##)),
          {"type": "Spacer", "minLength": 20}, \##(text("b", "End"))]}
        """##, width: 200)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(f["b"]).minX - XCTUnwrap(f["a"]).maxX, 20 - 0.5)
    }

    func testTwoSpacers_SplitTheLeftoverEqually() throws {
        let f = try frames(##"{"type": "HStack", "children": [{"type": "Spacer"}, {"type": "Rectangle", "id": "r", "width": 20, "height": 10}, {"type": "Spacer"}]}"##,
                           width: 100)
        XCTAssertEqual(f["r"]?.minX, 40)
    }

    func testLayoutPriority_HigherKeepsItsIdealWidth_LowerTruncates() throws {
        let long = "A heading that wants most of the row"
        let f = try frames(##"""
        {"type": "HStack", "spacing": 8, "children": [\##(text("first", long, ##""layoutPriority": 1"##)),
          \##(text("second", "Another heading that wants room", ##""maxLines": 1"##))]}
        """##, width: 400)
        let ideal = try alone(text("x", long))
        XCTAssertEqual(f["first"]?.size, ideal, "served first, at its ideal size")
        let second = try XCTUnwrap(f["second"])
        XCTAssertEqual(second.height, try alone(text("y", "x")).height, "one line, truncated")
        XCTAssertLessThan(second.width, try alone(text("z", "Another heading that wants room")).width)
        XCTAssertLessThanOrEqual(second.maxX, 400 + 0.5, "in what is left")
    }

    func testFixedSize_KeepsTheIdealWidthWhenTheRowOverflows() throws {
        let long = "This text will not wrap"
        let f = try frames(##"{"type": "HStack", "children": [\##(text("t", long, ##""fixedSize": true"##))]}"##, width: 80)
        let ideal = try alone(text("x", long))
        XCTAssertEqual(f["t"]?.size, ideal)
        XCTAssertGreaterThan(ideal.width, 80)
    }

    func testFixedFrame_ProposesItsWidthAndAlignsTheContent() throws {
        let f = try frames(##"""
        {"type": "VStack", "alignment": "leading", "children": [
          {"type": "ZStack", "id": "frame", "frame": {"width": 200, "alignment": "leading"}, "children": [\##(text("t", "Short"))]},
          {"type": "ZStack", "id": "trailing", "frame": {"width": 200, "alignment": "trailing"}, "children": [\##(text("u", "Short"))]}]}
        """##)
        XCTAssertEqual(f["frame"]?.width, 200)
        XCTAssertEqual(f["t"]?.minX, f["frame"]?.minX)
        XCTAssertEqual(f["u"]?.maxX ?? 0, f["trailing"]?.maxX ?? 0, accuracy: 0.5)
    }

    func testFlexibleFrame_ClampsToItsRange() throws {
        let row = ##"{"type": "HStack", "children": [{"type": "Rectangle", "id": "r", "frame": {"minWidth": 50, "maxWidth": 80, "height": 10}}]}"##
        XCTAssertEqual(try frames(row, width: 300)["r"]?.width, 80, "as large as proposed, up to the maximum")
        XCTAssertEqual(try frames(row, width: 30)["r"]?.width, 50, "at least the minimum")
    }

    func testShapeWithoutSize_TakesTheWholeProposal() throws {
        let f = try frames(##"{"type": "VStack", "children": [{"type": "Rectangle", "id": "r"}]}"##, width: 300, height: 200)
        XCTAssertEqual(f["r"], Rect(x: 0, y: 0, width: 300, height: 200))
    }

    func testStackSize_IsTheSumAlongPlusSpacingAndTheLargestAcross() throws {
        let f = try frames(##"""
        {"type": "HStack", "id": "s", "spacing": 10, "fixedSize": true, "children": [
          {"type": "Rectangle", "width": 20, "height": 30}, {"type": "Rectangle", "width": 40, "height": 10}]}
        """##)
        XCTAssertEqual(f["s"]?.size, Size(70, 30))
    }
}
