import Foundation
import RasterComponents
import RasterCore
import Testing

/// A button style written with `makeBody(configuration:)`.
private struct TintedStyle: ComponentStyle {
    typealias Component = Button
    func makeBody(configuration: Button.Configuration) -> AnyComponent<Empty> {
        AnyComponent(ZStack([AnyComponent(Rectangle(fill: .color(.fixed(.red)))), configuration.label]))
    }
}

/// A button style written with `makeBody(configuration:base:)`.
private struct WrappingStyle: ComponentStyle {
    typealias Component = Button
    func makeBody(configuration: Button.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        base.padding(2)
    }
}

/// A button style that implements neither `makeBody` form (it compiles: each form has a
/// default made from the other).
private struct HollowStyle: ComponentStyle {
    typealias Component = Button
}

/// The two default `makeBody` forms: either spelling works through both entry points,
/// and a style implementing neither stops at once with a line naming it instead of
/// recursing until the stack overflows.
@Suite struct ComponentStyleDefaultsTests {
    private let configuration = Button.Configuration(label: AnyComponent(Rectangle(fill: .color(.fixed(.blue)), width: 10, height: 10)))

    @Test func eitherFormServesBothEntryPoints() {
        let base = AnyComponent(Rectangle(fill: .color(.fixed(.green)), width: 4, height: 4))
        // Written with makeBody(configuration:): the base form ignores its base.
        #expect(TintedStyle().makeBody(configuration: configuration, base: base)
                == AnyComponent(TintedStyle().makeBody(configuration: configuration)))
        // Written with makeBody(configuration:base:): the plain form passes an empty base.
        #expect(WrappingStyle().makeBody(configuration: configuration)
                == AnyComponent(EmptyComponent()).padding(2))
        #expect(WrappingStyle().makeBody(configuration: configuration, base: base) == base.padding(2))
    }

    @Test func aStyleWithNeitherFormStopsWithALineNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let style = HollowStyle()
            let label = AnyComponent(Rectangle(fill: .color(.fixed(.blue)), width: 10, height: 10))
            _ = style.makeBody(configuration: Button.Configuration(label: label))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("HollowStyle implements neither makeBody(configuration:) nor makeBody(configuration:base:)"), "\(stderr)")
    }

    @Test func theOtherEntryPointStopsTheSameWay() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let label = AnyComponent(Rectangle(fill: .color(.fixed(.blue)), width: 10, height: 10))
            _ = HollowStyle().makeBody(configuration: Button.Configuration(label: label), base: label)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("HollowStyle implements neither"), "\(stderr)")
    }
}
