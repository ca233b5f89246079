import GoldenTesting
import Raster
@testable import SeedStyling
import XCTest

/// A badge style of the test's own: the text in a red frame.
private struct FramedBadgeStyle: ComponentStyle {
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
            let style = context.environment.styles(for: Badge.self).last ?? AnyComponentStyle(base: Badge.defaultStyle)
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

/// A chip whose styles compose (the article's `ComposableStyling`).
private struct Chip: StylableComponent, ComposableStyling {
    struct Configuration {
        let text: String
    }
    var configuration: Configuration
    init(_ configuration: Configuration) { self.configuration = configuration }
    static var defaultStyle: any ComponentStyle<Chip> { PlainChipStyle() }
}

private struct PlainChipStyle: ComponentStyle {
    typealias Component = Chip
    func makeBody(configuration: Chip.Configuration) -> some View {
        Text(configuration.text).padding(4)
    }
}

/// A ring around what the styles inside it made.
private struct RingChipStyle: ComponentStyle {
    typealias Component = Chip
    let color: Color
    func makeBody(configuration: Chip.Configuration) -> some View {
        Chip(configuration).padding(3).border(color, width: 2)
    }
}

/// Records the array the environment holds where it is.
private final class Seen { var array: [Int]? }
private struct ArrayReader: View {
    @Environment(\.array) var array
    let seen: Seen
    var body: some View {
        seen.array = array
        return Color.clear
    }
}

/// The article's `Padded`, with the inner button made through the initializer the article
/// quotes from SwiftUI's documentation.
private struct PaddedThroughQuotedInitializer<B: DocumentedButtonInitializer & Raster.Component>: PrimitiveButtonStyle
    where B.EnvironmentType == Empty {
    func makeBody(configuration: Configuration) -> some View {
        ComponentAsView(B(configuration)).padding()
    }
}

/// The article's badge whose body is inferred (`DefaultComponentBody<InferredBadge>`),
/// drawn as the module's badge.
private struct InferredBadge: StylableComponent {
    struct Configuration {
        let text: String
        let image: Image?
    }
    static var defaultStyle: any ComponentStyle<InferredBadge> { InferredBadgeStyle() }

    var configuration: Configuration
    init(text: String, image: Image?) {
        configuration = .init(text: text, image: image)
    }
}

private struct InferredBadgeStyle: ComponentStyle {
    typealias Component = InferredBadge
    func makeBody(configuration: InferredBadge.Configuration) -> some View {
        DefaultBadgeStyle().makeBody(configuration: Badge.Configuration(text: configuration.text, image: configuration.image))
    }
}

/// A button style written as the article writes styles: a view body.
private struct RingedButtonStyle: ComponentStyle {
    typealias Component = Button
    func makeBody(configuration: Button.Configuration) -> some View {
        ComponentAsView(configuration.label).padding(4).border(.red, width: 2)
    }
}

/// A badge style whose body is a type that is both a view and a component.
private struct TextOnlyBadgeStyle: ComponentStyle {
    typealias Component = Badge
    func makeBody(configuration: Badge.Configuration) -> Text {
        Text(configuration.text)
    }
}

/// The styling article's generic styling (Examples/Seeds/Styling) over the library's own
/// protocols: one style protocol for every stylable component, style stacks in the
/// environment by component type, composable styles.
final class SeedStylingArticleTests: XCTestCase {
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
        XCTAssertEqual(AnyComponentStyle<Badge>(base: FramedBadgeStyle()),
                       AnyComponentStyle<Badge>(base: FramedBadgeStyle()))
        XCTAssertNotEqual(AnyComponentStyle<Badge>(base: FramedBadgeStyle()),
                          AnyComponentStyle<Badge>(base: FramedBadgeStyle(color: .blue)))
        XCTAssertNotEqual(AnyComponentStyle<Badge>(base: FramedBadgeStyle()),
                          AnyComponentStyle<Badge>(base: DefaultBadgeStyle()))
    }

