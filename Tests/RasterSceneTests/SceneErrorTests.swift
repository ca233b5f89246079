import Foundation
import RasterCore
import RasterScene
import XCTest

/// An error line stays short whatever the scene holds: values are cut where a message
/// quotes them (`EchoedValue`), and the line as a whole is bounded (`SceneError`).
final class SceneErrorTests: XCTestCase {
    func decodeError(_ json: String) -> String {
        do {
            _ = try SceneDecoder().decode(Data(json.utf8))
            XCTFail("decoded: \(json.prefix(80))")
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// A value of 300 characters is shown as its first 39 and an ellipsis: in a colour, a
    /// length, an enumerated name, a style name and a number in path data.
    func testLongValuesAreCutInEveryMessage() {
        let long = String(repeating: "x", count: 300)
        let digits = "1" + String(repeating: "0", count: 400)
        let cases = [
            #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Rectangle", "fill": "\#(long)"}}"#,
            #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Rectangle", "frame": {"width": "\#(long)"}}}"#,
            #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Flex", "direction": "\#(long)"}}"#,
            #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "a", "style": "\#(long)"}}"#,
            #"{"canvas": {"width": 10, "height": 10}, "styles": {"Button": "\#(long)"}, "root": {"type": "Text", "text": "a"}}"#,
            #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Path", "d": "M 0 0 L \#(digits) 0"}}"#,
        ]
        for json in cases {
            let line = decodeError(json)
            XCTAssertFalse(line.isEmpty)
            XCTAssertLessThanOrEqual(line.count, SceneError.maxLength, line)
            XCTAssertTrue(line.contains(String(repeating: "x", count: 39) + "…") || line.contains("1" + String(repeating: "0", count: 38) + "…"),
                          line)
        }
    }

    /// Past 200 characters the path is elided to 40 and then the message's middle, so
    /// the line keeps the path's ends, the message's start and its end.
    func testTheLineIsAtMost200Characters() {
        let path = "root" + String(repeating: ".children[12]", count: 20) + ".font.weight"
        let message = "expected one of " + String(repeating: "'word', ", count: 30) + "found 'wrd'; did you mean 'word'?"
        let line = SceneError(path: path, message: message).description
        XCTAssertEqual(line.count, SceneError.maxLength, line)
        XCTAssertTrue(line.hasPrefix("root.children[1…"), line)
        XCTAssertTrue(line.contains("].font.weight: expected one of 'word'"), line)
        XCTAssertTrue(line.hasSuffix("found 'wrd'; did you mean 'word'?"), line)
        // A short one is left whole.
        XCTAssertEqual(SceneError(path: "root.fill", message: "expected a colour").description, "root.fill: expected a colour")
        XCTAssertEqual(SceneError(path: "", message: message).description.count, SceneError.maxLength)
    }

    func testEchoedValue() {
        XCTAssertEqual(EchoedValue.shortened("short"), "short")
        XCTAssertEqual(EchoedValue.shortened(String(repeating: "é", count: 40)), String(repeating: "é", count: 40))
        XCTAssertEqual(EchoedValue.shortened(String(repeating: "é", count: 41)), String(repeating: "é", count: 39) + "…")
        let path = "/" + String(repeating: "a/", count: 60)
        XCTAssertEqual(EchoedValue.path(path), String(path.prefix(99)) + "…")
        XCTAssertEqual(EchoedValue.path("/tmp/x"), "/tmp/x")
    }
}
