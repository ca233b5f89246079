@testable import RasterComponents
import RasterCore
import RasterLayout
import XCTest

/// Holds the layout node its body gave its child, so a test can look at it after the pass.
private final class NodeBox: @unchecked Sendable {
    var node: LayoutNode?
}

/// Updates its Flex child once per proposal in `proposals`, in one pass and with the
/// same layout node each time (as a container that lays a child out twice would).
private struct Repeating: CombinedComponent {
    let flex: Flex
    let proposals: [ProposedSize]
    let box: NodeBox

    static func == (a: Repeating, b: Repeating) -> Bool { false }

    static var body: Body {
        let child = Child(Flex.self)
        return { context in
            let flex = context.component.flex
            let node = context.layoutNode.child(0, flex)
            context.component.box.node = node
            var last: UpdatedChildComponent?
            for proposal in context.component.proposals {
                last = child.update(component: flex, proposal: proposal, layout: node, transition: context.transition)
            }
            guard let last else { return .zero }
            context.add(last.placed(Rect(origin: .zero, size: last.size)))
            return last.size
        }
    }
}

/// A layout node drops the nodes below it once its component's update is over; the flex
/// layout those nodes held frames for goes with them, so a second update in the same pass
/// lays the children out again instead of finding a layout whose frames are gone.
final class LayoutNodeLifetimeTests: XCTestCase {
    private let flex: Flex = {
        var items: [AnyComponent<Empty>] = []
        for i in 0..<7 {
            let width = Double(30 + 7 * i), height = Double(10 + 3 * i)
            items.append(AnyComponent(Rectangle(width: width, height: height)))
        }
        return Flex(items, wrap: true, gap: 4)
    }()

    private let open = ProposedSize(width: 200, height: nil)
    /// A proposed height this Flex ignores: the same flex input as `open`, in a new update.
    private let tall = ProposedSize(width: 200, height: 500)

    private func itemFrames(_ proposals: [ProposedSize], box: NodeBox = NodeBox()) -> [Rect] {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Repeating(flex: flex, proposals: proposals, box: box)),
                    containerSize: Size(300, 300))
        return flexView(in: host.view)?.subviews.map(\.frame) ?? []
    }

    private func flexView(in view: ComponentView) -> ComponentView? {
        if view.node?.component is Flex { return view }
        return view.subviews.lazy.compactMap { self.flexView(in: $0) }.first
    }

    func testTheNodesBelowAreDroppedAfterTheUpdate() throws {
        let box = NodeBox()
        let frames = itemFrames([open], box: box)
        XCTAssertEqual(frames.count, 7)
        let node = try XCTUnwrap(box.node)
        XCTAssertNil(node.flexState?.orderedChildren, "the flex children's nodes are dropped once the Flex is updated")
        XCTAssertNil(node.flexItem)
    }

    /// A node flagged `laidOutAsMeasured` (the host's root, a wrapper's content under it)
    /// lays a `Flex` out when it is measured, so its children have frames before any
    /// update; an unflagged one (a stack's child) only sizes it.
    func testAFlexMeasuredForItsUpdateIsLaidOutWhenMeasured() throws {
        let environment = ErasedEnvironment(typed: [], shared: EnvironmentValues(), recorder: nil)
        func childFrames(flagged: Bool) -> [Rect?] {
            let node = LayoutNode(component: AnyComponent(flex), environment: environment)
            node.laidOutAsMeasured = flagged
            let size = node.sizeThatFits(open)
            XCTAssertEqual(size.width, 200)
            return node.flexChildNodes().map { ($0 as? LayoutNode)?.flexFrame }
        }
        let laidOut = childFrames(flagged: true)
        XCTAssertEqual(laidOut.count, 7)
        XCTAssertTrue(laidOut.allSatisfy { $0 != nil }, "measuring laid the items out")
        XCTAssertEqual(laidOut.compactMap { $0 }.map(\.origin), itemFrames([open]).map(\.origin),
                       "at the places the update gives them")
        XCTAssertTrue(childFrames(flagged: false).allSatisfy { $0 == nil }, "measuring only sized the Flex")
    }

    func testASecondUpdateInThePassPlacesTheChildrenAgain() {
        let once = itemFrames([tall])
        XCTAssertEqual(once.count, 7)
        // Two rows at 200 points: the items wrap, so no frame is at the origin but the first.
        XCTAssertTrue(once.dropFirst().allSatisfy { $0.origin != .zero })
        XCTAssertEqual(itemFrames([open]), once)
        // The second update runs the Flex's body again with the flex input of the first.
        XCTAssertEqual(itemFrames([open, tall]), once)
        XCTAssertEqual(itemFrames([open, tall, open]), once)
    }
}
