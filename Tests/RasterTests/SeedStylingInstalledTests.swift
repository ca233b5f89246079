import GoldenTesting
import Raster
@testable import SeedStylingInstalled
import XCTest

/// The styling article's "Installing on a View" stage (Examples/Seeds/StylingInstalled):
/// a badge resolving the environment's style through a view, so the style's own
/// `@Environment` properties work.
final class SeedStylingInstalledTests: XCTestCase {
    private let canvas = Color(r: 0xD1, g: 0xD1, b: 0xD6)

    func testResolvedStyleReadsTheColourSchemeWhereTheBadgeIs() throws {
        let badge = ViewComponent(Badge(text: "Resolved", image: nil).badgeStyle(ColorSchemeBadgeStyle()))
        let light = try ComponentHost.render(badge, size: Size(140, 60), background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.blue, in: light), 500)
        let dark = try ComponentHost.render(badge, size: Size(140, 60), theme: .dark, background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.red, in: dark), 500)
        XCTAssertEqual(StylingPixels.count(.blue, in: dark), 0)
        assertGolden(of: badge, size: Size(140, 60), scale: 2, background: canvas, named: "seeds/styling-installed-light@2x")
    }

    func testWithoutAStyleTheBadgeUsesTheDefault() throws {
        let image = try ComponentHost.render(ViewComponent(Badge(text: "Default", image: nil)), size: Size(140, 60),
                                             background: canvas)
        XCTAssertGreaterThan(StylingPixels.count(.white, in: image), 500)
        XCTAssertEqual(StylingPixels.count(.blue, in: image), 0)
    }
}
