import Foundation
import RasterComponents
import RasterCore
import RasterScene
import RasterText
import XCTest

/// VStack and HStack held to SwiftUI's stack algorithm on the rows apps are made of.
///
/// The rules: children are offered space least flexible first (flexibility is the size at
/// proposal infinity minus the size at proposal 0; ties keep stack order, except that of
/// two infinitely flexible children the larger minimum goes first), each an equal share
/// of what is left; `layoutPriority` groups are served highest first, lower groups held
/// to their minimum; a `Spacer` has priority minus infinity and is never shorter than
/// its minimum length (8 unless `minLength` says otherwise); a Text stays on one
/// line when the row has room and wraps or truncates only when it has not, never narrower
/// than its longest word unless `maxLines` lets it truncate; `frame` is SwiftUI's
/// `.frame`; `fixedSize` is `.fixedSize`; a shape without a size takes the whole proposal.
///
/// Every expectation is an invariant computed from the scene itself: canvas, padding and
/// spacing numbers, and each Text laid out alone in a scene of its own. No frame is copied
/// from a rendering of the row under test.
final class StackLayoutTests: XCTestCase {
    private let canvasWidth = 390.0
    private let canvasHeight = 600.0

    private var canvas: Rect { Rect(x: 0, y: 0, width: canvasWidth, height: canvasHeight) }

    // MARK: - Helpers

    private struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The frames of one laid-out scene; `f("id")` is a node's frame, or an error naming the scenario.
    private struct Frames {
        let scenario: String
        let byID: [String: Rect]

        func callAsFunction(_ id: String) throws -> Rect {
            guard let rect = byID[id] else {
                throw Failure(description: "\(scenario): no frame for '\(id)' (laid out: \(byID.keys.sorted()))")
            }
            return rect
        }
    }

    /// Decodes `root` on a canvas and returns the frames of every node with an id.
    private func layout(_ scenario: String, _ root: String, width: Double? = nil, height: Double? = nil) throws -> Frames {
        let json = ##"{"canvas": {"width": \##(width ?? canvasWidth), "height": \##(height ?? canvasHeight)}, "root": \##(root)}"##
        let scene: Scene
        do {
            scene = try SceneDecoder.decode(Data(json.utf8))
        } catch {
            throw Failure(description: "\(scenario): the scene does not decode: \(error)")
        }
        return Frames(scenario: scenario, byID: SceneRenderer(scene: scene).layout())
    }

    /// A Text laid out alone, in a scene of its own: at its ideal size (`"fixedSize": true`),
    /// or wrapped to `width` when one is given.
    private func alone(_ string: String, _ props: String = "", width: Double? = nil) throws -> Size {
        let fixed = width == nil ? ##", "fixedSize": true"## : ""
        let node = ##"{"type": "Text", "id": "alone", "text": "\##(string)"\##(props.isEmpty ? "" : ", " + props)\##(fixed)}"##
        return try layout("'\(string)' alone", node, width: width ?? 4_000, height: 2_000)("alone").size
    }

    private func text(_ id: String, _ string: String, _ props: String = "") -> String {
        ##"{"type": "Text", "id": "\##(id)", "text": "\##(string)"\##(props.isEmpty ? "" : ", " + props)}"##
    }

    private func assertSize(_ rect: Rect, _ expected: Size, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(abs(rect.width - expected.width) <= 0.5 && abs(rect.height - expected.height) <= 0.5,
                      "\(message): laid out \(rect.size), expected \(expected)", file: file, line: line)
    }

    private func assertInside(_ inner: Rect, _ outer: Rect, _ message: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(inner.minX >= outer.minX - 0.5 && inner.maxX <= outer.maxX + 0.5
                      && inner.minY >= outer.minY - 0.5 && inner.maxY <= outer.maxY + 0.5,
                      "\(message): \(inner) is not inside \(outer)", file: file, line: line)
    }

    // MARK: - Chat row

