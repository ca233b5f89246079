import GoldenTesting
import Raster
import XCTest

/// Every built-in component rendered at 1x and 3x against `Fixtures/golden/components/`.
final class BuiltInGoldenTests: XCTestCase {
    private let body = Font.system(size: 15)

    private func check(_ name: String, _ component: AnyComponent<Empty>, size: Size, theme: Theme = .light,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        for scale in [1.0, 3.0] {
            assertGolden(of: component, size: size, scale: scale, theme: theme, background: theme[.background],
                         named: "components/\(name)@\(Int(scale))x", filePath: file, line: line)
        }
    }

    private func swatch(_ color: Color, _ w: Double = 24, _ h: Double = 24) -> AnyComponent<Empty> {
        AnyComponent(RoundedRectangle(cornerRadius: 4, fill: .color(color), width: w, height: h))
    }

    func testStacks() throws {
        let v = AnyComponent(VStack([swatch(.red, 40), swatch(.green, 24), swatch(.blue, 32)], spacing: 6, alignment: .trailing))
        let h = AnyComponent(HStack([swatch(.red), AnyComponent(Spacer()), swatch(.blue, 24, 40)], spacing: 4,
                                    alignment: .bottom)).frame(width: 100)
        let z = AnyComponent(ZStack([swatch(.red, 60, 40), swatch(.white, 20, 20)], alignment: .bottomTrailing))
        let fill = AnyComponent(VStack([swatch(.green, 20, 10), swatch(.blue, 40, 10)], spacing: 2, fill: true)).frame(width: 60)
        try check("stacks", AnyComponent(VStack([v, h, z, fill], spacing: 10)).padding(8), size: Size(120, 230))
    }

    func testText() throws {
        let text = AnyComponent(Text("Components lay out into a retained layer tree; text wraps to the width it is offered.",
                                     font: body, style: ParagraphStyle(alignment: .justified)))
        let spans = AnyComponent(Text(spans: [Text.Span("Bold ", font: .system(size: 17, weight: .bold)),
                                              Text.Span("accent ", color: .accent), Text.Span("secondary", color: .secondary)],
                                      font: body))
        let clipped = AnyComponent(Text("A title that is far too long for one line", font: body,
                                        style: ParagraphStyle(maxLines: 1, truncation: .middle)))
        try check("text", AnyComponent(VStack([text, spans, clipped], spacing: 8, alignment: .leading)).padding(10),
                  size: Size(200, 140))
    }

    func testShapes() throws {
        let gradient = Fill.linear(angle: 135, stops: [Fill.Stop(.fixed(Color(r: 0xF4, g: 0x3F, b: 0x5E)), 0),
                                                       Fill.Stop(.accent, 1)])
        let shapes: [AnyComponent<Empty>] = [
            AnyComponent(Rectangle(fill: .color(.secondary), width: 40, height: 30)),
            AnyComponent(RoundedRectangle(cornerRadius: 12, smoothCorners: true, fill: gradient, width: 60, height: 40)),
            AnyComponent(RoundedRectangle(cornerRadius: 10, fill: nil, stroke: ShapeStroke(.color(.accent), width: 2, dash: [6, 3]),
                                          width: 50, height: 30)),
            AnyComponent(Circle(fill: .radial(center: Point(0.35, 0.35), radius: 0.6, focal: nil,
                                              stops: [Fill.Stop(.fixed(.white), 0), Fill.Stop(.accent, 1)]),
                                stroke: ShapeStroke(.color(.primary), width: 1.5), width: 40, height: 40)),
            AnyComponent(try PathShape(svg: "M2 20 L14 32 L38 4", fill: nil,
                                       stroke: ShapeStroke(.color(.fixed(Color(r: 0x34, g: 0xC7, b: 0x59))), width: 4))),
        ]
        try check("shapes", AnyComponent(Flex(shapes, wrap: true, gap: 8)).padding(8), size: Size(200, 110))
    }

    func testImage() throws {
        let bitmap = try Bitmap(width: 8, height: 4)
        for y in 0..<4 { for x in 0..<8 { bitmap[x, y] = ((x + y) % 2 == 0 ? Color.red : Color(r: 0, g: 0, b: 255, a: 128)).premultiplied } }
        let image = ImageSource(bitmap)
        let modes: [AnyComponent<Empty>] = Image.ContentMode.allCases.map {
            AnyComponent(Image(image, width: 40, height: 30, contentMode: $0)).padding(1)
        }
        let tinted = AnyComponent(Image(image, width: 40, height: 20, contentMode: .stretch, tint: .accent))
        try check("image", AnyComponent(VStack([AnyComponent(HStack(modes, spacing: 4)), tinted], spacing: 6)).padding(6),
                  size: Size(190, 76))
    }