    func testEqualStylesKeepTheStyledComponentSkipped() throws {
        let host = ComponentHost<Empty>()
        // A sibling whose colour changes on every pass (its size does not), so the
        // subtree under the style is visited each time and the badge itself decides
        // whether it updates.
        var pass = 0
        let styled = { (color: Color) -> AnyComponent<Empty> in
            pass += 1
            let content = HStack(alignment: .top, spacing: 4) {
                ComponentAsView(StyledBadge(text: "New"))
                Rectangle(fill: .color(.fixed(Color(r: UInt8(pass), g: 0, b: 0))), width: 4, height: 4)
            }
            return AnyComponent(ViewComponent(ComponentAsView(content).style(FramedBadgeStyle(color: color))))
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

    private func grouped(_ color: Color) -> GroupedComponentStyle<Chip, RingChipStyle> {
        .init(style: RingChipStyle(color: color))
    }

    func testEnvironmentTransformsReachTheLeafInReverseOrder() throws {
        let seen = Seen()
        _ = try ComponentHost.render(ViewComponent(ArrayReader(seen: seen).addValue(1).addValue(2).addValue(3)),
                                     size: Size(10, 10))
        XCTAssertEqual(seen.array, [3, 2, 1], "the article's [3, 2, 1]")
        let clear = try ComponentHost.render(ViewComponent(AddValueExample()), size: Size(10, 10), background: .white)
        XCTAssertEqual(clear[5, 5], Color.white.premultiplied, "Color.clear draws nothing")
    }

    func testComposableStylesWrapTheStylesInsideThem() throws {
        let chip = ViewComponent(Chip(.init(text: "Chip")).style(grouped(.blue)).style(grouped(.red)))
        let image = try ComponentHost.render(chip, size: Size(100, 50), background: .white)
        let row = StylingPixels.runs(row: image.height / 4, in: image, skip: [.white])
        XCTAssertEqual(row.first, .blue, "the first modifier's style is outermost")
        XCTAssertTrue(row.contains(.red), "and the red ring is inside it")
        assertGolden(of: chip, size: Size(70, 40), scale: 2, background: .white, named: "seeds/styling-composable-chip@2x")
    }

    func testPrimitiveButtonStylesComposeAsInTheArticle() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(ViewComponent(ContentView())), containerSize: Size(120, 80))
        let image = try host.render(background: .white)
        let row = StylingPixels.runs(row: 20, in: image, skip: [.white])
        XCTAssertEqual(row.first, .blue, "Bordered(color: .blue) outermost")
        XCTAssertTrue(row.contains(.red), "Bordered() innermost, after the padding")
        assertGolden(of: ViewComponent(ContentView()), size: Size(110, 60), scale: 2, background: .white,
                     named: "seeds/styling-composable-button@2x")

        var taps = 0
        let styled = Button("Tap") { taps += 1 }.buttonStyle(Padded()).buttonStyle(Bordered())
        host.update(component: AnyComponent(ViewComponent(styled)), containerSize: Size(120, 80))
        XCTAssertTrue(host.tap(at: Point(20, 20)))
        XCTAssertEqual(taps, 1, "the styled button acts; the inner Button(configuration) does not")
    }

    func testQuotedInitializerIsTheOneButtonConfigurationCalls() throws {
        let quoted = Button("Test") {}
            .buttonStyle(Bordered(color: .blue))
            .buttonStyle(PaddedThroughQuotedInitializer<Button>())
            .buttonStyle(Bordered())
        let image = try ComponentHost.render(ViewComponent(quoted), size: Size(110, 60), background: .white)
        let article = try ComponentHost.render(ViewComponent(ContentView()), size: Size(110, 60), background: .white)
        XCTAssertEqual(StylingPixels.runs(row: 20, in: image, skip: [.white]).first, .blue, "the styles still compose")
        XCTAssertTrue(image.pixelsEqual(article), "the same button as the article's ContentView")
    }

    func testBadgeWithInferredBodyShowsItsDefaultStyle() throws {
        let canvas = Color(r: 0xD1, g: 0xD1, b: 0xD6)
        let badge = ViewComponent(InferredBadge(text: "Inferred", image: nil))
        let image = try ComponentHost.render(badge, size: Size(140, 60), background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.white, in: image), 500, "the default style's capsule, through DefaultComponentBody")
        assertGolden(of: badge, size: Size(140, 60), scale: 2, background: canvas, named: "seeds/styling-inferred-badge@2x")
    }

    /// The library's `Button` takes a style with a view body, and keeps its presses; a
    /// style whose body is both a view and a component draws the component.
    func testViewBodiedStylesOnComponentsAndComponentBodiedStylesOnViews() throws {
        var taps = 0
        let host = ComponentHost<Empty>()
        let button = Button("Go") { taps += 1 }.style(RingedButtonStyle())
        host.update(component: button, containerSize: Size(100, 50))
        let ringed = try host.render(background: .white)
        XCTAssertGreaterThan(StylingPixels.count(.red, in: ringed), 60, "the view body's border")
        XCTAssertTrue(host.tap(at: Point(3, 3)))
        XCTAssertEqual(taps, 1, "the styled button still takes the press")

        let canvas = Color(r: 0xD1, g: 0xD1, b: 0xD6)
        let plain = try ComponentHost.render(ViewComponent(Badge(text: "New").style(TextOnlyBadgeStyle())),
                                             size: Size(120, 60), background: canvas)
        XCTAssertLessThan(StylingPixels.count(.white, in: plain), 10, "no capsule: the text alone")
        XCTAssertGreaterThan(StylingPixels.count(.black, in: plain), 5, "the text")
    }
}
