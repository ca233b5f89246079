import Foundation
import RasterComponents
import RasterLayers
import RasterScene
import XCTest

/// Limits on what a scene may cost, checked before the work they bound.
final class SceneLimitsTests: XCTestCase {
    private func scene(_ root: String, canvas: String = #""width": 100, "height": 100"#) -> Data {
        Data(#"{"canvas": {\#(canvas)}, "root": \#(root)}"#.utf8)
    }

    private func leaves(_ n: Int, first: String = #"{"type": "Rectangle"}"#) -> String {
        ([first] + Array(repeating: #"{"type": "Rectangle", "width": 1, "height": 1}"#, count: n - 1)).joined(separator: ", ")
    }

    /// The tree's size is checked before any node is decoded: a tree over the limit is
    /// refused for its size even when an earlier node is also bad (the decoder would
    /// have stopped there first), naming the first node over the limit.
    func testTreeSizeIsCheckedBeforeDecoding() throws {
        let limits = SceneLimits(nodes: 50, depth: 6)
        let decoder = SceneDecoder(limits: limits)
        let badFirst = #"{"type": "Rectangle", "opacity": 3}"#
        let over = scene(#"{"type": "VStack", "children": [\#(leaves(50, first: badFirst))]}"#)
        XCTAssertThrowsError(try decoder.decode(over)) { error in
            XCTAssertEqual("\(error)", "root.children[49]: the scene has more than 50 nodes (raise the limit with --max-nodes)")
        }
        // At the limit, the decoder gets to the bad node.
        let at = scene(#"{"type": "VStack", "children": [\#(leaves(49, first: badFirst))]}"#)
        XCTAssertThrowsError(try decoder.decode(at)) { error in
            XCTAssertTrue("\(error)".hasPrefix("root.children[0].opacity:"), "\(error)")
        }
        // Nodes in a Button's content and in nested stacks count; depth is nesting of nodes.
        func nested(_ levels: Int) -> String {
            var node = #"{"type": "Rectangle"}"#
            for i in 0..<levels {
                node = i % 2 == 0 ? #"{"type": "ZStack", "children": [\#(node)]}"# : #"{"type": "Button", "content": \#(node)}"#
            }
            return node
        }
        XCTAssertNoThrow(try decoder.decode(scene(nested(5))))
        XCTAssertThrowsError(try decoder.decode(scene(nested(6)))) { error in
            XCTAssertEqual("\(error)", "root.content.children[0].content.children[0].content.children[0]: the tree is nested more than 6 levels deep (raise the limit with --max-depth)")
        }
        // The defaults.
        XCTAssertEqual(SceneLimits.default.nodes, 30_000)
        XCTAssertEqual(SceneLimits.default.depth, 100)
        XCTAssertEqual(SceneLimits.default.memory, 2 << 30)
        XCTAssertEqual(SceneLimits.default.pixels, 500_000_000)
        XCTAssertThrowsError(try SceneDecoder().decode(scene(nested(100))))
        XCTAssertNoThrow(try SceneDecoder().decode(scene(nested(99))))
    }

    /// Drawing is refused before anything is rasterized when the laid-out tree's layers
    /// need more pixel memory than the limit: 400 full-canvas circles on 200 x 200 points
    /// at 2x are 400 rasters of 400 x 400 pixels (244 MB), plus the frame.
    func testMemoryIsEstimatedBeforeRasterizing() throws {
        let circles = Array(repeating: #"{"type": "Circle"}"#, count: 400).joined(separator: ", ")
        let data = scene(#"{"type": "ZStack", "children": [\#(circles)]}"#, canvas: #""width": 200, "height": 200, "scale": 2"#)
        let tight = try SceneDecoder(limits: SceneLimits(memory: 100 << 20)).decode(data)
        let renderer = SceneRenderer(scene: tight)
        XCTAssertThrowsError(try renderer.render()) { error in
            XCTAssertEqual("\(error)", "drawing the scene needs about 245 MB of pixel memory; the limit is 100 MB (raise it with --max-memory)")
        }
        XCTAssertNil(renderer.host.compositorStatistics, "nothing was rasterized")
        let roomy = try SceneDecoder(limits: SceneLimits(memory: 300 << 20)).decode(data)
        XCTAssertNoThrow(try SceneRenderer(scene: roomy).render())
        // The estimate: frame plus one raster per drawn layer, each the layer's pixels.
        let host = SceneRenderer(scene: roomy)
        host.layoutTree()
        XCTAssertEqual(host.host.estimatedRenderBytes(scale: 2), (400 * 400 + 400 * 400 * 400) * 4)
    }

    /// Many layers need memory for the frame, the compositor's raster cache and one
    /// raster, not for every layer; the pixels drawn bound the time instead: 2,000
    /// full-canvas circles on 200 x 200 points at 2x rasterize 2,000 x 160,000 pixels.
    func testPixelsDrawnAreBoundedBeforeRasterizing() throws {
        let circles = Array(repeating: #"{"type": "Circle"}"#, count: 2_000).joined(separator: ", ")
        let data = scene(#"{"type": "ZStack", "children": [\#(circles)]}"#, canvas: #""width": 200, "height": 200, "scale": 2"#)
        let tight = SceneRenderer(scene: try SceneDecoder(limits: SceneLimits(pixels: 300_000_000)).decode(data))
        XCTAssertThrowsError(try tight.render()) { error in
            XCTAssertEqual("\(error)", "drawing the scene rasterizes about 320 million pixels; the limit is 300 million (raise it with --max-pixels)")
        }
        XCTAssertNil(tight.host.compositorStatistics, "nothing was rasterized")
        let estimate = tight.host.estimatedRender(scale: 2)
        XCTAssertEqual(estimate.pixels, 400 * 400 + 2_000 * 400 * 400)
        XCTAssertEqual(estimate.bytes, (400 * 400 + 400 * 400) * 4 + Compositor.defaultRasterCacheLimit / 4 * 4,
                       "the frame, the cache and one raster")
        XCTAssertLessThan(estimate.bytes, 2_000 * 400 * 400 * 4 / 3)
    }

    /// Compositing on several threads holds a raster per thread: under a limit that one
    /// thread fits and four do not, the scene is composited on one thread, not refused.
    func testMemoryLimit_CompositesOnOneThreadWhenSeveralWouldNotFit() throws {
        let circles = Array(repeating: #"{"type": "Circle"}"#, count: 3).joined(separator: ", ")
        let data = scene(#"{"type": "ZStack", "children": [\#(circles)]}"#, canvas: #""width": 200, "height": 200, "scale": 2"#)
        let frame = 400 * 400 * 4
        // The frame and one raster (each 400 x 400 pixels) fit; the frame and four do not.
        let renderer = SceneRenderer(scene: try SceneDecoder(limits: SceneLimits(memory: 3 * frame)).decode(data))
        renderer.host.rasterCacheLimit = 0
        renderer.host.compositorThreads = 4
        renderer.layoutTree()
        XCTAssertEqual(renderer.host.estimatedRenderBytes(scale: 2), frame + 3 * frame, "three rasters at most")
        XCTAssertNoThrow(try renderer.render())
        XCTAssertEqual(renderer.host.compositorThreads, 1)
        // Under a limit that four threads fit, they are kept.
        let roomy = SceneRenderer(scene: try SceneDecoder(limits: SceneLimits(memory: 4 * frame)).decode(data))
        roomy.host.rasterCacheLimit = 0
        roomy.host.compositorThreads = 4
        XCTAssertNoThrow(try roomy.render())
        XCTAssertEqual(roomy.host.compositorThreads, 4)
    }

    func testSizesReadAndWritten() {
        XCTAssertEqual(SceneLimits.parse(count: "500M"), 500_000_000)
        XCTAssertEqual(SceneLimits.parse(count: "1.5g"), 1_500_000_000)
        XCTAssertEqual(SceneLimits.parse(count: "75000"), 75_000)
        for bad in ["", "M", "-1M", "0", "0.1", "1x", "nanM", "1e30G"] { XCTAssertNil(SceneLimits.parse(count: bad), bad) }
        XCTAssertEqual(SceneLimits.describe(count: 500_000_000), "500 million")
        XCTAssertEqual(SceneLimits.describe(count: 1_250_000_000), "1.3 billion")
        XCTAssertEqual(SceneLimits.describe(count: 75_000), "75,000")
        XCTAssertEqual(SceneLimits.parse(bytes: "2G"), 2 << 30)
        XCTAssertEqual(SceneLimits.parse(bytes: "512m"), 512 << 20)
        XCTAssertEqual(SceneLimits.parse(bytes: "1.5GB"), 3 << 29)
        XCTAssertEqual(SceneLimits.parse(bytes: "800000"), 800_000)
        for bad in ["", "G", "-1G", "0", "1x", "nanG", "1e30G"] { XCTAssertNil(SceneLimits.parse(bytes: bad), bad) }
        XCTAssertEqual(SceneLimits.describe(bytes: 2 << 30), "2 GB")
        XCTAssertEqual(SceneLimits.describe(bytes: 3 << 29), "1.5 GB")
        XCTAssertEqual(SceneLimits.describe(bytes: 24 << 30), "24 GB")
        XCTAssertEqual(SceneLimits.describe(bytes: 100), "100 bytes")
    }
}