    func testButtons() throws {
        func button(_ title: String, enabled: Bool = true) -> AnyComponent<Empty> {
            AnyComponent(Button(content: AnyComponent(Text(title, font: Font.system(size: 15, weight: .semibold))),
                                insets: EdgeInsets(top: 8, left: 14, bottom: 8, right: 14), minSize: Size(0, 36),
                                isEnabled: enabled))
        }
        let rows = AnyComponent(VStack([
            button("Plain"),
            button("Filled").style(FilledButtonStyle()),
            button("Bordered").style(BorderedButtonStyle()),
            button("Filled + ring").style(FilledButtonStyle()).style(BorderedButtonStyle(color: .primary)),
            button("Disabled", enabled: false).style(FilledButtonStyle()),
        ], spacing: 8, alignment: .leading)).padding(10)
        try check("buttons", rows, size: Size(160, 240))
        try check("buttons-dark", rows, size: Size(160, 240), theme: .dark)
    }

    func testToggles() throws {
        func toggle(_ title: String, _ isOn: Bool, enabled: Bool = true) -> AnyComponent<Empty> {
            AnyComponent(Toggle(isOn: isOn, label: AnyComponent(Text(title, font: Font.system(size: 15))), isEnabled: enabled))
        }
        let rows = AnyComponent(VStack([
            toggle("Wi-Fi", true),
            toggle("Bluetooth", false),
            toggle("Locked", true, enabled: false),
            toggle("Remember me", true).style(CheckboxToggleStyle()),
            toggle("Newsletter", false).style(CheckboxToggleStyle()),
        ], spacing: 10, alignment: .leading)).padding(10)
        try check("toggles", rows, size: Size(180, 220))
        try check("toggles-dark", rows, size: Size(180, 220), theme: .dark)
    }

    func testFlex() throws {
        func box(_ color: Color, _ w: Double, _ h: Double) -> AnyComponent<Empty> { swatch(color, w, h) }
        let grow = AnyComponent(Flex([
            AnyComponent(FlexItem(box(.red, 20, 20), grow: 1)),
            AnyComponent(FlexItem(box(.green, 20, 30), grow: 2)),
            box(.blue, 30, 20),
        ], alignItems: .center, gap: 4))
        let justify = AnyComponent(Flex([box(.red, 20, 20), box(.green, 20, 20), box(.blue, 20, 20)],
                                        justify: .spaceBetween))
        let wrapped = AnyComponent(Flex((0..<7).map { box([.red, .green, .blue][$0 % 3], 36, 16) }, wrap: true, gap: 6))
        // A column 60 tall (its own CSS height): the green item grows into the free space
        // and sits at the cross end; reversed, the first item is at the bottom.
        let column = AnyComponent(Flex([box(.red, 30, 10), AnyComponent(FlexItem(box(.green, 30, 10), grow: 1, alignSelf: .end)),
                                        box(.blue, 30, 10)], direction: .columnReverse, alignItems: .start,
                                       box: BoxStyle(height: .points(60))))
        try check("flex", AnyComponent(VStack([grow, justify, wrapped, column], spacing: 8, fill: true)).padding(8),
                  size: Size(160, 200))
    }

    func testPaddingAndFrame() throws {
        let inner = swatch(.blue, 20, 20)
        let framed = AnyComponent(ZStack([swatch(.green, 80, 40), inner.frame(width: 80, height: 40, alignment: .bottomTrailing)]))
        let padded = AnyComponent(ZStack([swatch(.red, 44, 44), inner.padding(EdgeInsets(top: 12, left: 4, bottom: 12, right: 20))]))
        let limited = AnyComponent(ZStack([swatch(.red, 120, 10), swatch(.blue, 10, 10).frame(maxWidth: .infinity, alignment: .trailing)]))
            .frame(width: 120)
        try check("padding-frame", AnyComponent(VStack([framed, padded, limited], spacing: 6, alignment: .leading)).padding(6),
                  size: Size(132, 130))
    }
}
