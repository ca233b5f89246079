import RasterComponents
import RasterCore
import Testing

/// Counts the updates of the dynamic properties that share it.
private final class UpdateCount: @unchecked Sendable {
    var count = 0
}

/// A dynamic property of a style: its `update()` runs before the style's body.
private struct Refreshed: DynamicProperty {
    let counter: UpdateCount
    mutating func update() { counter.count += 1 }
}

/// A button style that is not `Equatable`: a colour, a dynamic property, no `==`.
private struct TintStyle: ComponentStyle {
    typealias Component = Button
    var tint: Color
    var refreshed: Refreshed
    func makeBody(configuration: Button.Configuration) -> AnyComponent<Empty> {
        // Sized by how often the dynamic property was updated: proof it ran first.
        let width = Double(10 * refreshed.counter.count)
        return AnyComponent(ZStack([AnyComponent(Rectangle(fill: .color(.fixed(tint)), width: width, height: 10)),
                                    configuration.label]))
    }
}

/// A style holding a closure: never equal to another, as the closure cannot be compared.
private struct ActionStyle: ComponentStyle {
    typealias Component = Button
    var onDraw: () -> Void
    func makeBody(configuration: Button.Configuration) -> AnyComponent<Empty> { configuration.label }
}

/// A stylable component whose default style is declared as the article declares it.
private struct Chip: Stylable, Component {
    struct Configuration { let title: String }
    static var defaultStyle: any ComponentStyle<Chip> { PlainChipStyle() }
    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState, environment: Environment<Empty>,
                transition: ComponentTransition) -> Size {
        _ = styledBody(Configuration(title: "x"), environment: environment)
        return .zero
    }
}

private struct PlainChipStyle: ComponentStyle {
    typealias Component = Chip
    func makeBody(configuration: Chip.Configuration) -> AnyComponent<Empty> {
        AnyComponent(Rectangle(fill: .color(.fixed(.black)), width: Double(configuration.title.count), height: 1))
    }
}

/// Styles compared as the styling article compares them, without asking style authors
/// for `==`.
@Suite struct StyleEqualityTests {
    private let counter = UpdateCount()

    @Test func stylesThatAreNotEquatableCompareTheirStoredProperties() {
        let red = TintStyle(tint: .red, refreshed: Refreshed(counter: counter))
        let otherCounter = TintStyle(tint: .red, refreshed: Refreshed(counter: UpdateCount()))
        let blue = TintStyle(tint: .blue, refreshed: Refreshed(counter: counter))
        #expect(AnyComponentStyle(red) == AnyComponentStyle(otherCounter), "dynamic properties count as equal")
        #expect(AnyComponentStyle(red) != AnyComponentStyle(blue), "an Equatable property that differs")
        let action = ActionStyle {}
        #expect(AnyComponentStyle(action) != AnyComponentStyle(action), "a closure cannot be compared: different")
        #expect(AnyComponentStyle(red) != AnyComponentStyle(PlainButtonStyle()), "different types")
        #expect(AnyComponentStyle(PlainButtonStyle()) == AnyComponentStyle(PlainButtonStyle()), "Equatable styles use ==")
    }

    @Test func dynamicPropertiesAreUpdatedBeforeTheStylesBody() {
        let style = AnyComponentStyle(TintStyle(tint: .red, refreshed: Refreshed(counter: counter)))
        let label = AnyComponent(Rectangle(fill: .color(.fixed(.blue)), width: 4, height: 4))
        let body = style.makeBody(configuration: Button.Configuration(label: label), base: AnyComponent(EmptyComponent()))
        #expect(counter.count == 1)
        #expect(body == AnyComponent(ZStack([AnyComponent(Rectangle(fill: .color(.fixed(.red)), width: 10, height: 10)), label])))
    }

    @Test func anEqualStyleKeepsTheButtonFromUpdating() {
        func screen(_ tint: Color, _ counter: UpdateCount) -> AnyComponent<Empty> {
            AnyComponent(Button(content: AnyComponent(Rectangle(width: 20, height: 20))) {})
                .style(TintStyle(tint: tint, refreshed: Refreshed(counter: counter)))
        }
        let host = ComponentHost<Empty>()
        host.update(component: screen(.red, counter), containerSize: Size(100, 100))
        let updates = host.statistics.updates(of: "Button")
        host.update(component: screen(.red, UpdateCount()), containerSize: Size(100, 100))
        #expect(host.statistics.updates(of: "Button") == updates, "an equal style: skipped")
        host.update(component: screen(.green, counter), containerSize: Size(100, 100))
        #expect(host.statistics.updates(of: "Button") == updates + 1, "a different tint: updated")
    }

    @Test func theDefaultStyleIsDeclaredAsTheArticleDeclaresIt() {
        let style: any ComponentStyle<Chip> = Chip.defaultStyle
        let body = AnyComponentStyle(style).makeBody(configuration: Chip.Configuration(title: "abc"), base: AnyComponent(EmptyComponent()))
        #expect(body == AnyComponent(Rectangle(fill: .color(.fixed(.black)), width: 3, height: 1)))
    }
}

/// Text in capitals: a text style that changes the text itself.
private struct ShoutStyle: ComponentStyle {
    typealias Component = Text
    func makeBody(configuration: Text.Configuration) -> AnyComponent<Empty> {
        var text = configuration.text
        text.spans = text.spans.map { span in
            var s = span
            s.text = s.text.uppercased()
            return s
        }
        return AnyComponent(text)
    }
}

/// Whatever the styles inside made, padded by 4 points: a composable text style.
private struct PaddedStyle: ComponentStyle {
    typealias Component = Text
    func makeBody(configuration: Text.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        base.padding(4)
    }
}

/// Text is stylable beside Button and Toggle.
@Suite struct TextStyleTests {
    private func size(_ component: AnyComponent<Empty>) -> Size {
        let host = ComponentHost<Empty>()
        return host.update(component: component, containerSize: Size(400, 100))
    }

    @Test func textStylesMakeTheTextsBody() {
        let plain = size(AnyComponent(Text("HELLO")))
        #expect(size(AnyComponent(Text("hello")).style(ShoutStyle())) == plain, "the style's capitals")
        #expect(size(AnyComponent(Text("hello")).style(PaddedStyle()).style(ShoutStyle()))
                == Size(width: plain.width + 8, height: plain.height + 8), "padding around what the inner style made")
        #expect(size(AnyComponent(Text("hello"))) != plain, "without a style, the text as it is")
    }

    @Test func aStyledTextDrawsWhatItsStyleMade() throws {
        func ink(_ component: AnyComponent<Empty>) throws -> Int {
            let image = try ComponentHost.render(component, size: Size(120, 40), background: .white)
            var count = 0
            for y in 0..<image.height { for x in 0..<image.width where image[x, y].r < 100 { count += 1 } }
            return count
        }
        let shouted = try ink(AnyComponent(Text("hello")).style(ShoutStyle()))
        #expect(shouted > 50, "the styled text is drawn")
        #expect(shouted == (try ink(AnyComponent(Text("HELLO")))), "as the capitals are")
    }

    @Test func aStyleAddedAndRemovedLaterUpdatesTheText() {
        let host = ComponentHost<Empty>()
        let plain = host.update(component: AnyComponent(Text("hello")), containerSize: Size(400, 100))
        let shouted = host.update(component: AnyComponent(Text("hello")).style(ShoutStyle()), containerSize: Size(400, 100))
        #expect(shouted != plain)
        #expect(host.update(component: AnyComponent(Text("hello")), containerSize: Size(400, 100)) == plain)
    }
}
