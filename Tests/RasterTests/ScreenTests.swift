import GoldenTesting
import Raster
import XCTest

/// Realistic screens built from Swift with the built-ins, against goldens.
final class ScreenTests: XCTestCase {
    private func text(_ s: String, _ size: Double = 16, _ weight: FontWeight = .regular,
                      _ color: ColorValue = .primary) -> AnyComponent<Empty> {
        AnyComponent(Text(s, font: .system(size: size, weight: weight), color: color))
    }

    private func settingsRow(_ title: String, _ value: String, _ icon: Color) -> AnyComponent<Empty> {
        AnyComponent(HStack([
            AnyComponent(RoundedRectangle(cornerRadius: 7, smoothCorners: true, fill: .color(icon), width: 29, height: 29)),
            text(title),
            AnyComponent(Spacer()),
            text(value, 16, .regular, .secondary),
            AnyComponent(try! PathShape(svg: "M1 1 L6 6 L1 11", fill: nil, stroke: ShapeStroke(.color(.tertiary), width: 2))),
        ], spacing: 12)).padding(EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)).frame(height: 44)
    }

    private func settings() -> AnyComponent<Empty> {
        let rows = [settingsRow("Wi-Fi", "Home", Color(r: 0, g: 122, b: 255)),
                    settingsRow("Bluetooth", "On", Color(r: 0, g: 122, b: 255)),
                    settingsRow("Notifications", "", Color(r: 255, g: 59, b: 48))]
        var items: [AnyComponent<Empty>] = []
        for (i, row) in rows.enumerated() {
            if i > 0 { items.append(AnyComponent(Rectangle(fill: .color(.separator), height: 0.5)).padding(EdgeInsets(left: 57))) }
            items.append(row)
        }
        let group = AnyComponent(VStack(items, fill: true))
            .background(AnyComponent(RoundedRectangle(cornerRadius: 10, fill: .color(.background))))
        return AnyComponent(VStack([text("Settings", 28, .bold), group], spacing: 12, alignment: .leading, fill: true))
            .padding(16)
    }

    private func bubble(_ s: String, mine: Bool) -> AnyComponent<Empty> {
        let label = AnyComponent(Text(s, font: .system(size: 15), color: mine ? .onAccent : .primary))
            .padding(EdgeInsets(top: 7, left: 12, bottom: 7, right: 12))
            .background(AnyComponent(RoundedRectangle(cornerRadius: 17, smoothCorners: true,
                                                      fill: .color(mine ? .accent : .secondaryBackground))))
        return label.frame(maxWidth: .infinity, alignment: mine ? .trailing : .leading)
    }

    private func chat() -> AnyComponent<Empty> {
        AnyComponent(VStack([
            bubble("Are we still on for tonight?", mine: false),
            bubble("Yes! 7 pm at the usual place", mine: true),
            bubble("Perfect, see you there. I'll bring the tickets for the late show.", mine: false),
        ], spacing: 6, fill: true)).frame(width: 260).padding(12)
    }

    private func paywall() -> AnyComponent<Empty> {
        let gradient = Fill.linear(angle: 160, stops: [Fill.Stop(.fixed(Color(r: 0x5E, g: 0x5C, b: 0xE6)), 0),
                                                       Fill.Stop(.fixed(Color(r: 0xBF, g: 0x5A, b: 0xF2)), 1)])
        let features = ["Unlimited projects", "Export at any scale", "Priority support"].map { f in
            AnyComponent(HStack([
                AnyComponent(Circle(fill: .color(.white), width: 8, height: 8)),
                AnyComponent(Text(f, font: .system(size: 15), color: .fixed(.white))),
            ], spacing: 8))
        }
        let buy = AnyComponent(Button(content: AnyComponent(Text("Start free trial", font: .system(size: 16, weight: .semibold))),
                                      insets: EdgeInsets(top: 12, left: 20, bottom: 12, right: 20)))
            .style(FilledButtonStyle(cornerRadius: 14, fill: .color(.white)))
            .theme(Theme(name: "paywall", colors: Theme.light.colors.merging(["onAccent": Color(r: 0x5E, g: 0x5C, b: 0xE6)]) { $1 }))
        let card = AnyComponent(VStack([
            AnyComponent(Text("Pro", font: .system(size: 30, weight: .bold), color: .fixed(.white))),
            AnyComponent(Text("$4.99 / month", font: .system(size: 17, weight: .medium), color: .fixed(Color(r: 255, g: 255, b: 255, a: 200)))),
            AnyComponent(VStack(features, spacing: 6, alignment: .leading)),
            buy,
        ], spacing: 14, alignment: .leading)).padding(22)
            .background(AnyComponent(RoundedRectangle(cornerRadius: 24, smoothCorners: true, fill: gradient)))
        return AnyComponent(ShadowedCard(content: card)).padding(20)
    }

    func testScreens() throws {
        let screens: [(String, AnyComponent<Empty>, Size, Theme)] = [
            ("settings", settings(), Size(320, 230), .light),
            ("settings-dark", settings(), Size(320, 230), .dark),
            ("chat", chat(), Size(284, 200), .light),
            ("paywall", paywall(), Size(300, 290), .light),
        ]
        for (name, screen, size, theme) in screens {
            var values = EnvironmentValues()
            values.theme = theme
            let host = ComponentHost<Empty>(environmentValues: values)
            host.update(component: screen, containerSize: size)
            let background = name == "chat" ? theme[.background] : theme == .dark ? Color.black : theme[.secondaryBackground]
            assertGolden(of: try host.render(scale: 2, background: background), named: "screens/\(name)@2x")
        }
    }
}

/// A card casting a soft shadow, through the child `shadow` modifier.
private struct ShadowedCard: CombinedComponent {
    let content: AnyComponent<Empty>
    static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let c = child.update(component: context.component.content, availableSize: context.availableSize,
                                 transition: context.transition)
            context.add(c.position(Point(x: c.size.width / 2, y: c.size.height / 2))
                .shadow(ChildShadow(color: .black, radius: 8, offset: Point(0, 6), opacity: 0.25)))
            return c.size
        }
    }
}
