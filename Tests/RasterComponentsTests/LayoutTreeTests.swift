@testable import RasterComponents
import RasterCore
import RasterLayout
import XCTest

/// Counts how often leaves are measured.
private final class MeasureCount: @unchecked Sendable {
    var count = 0
}

/// A leaf `width` wide (or the width proposed when less) and `height` tall that counts
/// its measurements.
private struct CountedLeaf: Component {
    let width: Double
    let height: Double
    let counter: MeasureCount

    static func == (a: CountedLeaf, b: CountedLeaf) -> Bool {
        a.width == b.width && a.height == b.height && a.counter === b.counter
    }

    func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<CountedLeaf>) -> Size {
        counter.count += 1
        return Size(width: min(width, proposal.width ?? width), height: height)
    }

    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState, environment: Environment<Empty>,
                transition: ComponentTransition) -> Size {
        Size(width: min(width, availableSize.width), height: height)
    }
}

/// A `LayoutTree` keeps its nodes between layouts: a proposal it has answered is a
/// lookup, and after `markDirty` it measures every node again and answers as a tree
/// laid out from scratch.
final class LayoutTreeTests: XCTestCase {
    private let counter = MeasureCount()

    private func leaf(_ width: Double, _ height: Double) -> AnyComponent<Empty> {
        AnyComponent(CountedLeaf(width: width, height: height, counter: counter))
    }

    /// Trees whose sizes depend on the proposal: a wrapping Flex with growing items, Flex
    /// containers nested in alternating directions, and stacks around a Flex.
    private func trees() -> [AnyComponent<Empty>] {
        var items: [AnyComponent<Empty>] = []
        for i in 0..<40 {
            let width = Double(10 + (i * 7) % 50), height = Double(8 + (i * 5) % 20)
            let grow: Double = i % 3 == 0 ? 1 : 0
            items.append(AnyComponent(FlexItem(leaf(width, height), grow: grow)))
        }
        let wrapping = AnyComponent(Flex(items, wrap: true, gap: 4))
        var nested = leaf(30, 12)
        for depth in 0..<12 {
            nested = AnyComponent(Flex([AnyComponent(FlexItem(nested, grow: 1)), leaf(Double(5 + depth), 6)],
                                       direction: depth % 2 == 0 ? .row : .column))
        }
        let stacks = AnyComponent(VStack([
            AnyComponent(HStack([leaf(40, 10), AnyComponent(Spacer()), leaf(60, 20)], spacing: 8)),
            wrapping,
            AnyComponent(HStack([leaf(25, 25), nested], spacing: 2)),
        ], spacing: 6))
        return [wrapping, nested, stacks]
    }

    private let proposals = [ProposedSize(Size(300, 400)), ProposedSize(Size(120, 400)), .unspecified,
                             ProposedSize(width: 0, height: nil), ProposedSize(Size(300, 400))]

    func testAKeptTree_AnswersAsANewTree_AtEveryProposal_WithAndWithoutMarkingItDirty() {
        for (t, component) in trees().enumerated() {
            let kept = LayoutTree(component)
            let dirtied = LayoutTree(component)
            for proposal in proposals {
                let fresh = LayoutEngine.layout(component, proposal: proposal)
                XCTAssertEqual(kept.layout(proposal), fresh, "tree \(t), \(proposal): kept answers")
                dirtied.markDirty()
                XCTAssertEqual(dirtied.layout(proposal), fresh, "tree \(t), \(proposal): after markDirty")
            }
        }
    }

    /// The frames a Flex root gave its items, and theirs below, in order.
    private func frames(_ node: LayoutNode) -> [Rect?] {
        node.flexChildNodes().flatMap { child -> [Rect?] in
            let item = unsafeDowncast(child, to: LayoutNode.self)
            return [item.flexFrame] + (item.flexInfo.containerNode.map(frames) ?? [])
        }
    }

    func testAKeptTree_PlacesItsItemsAsANewTree_AfterLayingOutAtOtherProposals() {
        for (t, component) in trees().enumerated().prefix(2) {
            let kept = LayoutTree(component)
            for proposal in proposals {
                _ = kept.layout(proposal)
                let fresh = LayoutTree(component)
                _ = fresh.layout(proposal)
                let placed = frames(fresh.root)
                XCTAssertFalse(placed.isEmpty)
                XCTAssertFalse(placed.contains(nil), "tree \(t): every item placed")
                XCTAssertEqual(frames(kept.root), placed, "tree \(t), \(proposal): kept frames")
                kept.markDirty()
                _ = kept.layout(proposal)
                XCTAssertEqual(frames(kept.root), placed, "tree \(t), \(proposal): frames after markDirty")
            }
        }
    }

