import GoldenTesting
import Raster
@testable import SeedStylingGeneric
import XCTest

/// A badge style of the test's own: the text in a red frame.
private struct FramedBadgeStyle: SeedStylingGeneric.ComponentStyle {
    typealias Component = Badge
    var color = Color.red

    func makeBody(configuration: Badge.Configuration) -> some View {
        Text(configuration.text)
            .padding(6)
            .border(color, width: 2)
    }
}

/// A regular design-system button style: the label on a green capsule.
private struct CapsuleDSButtonStyle: DSButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(8)
            .background { Capsule().fill(Color.green) }
    }
}

/// Shows a badge drawn by the badge style in effect where it is, read as a tracked
/// environment value: like a SwiftUI view depending on the style, it is updated again
/// only when the style it read changed, which for the article's type-erased style is
/// decided by its `==`.
private struct StyledBadge: CombinedComponent {
    let text: String

    static var body: Body {
        let badge = Child(AnyComponent<Empty>.self)
        return { context in
            let style = context.environment[key: SeedStylingGeneric.ComponentStyleKey<Badge>.self]
            let view = style.erasedBody(configuration: Badge.Configuration(text: context.component.text, image: nil))
            let shown = badge.update(component: view._component(environment: context.environment.untrackedValues),
                                     availableSize: context.availableSize, transition: context.transition)
            context.add(shown.position(.zero).anchorPoint(.zero))
            return shown.size
        }
    }
}

/// A design-system button styled as a capsule, counting votes in a `@State` the view
/// keeps across updates.
private struct VoteCounter: View {
    @State var votes = 0

    var body: some View {
        HStack(alignment: .center, spacing: 8) {
            DSButton(action: { votes += 1 }, label: Text("Vote")).style(.button(CapsuleDSButtonStyle()))
            Text("\(votes) votes")
        }
    }
}

/// The styling article's generic stage (Examples/Seeds/StylingGeneric): one style
/// protocol for every stylable component, styles in the environment by component type.
final class SeedStylingGenericTests: XCTestCase {
    private let canvas = Color(r: 0xD1, g: 0xD1, b: 0xD6)

    func testDefaultStyleAndStylesInstalledByTypeOrGrouped() throws {
        let plain = try ComponentHost.render(ViewComponent(Badge(text: "New")), size: Size(120, 60), background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.white, in: plain), 500, "the default style's capsule")
        XCTAssertEqual(StylingPixels.count(.red, in: plain), 0)

        let framed = ViewComponent(Badge(text: "New").style(FramedBadgeStyle()))
        let image = try ComponentHost.render(framed, size: Size(120, 60), background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.red, in: image), 60, "the installed style's frame")
        XCTAssertLessThan(StylingPixels.count(.white, in: image), 10, "instead of the default")
        let grouped = ViewComponent(Badge(text: "New").style(.badge(FramedBadgeStyle(color: .blue))))
        XCTAssertGreaterThan(StylingPixels.count(.blue, in: try ComponentHost.render(grouped, size: Size(120, 60))), 60)
        let defaulted = ViewComponent(Badge(text: "New").style(.badge(.default)))
        XCTAssertGreaterThan(StylingPixels.count(.white, in: try ComponentHost.render(defaulted, size: Size(120, 60),
                                                                                     background: canvas)), 500)
        assertGolden(of: framed, size: Size(80, 40), scale: 2, background: canvas, named: "seeds/styling-generic-framed@2x")
    }

    func testTypeErasedStylesCompareTheirPropertiesThroughMirror() {
        XCTAssertEqual(SeedStylingGeneric.AnyComponentStyle<Badge>(base: FramedBadgeStyle()),
                       SeedStylingGeneric.AnyComponentStyle<Badge>(base: FramedBadgeStyle()))
        XCTAssertNotEqual(SeedStylingGeneric.AnyComponentStyle<Badge>(base: FramedBadgeStyle()),
                          SeedStylingGeneric.AnyComponentStyle<Badge>(base: FramedBadgeStyle(color: .blue)))
        XCTAssertNotEqual(SeedStylingGeneric.AnyComponentStyle<Badge>(base: FramedBadgeStyle()),
                          SeedStylingGeneric.AnyComponentStyle<Badge>(base: DefaultBadgeStyle()))
    }

    func testEqualStylesKeepTheStyledComponentSkipped() throws {
        let host = ComponentHost<Empty>()
        let styled = { (color: Color) in
            AnyComponent(ViewComponent(ComponentAsView(StyledBadge(text: "New")).style(FramedBadgeStyle(color: color))))
        }
        let name = String(describing: StyledBadge.self)
        host.update(component: styled(.red), containerSize: Size(120, 60))
        XCTAssertGreaterThan(StylingPixels.count(.red, in: try host.render()), 60, "the installed style's frame")
        let updates = host.statistics.updatesByType[name, default: 0]
        let skips = host.statistics.skipsByType[name, default: 0]
        XCTAssertEqual(updates, 1)

        host.update(component: styled(.red), containerSize: Size(120, 60))
        XCTAssertEqual(host.statistics.updatesByType[name, default: 0], updates,
                       "an equal style set again: the body is not run \(host.statistics.lastPass)")
        XCTAssertEqual(host.statistics.skipsByType[name, default: 0], skips + 1)

        host.update(component: styled(.blue), containerSize: Size(120, 60))
        XCTAssertEqual(host.statistics.updatesByType[name, default: 0], updates + 1, "a different style: updated")
        XCTAssertEqual(host.statistics.skipsByType[name, default: 0], skips + 1)
        let image = try host.render()
        XCTAssertGreaterThan(StylingPixels.count(.blue, in: image), 60)
        XCTAssertEqual(StylingPixels.count(.red, in: image), 0)
    }

    func testDesignSystemButtonTriggersThroughEitherStyleProtocol() throws {
        var taps = 0
        let button = DSButton(action: { taps += 1 }, label: Text("Go"))
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(ViewComponent(button)), containerSize: Size(100, 50))
        XCTAssertTrue(host.tap(at: Point(8, 8)), "the default style's tap gesture")
        XCTAssertEqual(taps, 1)

        let styled = ViewComponent(button.style(.button(CapsuleDSButtonStyle())))
        host.update(component: AnyComponent(styled), containerSize: Size(100, 50))
        XCTAssertTrue(host.tap(at: Point(15, 15)), "the wrapper adds the tap to the regular style")
        XCTAssertEqual(taps, 2)
        XCTAssertGreaterThan(StylingPixels.count(.green, in: try host.render()), 200)
        assertGolden(of: styled, size: Size(60, 40), scale: 2, background: canvas, named: "seeds/styling-ds-button@2x")
    }

    /// The styled design-system button in a view whose `@State` counts its taps: each tap
    /// updates the view by itself, and the count survives the parent's next update.
    func testStyledButtonsWithStateCountTheirTaps() throws {
        let host = ComponentHost<Empty>()
        let size = Size(150, 40)
        host.update(component: AnyComponent(ViewComponent(VoteCounter())), containerSize: size)
        assertGolden(of: try host.render(scale: 2, background: canvas), named: "seeds/styling-votes-0@2x")
        XCTAssertTrue(host.tap(at: Point(20, 20)))
        XCTAssertTrue(host.tap(at: Point(20, 20)))
        host.update(component: AnyComponent(ViewComponent(VoteCounter())), containerSize: size)
        assertGolden(of: try host.render(scale: 2, background: canvas), named: "seeds/styling-votes-2@2x")
    }
}
