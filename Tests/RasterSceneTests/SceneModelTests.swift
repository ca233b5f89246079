import Foundation
import RasterComponents
import RasterCore
import RasterScene
import XCTest

/// The timeline edits the decoded node model: an event decodes only the nodes it
/// touched (and builds their ancestors again), never the rest of the tree.
final class SceneModelTests: XCTestCase {
    /// Counts how often nodes of a type are decoded.
    private final class Counter: @unchecked Sendable {
        var decodes = 0
    }

    private func registry(counting counter: Counter) -> SceneRegistry {
        var registry = SceneRegistry.standard
        registry.register(SceneComponentType("Counted", summary: "A bar that counts its decodes.", props: [
            PropSpec("width", .number(min: 0, max: 1_000), default: 10, "Its width."),
        ]) { props in
            counter.decodes += 1
            return Rectangle(width: try props.numberValue("width"), height: 10)
        })
        return registry
    }

    func testEventsDecodeOnlyTheNodesTheyTouch() throws {
        let counter = Counter()
        let json = #"""
        {"canvas": {"width": 200, "height": 100},
         "root": {"type": "VStack", "id": "list", "children": [
           {"type": "Counted", "id": "a"}, {"type": "Counted", "id": "b"},
           {"type": "Flex", "id": "row", "children": [{"type": "Counted", "id": "c", "grow": 1}]},
           {"type": "Text", "id": "label", "text": "before"}]},
         "animation": {"duration": 1, "fps": 10, "events": [
           {"at": 0.1, "set": {"label": {"text": "after"}}},
           {"at": 0.2, "set": {"b": {"width": 30}}},
           {"at": 0.3, "insert": {"parent": "row", "node": {"type": "Counted", "id": "d", "grow": 1}}},
           {"at": 0.4, "remove": "a"},
           {"at": 0.5, "set": {"d": {"width": 50}}}]}}
        """#
        let scene = try SceneDecoder(registry: registry(counting: counter)).decode(Data(json.utf8))
        // The tree's three, the insert checked once and the `set`s on b and d checked once
        // each when the file is read.
        XCTAssertEqual(counter.decodes, 6)
        let player = ScenePlayer(scene: scene)
        try player.advance(to: 0.1)
        XCTAssertEqual(counter.decodes, 6, "a text change decodes no other node")
        try player.advance(to: 0.2)
        XCTAssertEqual(counter.decodes, 7, "b alone")
        XCTAssertEqual(player.renderer.layout()["b"]?.width, 30)
        try player.advance(to: 0.3)
        XCTAssertEqual(counter.decodes, 8, "the inserted node alone")
        // Inserted under the Flex's rules for items: it grows beside c.
        let c = try XCTUnwrap(player.renderer.layout()["c"]), d = try XCTUnwrap(player.renderer.layout()["d"])
        XCTAssertEqual(c.width, d.width, accuracy: 1e-9)
        XCTAssertEqual(d.minX, c.maxX, accuracy: 1e-9)
        try player.advance(to: 0.4)
        XCTAssertEqual(counter.decodes, 8, "a removal decodes nothing")
        XCTAssertNil(player.renderer.layout()["a"])
        try player.advance(to: 0.5)
        XCTAssertEqual(counter.decodes, 9, "a node inserted by the timeline is edited like the others")
        // The edited tree is the one the whole edited file decodes to.
        let edited = #"""
        {"canvas": {"width": 200, "height": 100},
         "root": {"type": "VStack", "id": "list", "children": [
           {"type": "Counted", "id": "b", "width": 30},
           {"type": "Flex", "id": "row", "children": [{"type": "Counted", "id": "c", "grow": 1},
                                                     {"type": "Counted", "id": "d", "grow": 1, "width": 50}]},
           {"type": "Text", "id": "label", "text": "after"}]}}
        """#
        let whole = try SceneDecoder(registry: registry(counting: counter)).decode(Data(edited.utf8))
        XCTAssertEqual(SceneRenderer(scene: whole).layout(), player.renderer.layout())
        XCTAssertEqual(pixels(try SceneRenderer(scene: whole).render()), pixels(try player.frame(at: 0.5)))
    }

    private func pixels(_ bitmap: Bitmap) -> Data {
        var data = Data(capacity: bitmap.width * bitmap.height * 4)
        for y in 0..<bitmap.height { data.append(UnsafeBufferPointer(start: bitmap.row(y), count: bitmap.width)) }
        return data
    }
}
