import RasterComponents
import RasterCore
import RasterLayout
import XCTest

/// Counts the measurements of each probe by name.
private final class Tally: @unchecked Sendable {
    var measured: [String: Int] = [:]
}

private enum ProbeScaleKey: EnvironmentKey { static var defaultValue: Double { 1 } }

/// A leaf that counts how often it is measured: as wide as `width` (times the scale the
/// environment gives, when `readsScale`), or the width proposed when that is less.
private struct Probe: Component {
    let name: String
    var width: Double
    var readsScale = false
    let tally: Tally

    static func == (a: Probe, b: Probe) -> Bool {
        a.name == b.name && a.width == b.width && a.readsScale == b.readsScale && a.tally === b.tally
    }

    final class State: ComponentState { var extra = 0.0 }
    func makeState() -> State { State() }

    private func size(_ width: Double?, scale: Double, state: State) -> Size {
        let own = self.width * scale + state.extra
        return Size(width: min(own, width ?? own), height: 10)
    }

    func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Probe>) -> Size {
        tally.measured[name, default: 0] += 1
        let scale = readsScale ? context.environment[key: ProbeScaleKey.self] : 1
        return size(proposal.width, scale: scale, state: context.state)
    }

    func update(view: ComponentView, availableSize: Size, state: State, environment: Environment<Empty>,
                transition: ComponentTransition) -> Size {
        size(availableSize.width, scale: readsScale ? environment[key: ProbeScaleKey.self] : 1, state: state)
    }
}

/// A pass measures only the subtrees whose component, state or environment changed:
/// a layout node made for an untouched view starts with the answers of the last pass.
final class IncrementalLayoutTests: XCTestCase {
    private let tally = Tally()

    private func probe(_ name: String, _ width: Double, readsScale: Bool = false) -> AnyComponent<Empty> {
        AnyComponent(Probe(name: name, width: width, readsScale: readsScale, tally: tally))
    }

    /// Two rows of probes in a list, the second row's first probe `width` wide.
    private func list(_ width: Double, readsScale: Bool = false) -> AnyComponent<Empty> {
        AnyComponent(VStack([
            AnyComponent(HStack([probe("a", 30), probe("b", 40).padding(2)], spacing: 4)),
            AnyComponent(HStack([probe("c", width), probe("d", 20, readsScale: readsScale)], spacing: 4)),
        ], spacing: 2))
    }

    private func frames(_ view: ComponentView) -> [Rect] {
        [view.frame] + view.subviews.flatMap(frames)
    }

    func testAnUntouchedRowIsNotMeasuredAgainWhenItsSiblingChanges() {
        let host = ComponentHost<Empty>()
        host.update(component: list(50), containerSize: Size(300, 200))
        let first = tally.measured
        XCTAssertGreaterThan(first["a", default: 0], 0)
        XCTAssertGreaterThan(first["c", default: 0], 0)

        host.update(component: list(60), containerSize: Size(300, 200))
        XCTAssertEqual(tally.measured["a"], first["a"], "the first row is untouched")
        XCTAssertEqual(tally.measured["b"], first["b"], "the first row is untouched, through its padding")
        XCTAssertGreaterThan(tally.measured["c", default: 0], first["c", default: 0], "the changed probe is measured")

        let fresh = ComponentHost<Empty>()
        fresh.update(component: list(60), containerSize: Size(300, 200))
        XCTAssertEqual(frames(host.view), frames(fresh.view), "the same frames as a tree laid out from scratch")
    }

    func testAChangedEnvironmentValueIsMeasuredAgainByItsReadersOnly() throws {
        let host = ComponentHost<Empty>()
        host.update(component: list(50, readsScale: true), containerSize: Size(300, 200))
        let first = tally.measured
        let d = try XCTUnwrap(host.view.subviews.first?.subviews.last?.subviews.last)
        XCTAssertEqual(d.frame.width, 20)

        host.environmentValues[ProbeScaleKey.self] = 2
        host.updateEnvironment()
        XCTAssertGreaterThan(tally.measured["d", default: 0], first["d", default: 0], "the reader is measured again")
        XCTAssertEqual(tally.measured["a"], first["a"], "a row that reads nothing is untouched")
        XCTAssertEqual(d.frame.width, 40)
    }

    func testAStateChangeIsMeasuredAgain() throws {
        let host = ComponentHost<Empty>()
        host.update(component: list(50), containerSize: Size(300, 200))
        let first = tally.measured
        let a = try XCTUnwrap(host.view.subviews.first?.subviews.first?.subviews.first)
        let state = try XCTUnwrap(a.componentState as? Probe.State)
        state.extra = 15
        state.updated()
        XCTAssertGreaterThan(tally.measured["a", default: 0], first["a", default: 0], "its state changed")
        XCTAssertEqual(tally.measured["c"], first["c"], "the other row is untouched")
        XCTAssertEqual(a.frame.width, 45)
    }

    func testANewProposalMeasuresAgain() {
        let host = ComponentHost<Empty>()
        host.update(component: list(50), containerSize: Size(300, 200))
        let first = tally.measured
        host.update(component: list(50), containerSize: Size(60, 200))
        XCTAssertGreaterThan(tally.measured["a", default: 0], first["a", default: 0], "narrower: asked new proposals")
        let fresh = ComponentHost<Empty>()
        fresh.update(component: list(50), containerSize: Size(60, 200))
        XCTAssertEqual(frames(host.view), frames(fresh.view))
    }

    /// A tree edited step by step lays out as the same tree laid out from scratch, at
    /// every step: texts, stacks, frames, spacers and flex containers, seeded edits.
    func testEditedTreesLayOutAsTreesLaidOutFromScratch() {
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let words = ["a", "tick", "longer label", "x y z w", "Frame", "wrapping text that needs two lines"]
        var labels = (0..<24).map { _ in words[next(words.count)] }
        var widths = (0..<24).map { _ in Double(10 + next(60)) }
        func row(_ i: Int) -> AnyComponent<Empty> {
            let text = AnyComponent(Text(labels[i], font: .system(size: 12)))
            switch i % 4 {
            case 0: return AnyComponent(HStack([text, AnyComponent(Spacer()), probe("p\(i)", widths[i])], spacing: 3))
            case 1: return AnyComponent(HStack([probe("p\(i)", widths[i]), text.frame(maxWidth: 80)]))
            case 2: return AnyComponent(Flex([text, probe("p\(i)", widths[i])], wrap: true, gap: 2))
            default: return AnyComponent(VStack([text, probe("p\(i)", widths[i]).padding(3)], alignment: .leading))
            }
        }
        var rows = (0..<24).map(row)
        func tree() -> AnyComponent<Empty> { AnyComponent(VStack(rows, spacing: 1)) }

        let host = ComponentHost<Empty>()
        host.update(component: tree(), containerSize: Size(220, 900))
        for step in 0..<40 {
            let i = next(rows.count)
            if next(2) == 0 { labels[i] = words[next(words.count)] } else { widths[i] = Double(10 + next(60)) }
            rows[i] = row(i)
            let width = step % 10 == 9 ? Double(160 + next(100)) : 220
            host.update(component: tree(), containerSize: Size(width, 900))
            let fresh = ComponentHost<Empty>()
            fresh.update(component: tree(), containerSize: Size(width, 900))
            XCTAssertEqual(frames(host.view), frames(fresh.view), "step \(step): row \(i) changed")
        }
    }
}
