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

/// Weak references to the layout nodes a Flex's leaves were measured with, and, at each
/// leaf's update, how many of the nodes of the leaves before and after it were alive.
private final class NodeLog: @unchecked Sendable {
    final class Entry {
        weak var node: LayoutNode?
    }

    var entries: [Entry] = []
    var aliveAtUpdate: [(before: Int, after: Int)] = []
}

private struct Logged: Component {
    let log: NodeLog
    let index: Int
    static func == (a: Logged, b: Logged) -> Bool { a.log === b.log && a.index == b.index }

    func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Logged>) -> Size {
        log.entries[index].node = context.node
        return Size(width: 20, height: 10)
    }

    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        let alive = log.entries.map { $0.node != nil }
        log.aliveAtUpdate.append((alive[..<index].filter { $0 }.count, alive[(index + 1)...].filter { $0 }.count))
        return Size(width: 20, height: 10)
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

    /// A Flex's update lets each child's node go once the child is updated: when a child
    /// is updated, the nodes of the children before it are gone and those after it are
    /// still there, with the frames the layout gave them.
    func testAFlexLetsEachChildsNodeGoOnceTheChildIsUpdated() throws {
        let log = NodeLog()
        log.entries = (0..<5).map { _ in NodeLog.Entry() }
        let flex = Flex((0..<5).map { AnyComponent(Logged(log: log, index: $0)) }, wrap: true, gap: 4)
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(flex), containerSize: Size(60, 300))
        XCTAssertEqual(log.aliveAtUpdate.map(\.before), [0, 0, 0, 0, 0], "the nodes of the children updated are gone")
        XCTAssertEqual(log.aliveAtUpdate.map(\.after), [4, 3, 2, 1, 0], "the nodes of the children still to update are kept")
        // Two items a row at 60 points (20 + 4 + 20), rows 4 apart: the frames still come
        // from the layout.
        let flexView = try XCTUnwrap(host.view.subviews.first, "the host's view holds the Flex's")
        XCTAssertEqual(flexView.subviews.map(\.frame.origin),
                       [Point(x: 0, y: 0), Point(x: 24, y: 0), Point(x: 0, y: 14), Point(x: 24, y: 14), Point(x: 0, y: 28)])
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

    /// A shape measures without a layout node (`sizeWithoutLayout`, what lets a wrapper
    /// drawing it make no node for it) exactly as its node measures it, whatever the
    /// proposal: unspecified, fractional, infinite, negative, its own size or not.
    /// Components that are no shape are measured through their node.
    func testShapesMeasureWithoutANodeAsTheirNodeMeasuresThem() throws {
        let environment = ErasedEnvironment(typed: [], shared: EnvironmentValues(), recorder: nil)
        let triangle = try Path(svgPathData: "M0 0 L10 0 L5 8 Z")
        let shapes: [AnyComponent<Empty>] = [
            AnyComponent(Rectangle()), AnyComponent(Rectangle(width: 12)), AnyComponent(Rectangle(width: 7, height: -3)),
            AnyComponent(RoundedRectangle(cornerRadius: 3, height: 9.5)), AnyComponent(Circle(width: 14.25)),
            AnyComponent(PathShape(triangle)), AnyComponent(PathShape(triangle, width: 20)),
        ]
        let proposals = [ProposedSize.unspecified, ProposedSize(width: 30, height: nil), ProposedSize(width: nil, height: 40),
                         ProposedSize(width: 25.5, height: 17.25), ProposedSize(width: .infinity, height: 10),
                         ProposedSize(width: -5, height: 3)]
        for shape in shapes {
            XCTAssertTrue(shape.wrapped.isDrawingLeaf)
            for proposal in proposals {
                let node = LayoutNode(component: shape, environment: environment)
                let own = try XCTUnwrap(shape.wrapped.sizeWithoutLayout(proposal), "\(shape.wrapped) at \(proposal)")
                XCTAssertEqual(own, node.sizeThatFits(proposal), "\(shape.wrapped) at \(proposal)")
            }
        }
        let text = AnyComponent<Empty>(Text("Ag"))
        XCTAssertTrue(text.wrapped.isDrawingLeaf, "a text draws, but is measured through its node")
        XCTAssertNil(text.wrapped.sizeWithoutLayout(.unspecified))
        for other in [AnyComponent<Empty>(flex), AnyComponent(VStack([text]))] {
            XCTAssertFalse(other.wrapped.isDrawingLeaf)
            XCTAssertNil(other.wrapped.sizeWithoutLayout(ProposedSize(width: 10, height: 10)))
        }
    }
}
