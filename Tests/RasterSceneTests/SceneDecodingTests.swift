import Foundation
import RasterComponents
import RasterCore
import RasterLayout
import RasterScene
import XCTest

/// A component of the test's own, registered as a scene type.
private struct Badge: CombinedComponent {
    let title: String
    let tone: String

    static var body: Body {
        let label = Child(Text.self)
        let fill = Child(RoundedRectangle.self)
        return { context in
            let text = label.update(component: Text(context.component.title, color: .fixed(.white)),
                                    availableSize: context.availableSize, transition: context.transition)
            let size = Size(width: text.size.width + 16, height: text.size.height + 8)
            let color: Color = context.component.tone == "warning" ? Color(r: 255, g: 149, b: 0) : Color(r: 0, g: 122, b: 255)
            let background = fill.update(component: RoundedRectangle(cornerRadius: size.height / 2, fill: .color(color)),
                                         availableSize: size, transition: context.transition)
            context.add(background.position(Point(x: size.width / 2, y: size.height / 2)))
            context.add(text.position(Point(x: size.width / 2, y: size.height / 2)))
            return size
        }
    }
}

final class SceneDecodingTests: XCTestCase {
    private func decode(_ text: String, registry: SceneRegistry = .standard) throws -> Scene {
        try SceneDecoder(registry: registry).decode(Data(text.utf8))
    }

