import Raster
import RasterComponents
import RasterViews
import XCTest

/// Counts updates of the dynamic properties sharing it.
private final class Updates: @unchecked Sendable {
    var count = 0
}

/// A dynamic property made of another (as the article's `DefaultingState` is): both
/// are updated before the body, the inner one first.
private struct Outer: DynamicProperty {
    struct Inner: DynamicProperty {
        let log: Updates
        mutating func update() { log.count += 1 }
    }
    var inner: Inner
    let log: Updates
    mutating func update() { log.count += 10 }
}

private struct Counted: View {
    let property: Outer
    var body: some View {
        // The body sees the updates already made.
        ComponentAsView(RasterComponents.Rectangle(fill: .color(.fixed(.black)), width: Double(property.log.count), height: 4))
    }
}

/// SwiftUI calls `update()` on a view's dynamic properties before its body.
final class ViewDynamicPropertyTests: XCTestCase {
    func testDynamicPropertiesAreUpdatedBeforeTheBody() throws {
        let log = Updates()
        let host = ComponentHost<Empty>()
        let size = host.update(component: AnyComponent(ViewComponent(Counted(property: Outer(inner: .init(log: log), log: log)))),
                               containerSize: Size(100, 100))
        XCTAssertEqual(log.count, 11, "the outer property and the one inside it, once each")
        XCTAssertEqual(size.width, 11, "before the body read it")
    }
}

/// A bar as wide as its count, counting up on a tap.
private struct TapCounter: View {
    @State var count = 1
    var body: some View {
        ComponentAsView(RasterComponents.Rectangle(fill: .color(.fixed(.black)), width: Double(count * 10), height: 10))
            .onTapGesture { count += 1 }
    }
}

private struct TwoCounters: View {
    var body: some View {
        HStack(alignment: .top, spacing: 10) {
            TapCounter()
            TapCounter()
        }
    }
}

private struct OneCounter: View {
    var body: some View { TapCounter() }
}

/// `@State` lives as long as its view's place in the tree and updates the view when set.
final class ViewStateTests: XCTestCase {
    /// Black pixels per bar row: the bars' total width.
    private func barWidth(_ host: ComponentHost<Empty>) throws -> Int {
        let image = try host.render(scale: 1, background: .white)
        return (0..<image.width).filter { image[$0, 5].r < 50 }.count
    }

    func testStatePersistsPerViewIdentityAndSettingItUpdates() throws {
        let host = ComponentHost<Empty>()
        let size = Size(200, 10)
        host.update(component: AnyComponent(ViewComponent(TwoCounters())), containerSize: size)
        XCTAssertEqual(try barWidth(host), 20)
        XCTAssertTrue(host.tap(at: Point(5, 5)))
        XCTAssertEqual(try barWidth(host), 30, "setting the first counter's state updated the tree at once")
        XCTAssertTrue(host.tap(at: Point(5, 5)))
        XCTAssertEqual(try barWidth(host), 40, "the first counter now counts 3, the second still 1")
        // The parent makes its views again: each state stays with its place.
        host.update(component: AnyComponent(ViewComponent(TwoCounters())), containerSize: size)
        XCTAssertEqual(try barWidth(host), 40)
        XCTAssertTrue(host.tap(at: Point(45, 5)), "the second counter, right of the first (30 + 10)")
        XCTAssertEqual(try barWidth(host), 50)
        // Another tree at the root: its views have other identities, so fresh states.
        host.update(component: AnyComponent(ViewComponent(OneCounter())), containerSize: size)
        XCTAssertEqual(try barWidth(host), 10)
    }
}
