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
