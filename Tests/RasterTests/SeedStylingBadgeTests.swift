import GoldenTesting
import Raster
import RasterComponents
@testable import SeedStylingBadge
import XCTest

/// Reads the installed badge style from the environment and shows its erased body (the
/// article's badge, with the style's own configuration type).
private struct InstalledStyleReader: View {
    @Environment(\.badgeStyle) var style

    var body: some View {
        style.erasedBody(configuration: BadgeStyleConfiguration(text: "Installed", image: nil))
    }
}

/// The styling article's first stage (Examples/Seeds/StylingBadge).
final class SeedStylingBadgeTests: XCTestCase {
    private let canvas = Color(r: 0xD1, g: 0xD1, b: 0xD6)

    func testBadgeDrawsItsTextOnACapsuleOfTheBackgroundColour() throws {
        let badge = ViewComponent(Badge(text: "Badge", image: nil))
        let image = try ComponentHost.render(badge, size: Size(120, 60), background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.white, in: image), 500, "the capsule in the light theme's background")
        XCTAssertGreaterThan(StylingPixels.count(.black, in: image), 20, "the text")
        assertGolden(of: badge, size: Size(120, 60), scale: 2, background: canvas, named: "seeds/styling-badge@2x")
    }

    func testErasedBodyOfAStyleKnownAsAnyBadgeStyleDrawsWhatItsBodyDraws() throws {
        let style: any BadgeStyle = DefaultBadgeStyle()
        let erased = style.erasedBody(configuration: BadgeStyleConfiguration(text: "Badge", image: nil))
        let image = try ComponentHost.render(ViewComponent(erased), size: Size(120, 60), background: canvas)
        let badge = try ComponentHost.render(ViewComponent(Badge(text: "Badge", image: nil)), size: Size(120, 60),
                                             background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.white, in: image), 500, "the default style's capsule")
        XCTAssertTrue(image.pixelsEqual(badge), "the default style draws the badge's pixels")
    }

    func testStyleInstalledThroughTheEnvironmentFollowsTheColourScheme() throws {
        let installed = ViewComponent(InstalledStyleReader().badgeStyle(ColorSchemeBadgeStyle()))
        let light = try ComponentHost.render(installed, size: Size(140, 60), background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.blue, in: light), 500, "light: a blue capsule")
        XCTAssertEqual(StylingPixels.count(.red, in: light), 0)
        let dark = try ComponentHost.render(installed, size: Size(140, 60), theme: .dark, background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.red, in: dark), 500, "dark: a red capsule")
        XCTAssertEqual(StylingPixels.count(.blue, in: dark), 0)
        let plain = try ComponentHost.render(ViewComponent(InstalledStyleReader()), size: Size(140, 60), background: canvas)
        XCTAssertEqual(StylingPixels.count(.blue, in: plain), 0, "nothing installed: the default style")
        assertGolden(of: installed, size: Size(140, 60), scale: 2, theme: .dark, background: canvas,
                     named: "seeds/styling-color-scheme-dark@2x")
    }

    func testDefaultingStateReadsItsStateOrTheDefaultFromTheEnvironment() throws {
        func shown<V: View>(_ view: V, _ environment: EnvironmentValues = EnvironmentValues()) -> String? {
            (resolveView(view, environment: environment).unwrapped as? Text)?.text
        }
        let view = MyView()
        XCTAssertEqual(shown(view), "1", "the state's initial value")
        view.state = 5
        XCTAssertEqual(shown(view), "5", "set through the wrapper's nonmutating setter")
        var defaulted = EnvironmentValues()
        defaulted.useDefaultValue = true
        XCTAssertEqual(shown(view, defaulted), "0", "the environment asks for the default")
        assertGolden(of: AnyComponent(ViewComponent(view)).padding(4), size: Size(30, 30), scale: 2, background: .white,
                     named: "seeds/styling-defaulting-state@2x")
    }
}
