import Foundation
import GoldenTesting
import Raster
import RasterDCFlight
import RasterSeedScenes
import XCTest

/// DCFlight node trees in scene files (`render` decodes with `SceneRegistry.withSeedFrameworks`):
/// DCFlight's type and prop names, Yoga's layout, the theme's semantic colours.
final class DCFlightSceneTests: XCTestCase {
    private func scene(_ root: String, theme: String = "light") throws -> Scene {
        let json = ##"{"canvas": {"width": 240, "height": 140, "background": "#FFFFFF"}, "environment": {"theme": ""##
            + theme + ##""}, "root": {"type": "DCFlight", "id": "screen", "padding": 10, "root": "## + root + "}}"
        return try SceneDecoder(registry: .withSeedFrameworks).decode(Data(json.utf8))
    }

    private let settings = ##"""
    {"type": "View", "padding": 12, "gap": 8, "backgroundColor": "#E5E5EA", "cornerRadius": 12, "children": [
      {"type": "Text", "content": "Settings", "fontSize": 17, "fontWeight": "semibold"},
      {"type": "View", "flexDirection": "row", "gap": 8, "children": [
        {"type": "Button", "title": "Cancel", "fontSize": 14, "flex": 1},
        {"type": "Button", "title": "Save", "filled": true, "fontSize": 14, "flex": 1}]}]}
    """##

    func testADCFlightTreeRendersInAScene() throws {
        let renderer = SceneRenderer(scene: try scene(settings))
        let frame = try XCTUnwrap(renderer.layout()["screen"])
        XCTAssertEqual(frame.width, 240, "the offered width")
        let image = try renderer.render()
        let grey = (0..<image.width).filter { image[$0, 20].r == 0xE5 && image[$0, 20].g == 0xE5 }.count
        XCTAssertEqual(grey, 220 - 2 * 0, accuracy: 2, "the View's background across the padded width")
        assertGolden(scene: try scene(settings), scale: 2, named: "scenes/dcflight-settings@2x")
        assertGolden(scene: try scene(settings.replacingOccurrences(of: "#E5E5EA", with: "#2C2C2E"), theme: "dark"), scale: 2,
                     named: "scenes/dcflight-settings-dark@2x")
    }

    func testUnknownDCFlightTypesAndDuplicateKeysNameTheirPath() {
        XCTAssertThrowsError(try scene(#"{"type": "View", "children": [{"type": "Slider"}]}"#)) { error in
            XCTAssertEqual("\(error)", "root.root.children[0].type: unknown DCFlight type 'Slider' (types: Button, Text, View)")
        }
        XCTAssertThrowsError(try scene(#"{"type": "View", "children": [{"type": "Text", "key": "a"}, {"type": "Text", "key": "a"}]}"#)) { error in
            XCTAssertEqual("\(error)", "root.root.children[1]: the key 'a' is already used by a sibling")
        }
        // A DCFlight tree holds at most as many nodes as the scene may.
        let many = "[" + Array(repeating: #"{"type": "View"}"#, count: 40).joined(separator: ", ") + "]"
        let json = ##"{"canvas": {"width": 10, "height": 10}, "root": {"type": "DCFlight", "root": {"type": "View", "children": "##
            + many + "}}}"
        XCTAssertThrowsError(try SceneDecoder(registry: .withSeedFrameworks, limits: SceneLimits(nodes: 30)).decode(Data(json.utf8))) { error in
            XCTAssertTrue("\(error)".contains("more than 30 nodes"), "\(error)")
        }
        // Its nodes count with the scene's own: 20 rectangles and a tree of 20 pass a
        // limit of 40 apart but not together.
        let rectangles = Array(repeating: #"{"type": "Rectangle"}"#, count: 20).joined(separator: ", ")
        let twenty = "[" + Array(repeating: #"{"type": "View"}"#, count: 19).joined(separator: ", ") + "]"
        func mixed(dcflight: Bool) -> String {
            let tree = dcflight ? #", {"type": "DCFlight", "root": {"type": "View", "children": "# + twenty + "}}" : ""
            return ##"{"canvas": {"width": 10, "height": 10}, "root": {"type": "VStack", "children": ["## + rectangles + tree + "]}}"
        }
        let limited = SceneDecoder(registry: .withSeedFrameworks, limits: SceneLimits(nodes: 40))
        XCTAssertNoThrow(try limited.decode(Data(mixed(dcflight: false).utf8)))
        XCTAssertThrowsError(try limited.decode(Data(mixed(dcflight: true).utf8))) { error in
            XCTAssertEqual("\(error)", "root.children[20].root.children[17]: the scene has more than 40 nodes (raise the limit with --max-nodes)")
        }
    }
}
