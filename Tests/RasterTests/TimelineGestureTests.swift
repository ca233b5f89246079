import Foundation
import GoldenTesting
import Raster
import XCTest

/// Scene timelines script presses held down, releases, holds and drags.
final class TimelineGestureTests: XCTestCase {
    /// Records what a drag reports.
    private final class PanLog: @unchecked Sendable {
        var states: [PanGestureState] = []
    }

    /// A pad that hears pans, as a registered node type.
    private struct Pad: CombinedComponent {
        let log: PanLog
        static func == (lhs: Pad, rhs: Pad) -> Bool { lhs.log === rhs.log }
        static var body: Body {
            let surface = Child(Rectangle.self)
            return { context in
                let log = context.component.log
                let s = surface.update(component: Rectangle(width: 100, height: 40),
                                       availableSize: context.availableSize, transition: context.transition)
                context.add(s.position(Point(x: 50, y: 20)).gesture(.pan { log.states.append($0) }))
                return Size(width: 100, height: 40)
            }
        }
    }

    private func buttonPressed(_ player: ScenePlayer, _ id: String) -> Bool {
        var found: ButtonView?
        func walk(_ v: ComponentView) {
            if let b = v as? ButtonView, found == nil { found = b }
            v.subviews.forEach(walk)
        }
        if let node = player.renderer.nodeView(id: id) { walk(node) }
        return (found?.componentState as? ButtonState)?.isPressed == true
    }

    func testPressReleaseHoldAndDragFollowTheTimeline() throws {
        let log = PanLog()
        var registry = SceneRegistry.standard
        registry.register(SceneComponentType("Pad", summary: "A surface that hears pans.", props: []) { _ in Pad(log: log) })
        let json = #"""
        {"canvas": {"width": 200, "height": 120},
         "root": {"type": "VStack", "alignment": "leading", "children": [
           {"type": "Button", "id": "buy", "content": {"type": "Rectangle", "width": 80, "height": 30},
            "onTap": [{"set": {"label": {"text": "bought"}}}]},
           {"type": "Text", "id": "label", "text": "none"},
           {"type": "Pad", "id": "pad"}]},
         "animation": {"fps": 10, "events": [
           {"at": 0.2, "press": "buy"},
           {"at": 0.6, "release": "buy"},
           {"at": 0.8, "set": {"label": {"text": "again"}}},
           {"at": 1.0, "hold": {"target": [40, 15], "duration": 1.0}},
           {"at": 2.2, "drag": {"from": [10, 80], "to": [90, 60], "duration": 0.4}}]}}
        """#
        let scene = try SceneDecoder(registry: registry).decode(Data(json.utf8))
        XCTAssertEqual(scene.timeline?.duration ?? 0, 2.6, accuracy: 1e-9, "lasts until the drag ends")
        let player = ScenePlayer(scene: scene)
        try player.advance(to: 0.4)
        XCTAssertTrue(buttonPressed(player, "buy"), "held down between press and release")
        let bought = try labelWidth("bought"), again = try labelWidth("again")
        XCTAssertNotEqual(bought, again)
        try player.advance(to: 0.7)
        XCTAssertFalse(buttonPressed(player, "buy"))
        XCTAssertEqual(player.renderer.layout()["label"]?.width, bought, "the release ran onTap")
        try player.advance(to: 0.9)
        XCTAssertEqual(player.renderer.layout()["label"]?.width, again)
        try player.advance(to: 1.5)
        XCTAssertTrue(buttonPressed(player, "buy"), "a hold keeps it down")
        XCTAssertEqual(player.renderer.layout()["label"]?.width, again, "nothing runs while it is held")
        try player.advance(to: 2.1)
        XCTAssertFalse(buttonPressed(player, "buy"))
        XCTAssertEqual(player.renderer.layout()["label"]?.width, bought, "released after the hold: onTap ran again")
        try player.advance(to: 2.4)
        XCTAssertEqual(log.states.map(\.phase), [.began, .changed])
        XCTAssertEqual(log.states.last?.translation.x ?? 0, 40, accuracy: 1e-9, "half way at half time")
        try player.advance(to: 2.6)
        XCTAssertEqual(log.states.last?.phase, .ended)
        XCTAssertEqual(log.states.last?.translation, Point(80, -20))
    }

    /// The width of the scene's label showing `text`, laid out alone.
    private func labelWidth(_ text: String) throws -> Double? {
        let json = #"{"canvas": {"width": 200, "height": 120}, "root": {"type": "VStack", "children": [{"type": "Text", "id": "label", "text": ""#
            + text + #""}]}}"#
        return SceneRenderer(scene: try SceneDecoder().decode(Data(json.utf8))).layout()["label"]?.width
    }
}

/// A scene's Toggle flips through its `onTap` actions, its knob sliding with the
/// transition; `styles` pick the checkbox look.
final class SceneToggleTests: XCTestCase {
    func testATappedToggleFlipsAndSlides() throws {
        let json = #"""
        {"canvas": {"width": 180, "height": 80, "background": "#FFFFFF"},
         "styles": {},
         "root": {"type": "VStack", "alignment": "leading", "spacing": 8, "padding": 8, "children": [
           {"type": "Toggle", "id": "wifi", "label": {"type": "Text", "text": "Wi-Fi", "font": {"size": 15}},
            "onTap": [{"set": {"wifi": {"isOn": true}}, "transition": {"duration": 0.2, "curve": "linear"}}]},
           {"type": "Toggle", "id": "remember", "isOn": true, "style": "checkbox",
            "label": {"type": "Text", "text": "Remember me", "font": {"size": 15}}}]},
         "animation": {"duration": 0.5, "fps": 20, "events": [{"at": 0.1, "tap": "wifi"}]}}
        """#
        let scene = try SceneDecoder().decode(Data(json.utf8))
        for (time, name) in [(0.0, "off"), (0.3, "sliding"), (0.5, "on")] {
            assertGolden(scene: scene, at: time, scale: 2, named: "scenes/toggle-\(name)@2x")
        }
        // The tap's release (at 0.2) runs the set; half way through its 0.2 s slide at 0.3.
        let player = ScenePlayer(scene: scene)
        _ = try player.frame(at: 0.3)
        let sliding = try knobX(player)
        _ = try player.frame(at: 0.5)
        let on = try knobX(player)
        XCTAssertEqual(on - sliding, 10, accuracy: 1e-6, "half of the 20-point slide left at half time")
    }

    private func knobX(_ player: ScenePlayer) throws -> Double {
        var knobs: [ComponentView] = []
        func walk(_ v: ComponentView) {
            if v.layer.bounds.size == Size(27, 27) { knobs.append(v) }
            v.subviews.forEach(walk)
        }
        walk(try XCTUnwrap(player.renderer.nodeView(id: "wifi")))
        let knob = try XCTUnwrap(knobs.first)
        return knob.convertToRoot(Point(x: 13.5, y: 13.5)).x
    }
}
