import Foundation
import RasterComponents
import RasterCore
import RasterScene
import RasterTestSupport
import XCTest

/// A shape or a text that exactly fills its node is drawn on the node's own layer instead
/// of in a view of its own, and the pixels are those of the tree in which every leaf has a
/// view (`DrawingLeafPolicy.keepingViews`), still and while animating. A node drawing its
/// leaf so is updated without making its body, and its pixels, frames and layers are
/// those of the tree updated through every node's body (`SceneNode.runningBodies`).
final class DrawingLeafTests: XCTestCase {
    /// Nodes of every kind a leaf can sit in: Flex items (whole and fractional sizes,
    /// padded, stroked, a path, texts), stack children with and without a frame (also
    /// nodes with nothing but a frame or padding, and no id), and node decoration that
    /// clips, fades, shades, borders and turns.
    private static let still = #"""
    {"canvas": {"width": 160, "height": 120, "background": "#ffffff", "scale": SCALE},
     "root": {"type": "VStack", "spacing": 3.3, "alignment": "leading", "children": [
       {"type": "Flex", "id": "row", "wrap": true, "gap": 2.5, "children": [
         {"type": "Rectangle", "id": "whole", "frame": {"width": 20, "height": 10}, "fill": "#336699"},
         {"type": "RoundedRectangle", "id": "grown", "cornerRadius": 3, "frame": {"width": 17.3, "height": 9.6},
          "grow": 1, "fill": {"linear": {"angle": 90, "stops": [["#ff0000", 0], ["#0000ff", 1]]}}},
         {"type": "Circle", "id": "faded", "frame": {"width": 11, "height": 11}, "fill": "#00aa00",
          "opacity": 0.5, "background": "#ffcc00"},
         {"type": "Rectangle", "id": "padded", "padding": 2, "frame": {"width": 14, "height": 9}, "fill": "#aa00aa"},
         {"type": "Rectangle", "id": "stroked", "frame": {"width": 14, "height": 9},
          "stroke": {"paint": "#000000", "width": 3}},
         {"type": "Path", "id": "path", "d": "M0 0 L12 0 L6 9 Z", "frame": {"width": 12, "height": 9}, "fill": "#cc3300"},
         {"type": "Rectangle", "id": "clipped", "frame": {"width": 15.5, "height": 10}, "cornerRadius": 4,
          "border": {"color": "#000000", "width": 1.5}, "fill": "#55aaff"},
         {"type": "Rectangle", "id": "shaded", "frame": {"width": 12, "height": 12}, "fill": "#ff8800",
          "shadow": {"color": "#000000", "radius": 4, "offset": [1, 2], "opacity": 0.6}, "opacity": 0.8},
         {"type": "Rectangle", "id": "turned", "frame": {"width": 13, "height": 7}, "fill": "#0088ff", "rotation": 20},
         {"type": "Rectangle", "id": "stroked-clipped", "frame": {"width": 14.3, "height": 9}, "cornerRadius": 3,
          "stroke": {"paint": "#000000", "width": 3}, "opacity": 0.5, "background": "#00ff00"},
         {"type": "Text", "id": "label", "text": "Ag é", "font": {"size": 11, "weight": "bold"}, "opacity": 0.6,
          "background": "#eeeeff"},
         {"type": "Text", "id": "label-clipped", "text": "Ag", "font": {"size": 11}, "clip": true, "opacity": 0.5,
          "background": "#ffcc00"}
       ]},
       {"type": "Text", "id": "stack-label", "text": "Stack", "font": {"size": 10}, "border": {"color": "#ff0000", "width": 1}},
       {"type": "VStack", "fill": true, "frame": {"width": 60}, "children": [
         {"type": "Rectangle", "id": "stretched", "width": 20, "height": 4, "fill": "#ff00ff", "background": "#00ffff"},
         {"type": "Text", "id": "stretched-label", "text": "Wide", "font": {"size": 9}, "background": "#ffff00"}]},
       {"type": "Rectangle", "id": "framed", "frame": {"width": 30.4, "height": 6.2}, "fill": "#884400"},
       {"type": "HStack", "spacing": 1.7, "children": [
         {"type": "Circle", "id": "bare", "width": 9.5, "height": 9.5, "fill": "#008888", "opacity": 0.7},
         {"type": "Rectangle", "id": "whole-bare", "width": 12, "height": 6, "fill": "#888800", "cornerRadius": 2},
         {"type": "Circle", "frame": {"width": 8.5, "height": 8.5}, "fill": "#aa0088"},
         {"type": "Rectangle", "padding": 1.5, "frame": {"width": 9, "height": 5}, "fill": "#00aa44"}
       ]}
     ]}}
    """#

    func testShapesFillingTheirNode_AreDrawnOnItsLayer_WithTheSamePixels() throws {
        for scale in [1.0, 2.0] {
            let json = Self.still.replacingOccurrences(of: "SCALE", with: "\(scale)")
            let scene = try SceneDecoder().decode(Data(json.utf8))
            let merged = SceneRenderer(scene: scene)
            let separate = DrawingLeafPolicy.keepingViews { () -> SceneRenderer in
                let r = SceneRenderer(scene: scene)
                r.layoutTree()
                return r
            }
            let throughBodies = SceneNode.runningBodies { () -> SceneRenderer in
                let r = SceneRenderer(scene: scene)
                r.layoutTree()
                return r
            }
            XCTAssertEqual(pixels(try merged.render()), pixels(try separate.render()), "scale \(scale)")
            XCTAssertEqual(merged.layout(), separate.layout())
            XCTAssertEqual(pixels(try merged.render()), pixels(try throughBodies.render()), "scale \(scale)")
            XCTAssertEqual(merged.layout(), throughBodies.layout())
            // Whole or snapped alike, inside its box or not clipped: drawn on the node's
            // layer, which then has no sublayer.
            for id in ["whole", "grown", "faded", "clipped", "shaded", "turned", "whole-bare", "stroked", "path",
                       "label", "stack-label"] {
                let view = try XCTUnwrap(merged.nodeView(id: id))
                XCTAssertNotNil(view.layer.drawing, "\(id) at scale \(scale)")
                XCTAssertTrue(view.subviews.isEmpty, "\(id) at scale \(scale)")
                XCTAssertEqual(separate.nodeView(id: id)?.subviews.count, 1, id)
                // Drawn without the node's body, as its body draws it.
                XCTAssertEqual(view.node?.hasBody, false, id)
                let viaBody = try XCTUnwrap(throughBodies.nodeView(id: id))
                XCTAssertEqual(viaBody.node?.hasBody, true, id)
                XCTAssertNotNil(viaBody.layer.drawing, id)
                XCTAssertTrue(viaBody.subviews.isEmpty, id)
            }
            // Inside padding, reaching past its box under a clip, or in a node a filling
            // stack stretches: a view of its own.
            for id in ["padded", "stroked-clipped", "label-clipped", "stretched", "stretched-label"] {
                let view = try XCTUnwrap(merged.nodeView(id: id))
                XCTAssertNil(view.layer.drawing, id)
                XCTAssertEqual(view.subviews.count, 1, id)
                XCTAssertEqual(view.node?.hasBody, true, id)
            }
        }
    }

    /// Off whole pixels and placed by a parent that does not snap it the same way (a
    /// stack child with a fractional frame or size), the shape keeps its view: its view
    /// would be snapped differently from the node's.
    func testFractionalBoxesOutsideAFlex_KeepTheirView() throws {
        let json = Self.still.replacingOccurrences(of: "SCALE", with: "1")
        let renderer = SceneRenderer(scene: try SceneDecoder().decode(Data(json.utf8)))
        for id in ["framed", "bare"] {
            let view = try XCTUnwrap(renderer.nodeView(id: id))
            XCTAssertNil(view.layer.drawing, id)
            XCTAssertEqual(view.subviews.count, 1, id)
        }
    }

    /// Animated changes that keep a shape filling its node, that stop it filling it
    /// (padding grows: its view starts where the node's layer is), that make it fill it
    /// again (the view stays until an update that does not animate), an inserted node,
    /// a fade and a spring: every frame is the one the tree with a view per shape shows.
    func testAnimatedFrames_AreThoseOfTheTreeWithAViewPerShape() throws {
        let json = #"""
        {"canvas": {"width": 120, "height": 60, "background": "#ffffff"},
         "root": {"type": "Flex", "id": "row", "wrap": true, "gap": 3, "children": [
           {"type": "Rectangle", "id": "a", "frame": {"width": 20, "height": 12}, "fill": "#336699", "cornerRadius": 3},
           {"type": "Rectangle", "id": "b", "frame": {"width": 16, "height": 12}, "padding": 4, "fill": "#993366"},
           {"type": "Circle", "id": "c", "frame": {"width": 14, "height": 14}, "fill": "#669933", "grow": 1},
           {"type": "Rectangle", "id": "d", "frame": {"width": 18, "height": 10}, "fill": "#333399", "opacity": 0.6,
            "background": "#eeeeee"}]},
         "animation": {"duration": 1.2, "fps": 20, "events": [
           {"at": 0.1, "set": {"a": {"padding": 5}, "b": {"padding": 0}},
            "transition": {"duration": 0.4, "curve": "easeInOut"}},
           {"at": 0.2, "set": {"c": {"frame": {"width": 30.5, "height": 9.3}}},
            "transition": {"duration": 0.5, "curve": "spring"}},
           {"at": 0.3, "insert": {"parent": "row", "index": 1,
            "node": {"type": "RoundedRectangle", "id": "e", "cornerRadius": 2, "frame": {"width": 9, "height": 9}, "fill": "#cc6600"}},
            "transition": {"duration": 0.3, "curve": "linear"}},
           {"at": 0.35, "set": {"a": {"padding": 0}, "d": {"opacity": 1}},
            "transition": {"duration": 0.3, "curve": "easeOut"}},
           {"at": 0.9, "set": {"b": {"fill": "#000000"}}}]}}
        """#
        let scene = try SceneDecoder().decode(Data(json.utf8))
        let merged = ScenePlayer(scene: scene)
        let separate = DrawingLeafPolicy.keepingViews { ScenePlayer(scene: scene) }
        let throughBodies = SceneNode.runningBodies { ScenePlayer(scene: scene) }
        var sawGrownPadding = false
        for frame in 0...24 {
            let time = Double(frame) / 20
            let a = try merged.frame(at: time)
            if frame == 0 {
                // Before any change every node draws its shape without its body but b,
                // whose padding gives its shape a view.
                XCTAssertEqual(["a", "b", "c", "d"].map { merged.renderer.nodeView(id: $0)?.node?.hasBody },
                               [false, true, false, false])
            }
            let b = try DrawingLeafPolicy.keepingViews { try separate.frame(at: time) }
            let c = try SceneNode.runningBodies { try throughBodies.frame(at: time) }
            XCTAssertEqual(pixels(a), pixels(b), "frame \(frame)")
            XCTAssertEqual(pixels(a), pixels(c), "frame \(frame), through the bodies")
            if frame == 3, let view = merged.renderer.nodeView(id: "a") {
                // Mid-animation to padding 5: the shape has its own view again, placed by
                // the node's body, which then runs from there on.
                sawGrownPadding = view.layer.drawing == nil && view.subviews.count == 1 && view.node?.hasBody == true
            }
        }
        XCTAssertTrue(sawGrownPadding)
        // Once nothing animates, b (padding gone while animating) is drawn on its node.
        let b = try XCTUnwrap(merged.renderer.nodeView(id: "b"))
        XCTAssertNotNil(b.layer.drawing)
        XCTAssertTrue(b.subviews.isEmpty)
    }

    /// The gallery's timeline (a title whose text changes on a spring, rows inserted and
    /// removed, a tapped button): every frame as with a view per leaf.
    func testTheGalleryTimeline_IsTheSameWithAViewPerLeaf() throws {
        let url = TestFixtures.directory.appendingPathComponent("scenes/timeline.json")
        let scene = try SceneDecoder().decode(contentsOf: url.path)
        let merged = ScenePlayer(scene: scene)
        let separate = DrawingLeafPolicy.keepingViews { ScenePlayer(scene: scene) }
        let throughBodies = SceneNode.runningBodies { ScenePlayer(scene: scene) }
        var differing: [Int] = [], differingFromBodies: [Int] = []
        for frame in 0...45 {
            let time = Double(frame) / 30
            let a = try merged.frame(at: time)
            let b = try DrawingLeafPolicy.keepingViews { try separate.frame(at: time) }
            let c = try SceneNode.runningBodies { try throughBodies.frame(at: time) }
            if pixels(a) != pixels(b) { differing.append(frame) }
            if pixels(a) != pixels(c) { differingFromBodies.append(frame) }
        }
        XCTAssertEqual(differing, [], "frames that differ")
        XCTAssertEqual(differingFromBodies, [], "frames that differ from those updated through every body")
    }

    private func pixels(_ bitmap: Bitmap) -> Data {
        var data = Data(capacity: bitmap.width * bitmap.height * 4)
        for y in 0..<bitmap.height { data.append(UnsafeBufferPointer(start: bitmap.row(y), count: bitmap.width)) }
        return data
    }
}
