import RasterCore
@testable import RasterComponents
import XCTest

/// `UpdatedChildComponent` keeps the modifiers few children get in a shared box: setting
/// one must keep the others, and must never change a box another child holds.
final class ChildModifierTests: XCTestCase {
    private func child() -> UpdatedChildComponent {
        UpdatedChildComponent(view: ComponentView(), size: Size(width: 10, height: 10), transition: .immediate)
    }

    func testRareModifiers_AccumulateAndKeepTheCommonOnes() {
        let fade = ChildTransition(opacity: 0)
        let c = child().position(Point(x: 5, y: 6)).scale(2).opacity(0.5).cornerRadius(3).clipsToBounds(true)
            .appear(fade).anchorPoint(Point(x: 0, y: 0))
        XCTAssertEqual(c.position, Point(x: 5, y: 6))
        XCTAssertEqual(c.opacity, 0.5)
        XCTAssertEqual(c.scale, 2)
        XCTAssertEqual(c.cornerRadius, 3)
        XCTAssertEqual(c.clipsToBounds, true)
        XCTAssertEqual(c.appear, fade)
        XCTAssertEqual(c.anchorPoint, Point(x: 0, y: 0))
        XCTAssertNil(c.disappear)
        XCTAssertEqual(c.frame, Rect(x: 5, y: 6, width: 10, height: 10), "placed by its top-left anchor")
    }

    /// A stack's children share one box of default transitions; a child with a rare
    /// modifier of its own gets both, and the shared box is left as it was.
    func testStackDefaults_AreSharedAndNeverChangedByAChildsOwnModifiers() {
        let slide = ChildTransition(offset: Point(x: 0, y: 20)), pop = ChildTransition(scale: 0.5)
        let defaults = OutOfLine(RareChildModifiers(defaultAppear: slide, defaultDisappear: slide))
        let plain = child().transitionsByDefault(defaults)
        let scaled = child().scale(3).transitionsByDefault(defaults)
        let appearing = plain.appear(pop)
        XCTAssertEqual(plain.defaultAppear, slide)
        XCTAssertEqual(plain.defaultDisappear, slide)
        XCTAssertEqual(scaled.scale, 3)
        XCTAssertEqual(scaled.defaultAppear, slide)
        XCTAssertEqual(scaled.defaultDisappear, slide)
        XCTAssertEqual(appearing.appear, pop)
        XCTAssertEqual(appearing.effectiveAppear, pop, "the parent's appear wins over the default")
        XCTAssertNil(plain.appear, "setting a modifier on a copy leaves the shared box alone")
        XCTAssertNil(defaults.value.scale)
        XCTAssertNil(defaults.value.appear)
        XCTAssertEqual(plain.effectiveAppear, slide)
    }
}
