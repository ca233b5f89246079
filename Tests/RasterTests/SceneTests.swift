import Foundation
import GoldenTesting
import Raster
import RasterTestSupport
import XCTest

final class SceneTests: XCTestCase {
    private func decode(_ json: String) throws -> Scene {
        try SceneDecoder.decode(Data(json.utf8))
    }

    private func assertError(_ json: String, path: String, contains text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(json), file: file, line: line) { error in
            guard let e = error as? SceneError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(e.path, path, "\(e)", file: file, line: line)
            XCTAssertTrue(e.message.contains(text), "\(e)", file: file, line: line)
        }
    }

    private let canvas = ##""canvas": {"width": 100, "height": 80}"##

    func testErrors_NameTheJSONPathAndTheExpectation() {
        assertError(##"{\##(canvas), "root": {"type": "ZStack", "children": [{"type": "Circle"}, {"type": "Blob"}]}}"##,
                    path: "root.children[1].type", contains: "unknown type 'Blob'")
        assertError(##"{\##(canvas), "root": {"type": "Rectangle", "colour": "#FFF"}}"##, path: "root.colour", contains: "unknown prop")
        assertError(##"{\##(canvas), "root": {"type": "Rectangle", "fill": 3}}"##, path: "root.fill", contains: "expected a color")
        assertError(##"{\##(canvas), "root": {"type": "Rectangle", "fill": "#12"}}"##, path: "root.fill", contains: "found '#12'")
        assertError(##"{\##(canvas), "root": {"type": "Rectangle", "opacity": 2}}"##, path: "root.opacity", contains: "from 0 to 1")
        assertError(##"{\##(canvas), "root": {"type": "Path", "d": "M 0 0 L"}}"##, path: "root.d", contains: "invalid SVG path data")
        assertError(##"{\##(canvas), "root": {"type": "Rectangle", "stroke": {"width": 2}}}"##, path: "root.stroke", contains: "missing 'paint'")
        assertError(##"{"canvas": {"width": 100000, "height": 100000, "scale": 3}, "root": {"type": "Rectangle"}}"##,
                    path: "canvas", contains: "more than the limit")
        assertError(##"{\##(canvas), "root": {"type": "Rectangle", "fill": {"linear": {"stops": [["#000", 2]]}}}}"##,
                    path: "root.fill.linear.stops[0][1]", contains: "from 0 to 1")
        assertError(##"{\##(canvas)"##, path: "", contains: "not valid JSON")
        assertError(##"{\##(canvas), "root": {"type": "Rectangle", "hidden": 1}}"##, path: "root.hidden", contains: "true or false")
    }

    func testUnreadableSceneFiles_SayWhy() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-scene-\(UUID().uuidString).json").path
        XCTAssertThrowsError(try SceneDecoder.decode(contentsOf: missing)) { error in
            XCTAssertEqual("\(error)", "cannot read the scene file (no such file)")
        }
        XCTAssertThrowsError(try SceneDecoder.decode(contentsOf: FileManager.default.temporaryDirectory.path)) { error in
            XCTAssertEqual("\(error)", "cannot read the scene file (it is a folder)")
        }
    }

    func testAbsurdNesting_IsRefused() {
        var json = ##"{"type": "Rectangle"}"##
        for _ in 0..<150 { json = ##"{"type": "ZStack", "children": [\##(json)]}"## }
        XCTAssertThrowsError(try decode(##"{\##(canvas), "root": \##(json)}"##)) { error in
            XCTAssertTrue("\(error)".contains("nested more than 100"), "\(error)")
        }
        // Deeper than the JSON parser itself accepts: still says why.
        for _ in 0..<300 { json = ##"{"type": "ZStack", "children": [\##(json)]}"## }
        XCTAssertThrowsError(try decode(##"{\##(canvas), "root": \##(json)}"##)) { error in
            XCTAssertTrue("\(error)".contains("nested more than"), "\(error)")
        }
    }

    func testLayout_ZStackAlignsChildren_AndOffsetMoves() throws {
        let scene = try decode(##"""
        {"canvas": {"width": 200, "height": 100},
         "root": {"type": "ZStack", "id": "stack", "alignment": "bottomTrailing",
                  "frame": {"width": 200, "height": 100, "alignment": "topTrailing"},
                  "children": [{"type": "Rectangle", "id": "a", "width": 50, "height": 20},
                               {"type": "Circle", "id": "b", "width": 10, "height": 10, "offset": [-5, 3]}]}}
        """##)
        let frames = SceneRenderer(scene: scene).layout()
        // The ZStack is as large as its largest child; the frame places it top-trailing,
        // and the ZStack's alignment places the smaller child bottom-trailing inside it.
        XCTAssertEqual(frames["stack"], Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(frames["a"], Rect(x: 150, y: 0, width: 50, height: 20))
        XCTAssertEqual(frames["b"], Rect(x: 185, y: 13, width: 10, height: 10))
    }

    func testRender_DrawsFillsAtTheRightPlaceAndScale() throws {
        let scene = try decode(##"""
        {"canvas": {"width": 40, "height": 20, "scale": 2, "background": "#FFFFFF"},
         "root": {"type": "ZStack", "frame": {"width": 40, "height": 20, "alignment": "topLeading"},
                  "children": [{"type": "Rectangle", "width": 10, "height": 10, "fill": "accent", "offset": [5, 5]}]}}
        """##)
        let b = try SceneRenderer(scene: scene).render()
        XCTAssertEqual(b.width, 80)
        XCTAssertEqual(b[9, 9], PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        XCTAssertEqual(b[10, 10], Color(r: 0, g: 0x7A, b: 0xFF).premultiplied)
        XCTAssertEqual(b[29, 29], Color(r: 0, g: 0x7A, b: 0xFF).premultiplied)
        XCTAssertEqual(b[30, 30], PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
    }

    func testGroupOpacity_FadesTheSubtreeAsOne() throws {
        // Two overlapping opaque squares in a group at 50 %: the overlap is not darker.
        let scene = try decode(##"""
        {"canvas": {"width": 30, "height": 20, "background": "#FFFFFF"},
         "root": {"type": "ZStack", "alignment": "topLeading", "opacity": 0.5,
                  "children": [{"type": "Rectangle", "width": 20, "height": 20, "fill": "#000000"},
                               {"type": "Rectangle", "width": 20, "height": 20, "fill": "#000000", "offset": [10, 0]}]}}
        """##)
        let b = try SceneRenderer(scene: scene).render()
        XCTAssertEqual(b[5, 5], b[15, 5])
        XCTAssertEqual(b[15, 5].r, 127, accuracy: 1)
    }

    func testSampleScenes_MatchTheirGoldens() throws {
        let dir = TestFixtures.directory.appendingPathComponent("scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 15)
        for file in files {
            let scene = try SceneDecoder.decode(contentsOf: dir.appendingPathComponent(file).path)
            let bitmap = try SceneRenderer(scene: scene).render()
            assertGolden(of: bitmap, named: "scenes/\((file as NSString).deletingPathExtension)")
        }
    }

    func testTextNodes_MeasureAndDraw() throws {
        let scene = try decode("""
        {"canvas": {"width": 200, "height": 100, "background": "#FFFFFF"},
         "root": {"type": "ZStack", "alignment": "topLeading", "children": [
           {"type": "Text", "id": "t", "text": "Hello there, general text", "maxLines": 2,
            "font": {"size": 20, "weight": "semibold"}, "color": "#102030", "padding": 4},
           {"type": "Text", "id": "s", "offset": [0, 60], "spans": [
             {"text": "A ", "font": {"family": "DejaVu Sans", "size": 12}}, {"text": "B", "color": "accent"}]}]}}
        """)
        let renderer = SceneRenderer(scene: scene)
        let frames = renderer.layout()
        let expected = try TextLayout(AttributedText("Hello there, general text", font: .system(size: 20, weight: .semibold)),
                                      style: ParagraphStyle(maxLines: 2), width: 192).size
        XCTAssertEqual(frames["t"], Rect(x: 0, y: 0, width: expected.width + 8, height: expected.height + 8))
        XCTAssertEqual(frames["t"].map { $0.width.rounded() == $0.width }, true)
        let bitmap = try renderer.render()
        var ink = 0
        for y in 0..<100 { for x in 0..<200 where bitmap[x, y].r < 128 { ink += 1 } }
        XCTAssertGreaterThan(ink, 300)
    }

    func testTextErrors_NameTheJSONPath() {
        let cases: [(String, String)] = [
            (#"{"canvas": {"width": 10, "height": 10}, "fonts": {"Brand": "no/such.ttf"}, "root": {"type": "Text", "text": "x"}}"#,
             "fonts.Brand: "),
            (#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "x", "font": {"family": "Nope"}}}"#,
             "root.font.family: unknown font family 'Nope'"),
            (#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "x", "font": {"weight": "heavy"}}}"#,
             "root.font.weight"),
            (#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text"}}"#, "a Text needs text or spans"),
            (#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "x", "truncation": "left"}}"#,
             "root.truncation"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try decode(json)) { error in
                XCTAssertTrue("\(error)".contains(message), "expected '\(message)' in: \(error)")
            }
        }
    }
}