    private let chatPadding = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
    private let chatSpacing = 12.0
    private let chatTime = ("11:02", ##""font": {"size": 15}, "color": "secondary""##)
    private let chatMessage = ("Found the bug in relay 70: it was a moth. Taped it into the logbook, see you at the lab tomorrow",
                               ##""maxLines": 1, "color": "secondary""##)

    /// Avatar, name over last message, Spacer, time over an unread badge (a capsule behind
    /// a padded count, the capsule at a lower priority so it takes the count's size, as
    /// SwiftUI's `.background(Capsule())`).
    private var chatRow: String {
        ##"""
        {"type": "HStack", "id": "row", "spacing": \##(chatSpacing), "padding": [10, 16, 10, 16], "children": [
          {"type": "Circle", "id": "avatar", "width": 44, "height": 44, "fill": "accent"},
          {"type": "VStack", "id": "texts", "alignment": "leading", "spacing": 2, "children": [
            \##(text("name", "Grace Hopper", ##""font": {"weight": "semibold"}"##)),
            \##(text("message", chatMessage.0, chatMessage.1))]},
          {"type": "Spacer"},
          {"type": "VStack", "id": "meta", "alignment": "trailing", "spacing": 6, "children": [
            \##(text("time", chatTime.0, chatTime.1)),
            {"type": "ZStack", "id": "badge", "children": [
              {"type": "RoundedRectangle", "id": "pill", "cornerRadius": 10, "fill": "accent", "layoutPriority": -1},
              {"type": "Text", "id": "count", "text": "12", "font": {"size": 13, "weight": "semibold"}, "color": "#FFFFFF",
               "padding": [2, 7, 2, 7]}]}]}]}
        """##
    }

    func testChatRow_TimeStaysOnOneLine() throws {
        let f = try layout("chat row", chatRow)
        let time = try f("time"), ideal = try alone(chatTime.0, chatTime.1)
        XCTAssertEqual(time.height, ideal.height, accuracy: 0.5,
                       "chat row: the time '11:02' is one line, as tall as laid out alone (\(time.size) vs \(ideal))")
        XCTAssertEqual(time.width, ideal.width, accuracy: 0.5,
                       "chat row: the time '11:02' keeps its ideal width (\(time.size) vs \(ideal))")
    }

    func testChatRow_BadgeStaysInsideTheRowAndTheCanvas() throws {
        let f = try layout("chat row", chatRow)
        let badge = try f("badge"), row = try f("row")
        assertInside(badge, canvas, "chat row: the badge lies inside the canvas")
        assertInside(badge, row.inset(by: chatPadding), "chat row: the badge lies inside the padded row")
        assertInside(try f("count"), badge, "chat row: the count lies inside its badge")
        let pill = try f("pill")
        XCTAssertTrue(abs(pill.width - badge.width) <= 0.5 && abs(pill.height - badge.height) <= 0.5,
                      "chat row: the capsule behind the count takes the count's padded size (pill \(pill), badge \(badge))")
        XCTAssertLessThan(badge.width, 60, "chat row: the badge is a small capsule, not the row's leftover (\(badge))")
    }

    func testChatRow_MessageTruncatesInsteadOfPushingTheTimeOut() throws {
        let f = try layout("chat row", chatRow)
        let message = try f("message"), meta = try f("meta"), time = try f("time")
        let ideal = try alone(chatMessage.0, chatMessage.1)
        XCTAssertEqual(message.height, ideal.height, accuracy: 0.5, "chat row: the message keeps to one line (maxLines 1)")
        XCTAssertLessThan(message.width, ideal.width, "chat row: the message is truncated, narrower than its ideal width \(ideal.width)")
        XCTAssertLessThanOrEqual(message.maxX, meta.minX - chatSpacing + 0.5,
                                 "chat row: the message ends at least one spacing before the time column (message \(message), meta \(meta))")
        XCTAssertLessThanOrEqual(time.maxX, canvasWidth - chatPadding.right + 0.5,
                                 "chat row: the time stays at or before the trailing padding (\(time))")
    }

    func testChatRow_NothingOutsideThePaddedRow() throws {
        let f = try layout("chat row", chatRow)
        let row = try f("row")
        XCTAssertEqual(row.minX, 0, accuracy: 0.5, "chat row: the row starts at the canvas edge")
        XCTAssertEqual(row.width, canvasWidth, accuracy: 0.5, "chat row: a row with a Spacer takes the whole width offered")
        let content = row.inset(by: chatPadding)
        for id in ["avatar", "texts", "name", "message", "meta", "time", "badge", "count"] {
            assertInside(try f(id), content, "chat row: '\(id)' lies inside the padded row")
        }
        XCTAssertEqual(try f("avatar").minX, chatPadding.left, accuracy: 0.5, "chat row: the avatar sits at the leading padding")
        XCTAssertEqual(try f("avatar").size, Size(44, 44), "chat row: the avatar keeps its 44 x 44")
        XCTAssertEqual(try f("meta").maxX, canvasWidth - chatPadding.right, accuracy: 0.5,
                       "chat row: the time column ends at the trailing padding")
    }

    // MARK: - Settings rows

    private let settings = [("Wi-Fi", "Home"), ("Bluetooth", "On"), ("Personal Hotspot", "Off")]

    /// Icon, title (served first, as settings rows in SwiftUI carry `.layoutPriority(1)`),
    /// Spacer, value, chevron; three rows in a list.
    private var settingsRows: String {
        let rows = settings.enumerated().map { i, row in
            ##"""
            {"type": "HStack", "id": "row\##(i)", "spacing": 12, "padding": [11, 16, 11, 16], "children": [
              {"type": "RoundedRectangle", "id": "icon\##(i)", "width": 29, "height": 29, "cornerRadius": 7, "fill": "accent"},
              \##(text("title\(i)", row.0, ##""layoutPriority": 1"##)),
              {"type": "Spacer"},
              \##(text("value\(i)", row.1, ##""color": "secondary""##)),
              {"type": "Path", "id": "chevron\##(i)", "d": "M1 1 L6 6.5 L1 12", "width": 8, "height": 13,
               "stroke": {"paint": "tertiary", "width": 2}}]}
            """##
        }
        return ##"{"type": "VStack", "spacing": 0, "children": [\##(rows.joined(separator: ", "))]}"##
    }

    func testSettingsRow_TitleAndValueEachOnOneLine() throws {
        let f = try layout("settings row", settingsRows)
        for (i, row) in settings.enumerated() {
            assertSize(try f("title\(i)"), try alone(row.0), "settings row '\(row.0)': the title is one line at its ideal size")
            assertSize(try f("value\(i)"), try alone(row.1, ##""color": "secondary""##),
                       "settings row '\(row.0)': the value '\(row.1)' is one line at its ideal size")
        }
    }

    func testSettingsRow_ChevronAtTheTrailingPaddingEdge() throws {
        let f = try layout("settings row", settingsRows)
        for (i, row) in settings.enumerated() {
            let chevron = try f("chevron\(i)"), value = try f("value\(i)")
            XCTAssertEqual(chevron.maxX, canvasWidth - 16, accuracy: 0.5,
                           "settings row '\(row.0)': the chevron ends at the trailing padding (\(chevron))")
            XCTAssertEqual(value.maxX, chevron.minX - 12, accuracy: 0.5,
                           "settings row '\(row.0)': the value sits one spacing before the chevron")
            XCTAssertEqual(try f("icon\(i)").minX, 16, accuracy: 0.5, "settings row '\(row.0)': the icon sits at the leading padding")
            XCTAssertEqual(try f("title\(i)").minX, 16 + 29 + 12, accuracy: 0.5,
                           "settings row '\(row.0)': the title follows the icon by one spacing")
        }
    }

    // MARK: - Toolbar

    private func toolbar(buttonWidth: Double?) -> String {
        let frame = { (alignment: String) in buttonWidth.map { ##", "frame": {"width": \##($0), "alignment": "\##(alignment)"}"## } ?? "" }
        return ##"""
        {"type": "HStack", "id": "bar", "spacing": 8, "padding": [0, 16, 0, 16], "frame": {"height": 44}, "children": [
          {"type": "Button", "id": "cancel"\##(frame("leading")), "content": \##(text("cancelLabel", "Cancel"))},
          {"type": "Spacer"},
          \##(text("title", "Messages", ##""font": {"weight": "semibold"}"##)),
          {"type": "Spacer"},
          {"type": "Button", "id": "send"\##(frame("trailing")), "content": \##(text("sendLabel", "Send", ##""font": {"weight": "semibold"}"##))}]}
        """##
    }

    func testToolbar_TitleCentredWhenTheSidesAreEqual() throws {
        let f = try layout("toolbar with equal sides", toolbar(buttonWidth: 72))
        let title = try f("title")
        XCTAssertEqual(title.midX, canvasWidth / 2, accuracy: 1,
                       "toolbar with equal sides: the title is centred on the bar (\(title))")
        assertSize(title, try alone("Messages", ##""font": {"weight": "semibold"}"##), "toolbar with equal sides: the title is one line")
        XCTAssertEqual(try f("cancelLabel").minX, 16, accuracy: 0.5, "toolbar with equal sides: Cancel at the leading padding")
        XCTAssertEqual(try f("sendLabel").maxX, canvasWidth - 16, accuracy: 0.5, "toolbar with equal sides: Send at the trailing padding")
    }

    func testToolbar_TitleMidwayBetweenUnequalButtons() throws {
        let f = try layout("toolbar with unequal sides", toolbar(buttonWidth: nil))
        let cancel = try f("cancel"), title = try f("title"), send = try f("send")
        XCTAssertEqual(title.minX - cancel.maxX, send.minX - title.maxX, accuracy: 1,
                       "toolbar with unequal sides: two Spacers leave equal gaps either side of the title (\(cancel), \(title), \(send))")
        XCTAssertEqual(send.maxX, canvasWidth - 16, accuracy: 0.5, "toolbar with unequal sides: Send at the trailing padding")
    }

    // MARK: - Tab bar

    private let tabNames = ["Home", "Search", "Notifications", "Profile"]
    private let tabLabel = ##""font": {"size": 10, "weight": "medium"}"##

    private var tabBar: String {
        let tabs = tabNames.enumerated().map { i, name in
            ##"""
            {"type": "VStack", "id": "tab\##(i)", "spacing": 3, "frame": {"maxWidth": "infinity"}, "children": [
              {"type": "RoundedRectangle", "id": "icon\##(i)", "width": 26, "height": 26, "cornerRadius": 6},
              \##(text("label\(i)", name, tabLabel))]}
            """##
        }
        return ##"{"type": "HStack", "id": "bar", "spacing": 0, "padding": [6, 0, 6, 0], "children": [\##(tabs.joined(separator: ", "))]}"##
    }

    func testTabBar_FourTabsOfEqualWidth() throws {
        let f = try layout("tab bar", tabBar)
        let widths = try (0..<4).map { try f("tab\($0)").width }
        XCTAssertLessThanOrEqual(widths.max()! - widths.min()!, 1, "tab bar: all four tabs are equally wide, whatever their labels (\(widths))")
    }

    func testTabBar_TabsTogetherFillTheBar() throws {
        let f = try layout("tab bar", tabBar)
        let tabs = try (0..<4).map { try f("tab\($0)") }
        XCTAssertEqual(tabs[0].minX, 0, accuracy: 0.5, "tab bar: the first tab starts at the bar's leading edge")
        XCTAssertEqual(tabs[3].maxX, canvasWidth, accuracy: 0.5, "tab bar: the last tab ends at the bar's trailing edge")
        for i in 1..<4 {
            XCTAssertEqual(tabs[i].minX, tabs[i - 1].maxX, accuracy: 0.5, "tab bar: tab \(i) starts where tab \(i - 1) ends")
        }
        XCTAssertEqual(tabs.map(\.width).reduce(0, +), canvasWidth, accuracy: 1, "tab bar: the widths add up to the bar")
    }

    func testTabBar_LabelsOnOneLineAndCentredUnderTheirIcons() throws {
        let f = try layout("tab bar", tabBar)
        for (i, name) in tabNames.enumerated() {
            let tab = try f("tab\(i)"), label = try f("label\(i)"), icon = try f("icon\(i)")
            assertSize(label, try alone(name, tabLabel), "tab bar: the label '\(name)' is one line at its ideal size")
            XCTAssertEqual(label.midX, tab.midX, accuracy: 1, "tab bar: the label '\(name)' is centred in its tab")
            XCTAssertEqual(icon.midX, tab.midX, accuracy: 1, "tab bar: the icon of '\(name)' is centred in its tab")
            assertInside(label, tab, "tab bar: the label '\(name)' lies inside its tab")
        }
    }

    // MARK: - Day labels

    private let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private let dayFont = ##""font": {"size": 13}"##
    private let dayTitleFont = ##""font": {"weight": "semibold"}"##

    private func dayRow(title: String) -> String {
        ##"""
        {"type": "HStack", "spacing": 6, "padding": 16, "children": [
          \##(text("title", title, dayTitleFont + ##", "layoutPriority": 1"##)),
          \##(days.map { text($0, $0, dayFont) }.joined(separator: ", "))]}
        """##
    }

    /// The width left for the title: the canvas less padding, spacing and the days' ideal widths.
    private func roomForDayTitle() throws -> Double {
        let daysWidth = try days.map { try alone($0, dayFont).width }.reduce(0, +)
        return canvasWidth - 32 - 6 * Double(days.count) - daysWidth
    }

    func testDayLabels_LongPrioritisedTitleServedFirst_DaysHeldToTheirMinimum() throws {
        // The title (priority 1) is offered the row less the spacing and the days'
        // minimums. A Text's minimum (proposal 0) is one grapheme per line: its widest
        // letter, rounded up. So the title is offered 390 - 32 - 6 * 7 - sum of those, and
        // the days share what it leaves, each between its minimum and its ideal width.
        let title = "Opening hours of the reading room"
        XCTAssertGreaterThan(try alone(title, dayTitleFont).width, try roomForDayTitle(),
                             "day labels (scene check): the long title needs more than the row leaves")
        let face = try FontRegistry.shared.face(for: .system(size: 13))
        func widestLetter(_ day: String) -> Double {
            let widest = day.unicodeScalars.map { face.advance(of: face.glyph(for: $0)) * 13 / face.unitsPerEm }.max() ?? 0
            return widest.rounded(.up)
        }
        let offer = canvasWidth - 32 - 6 * Double(days.count) - days.map(widestLetter).reduce(0, +)
        let f = try layout("day labels", dayRow(title: title))
        let titleFrame = try f("title")
        XCTAssertLessThanOrEqual(titleFrame.width, offer + 0.5, "day labels: the title wraps within its offer \(offer)")
        XCTAssertGreaterThan(titleFrame.width, offer / 2, "day labels: the prioritised title is served first, not an even share")
        for day in days {
            let frame = try f(day)
            XCTAssertGreaterThanOrEqual(frame.width, widestLetter(day) - 0.5, "day labels: '\(day)' is at least its widest letter")
            XCTAssertLessThanOrEqual(frame.width, try alone(day, dayFont).width + 0.5, "day labels: '\(day)' is at most its ideal width")
        }
        XCTAssertLessThanOrEqual(titleFrame.maxX, try f("Mon").minX - 6 + 0.5, "day labels: the title ends before the days")
        XCTAssertLessThanOrEqual(try f("Sun").maxX, canvasWidth - 16 + 0.5, "day labels: 'Sun' stays inside the padded row")
    }

    func testDayLabels_PrioritisedTitleGetsItsIdealWidthWhenThereIsRoom() throws {
        let title = "Hours"
        let ideal = try alone(title, dayTitleFont)
        XCTAssertLessThanOrEqual(ideal.width, try roomForDayTitle(), "day labels (scene check): the short title fits beside the days")
        let f = try layout("day labels with room", dayRow(title: title))
        assertSize(try f("title"), ideal, "day labels with room: the prioritised title takes its ideal size")
        for day in days {
            assertSize(try f(day), try alone(day, dayFont), "day labels with room: '\(day)' is one line at its ideal size")
        }
    }

    // MARK: - Form row

    private let formLabel = "Name as it appears on your passport"

    private var formRow: String {
        ##"""
        {"type": "HStack", "id": "row", "spacing": 12, "padding": 16, "children": [
          \##(text("label", formLabel)),
          {"type": "RoundedRectangle", "id": "field", "cornerRadius": 8, "stroke": {"paint": "tertiary", "width": 1},
           "frame": {"minWidth": 160, "height": 36}}]}
        """##
    }

    func testFormRow_FieldKeepsItsMinimumWidthAndEndsAtThePadding() throws {
        let f = try layout("form row", formRow)
        let field = try f("field"), label = try f("label")
        XCTAssertGreaterThanOrEqual(field.width, 160 - 0.5, "form row: the field is at least its minWidth (\(field))")
        XCTAssertEqual(field.maxX, canvasWidth - 16, accuracy: 0.5, "form row: the field ends at the trailing padding")
        XCTAssertEqual(field.height, 36, accuracy: 0.5, "form row: the field keeps its height")
        XCTAssertLessThanOrEqual(label.maxX, field.minX - 12 + 0.5, "form row: the label ends one spacing before the field")
        XCTAssertEqual(label.minX, 16, accuracy: 0.5, "form row: the label starts at the leading padding")
    }

    func testFormRow_LabelWrapsInItsEqualShare() throws {
        let f = try layout("form row", formRow)
        let label = try f("label"), field = try f("field")
        let oneLine = try alone(formLabel)
        let share = (canvasWidth - 32 - 12) / 2
        XCTAssertGreaterThan(oneLine.width, share, "form row (scene check): the label is wider than half the row")
        XCTAssertLessThanOrEqual(label.width, share + 0.5,
                                 "form row: the label, less flexible than the field, is offered half the row and wraps in it (\(label))")
        XCTAssertGreaterThan(label.height, oneLine.height + 0.5, "form row: the label wraps onto more lines")
        assertSize(label, try alone(formLabel, width: label.width), "form row: the label is as tall as wrapped alone at its width")
        XCTAssertEqual(label.midY, field.midY, accuracy: 1, "form row: label and field are centred on each other")
    }

    // MARK: - Card

    private let cardHeadline = ("Golden Gate at dawn", ##""font": {"size": 20, "weight": "semibold"}"##)
    private let cardBody = ("Fog rolls in under the deck while the towers catch the first light; the best view is from the Marin side, before the tour buses arrive.",
                            ##""color": "secondary""##)

    private var card: String {
        ##"""
        {"type": "VStack", "id": "card", "alignment": "leading", "spacing": 8, "padding": 16, "frame": {"width": 320},
         "background": "background", "cornerRadius": 16, "children": [
          {"type": "RoundedRectangle", "id": "image", "cornerRadius": 10, "fill": "tertiary", "frame": {"height": 160}},
          \##(text("headline", cardHeadline.0, cardHeadline.1)),
          \##(text("body", cardBody.0, cardBody.1))]}
        """##
    }

    func testCard_ImageFillsTheCardWidthInsideThePadding() throws {
        let f = try layout("card", card)
        let card = try f("card"), image = try f("image")
        XCTAssertEqual(card.width, 320, accuracy: 0.5, "card: the fixed frame makes the card 320 wide")
        assertSize(image, Size(320 - 32, 160), "card: the image stand-in (a shape) takes the width the card offers")
        XCTAssertEqual(image.minX, card.minX + 16, accuracy: 0.5, "card: the image starts at the padding")
        XCTAssertEqual(image.minY, card.minY + 16, accuracy: 0.5, "card: the image starts at the top padding")
    }

    func testCard_TextWrapsInsideAndTheCardIsAsTallAsItsContent() throws {
        let f = try layout("card", card)
        let card = try f("card"), headline = try f("headline"), body = try f("body")
        assertSize(headline, try alone(cardHeadline.0, cardHeadline.1), "card: the headline is one line at its ideal size")
        assertSize(body, try alone(cardBody.0, cardBody.1, width: 320 - 32), "card: the body wraps to the card's inner width")
        XCTAssertGreaterThan(body.height, try alone(cardBody.0, cardBody.1).height, "card: the body spans several lines")
        XCTAssertEqual(body.minX, card.minX + 16, accuracy: 0.5, "card: the body is leading-aligned at the padding")
        XCTAssertEqual(body.minY, headline.maxY + 8, accuracy: 0.5, "card: the body follows the headline by one spacing")
        XCTAssertEqual(card.height, 16 + 160 + 8 + headline.height + 8 + body.height + 16, accuracy: 1,
                       "card: the card is its children plus spacing plus padding tall (\(card))")
    }

    // MARK: - Profile header

    private let profileName = ("Mary Jackson", ##""font": {"size": 22, "weight": "bold"}"##)
    private let profileHandle = ("@maryjackson", ##""font": {"size": 15}, "color": "secondary""##)
    private let followLabel = ("Follow", ##""font": {"size": 15, "weight": "semibold"}, "color": "#FFFFFF""##)

    private var profileHeader: String {
        ##"""
        {"type": "HStack", "id": "header", "spacing": 14, "padding": 16, "children": [
          {"type": "Circle", "id": "avatar", "width": 72, "height": 72, "fill": "tertiary"},
          {"type": "VStack", "id": "names", "alignment": "leading", "spacing": 2, "layoutPriority": 1, "children": [
            \##(text("name", profileName.0, profileName.1)),
            \##(text("handle", profileHandle.0, profileHandle.1))]},
          {"type": "Spacer"},
          {"type": "Button", "id": "follow", "insets": [7, 16, 7, 16], "background": "accent", "cornerRadius": 16,
           "content": \##(text("followLabel", followLabel.0, followLabel.1))}]}
        """##
    }

    func testProfileHeader_NameAndHandleOnOneLineLeadingAligned() throws {
        let follow = try alone(followLabel.0, followLabel.1).width + 32
        let room = canvasWidth - 32 - 72 - 3 * 14 - follow
        XCTAssertLessThanOrEqual(try alone(profileName.0, profileName.1).width, room,
                                 "profile header (scene check): the name fits beside the avatar and the button")
        let f = try layout("profile header", profileHeader)
        let name = try f("name"), handle = try f("handle")
        assertSize(name, try alone(profileName.0, profileName.1), "profile header: the name is one line at its ideal size")
        assertSize(handle, try alone(profileHandle.0, profileHandle.1), "profile header: the handle is one line at its ideal size")
        XCTAssertEqual(name.minX, handle.minX, accuracy: 0.5, "profile header: name and handle share their leading edge")
        XCTAssertEqual(name.minX, 16 + 72 + 14, accuracy: 0.5, "profile header: the names follow the avatar by one spacing")
    }

    func testProfileHeader_FollowButtonAtTheTrailingEdgeAndEverythingCentred() throws {
        let f = try layout("profile header", profileHeader)
        let avatar = try f("avatar"), names = try f("names"), follow = try f("follow")
        let label = try alone(followLabel.0, followLabel.1)
        assertSize(follow, Size(label.width + 32, label.height + 14), "profile header: the button is its label plus insets")
        XCTAssertEqual(follow.maxX, canvasWidth - 16, accuracy: 0.5, "profile header: the button ends at the trailing padding")
        XCTAssertEqual(names.midY, avatar.midY, accuracy: 1, "profile header: the names are centred on the avatar")
        XCTAssertEqual(follow.midY, avatar.midY, accuracy: 1, "profile header: the button is centred on the avatar")
    }

    // MARK: - Price row

    private let price = ("$24.99", ##""font": {"size": 28, "weight": "bold"}"##)
    private let oldPrice = ("$39.99", ##""color": "secondary""##)
    private let saving = ("Save 37%", ##""font": {"size": 13, "weight": "semibold"}, "color": "#FFFFFF""##)

    /// Price, the old price struck through (a 1 pt Rectangle at a lower priority in a
    /// ZStack, as SwiftUI's `.overlay`), Spacer, a saving tag; bottoms aligned.
    private var priceRow: String {
        ##"""
        {"type": "HStack", "id": "row", "spacing": 8, "alignment": "bottom", "padding": [12, 16, 12, 16], "children": [
          \##(text("price", price.0, price.1)),
          {"type": "ZStack", "id": "was", "children": [
            \##(text("oldPrice", oldPrice.0, oldPrice.1)),
            {"type": "Rectangle", "id": "strike", "fill": "secondary", "frame": {"height": 1}, "layoutPriority": -1}]},
          {"type": "Spacer"},
          {"type": "HStack", "id": "saving", "padding": [3, 8, 3, 8], "background": "#34C759", "cornerRadius": 6, "children": [
            \##(text("savingLabel", saving.0, saving.1))]}]}
        """##
    }

    func testPriceRow_StrikethroughSpansTheOldPriceExactly() throws {
        let f = try layout("price row", priceRow)
        let old = try f("oldPrice"), strike = try f("strike"), was = try f("was")
        assertSize(old, try alone(oldPrice.0, oldPrice.1), "price row: the old price is one line at its ideal size")
        XCTAssertEqual(strike.width, old.width, accuracy: 0.5, "price row: the strikethrough is as wide as the old price (\(strike) vs \(old))")
        XCTAssertEqual(strike.height, 1, accuracy: 0.5, "price row: the strikethrough is 1 pt")
        XCTAssertEqual(strike.midY, old.midY, accuracy: 1, "price row: the strikethrough crosses the old price's middle")
        assertSize(was, old.size, "price row: the struck-through price is as large as its text, not the row's leftover")
    }

    func testPriceRow_BottomsAlignedAndTagAtTheTrailingPadding() throws {
        let f = try layout("price row", priceRow)
        let priceFrame = try f("price"), was = try f("was"), tag = try f("saving")
        assertSize(priceFrame, try alone(price.0, price.1), "price row: the price is one line at its ideal size")
        XCTAssertEqual(was.maxY, priceFrame.maxY, accuracy: 0.5, "price row: the old price's bottom meets the price's (alignment bottom)")
        XCTAssertEqual(tag.maxY, priceFrame.maxY, accuracy: 0.5, "price row: the tag's bottom meets the price's (alignment bottom)")
        XCTAssertEqual(was.minX, priceFrame.maxX + 8, accuracy: 0.5, "price row: the old price follows the price by one spacing")
        XCTAssertEqual(tag.maxX, canvasWidth - 16, accuracy: 0.5, "price row: the tag ends at the trailing padding")
        assertSize(try f("savingLabel"), try alone(saving.0, saving.1), "price row: the tag's label is one line at its ideal size")
    }

    // MARK: - Mail list

    private let mails = [
        ("Margaret Hamilton", "Yesterday", "Apollo guidance listing, revision 3: the restart logic now drops the low-priority jobs first, so the overload alarms clear on their own."),
        ("The Editorial Board of the Quarterly Review of Computing History", "Tuesday", "Your proofs are ready."),
        ("Ada", "09:41", "Notes on the engine: the mill and the store are separate now, and the cards run in loops."),
    ]
    private let mailPreview = ##""maxLines": 2, "color": "secondary""##
    /// No priority on the sender: beside a date of the same priority it is the more
    /// flexible, so the date is served first and keeps its ideal width (a priority on the
    /// sender would hold the date to its minimum, one letter wide, as in SwiftUI).
    private let mailSender = ##""font": {"weight": "semibold"}, "maxLines": 1"##
    private let mailDate = ##""font": {"size": 15}, "color": "secondary""##

    private var mailList: String {
        let rows = mails.enumerated().map { i, mail in
            ##"""
            {"type": "VStack", "id": "row\##(i)", "alignment": "leading", "spacing": 2, "padding": [10, 16, 10, 16], "children": [
              {"type": "HStack", "spacing": 8, "children": [
                \##(text("from\(i)", mail.0, mailSender)), {"type": "Spacer"}, \##(text("date\(i)", mail.1, mailDate))]},
              \##(text("preview\(i)", mail.2, mailPreview))]}
            """##
        }
        return ##"{"type": "VStack", "spacing": 0, "children": [\##(rows.joined(separator: ", "))]}"##
    }

    func testMailList_DateOnOneLineAtTheTrailingPadding() throws {
        let f = try layout("mail list", mailList)
        for (i, mail) in mails.enumerated() {
            let date = try f("date\(i)"), from = try f("from\(i)")
            assertSize(date, try alone(mail.1, mailDate), "mail list, row \(i): the date '\(mail.1)' is one line at its ideal size")
            XCTAssertEqual(date.maxX, canvasWidth - 16, accuracy: 0.5, "mail list, row \(i): the date ends at the trailing padding")
            XCTAssertLessThanOrEqual(from.maxX, date.minX - 8 + 0.5, "mail list, row \(i): the sender ends before the date")
            XCTAssertEqual(from.height, try alone("x", mailSender).height, accuracy: 0.5, "mail list, row \(i): the sender is one line")
        }
        let long = try f("from1"), longIdeal = try alone(mails[1].0, mailSender)
        XCTAssertLessThan(long.width, longIdeal.width, "mail list: the long sender is truncated rather than pushing the date out")
        assertSize(try f("from0"), try alone(mails[0].0, mailSender), "mail list: a sender that fits keeps its ideal size")
    }

    func testMailList_PreviewAtMostTwoLinesAndRowsFillTheWidth() throws {
        let f = try layout("mail list", mailList)
        var previousBottom = 0.0
        for (i, mail) in mails.enumerated() {
            let row = try f("row\(i)"), preview = try f("preview\(i)")
            assertSize(preview, try alone(mail.2, mailPreview, width: canvasWidth - 32),
                       "mail list, row \(i): the preview wraps to the row's inner width, at most two lines")
            XCTAssertEqual(row.width, canvasWidth, accuracy: 0.5, "mail list, row \(i): the row is as wide as the list")
            XCTAssertEqual(row.minY, previousBottom, accuracy: 0.5, "mail list, row \(i): the row starts where the one above ends")
            previousBottom = row.maxY
        }
    }

    // MARK: - Text in a row

    func testTextInARow_OneLineWhenThereIsRoom_WrapsAtWordsWhenNot() throws {
        let row = ##"{"type": "HStack", "spacing": 8, "children": [\##(text("a", "Delivery")), \##(text("b", "Tomorrow by 9 pm"))]}"##
        let a = try alone("Delivery"), b = try alone("Tomorrow by 9 pm")
        let wide = try layout("text in a wide row", row)
        assertSize(try wide("a"), a, "text in a wide row: 'Delivery' is one line at its ideal size")
        assertSize(try wide("b"), b, "text in a wide row: 'Tomorrow by 9 pm' is one line at its ideal size")

        let longestWord = try alone("Tomorrow").width
        let narrowWidth = a.width + 8 + longestWord + 4
        let narrow = try layout("text in a narrow row", row, width: narrowWidth)
        let wrapped = try narrow("b")
        assertSize(try narrow("a"), a, "text in a narrow row: the single word 'Delivery' stays whole")
        XCTAssertGreaterThan(wrapped.height, b.height + 0.5, "text in a narrow row: 'Tomorrow by 9 pm' wraps")
        XCTAssertGreaterThanOrEqual(wrapped.width, longestWord - 0.5,
                                    "text in a narrow row: a wrapped Text is never narrower than its longest word")
        XCTAssertLessThanOrEqual(wrapped.maxX, narrowWidth + 0.5, "text in a narrow row: the wrapped text stays on the canvas")
    }

    // MARK: - Behaviour from SwiftUI's documentation

    func testSpacerMinLength_RespectedWhenSpaceRunsOut() throws {
        let width = 260.0
        // Title and 'Draft' share one priority: 'Draft', the less flexible, is served first
        // and keeps its ideal width; the title truncates in what is left after the Spacer's 24.
        let title = ("Quarterly report for the northern region", ##""maxLines": 1"##)
        let end = try alone("Draft")
        XCTAssertGreaterThan(try alone(title.0, title.1).width + 24 + end.width, width,
                             "Spacer minLength (scene check): the row is too narrow for everything")
        let f = try layout("Spacer minLength", ##"""
        {"type": "HStack", "spacing": 0, "children": [\##(text("a", title.0, title.1)), {"type": "Spacer", "minLength": 24}, \##(text("b", "Draft"))]}
        """##, width: width)
        let a = try f("a"), b = try f("b")
        XCTAssertGreaterThanOrEqual(b.minX - a.maxX, 24 - 0.5, "Spacer minLength: the gap never falls below minLength 24 (\(a), \(b))")
        assertSize(b, end, "Spacer minLength: 'Draft' keeps its ideal size")
        XCTAssertLessThanOrEqual(b.maxX, width + 0.5, "Spacer minLength: 'Draft' stays on the canvas")
    }

    func testTwoSpacers_SplitTheLeftoverEqually() throws {
        let width = 300.0
        let f = try layout("two spacers", ##"""
        {"type": "HStack", "spacing": 0, "children": [
          {"type": "Rectangle", "id": "a", "width": 40, "height": 20}, {"type": "Spacer"},
          {"type": "Rectangle", "id": "b", "width": 60, "height": 20}, {"type": "Spacer"},
          {"type": "Rectangle", "id": "c", "width": 20, "height": 20}]}
        """##, width: width)
        let a = try f("a"), b = try f("b"), c = try f("c")
        let each = (width - 40 - 60 - 20) / 2
        XCTAssertEqual(b.minX - a.maxX, each, accuracy: 0.5, "two spacers: the first takes half the leftover")
        XCTAssertEqual(c.minX - b.maxX, each, accuracy: 0.5, "two spacers: the second takes the other half")
    }

    func testLayoutPriority_HigherKeepsItsIdealWidth_OtherTruncates() throws {
        let width = 320.0
        let first = "Quarterly revenue", second = "Compared with the same quarter last year"
        let firstIdeal = try alone(first), secondIdeal = try alone(second, ##""maxLines": 1"##)
        XCTAssertGreaterThan(firstIdeal.width + 8 + secondIdeal.width, width, "layoutPriority (scene check): both do not fit")
        for (order, label) in [(true, "priority on the first"), (false, "priority on the second")] {
            let favoured = text("favoured", first, ##""maxLines": 1, "layoutPriority": 1"##)
            let other = text("other", second, ##""maxLines": 1"##)
            let f = try layout("layoutPriority, \(label)", ##"""
            {"type": "HStack", "spacing": 8, "children": [\##(order ? favoured : other), \##(order ? other : favoured)]}
            """##, width: width)
            let favouredFrame = try f("favoured"), otherFrame = try f("other")
            assertSize(favouredFrame, firstIdeal, "layoutPriority, \(label): the higher priority Text keeps its ideal size")
            XCTAssertEqual(otherFrame.height, secondIdeal.height, accuracy: 0.5, "layoutPriority, \(label): the other Text stays one line")
            XCTAssertLessThan(otherFrame.width, secondIdeal.width, "layoutPriority, \(label): the other Text truncates")
            XCTAssertLessThanOrEqual(max(favouredFrame.maxX, otherFrame.maxX), width + 0.5, "layoutPriority, \(label): both stay on the canvas")
        }
    }

    func testFixedSize_TextKeepsItsIdealWidthWhenTheRowOverflows() throws {
        let width = 200.0
        let long = "Terms and conditions apply"
        let ideal = try alone(long)
        XCTAssertGreaterThan(ideal.width, width, "fixedSize (scene check): the text is wider than the row")
        for value in ["true", ##""horizontal""##] {
            let f = try layout("fixedSize \(value)", ##"""
            {"type": "HStack", "spacing": 8, "children": [\##(text("fixed", long, ##""fixedSize": \##(value)"##)), \##(text("more", "More"))]}
            """##, width: width)
            assertSize(try f("fixed"), ideal, "fixedSize \(value): the Text keeps its ideal one-line size although the row overflows")
        }
    }

    func testFixedSizeVertical_TextTakesItsFullHeightInAShortFrame() throws {
        let long = "Terms and conditions apply to every order shipped outside the country"
        let wrapped = try alone(long, width: 120)
        XCTAssertGreaterThan(wrapped.height, 30, "fixedSize vertical (scene check): the wrapped text is taller than the frame")
        let f = try layout("fixedSize vertical", ##"""
        {"type": "VStack", "frame": {"width": 120, "height": 30, "alignment": "top"}, "children": [\##(text("t", long, ##""fixedSize": "vertical""##))]}
        """##)
        assertSize(try f("t"), wrapped, "fixedSize vertical: the Text wraps to the frame's width and takes its whole height")
    }

    func testFixedFrame_ProposesItsWidthAndAlignsTheContent() throws {
        let f = try layout("fixed frame", ##"""
        {"type": "VStack", "alignment": "leading", "spacing": 4, "children": [
          {"type": "HStack", "id": "leadingBox", "frame": {"width": 200, "alignment": "leading"}, "children": [\##(text("leading", "Total"))]},
          {"type": "HStack", "id": "centreBox", "frame": {"width": 200}, "children": [\##(text("centre", "Total"))]},
          {"type": "HStack", "id": "trailingBox", "frame": {"width": 200, "alignment": "trailing"}, "children": [\##(text("trailing", "Total"))]},
          {"type": "HStack", "id": "narrowBox", "frame": {"width": 120}, "children": [\##(text("wrapped", "Shipping calculated at checkout"))]}]}
        """##)
        let ideal = try alone("Total")
        for id in ["leading", "centre", "trailing"] {
            let box = try f(id + "Box"), label = try f(id)
            XCTAssertEqual(box.width, 200, accuracy: 0.5, "fixed frame (\(id)): the frame is 200 wide whatever its content")
            XCTAssertEqual(box.height, label.height, accuracy: 0.5, "fixed frame (\(id)): without a height the frame is as tall as its content")
            assertSize(label, ideal, "fixed frame (\(id)): the content keeps its own size")
        }
        XCTAssertEqual(try f("leading").minX, try f("leadingBox").minX, accuracy: 0.5, "fixed frame: alignment leading puts the content at the leading edge")
        XCTAssertEqual(try f("centre").midX, try f("centreBox").midX, accuracy: 0.5, "fixed frame: the default alignment centres the content")
        XCTAssertEqual(try f("trailing").maxX, try f("trailingBox").maxX, accuracy: 0.5, "fixed frame: alignment trailing puts the content at the trailing edge")
        assertSize(try f("wrapped"), try alone("Shipping calculated at checkout", width: 120),
                   "fixed frame: a 120 pt frame proposes 120 to its Text, which wraps to it")
    }

    func testFlexibleFrame_ClampsBetweenMinAndMax() throws {
        let row = ##"{"type": "HStack", "children": [{"type": "Rectangle", "id": "r", "frame": {"minWidth": 60, "maxWidth": 120, "height": 20}}]}"##
        XCTAssertEqual(try layout("flexible frame, wide row", row, width: 300)("r").width, 120, accuracy: 0.5,
                       "flexible frame, wide row: a shape grows to maxWidth 120 and no further")
        XCTAssertEqual(try layout("flexible frame, narrow row", row, width: 40)("r").width, 60, accuracy: 0.5,
                       "flexible frame, narrow row: the frame keeps minWidth 60")

        let f = try layout("flexible frame", ##"""
        {"type": "VStack", "alignment": "leading", "children": [
          {"type": "ZStack", "id": "chip", "frame": {"minWidth": 100, "alignment": "leading"}, "children": [\##(text("ok", "OK"))]},
          {"type": "ZStack", "id": "column", "frame": {"maxWidth": 100, "alignment": "leading"}, "children": [\##(text("long", "Shipping calculated at checkout"))]},
          {"type": "ZStack", "id": "bar", "frame": {"maxWidth": "infinity", "alignment": "trailing"}, "children": [\##(text("edit", "Edit"))]}]}
        """##)
        XCTAssertEqual(try f("chip").width, 100, accuracy: 0.5, "flexible frame: minWidth 100 around a short Text is 100 wide")
        XCTAssertEqual(try f("ok").minX, try f("chip").minX, accuracy: 0.5, "flexible frame: the short Text sits at the leading edge")
        XCTAssertEqual(try f("column").width, 100, accuracy: 0.5, "flexible frame: maxWidth 100 caps the frame")
        assertSize(try f("long"), try alone("Shipping calculated at checkout", width: 100),
                   "flexible frame: maxWidth 100 proposes 100 to its Text, which wraps to it")
        XCTAssertEqual(try f("bar").width, canvasWidth, accuracy: 0.5, "flexible frame: maxWidth infinity takes the whole width")
        XCTAssertEqual(try f("edit").maxX, canvasWidth, accuracy: 0.5, "flexible frame: alignment trailing puts 'Edit' at the trailing edge")
    }

    func testShapesWithoutASize_FillTheProposal() throws {
        let f = try layout("shapes without a size", ##"""
        {"type": "VStack", "spacing": 0, "children": [\##(text("header", "Header")), {"type": "Rectangle", "id": "rest"}]}
        """##, width: 300, height: 200)
        let header = try alone("Header"), rest = try f("rest")
        assertSize(rest, Size(300, 200 - header.height), "shapes without a size: a Rectangle under a header takes all that is left")
        XCTAssertEqual(rest.minY, header.height, accuracy: 0.5, "shapes without a size: the Rectangle starts under the header")

        let g = try layout("two shapes without a size", ##"""
        {"type": "HStack", "spacing": 0, "children": [{"type": "Circle", "id": "circle"}, {"type": "Rectangle", "id": "rect"}]}
        """##, width: 300, height: 100)
        assertSize(try g("circle"), Size(150, 100), "two shapes without a size: the Circle takes half the row and its whole height")
        assertSize(try g("rect"), Size(150, 100), "two shapes without a size: the Rectangle takes the other half")
    }

    func testStackSize_IsTheSumAlongItsAxisPlusSpacingAndTheLargestAcross() throws {
        let f = try layout("stack size", ##"""
        {"type": "VStack", "alignment": "leading", "spacing": 20, "children": [
          {"type": "HStack", "id": "h", "spacing": 10, "children": [
            {"type": "Rectangle", "id": "h1", "width": 20, "height": 30}, \##(text("hText", "Hi")), {"type": "Circle", "id": "h3", "width": 40, "height": 40}]},
          {"type": "VStack", "id": "v", "spacing": 6, "children": [
            {"type": "Rectangle", "id": "v1", "width": 50, "height": 10}, \##(text("vText", "Label")), {"type": "Rectangle", "id": "v3", "width": 30, "height": 20}]}]}
        """##)
        let hi = try alone("Hi"), label = try alone("Label")
        assertSize(try f("h"), Size(20 + 10 + hi.width + 10 + 40, max(30, hi.height, 40)),
                   "stack size: an HStack is its children's widths plus spacing wide and its tallest child tall")
        assertSize(try f("v"), Size(max(50, label.width, 30), 10 + 6 + label.height + 6 + 20),
                   "stack size: a VStack is its children's heights plus spacing tall and its widest child wide")
        let h = try f("h")
        for id in ["h1", "hText", "h3"] {
            XCTAssertEqual(try f(id).midY, h.midY, accuracy: 0.5, "stack size: '\(id)' is centred across the HStack")
        }
        let v = try f("v")
        for id in ["v1", "vText", "v3"] {
            XCTAssertEqual(try f(id).midX, v.midX, accuracy: 0.5, "stack size: '\(id)' is centred across the VStack")
        }
    }

    // MARK: - The stack rules, one by one (SwiftUI's StackLayout)

    /// A 20 pt tall Rectangle whose width ranges over `min...max` (a flexible frame around a
    /// shape, which takes whatever it is proposed): its length at proposal 0 is `min`, at
    /// proposal infinity `max`.
    private func bar(_ id: String, min: Double = 0, max: Double? = nil, _ extra: String = "") -> String {
        let maxText = max.map { String($0) } ?? ##""infinity""##
        return ##"{"type": "Rectangle", "id": "\##(id)", "frame": {"minWidth": \##(min), "maxWidth": \##(maxText), "height": 20}\##(extra)}"##
    }

    private func assertSpan(_ f: Frames, _ id: String, x: Double, width: Double, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try f(id)
        XCTAssertEqual(r.minX, x, accuracy: 0.01, "\(message): '\(id)' x (\(r))", file: file, line: line)
        XCTAssertEqual(r.width, width, accuracy: 0.01, "\(message): '\(id)' width (\(r))", file: file, line: line)
    }

    func testRule_PriorityGroups_LowerGroupsHeldToTheirMinimum() throws {
        // Width 300, spacing 10: 280 to share. A (50...inf, priority 1) is served first,
        // after setting aside the minimums of B (40) and C (30): A is offered
        // 280 - 70 = 210 and takes it. Group 0 then has 280 - 210 = 70: B (40...100,
        // flexibility 60) before C (30...inf): B is offered 70 / 2 = 35, clamps to 40;
        // C is offered 70 - 40 = 30 and takes 30.
        // x: A 0, B 210 + 10 = 220, C 220 + 40 + 10 = 270.
        let f = try layout("priority groups", ##"""
        {"type": "HStack", "spacing": 10, "alignment": "top", "children": [
          \##(bar("b", min: 40, max: 100)), \##(bar("a", min: 50, ##", "layoutPriority": 1"##)), \##(bar("c", min: 30))]}
        """##, width: 300)
        try assertSpan(f, "b", x: 0, width: 40, "priority groups")
        try assertSpan(f, "a", x: 50, width: 210, "priority groups")
        try assertSpan(f, "c", x: 270, width: 30, "priority groups")
    }

    func testRule_LeastFlexibleFirst() throws {
        // Width 100, spacing 0. A (0...inf) is more flexible than B (0...30), so B goes
        // first although it comes second: B is offered 100 / 2 = 50 and takes 30; A is
        // offered 100 - 30 = 70 and takes 70. (Served in stack order A would take 50.)
        let f = try layout("least flexible first", ##"""
        {"type": "HStack", "spacing": 0, "children": [\##(bar("a")), \##(bar("b", max: 30))]}
        """##, width: 100)
        try assertSpan(f, "a", x: 0, width: 70, "least flexible first")
        try assertSpan(f, "b", x: 70, width: 30, "least flexible first")
    }

    func testRule_EquallyFlexibleChildrenKeepTheirStackOrder() throws {
        // Width 100, spacing 0. A (0...40) and B (50...90) are equally flexible (40 each):
        // they are served in stack order.
        // A, B: A is offered 100 / 2 = 50, takes 40; B is offered 60, takes 60.
        let ab = try layout("equal flexibility, A first", ##"""
        {"type": "HStack", "spacing": 0, "children": [\##(bar("a", max: 40)), \##(bar("b", min: 50, max: 90))]}
        """##, width: 100)
        try assertSpan(ab, "a", x: 0, width: 40, "equal flexibility, A first")
        try assertSpan(ab, "b", x: 40, width: 60, "equal flexibility, A first")
        // B, A: B is offered 50, takes 50; A is offered 50, takes 40 (the row is 90 wide,
        // centred in the 100: it starts at 5).
        let ba = try layout("equal flexibility, B first", ##"""
        {"type": "HStack", "id": "row", "spacing": 0, "frame": {"width": 100}, "children": [\##(bar("b", min: 50, max: 90)), \##(bar("a", max: 40))]}
        """##, width: 100)
        try assertSpan(ba, "b", x: 5, width: 50, "equal flexibility, B first")
        try assertSpan(ba, "a", x: 55, width: 40, "equal flexibility, B first")
    }

    func testRule_EvenShareOfWhatIsLeft() throws {
        // Width 300, spacing 10: 280 to share. The fixed 30 (flexibility 0) goes first,
        // offered 280 / 3 and taking 30; the two open bars then share 250: 125 each.
        // x: 0, 30 + 10 = 40, 40 + 125 + 10 = 175.
        let f = try layout("even share", ##"""
        {"type": "HStack", "spacing": 10, "children": [\##(bar("a")), {"type": "Rectangle", "id": "fixed", "width": 30, "height": 20}, \##(bar("b"))]}
        """##, width: 300)
        try assertSpan(f, "a", x: 0, width: 125, "even share")
        try assertSpan(f, "fixed", x: 135, width: 30, "even share")
        try assertSpan(f, "b", x: 175, width: 125, "even share")
    }

    func testRule_InfinitelyFlexibleChildren_LargerMinimumFirst() throws {
        // Width 150, spacing 0. A (20...inf) and B (80...inf) are both infinitely flexible:
        // the one with the larger minimum, B, goes first. B is offered 150 / 2 = 75 and
        // clamps to 80; A is offered 150 - 80 = 70 and takes it. (A first would take 75
        // and push the row to 155.)
        let f = try layout("infinitely flexible", ##"""
        {"type": "HStack", "spacing": 0, "children": [\##(bar("a", min: 20)), \##(bar("b", min: 80))]}
        """##, width: 150)
        try assertSpan(f, "a", x: 0, width: 70, "infinitely flexible")
        try assertSpan(f, "b", x: 70, width: 80, "infinitely flexible")
    }

    func testRule_SpacerComesLastAndKeepsItsMinimumLength() throws {
        // A Spacer's priority is minus infinity: the open bar is served first, after setting
        // aside the Spacer's minimum. Width 200, spacing 0.
        // Default minimum, the system spacing 8: the bar is offered 200 - 8 = 192.
        let d = try layout("Spacer default minimum", ##"""
        {"type": "HStack", "spacing": 0, "children": [\##(bar("a")), {"type": "Spacer", "id": "gap"}]}
        """##, width: 200)
        try assertSpan(d, "a", x: 0, width: 192, "Spacer default minimum")
        try assertSpan(d, "gap", x: 192, width: 8, "Spacer default minimum")
        // An explicit minLength is kept: 0 leaves the bar 200, 24 leaves it 176.
        for minLength in [0.0, 24.0] {
            let f = try layout("Spacer minLength \(minLength)", ##"""
            {"type": "HStack", "spacing": 0, "children": [\##(bar("a")), {"type": "Spacer", "id": "gap", "minLength": \##(minLength)}]}
            """##, width: 200)
            try assertSpan(f, "a", x: 0, width: 200 - minLength, "Spacer minLength \(minLength)")
            try assertSpan(f, "gap", x: 200 - minLength, width: minLength, "Spacer minLength \(minLength)")
        }
        // A layoutPriority on the Spacer replaces minus infinity: priority 1 serves it first
        // (the bar's minimum 0 set aside), offered 200, it takes all of it.
        let p = try layout("Spacer with a priority", ##"""
        {"type": "HStack", "spacing": 0, "children": [\##(bar("a")), {"type": "Spacer", "id": "gap", "layoutPriority": 1}]}
        """##, width: 200)
        try assertSpan(p, "a", x: 0, width: 0, "Spacer with a priority")
        try assertSpan(p, "gap", x: 0, width: 200, "Spacer with a priority")
        // Down a VStack the default minimum is 8 too: height 100, the bar (0...inf tall) is
        // offered 92.
        let v = try layout("Spacer in a VStack", ##"""
        {"type": "VStack", "spacing": 0, "children": [{"type": "Rectangle", "id": "a", "frame": {"width": 20, "maxHeight": "infinity"}}, {"type": "Spacer", "id": "gap"}]}
        """##, width: 20, height: 100)
        XCTAssertEqual(try v("a").height, 92, accuracy: 0.01, "Spacer in a VStack: the bar is offered 100 - 8")
        XCTAssertEqual(try v("gap").height, 8, accuracy: 0.01, "Spacer in a VStack: the Spacer keeps 8")
    }

    // MARK: - Right to left

    /// Lays `root` out left to right and right to left (inside a box that sets the
    /// direction) and checks that every node's frame is the left-to-right one mirrored
    /// in the box: x becomes boxWidth - x - width, y and size unchanged (within the pixel
    /// snapping of half-point edges).
    private func assertMirrored(_ scenario: String, _ root: String, file: StaticString = #filePath, line: UInt = #line) throws {
        func boxed(_ direction: String) -> String {
            ##"{"type": "VStack", "id": "mirrorBox", "layoutDirection": "\##(direction)", "children": [\##(root)]}"##
        }
        let ltr = try layout(scenario + " ltr", boxed("ltr")), rtl = try layout(scenario + " rtl", boxed("rtl"))
        let box = try ltr("mirrorBox")
        XCTAssertEqual(try rtl("mirrorBox"), box, "\(scenario): the box itself does not move", file: file, line: line)
        XCTAssertGreaterThan(ltr.byID.count, 3, "\(scenario): the scene has frames to compare", file: file, line: line)
        for (id, l) in ltr.byID where id != "mirrorBox" {
            let r = try rtl(id)
            let x = box.minX + box.width - (l.minX - box.minX) - l.width
            // Frames are snapped edge by edge to whole pixels, so a half-point edge rounds
            // up on both sides of the mirror: up to 1 pt either way.
            XCTAssertTrue(abs(r.minX - x) <= 1 && abs(r.minY - l.minY) <= 0.01 && abs(r.width - l.width) <= 1
                          && r.height == l.height,
                          "\(scenario) rtl: '\(id)' is \(r), expected \(l) mirrored (x \(x))", file: file, line: line)
        }
    }

    func testRightToLeft_RealisticRowsAreMirrored() throws {
        try assertMirrored("chat row", chatRow)
        try assertMirrored("settings rows", settingsRows)
        try assertMirrored("toolbar", toolbar(buttonWidth: 72))
        try assertMirrored("toolbar with unequal sides", toolbar(buttonWidth: nil))
        try assertMirrored("tab bar", tabBar)
        try assertMirrored("day labels", dayRow(title: "Opening hours of the reading room"))
        try assertMirrored("form row", formRow)
        try assertMirrored("card", card)
        try assertMirrored("profile header", profileHeader)
        try assertMirrored("price row", priceRow)
        try assertMirrored("mail list", mailList)
    }

    // MARK: - Text as SwiftUI sizes it

    private func face(size: Double = 17) throws -> FontFace { try FontRegistry.shared.face(for: .system(size: size)) }

    /// The sum of the font's advances of `string` (no kerning), in points.
    private func advances(_ string: String, size: Double = 17) throws -> Double {
        let face = try face(size: size)
        return string.unicodeScalars.reduce(0) { $0 + face.advance(of: face.glyph(for: $1)) * size / face.unitsPerEm }
    }

    /// A line's height from the font: ascender + descender + line gap.
    private func lineHeight(size: Double = 17) throws -> Double {
        let face = try face(size: size)
        return (face.ascender + face.descender + face.lineGap) * size / face.unitsPerEm
    }

    func testText_AWordLongerThanTheLineBreaksBetweenGraphemes() throws {
        // Twenty 'm's offered 100 pt: each line holds n = floor(100 / advance(m)) of them,
        // the text is ceil(n * advance) wide and ceil(20 / n) lines tall.
        let word = String(repeating: "m", count: 20)
        let m = try advances("m"), lh = try lineHeight()
        let n = (100 / m).rounded(.down)
        let lines = (20 / n).rounded(.up)
        let f = try layout("long word", ##"{"type": "HStack", "children": [\##(text("w", word))]}"##, width: 100)
        let w = try f("w")
        XCTAssertLessThanOrEqual(w.width, 100, "long word: never wider than the 100 pt offered (\(w))")
        XCTAssertEqual(w.width, (n * m).rounded(.up), accuracy: 1, "long word: \(n) 'm's a line")
        XCTAssertEqual(w.height, lines * lh, accuracy: 1, "long word: \(lines) lines")
    }

    func testText_InsideAFlexKeepsItsLongestWord() throws {
        // In a Flex the same text measures as CSS: its min-content is the whole word,
        // 20 * advance(m) wide, whatever the container's 100.
        let word = String(repeating: "m", count: 20)
        let m = try advances("m")
        let f = try layout("long word in a Flex", ##"""
        {"type": "Flex", "alignItems": "start", "frame": {"width": 100}, "children": [\##(text("w", word))]}
        """##, width: 300)
        XCTAssertEqual(try f("w").width, (20 * m).rounded(.up), accuracy: 1, "long word in a Flex: one line, overflowing")
    }

    func testText_ProposedHeightKeepsTheLinesThatFit() throws {
        let long = "Fog rolls in under the deck while the towers catch the first light of the morning"
        let lh = try lineHeight()
        XCTAssertGreaterThan(try alone(long, width: 120).height, 3 * lh, "proposed height (scene check): the text needs more than three lines at 120")
        func frame(_ height: Double, _ props: String = "") throws -> Rect {
            try layout("proposed height \(height)", ##"""
            {"type": "VStack", "frame": {"width": 120, "height": \##(height)}, "children": [\##(text("t", long, props))]}
            """##)("t")
        }
        // 50 pt holds floor(50 / lh) = 2 lines.
        let two = try frame(50)
        XCTAssertEqual(two.height, ((50 / lh).rounded(.down) * lh).rounded(.up), accuracy: 1, "proposed height 50: two lines")
        XCTAssertLessThanOrEqual(two.width, 120, "proposed height 50: within the width")
        // Less than a line still shows one.
        XCTAssertEqual(try frame(5).height, lh.rounded(.up), accuracy: 1, "proposed height 5: at least one line")
        // A smaller maxLines wins.
        XCTAssertEqual(try frame(50, ##""maxLines": 1"##).height, lh.rounded(.up), accuracy: 1, "proposed height 50, maxLines 1: one line")
    }

    func testSettingsRow_TitleOfferedItsShareTakesAtMostThat() throws {
        // Width 155, spacing 12: icon 29, title, Spacer. The Spacer (priority minus
        // infinity) is held to its 8; the icon (flexibility 0) goes first and takes 29; the
        // title is offered 155 - 2 * 12 - 8 - 29 = 94. 'Personal Hotspot' is wider, so it
        // wraps at the space: two lines, as wide as the wider word.
        let widest = max(try advances("Personal"), try advances("Hotspot"))
        XCTAssertGreaterThan(try advances("Personal Hotspot"), 94, "settings row (scene check): the title needs more than 94")
        let f = try layout("settings row offering 94", ##"""
        {"type": "HStack", "spacing": 12, "children": [
          {"type": "RoundedRectangle", "id": "icon", "width": 29, "height": 29, "cornerRadius": 7},
          \##(text("title", "Personal Hotspot")), {"type": "Spacer", "id": "gap"}]}
        """##, width: 155)
        let title = try f("title")
        XCTAssertLessThanOrEqual(title.width, 94, "settings row: the title takes at most the 94 offered (\(title))")
        XCTAssertEqual(title.width, widest.rounded(.up), accuracy: 1, "settings row: as wide as 'Personal'/'Hotspot'")
        XCTAssertEqual(title.height, 2 * (try lineHeight()), accuracy: 1, "settings row: two lines")
        XCTAssertEqual(title.minX, 29 + 12, accuracy: 0.5, "settings row: the title follows the icon")
    }
}
