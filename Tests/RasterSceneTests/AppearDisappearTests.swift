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

/// ComponentFlow's stacks give their children `.appear(.default(scale: true, alpha:
/// true))` and the same `.disappear`, unless the child's view or the caller says
/// otherwise.
final class StackDefaultTransitionTests: XCTestCase {
    private func bar(_ appear: ChildTransition? = nil) -> AnyComponent<Empty> {
        let bar = AnyComponent(Rectangle(fill: .color(.black), width: 40, height: 10))
        guard let appear else { return bar }
        var style = SceneNodeStyle()
        style.appear = appear
        return AnyComponent(SceneNode(id: nil, content: bar, style: style))
    }

    private func stack(_ items: [(String, AnyComponent<Empty>)], horizontal: Bool) -> AnyComponent<Empty> {
        let children = items.map { AnyComponentWithIdentity(id: $0.0, component: $0.1) }
        return horizontal ? AnyComponent(HStack(children)) : AnyComponent(VStack(children))
    }

    func testStackChildrenScaleAndFadeInAndOutByDefault() throws {
        for horizontal in [false, true] {
            let host = ComponentHost<Empty>()
            let size = Size(width: 200, height: 100)
            host.update(component: stack([("a", bar())], horizontal: horizontal), containerSize: size)
            let linear = ComponentTransition.curve(duration: 1, curve: .linear)
            host.update(transition: linear, component: stack([("a", bar()), ("b", bar()), ("c", bar(ChildTransition(offset: Point(0, 20))))],
                                                             horizontal: horizontal), containerSize: size)
            let views = try XCTUnwrap(host.view.subviews.first?.subviews)
            XCTAssertEqual(views.count, 3)
            XCTAssertEqual(views[1].layer.opacity, 0, "the stack's default: from alpha 0")
            XCTAssertEqual(views[1].layer.transform.a, 0.01, accuracy: 1e-12, "and from scale 0.01")
            XCTAssertEqual(views[2].layer.opacity, 1, "a child's own appear wins: it only slides")
            XCTAssertEqual(views[2].layer.transform.a, 1, accuracy: 1e-12)
            host.advance(to: 0.5)
            XCTAssertEqual(views[1].layer.opacity, 0.5, accuracy: 1e-9)
            host.advance(to: 1)
            // Removing 'b' animated: it stays, scaling and fading out, then goes.
            host.update(transition: linear, component: stack([("a", bar()), ("c", bar())], horizontal: horizontal),
                        containerSize: size)
            XCTAssertTrue(views[1].isDisappearing)
            host.advance(to: 1.5)
            XCTAssertEqual(views[1].layer.opacity, 0.5, accuracy: 1e-9)
            XCTAssertEqual(views[1].layer.transform.a, 0.505, accuracy: 1e-9)
            host.advance(to: 2)
            XCTAssertEqual(host.view.subviews.first?.subviews.count, 2)
        }
    }

    func testTheCallersAppearWinsOverTheStacksDefault() throws {
        struct Explicit: CombinedComponent {
            let ids: [String]
            static var body: Body {
                let children = ChildMap(environment: Empty.self, keyedBy: String.self)
                return { context in
                    var x = 0.0
                    for id in context.component.ids {
                        let c = children[id].update(component: AnyComponent(Rectangle(fill: .color(.black), width: 10, height: 10)),
                                                    availableSize: context.availableSize, transition: context.transition)
                        context.add(c.position(Point(x: x + 5, y: 5)).appear(.default(alpha: true))
                            .appearByDefault(.default(scale: true)))
                        x += 10
                    }
                    return Size(width: x, height: 10)
                }
            }
        }
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Explicit(ids: ["a"])), containerSize: Size(100, 10))
        host.update(transition: .curve(duration: 1, curve: .linear), component: AnyComponent(Explicit(ids: ["a", "b"])),
                    containerSize: Size(100, 10))
        let b = try XCTUnwrap(host.view.subviews.first?.subviews.last)
        XCTAssertEqual(b.layer.opacity, 0)
        XCTAssertEqual(b.layer.transform.a, 1, "the explicit appear replaces the default")
    }
}