    private func assertError(_ text: String, _ expected: String, registry: SceneRegistry = .standard,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(text, registry: registry), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(expected), "expected '\(expected)' in: \(error)", file: file, line: line)
        }
    }

    private var badgeRegistry: SceneRegistry {
        var registry = SceneRegistry.standard
        registry.register(SceneComponentType("Badge", summary: "A pill with a title.", props: [
            PropSpec("title", .string, required: true, "The label."),
            PropSpec("tone", .choice(["info", "warning"]), default: "info", "The colour."),
        ]) { props in
            Badge(title: try props.string("title") ?? "", tone: try props.choice("tone") ?? "info")
        })
        return registry
    }

    /// Nodes whose decoration is equal share one boxed style; a different decoration
    /// gets its own, and the nodes still compare by value.
    func testEqualNodeStyles_ShareOneBox() throws {
        let scene = try decode(#"""
        {"canvas": {"width": 100, "height": 40}, "root": {"type": "Flex", "children": [
          {"type": "Rectangle", "id": "a", "cornerRadius": 4, "background": "#ff0000", "frame": {"width": 10}},
          {"type": "Circle", "id": "b", "background": "#ff0000", "cornerRadius": 4},
          {"type": "Text", "text": "c", "id": "c", "cornerRadius": 4, "background": "#ff0000", "padding": 2},
          {"type": "Rectangle", "id": "d", "cornerRadius": 5, "background": "#ff0000", "frame": {"width": 10}}]}}
        """#)
        let flex = try XCTUnwrap(scene.root.wrapped as? Flex)
        let nodes = try flex.items.map { try XCTUnwrap($0.component.wrapped as? SceneNode) }
        XCTAssertEqual(nodes.count, 4)
        XCTAssertTrue(nodes[0].sharesStyle(with: nodes[1]))
        XCTAssertTrue(nodes[0].sharesStyle(with: nodes[2]))
        XCTAssertFalse(nodes[0].sharesStyle(with: nodes[3]))
        XCTAssertEqual(nodes[0].style.cornerRadius, 4)
        XCTAssertEqual(nodes[3].style.cornerRadius, 5)
        XCTAssertEqual(nodes[3].style.background, nodes[0].style.background)
    }

    /// The `…Value` getters take an absent prop's value from its spec's default, and a
    /// decoder that asks one for a prop whose spec has no default (and is not required)
    /// gets an error naming the prop, its type and where, not a made-up value.
    func testValueGetters_TakeTheSpecsDefault_OrSayWhatIsMissing() throws {
        var registry = SceneRegistry.standard
        registry.register(SceneComponentType("Meter", summary: "A bar.", props: [
            PropSpec("level", .number(min: 0, max: 1), default: 0.25, "How full."),
            PropSpec("label", .string, "A caption, with no default."),
        ]) { props in
            let level = try props.numberValue("level")
            return Rectangle(width: 100 * level, height: 10)
        })
        registry.register(SceneComponentType("Caption", summary: "A text.", props: [
            PropSpec("label", .string, "A caption, with no default."),
        ]) { props in Text(try props.stringValue("label")) })
        let scene = try decode(#"{"canvas": {"width": 100, "height": 10}, "root": {"type": "Meter", "id": "m"}}"#,
                               registry: registry)
        XCTAssertEqual(SceneRenderer(scene: scene).layout()["m"]?.width, 25)
        assertError(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "VStack", "children": [{"type": "Caption"}]}}"#,
                    "root.children[0]: missing 'label' of Caption (its spec declares no default)", registry: registry)
    }

    /// Keys are found as `String`s compare, by canonical equivalence, whether a node
    /// writes a few props or many: a prop named with `K`, written with the Kelvin sign
    /// (U+212A, canonically `K`, three UTF-8 bytes for one), is read with a few keys and
    /// with more than the parser checks for repeats without hashing; and a prop whose
    /// name has the Kelvin sign is read where the node writes a plain `K`, which no
    /// comparison of lengths would find.
    func testWrittenKeys_AreFoundByCanonicalEquivalence_WhateverTheirCount() throws {
        var registry = SceneRegistry.standard
        registry.register(SceneComponentType("Gauge", summary: "A bar.", props: [
            PropSpec("widthK", .number(min: 0, max: 1000), default: 1, "Its width."),
        ]) { props in Rectangle(width: try props.numberValue("widthK"), height: 10) })
        let kelvin = "width\u{212A}"
        XCTAssertEqual(kelvin, "widthK")
        XCTAssertNotEqual(kelvin.utf8.count, "widthK".utf8.count)
        // Few keys, then eighteen (past `JSONObject.hashedDeduplication`).
        let head = #"{"canvas": {"width": 100, "height": 10}, "root": {"type": "Gauge", "id": "g", "\#(kelvin)": 40"#
        let few = head + "}}"
        let many = head + #", "opacity": 1, "hidden": false, "scale": 1, "rotation": 0, "clip": false, "#
            + #""cornerRadius": 0, "smoothCorners": false, "offset": [0, 0], "padding": 0, "layoutPriority": 0, "#
            + #""fixedSize": false, "background": "clear", "flipsForRightToLeftLayoutDirection": false, "#
            + #""layoutDirection": "ltr"}}"#
        for text in [few, many] {
            let scene = try decode(text, registry: registry)
            XCTAssertEqual(SceneRenderer(scene: scene).layout()["g"]?.width, 40, text)
        }
        registry.register(SceneComponentType("Thermometer", summary: "A bar.", props: [
            PropSpec(kelvin, .number(min: 0, max: 1000), default: 1, "Its width."),
        ]) { props in Rectangle(width: try props.numberValue(kelvin), height: 10) })
        let plain = #"{"canvas": {"width": 100, "height": 10}, "root": {"type": "Thermometer", "id": "t", "widthK": 30}}"#
        XCTAssertEqual(SceneRenderer(scene: try decode(plain, registry: registry)).layout()["t"]?.width, 30)
    }

    /// Items laid out alike decode to equal flex items, and items that differ only in
    /// what picks no slot when decoding shares them (margins, alignSelf, order, the
    /// content alignment) keep their own.
    func testFlexItemsDifferingOutsideTheirSizes_StayApart() throws {
        let base: JSONObject = ["type": "Rectangle", "frame": ["width": 10, "height": 10], "grow": 1]
        let changes: [(String, JSONValue)] = [("margin", 4), ("alignSelf", "center"), ("order", 2)]
        var nodes = [base, base]
        for (key, value) in changes {
            var node = base
            node[key] = value
            nodes.append(node)
        }
        var aligned = base
        aligned["frame"] = ["width": 10, "height": 10, "alignment": "bottom"]
        nodes.append(aligned)
        // With ids, so that each is a `SceneNode` carrying its item.
        let children = nodes.enumerated().map { i, node in
            var identified = node
            identified["id"] = .string("n\(i)")
            return JSONValue.object(identified)
        }
        let scene = try SceneDecoder().decode(["canvas": ["width": 100, "height": 100],
                                               "root": ["type": "Flex", "children": .array(children)]])
        let items = try XCTUnwrap(scene.root.wrapped as? Flex).items.map(\.component.wrapped)
        let flexItems = try items.map { try XCTUnwrap(($0 as? SceneNode)?.flexItem) }
        XCTAssertEqual(flexItems[0].item, flexItems[1].item)
        XCTAssertEqual(flexItems[0].box, flexItems[1].box)
        XCTAssertEqual(flexItems.map(\.item.grow), Array(repeating: 1, count: 6))
        XCTAssertEqual(flexItems.map(\.box.width), Array(repeating: .points(10), count: 6))
        XCTAssertEqual(flexItems[2].item.margin.left, .points(4))
        XCTAssertEqual(flexItems[3].item.alignSelf, .center)
        XCTAssertEqual(flexItems[4].item.order, 2)
        XCTAssertEqual(flexItems[5].contentAlignment, .bottom)
        for i in 2..<5 { XCTAssertNotEqual(flexItems[i].item, flexItems[0].item, "item \(i)") }
        XCTAssertEqual(flexItems.map(\.contentAlignment), [.topLeading, .topLeading, .topLeading, .topLeading, .topLeading, .bottom])
    }

    /// A `frame` of sizes alone gives the sizes its props describe, in a Flex as a CSS
    /// box and elsewhere as SwiftUI's frame, whether or not it also writes an alignment;
    /// its values are checked as the props check them.
    func testFramesOfSizes_DecodeAsTheirProps() throws {
        let frames: [JSONValue] = [["width": 40, "height": 0], ["minWidth": 10, "maxWidth": 100_000, "minHeight": 2.5, "maxHeight": 7], [:]]
        func nodes(_ container: String, alignment: Bool) throws -> [SceneNode] {
            let children: [JSONValue] = frames.enumerated().map { i, frame in
                var f = frame
                if alignment, case .object(var o) = f { o["alignment"] = "center"; f = .object(o) }
                return ["type": "Rectangle", "id": .string("r\(i)"), "frame": f]
            }
            let scene = try SceneDecoder().decode(["canvas": ["width": 100, "height": 100],
                                                   "root": ["type": .string(container), "children": .array(children)]])
            let items: [AnyComponentWithIdentity<Empty>]
            if let flex = scene.root.wrapped as? Flex { items = flex.items } else { items = try XCTUnwrap(scene.root.wrapped as? VStack).items }
            return try items.map { try XCTUnwrap($0.component.wrapped as? SceneNode) }
        }
        for alignment in [false, true] {
            let boxes = try nodes("Flex", alignment: alignment).map { try XCTUnwrap($0.flexItem?.box) }
            XCTAssertEqual(boxes.map(\.width), [.points(40), .auto, .auto])
            XCTAssertEqual(boxes.map(\.height), [.points(0), .auto, .auto])
            XCTAssertEqual(boxes.map(\.minWidth), [.auto, .points(10), .auto])
            XCTAssertEqual(boxes.map(\.maxWidth), [.auto, .points(100_000), .auto])
            XCTAssertEqual(boxes.map(\.minHeight), [.auto, .points(2.5), .auto])
            XCTAssertEqual(boxes.map(\.maxHeight), [.auto, .points(7), .auto])
            let swiftUI = try nodes("VStack", alignment: alignment).map(\.paddingAndFrame)
            XCTAssertEqual(swiftUI[0]?.frame, FrameLayout(width: 40, height: 0))
            XCTAssertEqual(swiftUI[1]?.frame, FrameLayout(minWidth: 10, maxWidth: 100_000, minHeight: 2.5, maxHeight: 7))
            XCTAssertEqual(swiftUI.map { $0?.alignment }, [.center, .center, .center])
        }
        for (frame, path, message) in [(["minWidth": 20, "maxWidth": 10] as JSONValue, "root.children[0].frame.minWidth",
                                        "minWidth 20 is greater than maxWidth 10"),
                                       (["width": 100_001], "root.children[0].frame.width", "found 100001"),
                                       (["width": -1], "root.children[0].frame.width", "found -1"),
                                       (["depth": 3], "root.children[0].frame.depth", "unknown prop 'depth' of frame")] {
            XCTAssertThrowsError(try SceneDecoder().decode(["canvas": ["width": 100, "height": 100], "root": [
                "type": "VStack", "children": [["type": "Rectangle", "frame": frame]]]])) { error in
                let e = error as? SceneError
                XCTAssertEqual(e?.path, path)
                XCTAssertTrue(e?.message.contains(message) == true, e?.message ?? "\(error)")
            }
        }
    }

    /// A node with padding or a frame and nothing else (no id, no decoration) is one
    /// `SceneNode` carrying them around its own component, not a `Frame` around it; below
    /// a `fixedSize` they are components again, and a node with neither is its component.
    func testPaddingOrFrameAlone_IsOneSceneNodeCarryingThem() throws {
        let children: [JSONValue] = [
            ["type": "Circle", "frame": ["width": 9, "height": 7]],
            ["type": "Rectangle", "padding": 2],
            ["type": "Rectangle", "padding": 2, "frame": ["width": 9], "fixedSize": true],
            ["type": "Rectangle"],
        ]
        let scene = try SceneDecoder().decode(["canvas": ["width": 100, "height": 100],
                                               "root": ["type": "VStack", "children": .array(children)]])
        let items = try XCTUnwrap(scene.root.wrapped as? VStack<Empty>).items.map(\.component.wrapped)
        let framed = try XCTUnwrap(items[0] as? SceneNode)
        XCTAssertNil(framed.id)
        XCTAssertTrue(framed.content.wrapped is Circle)
        XCTAssertEqual(framed.paddingAndFrame, PaddingAndFrame(padding: nil, frame: FrameLayout(width: 9, height: 7)))
        XCTAssertEqual(framed.style, SceneNodeStyle())
        let padded = try XCTUnwrap(items[1] as? SceneNode)
        XCTAssertTrue(padded.content.wrapped is Rectangle)
        XCTAssertEqual(padded.paddingAndFrame?.padding?.insets, EdgeInsets(top: 2, left: 2, bottom: 2, right: 2))
        XCTAssertNil(padded.paddingAndFrame?.frame)
        let fixed = try XCTUnwrap(items[2] as? FixedSize)
        let frame = try XCTUnwrap(fixed.content.wrapped as? Frame)
        XCTAssertTrue(frame.content.wrapped is Padding)
        XCTAssertTrue(items[3] is Rectangle)
    }

    /// Nodes whose decorations differ only where a style does not hash (its colours and
    /// fills) keep their own styles when decoding shares equal ones.
    func testStylesDifferingInColourOnly_StayApart() throws {
        func node(_ id: String, _ background: JSONValue, border: String) -> JSONValue {
            ["type": "Rectangle", "id": .string(id), "width": 10, "height": 10, "cornerRadius": 3, "background": background,
             "border": ["color": .string(border), "width": 1]]
        }
        let gradient: JSONValue = ["linear": ["angle": 0, "stops": [["#FF0000", 0], ["#00FF00", 1]]]]
        let scene = try SceneDecoder().decode(["canvas": ["width": 100, "height": 100], "root": ["type": "Flex", "children": [
            node("red", "#FF0000", border: "#000000"), node("green", "#00FF00", border: "#000000"),
            node("redAgain", "#FF0000", border: "#000000"), node("otherBorder", "#FF0000", border: "#0000FF"),
            node("gradient", gradient, border: "#000000"),
        ]]])
        let root = try XCTUnwrap(scene.root.wrapped as? Flex)
        let nodes = try root.items.map { try XCTUnwrap($0.component.wrapped as? SceneNode) }
        let red = Fill.color(.fixed(.red)), green = Fill.color(.fixed(Color(r: 0, g: 255, b: 0)))
        XCTAssertEqual(nodes.map(\.style.background).prefix(4), [red, green, red, red])
        guard case .linear = nodes[4].style.background else { return XCTFail("a gradient background") }
        XCTAssertEqual(nodes.map { $0.style.border?.color }, [.fixed(.black), .fixed(.black), .fixed(.black), .fixed(.blue), .fixed(.black)])
        XCTAssertEqual(nodes[0].style, nodes[2].style)
        for (i, a) in nodes.enumerated() {
            for b in nodes[(i + 1)...] where a.id != "red" || b.id != "redAgain" {
                XCTAssertNotEqual(a.style, b.style, "\(a.id ?? "") and \(b.id ?? "")")
            }
        }
    }

    /// A prop a node leaves out decodes as its spec's default: a node that writes every
    /// common and flex item prop at its documented default, or as null, decodes to the
    /// same style, item and box as one that writes none (the decoder reads only the
    /// props a node writes and starts from these values).
    func testUnwrittenProps_DecodeAsTheirSpecDefaults() throws {
        let registry = SceneRegistry.standard
        let rectangle = try XCTUnwrap(registry.types["Rectangle"])
        let flex = try XCTUnwrap(registry.types["Flex"])
        let own = Set(rectangle.props.map(\.name))
        let specs = (rectangle.allProps.filter { !own.contains($0.name) } + flex.childProps).filter { $0.name != "type" }
        let defaulted = specs.compactMap { spec in spec.defaultValue.map { (spec.name, $0) } }
        XCTAssertGreaterThanOrEqual(defaulted.count, 15, "the common and item props with a default")
        var written: JSONObject = ["type": "Rectangle", "id": "written", "width": 10, "height": 10]
        var nulls: JSONObject = ["type": "Rectangle", "id": "nulls", "width": 10, "height": 10]
        for (name, value) in defaulted { written[name] = value }
        for spec in specs where spec.name != "id" { nulls[spec.name] = .null }
        let bare: JSONValue = ["type": "Rectangle", "id": "bare", "width": 10, "height": 10]
        let scene = try SceneDecoder().decode(["canvas": ["width": 100, "height": 100],
                                               "root": ["type": "Flex", "children": [bare, .object(written), .object(nulls)]]])
        let root = try XCTUnwrap(scene.root.wrapped as? Flex)
        let nodes = try root.items.map { try XCTUnwrap($0.component.wrapped as? SceneNode) }
        XCTAssertEqual(nodes.map(\.id), ["bare", "written", "nulls"])
        XCTAssertEqual(nodes[0].style, SceneNodeStyle())
        for node in nodes.dropFirst() {
            XCTAssertEqual(node.style, nodes[0].style, node.id ?? "")
            XCTAssertEqual(node.flexItem?.item, nodes[0].flexItem?.item, node.id ?? "")
            XCTAssertEqual(node.flexItem?.box, nodes[0].flexItem?.box, node.id ?? "")
            XCTAssertTrue(node.content.wrapped is Rectangle, "no wrapper for a default fixedSize or priority")
        }
    }

    func testRegisteredTypes_AreUsableInScenesWithTheCommonProps() throws {
        let registry = badgeRegistry
        let scene = try decode("""
        {"canvas": {"width": 120, "height": 40, "background": "#FFFFFF"},
         "root": {"type": "HStack", "spacing": 4, "children": [
           {"type": "Badge", "id": "b1", "title": "New", "padding": 2},
           {"type": "Badge", "id": "b2", "title": "Late", "tone": "warning", "opacity": 0.5}]}}
        """, registry: registry)
        let renderer = SceneRenderer(scene: scene)
        let frames = renderer.layout()
        let b1 = try XCTUnwrap(frames["b1"]), b2 = try XCTUnwrap(frames["b2"])
        XCTAssertEqual(b2.minX, b1.maxX + 4)
        let bitmap = try renderer.render()
        // The warning badge is orange at half opacity over white; the first is blue.
        let p2 = bitmap[Int(b2.minX) + 4, Int(b2.midY)]
        XCTAssertEqual(Int(p2.r), 255, accuracy: 1)
        XCTAssertEqual(Int(p2.b), 127, accuracy: 2)
        let p1 = bitmap[Int(b1.minX) + 6, Int(b1.midY)]
        XCTAssertEqual(p1.b, 255)
        XCTAssertEqual(p1.r, 0)
        // Its props are checked, listed and in the schema.
        assertError(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Badge", "title": "x", "tone": "loud"}}"#,
                    "root.tone: expected one of 'info', 'warning', found 'loud'", registry: registry)
        assertError(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Badge"}}"#,
                    "root: missing 'title' (the label)", registry: registry)
        XCTAssertTrue(SceneCatalog.text(registry: registry).contains("Badge: A pill with a title."))
        guard case .object(let top) = SceneSchema.schema(registry: registry), case .object(let defs)? = top["$defs"] else {
            return XCTFail("no $defs")
        }
        XCTAssertNotNil(defs["node.Badge"])
        // Not in the standard registry.
        assertError(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Badge", "title": "x"}}"#, "unknown type 'Badge'")
    }

    func testYAML_DecodesLikeTheSameSceneInJSON() throws {
        let json = ##"""
        {"canvas": {"width": 60, "height": 30, "scale": 2, "background": "#FFFFFF"},
         "environment": {"theme": "dark", "colors": {"brand": "#FF0066"}},
         "root": {"type": "VStack", "spacing": 2, "children": [
           {"type": "Rectangle", "id": "r", "width": 20, "height": 10, "fill": "brand"},
           {"type": "Text", "id": "t", "text": "yes", "font": {"size": 11}, "color": "primary"}]}}
        """##
        let yaml = """
        # The same scene in YAML; 'yes' stays a string where a string is expected.
        canvas: {width: 60, height: 30, scale: 2, background: '#FFFFFF'}
        environment:
          theme: dark
          colors: {brand: '#FF0066'}
        root:
          type: VStack
          spacing: 2
          children:
            - &box {type: Rectangle, id: r, width: 20, height: 10, fill: brand}
            - {type: Text, id: t, text: "yes", font: {size: 11}, color: primary}
        """
        let a = SceneRenderer(scene: try decode(json)), b = SceneRenderer(scene: try SceneDecoder().decode(Data(yaml.utf8), format: .yaml))
        XCTAssertEqual(a.layout(), b.layout())
        XCTAssertTrue(try a.render().pixelsEqual(try b.render()))
        XCTAssertEqual(try b.render()[20, 5], Color(r: 0xFF, g: 0, b: 0x66).premultiplied)
    }

    func testYAMLErrors_SayWhereAndRefuseExpansionBombs() {
        assertError("canvas: {width: 10, height: 10\nroot: [", "not valid YAML")
        assertError("canvas: {width: 10, height: 10}\nroot: {type: Text, text: x, maxLines: two}\n",
                    "root.maxLines: expected a number, found a string")
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...7 { bomb += "\("abcdefgh".map(String.init)[i]): &\("abcdefgh".map(String.init)[i]) [" + Array(repeating: "*\("abcdefgh".map(String.init)[i - 1])", count: 10).joined(separator: ", ") + "]\n" }
        assertError(bomb + "canvas: {width: 10, height: 10}\nroot: {type: Rectangle}\n", "expands to more than")
    }

    func testStylesAndThemes_ComeFromTheFileAndNodes() throws {
        let scene = try decode("""
        {"canvas": {"width": 200, "height": 60, "background": "#FFFFFF"},
         "environment": {"theme": "dark", "colors": {"accent": "#00FF00", "brandText": "onAccent"}},
         "styles": {"Button": "filled"},
         "root": {"type": "HStack", "spacing": 10, "children": [
           {"type": "Button", "id": "a", "insets": 8, "content": {"type": "Text", "text": "A"}},
           {"type": "Button", "id": "b", "style": "bordered", "insets": 8, "content": {"type": "Text", "text": "B"}}]}}
        """)
        XCTAssertEqual(scene.environment.theme.name, "dark")
        XCTAssertEqual(scene.environment.theme.colors["accent"], Color(r: 0, g: 255, b: 0))
        XCTAssertEqual(scene.environment.theme.colors["brandText"], Theme.dark.colors["onAccent"])
        let renderer = SceneRenderer(scene: scene)
        let bitmap = try renderer.render()
        let frames = renderer.layout()
        // The filled button (scene default) is filled with the accent; the bordered one
        // (its own style) keeps the background inside its ring.
        let a = try XCTUnwrap(frames["a"]), b = try XCTUnwrap(frames["b"])
        XCTAssertEqual(bitmap[Int(a.minX) + 3, Int(a.midY)], Color(r: 0, g: 255, b: 0).premultiplied)
        XCTAssertEqual(bitmap[Int(b.minX) + 4, Int(b.midY)], PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        assertError(#"{"canvas": {"width": 10, "height": 10}, "styles": {"Button": ["filled", "shiny"]}, "root": {"type": "Rectangle"}}"#,
                    "styles.Button[1]: unknown Button style 'shiny' (styles: plain, filled, bordered)")
        assertError(#"{"canvas": {"width": 10, "height": 10}, "styles": {"Text": "bold"}, "root": {"type": "Rectangle"}}"#,
                    "styles.Text: 'Text' has no named styles")
        assertError(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Rectangle", "style": "shiny"}}"#,
                    "root.style: unknown style 'shiny'")
        assertError(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Rectangle", "fill": "brand"}}"#,
                    "root.fill: 'brand' is not a CSS color or a semantic color of this scene")
    }

    /// Colours take CSS's forms wherever a colour goes; a semantic colour the scene
    /// defines shadows a CSS name of the same spelling.
    func testCSSColors_FillAndShadowing() throws {
        func pixel(_ fill: String, colors: String = "{}") throws -> PremultipliedColor {
            let scene = try decode(#"{"canvas": {"width": 2, "height": 2}, "environment": {"colors": \#(colors)}, "root": {"type": "Rectangle", "fill": "\#(fill)"}}"#)
            return try SceneRenderer(scene: scene).render()[1, 1]
        }
        XCTAssertEqual(try pixel("hsl(120 100% 25%)"), Color(r: 0, g: 128, b: 0).premultiplied)
        XCTAssertEqual(try pixel("RebeccaPurple"), Color(r: 0x66, g: 0x33, b: 0x99).premultiplied)
        XCTAssertEqual(try pixel("rgb(10%, 20%, 30%)"), Color(r: 26, g: 51, b: 77).premultiplied)
        XCTAssertEqual(try pixel("red"), Color(r: 255, g: 0, b: 0).premultiplied)
        XCTAssertEqual(try pixel("red", colors: ##"{"red": "#0000FF"}"##), Color(r: 0, g: 0, b: 255).premultiplied)
        XCTAssertEqual(try pixel("brand", colors: #"{"brand": "teal"}"#), Color(r: 0, g: 128, b: 128).premultiplied)
    }

    func testIDsAndTimeline_AreChecked() throws {
        let base = #"{"canvas": {"width": 100, "height": 100}, "root": {"type": "VStack", "id": "list", "children": [{"type": "Text", "id": "t", "text": "x"}, {"type": "Rectangle", "id": "r"}]}"#
        func withEvents(_ events: String) -> String { base + #", "animation": {"events": ["# + events + "]}}" }
        let scene = try decode(withEvents(#"{"at": 0.5, "set": {"t": {"text": "y"}}}, {"at": 0.1, "remove": "r", "transition": {"curve": "slide"}}"#))
        XCTAssertEqual(scene.timeline?.events.map(\.at), [0.1, 0.5])
        XCTAssertEqual(scene.timeline?.events.first?.action.transition?.duration, 0.25)
        XCTAssertEqual(scene.timeline?.events.first?.action.transition?.curve, .slide)
        XCTAssertEqual(scene.timeline?.frameCount, 61)
        // Without a duration, the timeline lasts until the last transition ends: a
        // physical spring's settling time, not the duration its transition gives.
        let spring = #"{"spring": {"stiffness": 100, "damping": 10, "mass": 1}}"#
        let springy = try decode(withEvents(#"{"at": 0.5, "set": {"r": {"opacity": 0.5}}, "transition": {"duration": 0.2, "curve": "# + spring + "}}"))
        // ζ = 0.5, ω₀ = 10: the envelope e^(-5t)·√(4/3) falls to 0.001 at t = ln(1000·√(4/3))/5.
        let settle = log(1000 * (4.0 / 3).squareRoot()) / 5
        XCTAssertEqual(springy.timeline?.duration ?? 0, 0.5 + settle, accuracy: 1e-6)
        XCTAssertEqual(springy.timeline?.frameCount, Int((0.5 + settle) * 60) + 1)
        let named = try decode(withEvents(#"{"at": 0.5, "set": {"r": {"opacity": 0.5}}, "transition": {"duration": 0.7, "curve": "spring"}}"#))
        XCTAssertEqual(named.timeline?.duration ?? 0, 1.2, accuracy: 1e-12, "the named spring keeps its 0.7 s")
        let written = try decode(base + #", "animation": {"duration": 0.8, "events": [{"at": 0.5, "set": {"r": {"opacity": 0.5}}, "transition": {"curve": "# + spring + "}}]}}")
        XCTAssertEqual(written.timeline?.duration, 0.8, "a written duration is kept")
        let undamped = #"{"spring": {"stiffness": 100, "damping": 0, "mass": 1}}"#
        let endless = try decode(withEvents(#"{"at": 0.5, "set": {"r": {"opacity": 0.5}}, "transition": {"curve": "# + undamped + "}}"))
        XCTAssertEqual(endless.timeline?.duration, SceneTimeline.longestDefault, "an undamped spring never settles: the default stops")
        XCTAssertEqual(AnimationCurve.customSpring(stiffness: 100, damping: 0, mass: 1).duration(given: 1), AnimationCurve.longestSpring)
        XCTAssertEqual(scene.nodeTypes, ["list": "VStack", "t": "Text", "r": "Rectangle"])
        assertError(withEvents(#"{"at": 0, "remove": "nope"}"#), "animation.events[0].remove: no node has the id 'nope'")
        assertError(withEvents(#"{"at": 0, "set": {"t": {"txt": "y"}}}"#), "animation.events[0].set.t.txt: unknown prop 'txt'")
        assertError(withEvents(#"{"at": 0, "set": {"t": {"maxLines": -1}}}"#), "animation.events[0].set.t.maxLines")
        assertError(withEvents(#"{"at": 0, "set": {"t": {"type": "Circle"}}}"#), "'type' cannot be changed")
        assertError(withEvents(#"{"at": 0, "insert": {"parent": "t", "node": {"type": "Circle"}}}"#), "is a Text, which has no children")
        assertError(withEvents(#"{"at": 0, "insert": {"parent": "list", "node": {"type": "Circle", "id": "t"}}}"#),
                    "the id 't' is already used by the node at root.children[0]")
        assertError(withEvents(#"{"at": 0, "remove": "r", "tap": "t"}"#), "expected one change per action")
        assertError(withEvents(#"{"at": 0}"#),
                    "animation.events[0]: expected one of 'set', 'insert', 'remove', 'tap', 'press', 'release', 'hold' or 'drag'")
        assertError(withEvents(#"{"at": 0, "tap": "t", "transition": {"curve": {"bezier": [2, 0, 0, 1]}}}"#), "x1 and x2 from 0 to 1")
        assertError(withEvents(#"{"at": -1, "tap": [1, 2]}"#), "animation.events[0].at")
        assertError(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "ZStack", "children": [{"type": "Circle", "id": "a"}, {"type": "Circle", "id": "a"}]}}"#,
                    "root.children[1].id: the id 'a' is already used")
        assertError(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Button", "content": {"type": "Circle"}, "onTap": [{"remove": "zz"}]}}"#,
                    "root.onTap[0].remove: no node has the id 'zz'")
    }

    func testSpacerAndFlexItems_WorkInsideNodeDecoration() throws {
        let scene = try decode("""
        {"canvas": {"width": 200, "height": 50},
         "root": {"type": "VStack", "children": [
           {"type": "HStack", "id": "row", "frame": {"width": 200}, "children": [
             {"type": "Rectangle", "id": "l", "width": 20, "height": 10},
             {"type": "Spacer", "id": "gap", "background": "#FF0000"},
             {"type": "Rectangle", "id": "r", "width": 20, "height": 10}]},
           {"type": "Flex", "id": "flex", "frame": {"width": 200}, "children": [
             {"type": "Rectangle", "id": "a", "height": 10, "width": 10, "grow": 1, "border": {"color": "#000"}},
             {"type": "Rectangle", "id": "b", "height": 10, "width": 10, "grow": 3}]}]}}
        """)
        let frames = SceneRenderer(scene: scene).layout()
        XCTAssertEqual(frames["r"]?.maxX, 200)
        XCTAssertEqual(frames["gap"]?.width, 160)
        // 180 free points shared 1 : 3, and the decorated item is the one sized.
        XCTAssertEqual(frames["a"]?.width, 55)
        XCTAssertEqual(frames["b"]?.width, 145)
    }

    /// A decorated Flex child is one view around its content: the node's view takes the
    /// item's box (decoration drawn over all of it) and holds the content directly,
    /// inside the padding at the item's alignment.
    func testFlexChild_IsOneViewAroundItsContent() throws {
        let scene = try decode(##"""
        {"canvas": {"width": 200, "height": 60, "background": "#FFFFFF"},
         "root": {"type": "Flex", "alignItems": "start", "children": [
           {"type": "Rectangle", "id": "item", "width": 20, "height": 10, "fill": "#0000FF", "padding": 10,
            "frame": {"width": 100, "height": 40, "alignment": "bottomTrailing"}, "background": "#FF0000"},
           {"type": "Rectangle", "id": "plain", "width": 30, "height": 10, "grow": 1}]}}
        """##)
        let renderer = SceneRenderer(scene: scene)
        let frames = renderer.layout()
        XCTAssertEqual(frames["item"], Rect(x: 0, y: 0, width: 100, height: 40))
        XCTAssertEqual(frames["plain"], Rect(x: 100, y: 0, width: 100, height: 10))
        let view = try XCTUnwrap(renderer.nodeView(id: "item"))
        XCTAssertEqual(view.subviews.count, 1)
        let content = try XCTUnwrap(view.subviews.first)
        XCTAssertEqual(content.layer.frame, Rect(x: 70, y: 20, width: 20, height: 10))
        let bitmap = try renderer.render()
        XCTAssertEqual(bitmap[2, 2], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(bitmap[80, 25], PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        XCTAssertEqual(bitmap[97, 37], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
    }

    /// A node with an id, padding and a frame outside a Flex is one view around its
    /// content, placed as SwiftUI's `.padding(...).frame(...)` places it: at the frame's
    /// alignment, inside the insets, both mirrored right to left.
    func testPaddedFramedNode_IsOneViewAroundItsContent() throws {
        for direction in ["ltr", "rtl"] {
            let scene = try decode(##"""
            {"canvas": {"width": 200, "height": 60, "background": "#FFFFFF"},
             "root": {"type": "VStack", "children": [
               {"type": "Rectangle", "id": "item", "width": 20, "height": 10, "fill": "#0000FF", "layoutDirection": "\##(direction)",
                "padding": {"top": 10, "bottom": 10, "leading": 4, "trailing": 16},
                "frame": {"width": 100, "height": 40, "alignment": "bottomTrailing"}, "background": "#FF0000"}]}}
            """##)
            let renderer = SceneRenderer(scene: scene)
            let frame = try XCTUnwrap(renderer.layout()["item"])
            XCTAssertEqual(frame.size, Size(width: 100, height: 40))
            let view = try XCTUnwrap(renderer.nodeView(id: "item"))
            XCTAssertEqual(view.subviews.count, 1, direction)
            let content = try XCTUnwrap(view.subviews.first)
            // The padded box is 40 x 30; right to left, trailing is the left edge and
            // the leading inset the right one.
            let x = direction == "ltr" ? 60.0 + 4 : 0.0 + 16
            XCTAssertEqual(content.layer.frame, Rect(x: x, y: 20, width: 20, height: 10), direction)
            let bitmap = try renderer.render()
            XCTAssertEqual(bitmap[Int(frame.minX) + 1, Int(frame.minY) + 1], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
            XCTAssertEqual(bitmap[Int(frame.minX + x) + 5, Int(frame.minY) + 25], PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
        }
    }

    /// A padded `Spacer` is a padded view, not a spacer, whether or not the node has an
    /// id. SwiftUI's `HStack` offers the space of its children at equal priority in
    /// turn, least flexible first, each an equal share of what is left: the text (less
    /// flexible than the padded spacer) is offered half the row and the padded spacer
    /// takes the rest, whereas a bare `Spacer` (priority below every view) is offered
    /// what the text leaves.
    func testPaddedSpacer_WithAnID_LaysOutAsWithout() throws {
        func frames(_ spacer: String) throws -> [String: Rect] {
            let scene = try decode("""
            {"canvas": {"width": 200, "height": 60},
             "root": {"type": "HStack", "spacing": 0, "frame": {"width": 200}, "children": [
               {"type": "Text", "id": "text", "text": "alpha beta gamma delta epsilon zeta eta theta iota kappa"},
               \(spacer)]}}
            """)
            return SceneRenderer(scene: scene).layout()
        }
        let padded = try frames(#"{"type": "Spacer", "id": "gap", "padding": 5}"#)
        let withID = try XCTUnwrap(padded["text"])
        let without = try XCTUnwrap(frames(#"{"type": "Spacer", "padding": 5}"#)["text"])
        let bare = try frames(#"{"type": "Spacer", "id": "gap"}"#)
        XCTAssertEqual(withID, without)
        XCTAssertLessThanOrEqual(withID.width, 100)
        XCTAssertEqual(padded["gap"]?.minX, withID.maxX)
        XCTAssertEqual(padded["gap"]?.maxX, 200)
        // The bare Spacer keeps only its minimum (8 points) from the text.
        let bareText = try XCTUnwrap(bare["text"])
        XCTAssertGreaterThan(bareText.width, 100)
        XCTAssertLessThanOrEqual(bareText.width, 192)
        XCTAssertEqual(bare["gap"]?.maxX, 200)
    }

    func testHiddenNodes_KeepTheirPlace_AndCanvasAlignmentPlacesTheRoot() throws {
        let scene = try decode(##"""
        {"canvas": {"width": 100, "height": 60, "background": "#FFFFFF", "alignment": "bottomTrailing"},
         "root": {"type": "HStack", "id": "row", "children": [
           {"type": "Rectangle", "id": "gone", "width": 20, "height": 20, "fill": "#FF0000", "hidden": true},
           {"type": "Rectangle", "id": "shown", "width": 20, "height": 20, "fill": "#0000FF"}]}}
        """##)
        let renderer = SceneRenderer(scene: scene)
        let frames = renderer.layout()
        XCTAssertEqual(frames["row"], Rect(x: 60, y: 40, width: 40, height: 20))
        XCTAssertEqual(frames["gone"], Rect(x: 60, y: 40, width: 20, height: 20))
        XCTAssertEqual(frames["shown"], Rect(x: 80, y: 40, width: 20, height: 20))
        let bitmap = try renderer.render()
        XCTAssertEqual(bitmap[70, 50], PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        XCTAssertEqual(bitmap[90, 50], PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
    }
}
