import RasterComponents
import RasterCore
import RasterLayers
import RasterScene
import XCTest

/// Scene nodes' appear and disappear transitions in a stack.
final class AppearDisappearTests: XCTestCase {
    private func list(_ ids: [String]) -> AnyComponent<Empty> {
        AnyComponent(VStack(ids.map { id in
            AnyComponentWithIdentity(id: id, component: AnyComponent(SceneNode(
                id: id, content: AnyComponent(Rectangle(fill: .color(.black), width: 40, height: 10)),
                style: { var s = SceneNodeStyle(); s.appear = .default(alpha: true); s.disappear = ChildTransition(opacity: 0, scale: 0.5); return s }())))
        }))
    }

    private func views(_ host: ComponentHost<Empty>) -> [SceneNodeView] {
        (host.view.subviews.first?.subviews ?? []).compactMap { $0 as? SceneNodeView }
    }

    func testInsertedChildren_FadeIn_AndRemovedOnes_StayUntilTheyHaveFadedOut() throws {
        let host = ComponentHost<Empty>()
        let size = Size(width: 100, height: 100)
        host.update(component: list(["a", "b"]), containerSize: size)
        let linear = ComponentTransition.curve(duration: 1, curve: .linear)
        host.update(transition: linear, component: list(["a", "new", "b"]), containerSize: size)
        var current = views(host)
        XCTAssertEqual(current.map(\.nodeID), ["a", "new", "b"])
        XCTAssertEqual(current[1].layer.opacity, 0)
        host.advance(to: 0.5)
        XCTAssertEqual(current[1].layer.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(current[2].layer.position.y, 20, accuracy: 1e-9, "b moves down half way (from 15 to 25)")
        // Removing 'a' without animation removes it at once; removing 'new' animated keeps it.
        host.advance(to: 1)
        host.update(transition: linear, component: list(["a", "b"]), containerSize: size)
        current = views(host)
        XCTAssertEqual(current.map(\.nodeID), ["a", "new", "b"])
        XCTAssertTrue(current[1].isDisappearing)
        XCTAssertNil(host.hitTest(current[1].layer.position))
        host.advance(to: 1.5)
        XCTAssertEqual(current[1].layer.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(current[1].layer.transform.a, 0.75, accuracy: 1e-9)
        host.advance(to: 2)
        XCTAssertEqual(views(host).map(\.nodeID), ["a", "b"])
        XCTAssertTrue(host.animator.isIdle)
        host.update(component: list(["b"]), containerSize: size)
        XCTAssertEqual(views(host).map(\.nodeID), ["b"])
    }
}
