import GoldenTesting
import Raster
import XCTest

/// The styling article's `Bordered` on components: the styles inside it, with a ring.
private struct Bordered: ComponentStyle {
    typealias Component = Button
    var color = Color.red

    func makeBody(configuration: Button.Configuration) -> AnyComponent<Empty> {
        AnyComponent(Button(configuration))
            .overlay(AnyComponent(Rectangle(fill: nil, stroke: ShapeStroke(.color(color), width: 2, inside: true))))
    }
}

/// The styling article's `Padded`: the styles inside it, padded.
private struct Padded: ComponentStyle {
    typealias Component = Button
    func makeBody(configuration: Button.Configuration) -> AnyComponent<Empty> {
        AnyComponent(Button(configuration)).padding(6)
    }
}

/// A style with a concrete body type (the article's `some View` return).
private struct Capsuled: ComponentStyle {
    typealias Component = Button
    func makeBody(configuration: Button.Configuration) -> Background {
        Background(configuration.label,
                   background: AnyComponent(RoundedRectangle(cornerRadius: 10, fill: .color(.secondaryBackground))))
    }
}

/// Styles with the styling article's shape, for the library's stylable components.
final class SeedStylingTests: XCTestCase {
    private let label = AnyComponent(Rectangle(width: 20, height: 10))

    func testComposableStylesApplyFromTheLastModifierToTheFirst() throws {
        var taps = 0
        let button = Button(content: label, action: { taps += 1 })
        // As the article's ContentView: the first modifier is the outermost style.
        let styled = button.style(Bordered(color: .blue)).style(Padded()).style(Bordered())
        let host = ComponentHost<Empty>()
        XCTAssertEqual(host.update(component: styled, containerSize: Size(100, 100)), Size(32, 22))
        let image = try host.render(background: .white)
        XCTAssertEqual(image[16, 0], Color.blue.premultiplied, "outermost: the blue ring")
        XCTAssertEqual(image[16, 4], Color.white.premultiplied, "then the padding")
        XCTAssertEqual(image[16, 6], Color.red.premultiplied, "then the red ring around the label")
        XCTAssertEqual(image[16, 11], Theme.light[.primary].premultiplied, "the label keeps primary")
        XCTAssertTrue(host.tap(at: Point(16, 11)), "the inner Button(configuration) is not a control of its own")
        XCTAssertEqual(taps, 1)
        assertGolden(of: styled.padding(4), size: Size(40, 30), scale: 4, background: .white,
                     named: "seeds/styling-composed-button@4x")
    }

    func testStylesAreExistentialsWithPrimaryAssociatedTypeAndGroupedModifiers() throws {
        let styles: [any ComponentStyle<Button>] = [FilledButtonStyle(), Capsuled(), Bordered()]
        XCTAssertEqual(styles.count, 3)
        let capsuled = Button(content: label).style(.button(Capsuled()))
        let host = ComponentHost<Empty>()
        host.update(component: capsuled, containerSize: Size(50, 50))
        let image = try host.render(background: .white)
        XCTAssertEqual(image[10, 5], Theme.light[.primary].premultiplied)
        XCTAssertEqual(try ComponentHost.render(Capsuled().makeBody(configuration: Button.Configuration(label: label)),
                                                size: Size(20, 10))[10, 5], Theme.light[.primary].premultiplied)
        // A style written with the base form still composes with the others.
        let filledRing = Button(content: label).style(FilledButtonStyle()).style(.button(Capsuled()))
        host.update(component: filledRing, containerSize: Size(50, 50))
        XCTAssertEqual(try host.render(background: .white)[10, 5], Theme.light[.onAccent].premultiplied,
                       "the filled style, outermost, replaces the styles inside it")
    }

    func testEqualStylesKeepTheButtonSkipped() {
        let host = ComponentHost<Empty>()
        let make = { Button(content: self.label).style(Bordered(color: .blue)).style(Padded()) }
        host.update(component: make(), containerSize: Size(50, 50))
        let updates = host.statistics.updates
        host.update(component: make(), containerSize: Size(50, 50))
        XCTAssertEqual(host.statistics.updates, updates, "equal styles compare equal: nothing runs again \(host.statistics.lastPass)")
        host.update(component: Button(content: label).style(Bordered(color: .green)).style(Padded()), containerSize: Size(50, 50))
        XCTAssertGreaterThan(host.statistics.updates, updates)
    }

    func testAliasedColoursFollowTheirSourceThroughTheStyleOverride() throws {
        let host = ComponentHost<Empty>()
        host.update(component: Button(content: label).style(FilledButtonStyle()), containerSize: Size(50, 50))
        XCTAssertEqual(try host.render()[10, 5], Theme.light[.onAccent].premultiplied)
        host.environmentValues.theme.colors["onAccent"] = .green
        host.updateEnvironment()
        XCTAssertEqual(try host.render()[10, 5], Color.green.premultiplied, "primary aliased to onAccent follows it")
        let updates = host.statistics.updates
        host.environmentValues.theme.colors["destructive"] = .blue
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates, updates, "a colour nobody reads updates nothing")
    }
}
