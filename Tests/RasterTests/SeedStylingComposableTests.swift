import GoldenTesting
import Raster
@testable import SeedStylingComposable
import XCTest

/// A chip whose styles compose (the article's `ComposableStyling`).
private struct Chip: SeedStylingComposable.ComposableStyling {
    struct Configuration {
        let text: String
    }
    var configuration: Configuration
    init(_ configuration: Configuration) { self.configuration = configuration }
    static var defaultStyle: any SeedStylingComposable.ComponentStyle<Chip> { PlainChipStyle() }
}

private struct PlainChipStyle: SeedStylingComposable.ComponentStyle {
    typealias Component = Chip
    func makeBody(configuration: Chip.Configuration) -> some View {
        Text(configuration.text).padding(4)
    }
}

/// A ring around what the styles inside it made.
private struct RingChipStyle: SeedStylingComposable.ComponentStyle {
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

/// The styling article's composable stage (Examples/Seeds/StylingComposable): style
/// stacks in the environment, SwiftUI's composable button styles.
final class SeedStylingComposableTests: XCTestCase {
    private func grouped(_ color: Color) -> SeedStylingComposable.GroupedComponentStyle<Chip, RingChipStyle> {
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
        let badge = ViewComponent(Badge(text: "Inferred", image: nil))
        let image = try ComponentHost.render(badge, size: Size(140, 60), background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.white, in: image), 500, "the default style's capsule, through DefaultComponentBody")
        assertGolden(of: badge, size: Size(140, 60), scale: 2, background: canvas, named: "seeds/styling-inferred-badge@2x")
    }
}