    func testAnAnsweredProposal_MeasuresNothing_AndMarkDirty_MeasuresAsMuchAsANewTree() {
        for (t, component) in trees().enumerated() {
            let proposal = ProposedSize(Size(250, 400))
            counter.count = 0
            _ = LayoutEngine.layout(component, proposal: proposal)
            let fromScratch = counter.count
            XCTAssertGreaterThan(fromScratch, 0)

            let tree = LayoutTree(component)
            counter.count = 0
            _ = tree.layout(proposal)
            XCTAssertEqual(counter.count, fromScratch, "tree \(t): its first layout measures as a new tree does")
            counter.count = 0
            _ = tree.layout(proposal)
            XCTAssertEqual(counter.count, 0, "tree \(t): the same proposal again is a lookup")
            tree.markDirty()
            _ = tree.layout(proposal)
            XCTAssertEqual(counter.count, fromScratch, "tree \(t): after markDirty every leaf is measured again")
        }
    }

    /// A flex node reads how definite its sizes are when a percentage or ratio is in its
    /// own styles or anywhere below it through flex containers; the chain beside it, and
    /// the nodes under the percentage, read none.
    func testANodeReadsDefinitenessWhereAPercentageIsInItsSubtree() throws {
        /// Four containers, the innermost holding `innermost` (an item as it is), each
        /// outer one the one inside as a growing item, each beside a plain leaf.
        func chain(_ innermost: AnyComponent<Empty>) -> AnyComponent<Empty> {
            var nested = AnyComponent(Flex([innermost, leaf(5, 6)]))
            for depth in 1..<4 {
                nested = AnyComponent(Flex([AnyComponent(FlexItem(nested, grow: 1)), leaf(5, 6)],
                                           direction: depth % 2 == 0 ? .row : .column))
            }
            return nested
        }
        let percentage = AnyComponent(FlexItem(leaf(30, 12), box: BoxStyle(height: .percent(0.5))))
        let ratio = AnyComponent(FlexItem(leaf(30, 12), box: BoxStyle(aspectRatio: 2)))
        for (name, innermost, reads) in [("points", AnyComponent(FlexItem(leaf(30, 12), box: BoxStyle(width: .points(8)))), false),
                                         ("percentage", percentage, true), ("ratio", ratio, true)] {
            let tree = LayoutTree(AnyComponent(Flex([chain(innermost), chain(leaf(7, 7))])))
            _ = tree.layout(ProposedSize(Size(300, 400)))
            let sides = tree.root.flexChildNodes().map { unsafeDowncast($0, to: LayoutNode.self) }
            XCTAssertEqual(sides.count, 2)
            XCTAssertEqual(tree.root.flexInfo.readsDefiniteness, reads, name)
            // Down the first chain: each container, then its growing item's.
            var node = sides[0]
            var depth = 0
            while let container = node.flexInfo.containerNode {
                XCTAssertEqual(node.flexInfo.readsDefiniteness, reads, "\(name), depth \(depth)")
                let children = container.flexChildNodes().map { unsafeDowncast($0, to: LayoutNode.self) }
                XCTAssertEqual(children.count, 2)
                XCTAssertFalse(children[1].flexInfo.readsDefiniteness, "\(name), depth \(depth): the plain leaf")
                node = children[0]
                depth += 1
            }
            XCTAssertEqual(depth, 4, name)
            XCTAssertEqual(node.flexInfo.readsDefiniteness, reads, "\(name): the innermost item")
            XCTAssertFalse(sides[1].flexInfo.readsDefiniteness, "\(name): the chain beside it")
        }
    }

    /// A `Flex` inside a wrapper that lays out as its content (a `FlexItem` here) is
    /// placed as a root `Flex` is: every item gets the frame it gets without the wrapper.
    func testAFlexInsideAWrapperAtTheRootPlacesItsItems() throws {
        for (t, component) in trees().enumerated().prefix(2) {
            let wrapped = LayoutTree(AnyComponent(FlexItem(component)))
            let bare = LayoutTree(component)
            for proposal in proposals {
                wrapped.markDirty()
                bare.markDirty()
                XCTAssertEqual(wrapped.layout(proposal), bare.layout(proposal), "tree \(t), \(proposal)")
                let content = try XCTUnwrap(wrapped.root.flexInfo.containerNode, "tree \(t)")
                let placed = frames(content)
                XCTAssertFalse(placed.isEmpty)
                XCTAssertFalse(placed.contains(nil), "tree \(t), \(proposal): every item placed")
                XCTAssertEqual(placed, frames(bare.root), "tree \(t), \(proposal)")
            }
        }
    }
}
