import RasterComponents
import RasterCore
import RasterLayers
import RasterLayout
import XCTest

/// A leaf that counts how often it is measured and updated, and records the proposal
/// its view was last updated for.
private final class Probe: @unchecked Sendable {
    var measures = 0
    var updates = 0
}

private struct Measured: Component {
    let probe: Probe
    /// Its width at any proposal: half the proposed width, at most 40 (ideal 40).
    static func == (a: Measured, b: Measured) -> Bool { a.probe === b.probe }

    func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Measured>) -> Size {
        probe.measures += 1
        return Size(width: min(40, (proposal.width ?? 80) / 2), height: 10)
    }

    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        probe.updates += 1
        view.layer.opacity = 0.5
        return Size(width: min(40, availableSize.width / 2), height: 10)
    }
}

/// A ComponentFlow leaf with no `sizeThatFits` of its own: it is measured by its
/// `update` on a scratch view. Its width is whatever it is offered, up to 120.
private struct Greedy: Component {
    let probe: Probe
    static func == (a: Greedy, b: Greedy) -> Bool { a.probe === b.probe }

    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        probe.updates += 1
        view.layer.opacity = availableSize.width.isFinite ? availableSize.width / 1000 : 1
        return Size(width: min(120, availableSize.width), height: 10)
    }
}

/// A combined component with no `sizeThatFits`: measured by running its body with its
/// child measured instead of updated.
private struct Labelled: CombinedComponent {
    let text: String
    static var body: Body {
        let label = Child(Text.self)
        return { context in
            let c = label.update(component: Text(context.component.text), availableSize: context.availableSize,
                                 transition: context.transition)
            context.add(c.position(Point(x: 4 + c.size.width / 2, y: c.size.height / 2)))
            return Size(width: c.size.width + 8, height: c.size.height)
        }
    }
}

final class LayoutProtocolTests: XCTestCase {
    private func host(_ component: AnyComponent<Empty>, _ size: Size) -> ComponentHost<Empty> {
        let host = ComponentHost<Empty>()
        host.update(component: component, containerSize: size)
        return host
    }

    /// The first frame of each view under the host's root, depth first.
    private func frames(_ view: ComponentView) -> [Rect] {
        view.subviews.flatMap { [$0.frame] + frames($0) }
    }

    func testMeasuring_DoesNotUpdateViews() {
        let probe = Probe()
        let row = AnyComponent(HStack([AnyComponent(Measured(probe: probe)), AnyComponent(Spacer())]))
        _ = host(row, Size(200, 50))
        XCTAssertEqual(probe.updates, 1, "the view is updated once, for its place")
        // Alone in the first priority group (the Spacer's is minus infinity), it needs no
        // minimum or maximum: the stack measures it at its share only.
        XCTAssertGreaterThanOrEqual(probe.measures, 1, "the stack measured it for its share")
    }

    func testMeasurements_AreCachedPerProposal_SoNestingStaysLinear() {
        // 12 nested stacks, alternating axes, each asking its child for several
        // proposals: without a cache per proposal that is 3^12 measurements.
        let probe = Probe()
        var c = AnyComponent(Measured(probe: probe))
        for level in 0..<12 {
            c = level % 2 == 0 ? AnyComponent(HStack([c, AnyComponent(Spacer())], spacing: 1))
                               : AnyComponent(VStack([c, AnyComponent(Spacer())], spacing: 1))
        }
        _ = host(c, Size(400, 400))
        XCTAssertLessThan(probe.measures, 60, "measured \(probe.measures) times")
        XCTAssertEqual(probe.updates, 1)
    }

    func testComponentFlowLeaf_IsMeasuredOnAScratchView() throws {
        let probe = Probe()
        let row = AnyComponent(HStack([AnyComponent(Greedy(probe: probe)), AnyComponent(Rectangle(width: 30, height: 10))],
                                      spacing: 0))
        let h = host(row, Size(100, 20))
        // Offered 0 and infinity to learn its flexibility, then its share: the retained view
        // saw only the last, and the greedy leaf takes what is left after the rectangle.
        XCTAssertGreaterThan(probe.updates, 1)
        let leaf = try XCTUnwrap(h.view.subviews.first?.subviews.first)
        XCTAssertEqual(leaf.frame.width, 70)
        XCTAssertEqual(leaf.layer.opacity, 0.07, accuracy: 1e-9)
    }

    func testCombinedComponent_IsMeasuredByItsBody() throws {
        let alone = try XCTUnwrap(Text("Section").sizeThatFitsForTesting())
        let row = AnyComponent(HStack([AnyComponent(Labelled(text: "Section")), AnyComponent(Spacer())]))
        let h = host(row, Size(300, 40))
        let labelled = try XCTUnwrap(h.view.subviews.first?.subviews.first)
        XCTAssertEqual(labelled.frame.width, alone.width + 8, "its body measured its Text at its ideal width")
    }

    func testLayoutPriority_ServesHigherFirst() throws {
        // A day, a long title and a greedy bar in a row just wide enough for the day and
        // the title: with priority the title is served first (the others held to their
        // minimum: the day's word, the bar's 0); without it the title shares with the bar.
        let long = "A title that is long enough to need most of the row"
        func row(_ priority: Double) -> AnyComponent<Empty> {
            AnyComponent(HStack([AnyComponent(Text("Mon")), AnyComponent(Text(long)).layoutPriority(priority),
                                 AnyComponent(Rectangle(height: 4))]))
        }
        let ideal = try XCTUnwrap(Text(long).sizeThatFitsForTesting())
        let day = try XCTUnwrap(Text("Mon").sizeThatFitsForTesting())
        let width = ideal.width + day.width
        let h = host(row(1), Size(width, 200))
        let title = try XCTUnwrap(h.view.subviews.first?.subviews[1])
        XCTAssertEqual(title.frame.width, ideal.width, "the prioritised text keeps its ideal width")
        XCTAssertEqual(title.frame.height, ideal.height, "on one line")
        let even = host(row(0), Size(width, 200))
        let shared = try XCTUnwrap(even.view.subviews.first?.subviews[1])
        XCTAssertLessThan(shared.frame.width, ideal.width, "without priority the title shares the row with the bar")
        XCTAssertGreaterThan(shared.frame.height, ideal.height, "and wraps")
    }

    func testFixedSize_TakesTheIdealSize() throws {
        let ideal = try XCTUnwrap(Text("Never wraps").sizeThatFitsForTesting())
        let h = host(AnyComponent(Text("Never wraps")).fixedSize(), Size(30, 100))
        XCTAssertEqual(h.size, ideal)
        let horizontal = host(AnyComponent(Rectangle()).fixedSize(horizontal: true, vertical: false), Size(30, 100))
        XCTAssertEqual(horizontal.size, Size(0, 100), "a shape has no ideal width; its height follows the proposal")
    }

    func testLayoutEngine_MeasuresWithoutViews() {
        let flex = AnyComponent(Flex([AnyComponent(FlexItem(AnyComponent(Rectangle(width: 30, height: 20)), grow: 1)),
                                      AnyComponent(Rectangle(width: 10, height: 40))]))
        XCTAssertEqual(LayoutEngine.layout(flex, proposal: ProposedSize(Size(200, 100))), Size(200, 40),
                       "a Flex outside a Flex: the proposed width, its content's height")
        XCTAssertEqual(LayoutEngine.layout(flex, proposal: .unspecified), Size(40, 40), "at max-content")
    }
}

extension Text {
    /// The size this text takes alone at its ideal size.
    func sizeThatFitsForTesting() -> Size? {
        LayoutEngine.layout(AnyComponent(self), proposal: .unspecified)
    }
}
