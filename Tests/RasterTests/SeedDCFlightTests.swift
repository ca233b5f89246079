import GoldenTesting
import Raster
@testable import SeedDCFlight
import XCTest

/// The DCFlight article's iOS code (Examples/Seeds/DCFlight) on the library's
/// `DCFComponent` protocol, registry and tree.
final class SeedDCFlightTests: XCTestCase {
    private func registry() -> DCFComponentRegistry {
        var registry = DCFComponentRegistry.standard
        registry.register("ExplainedButton", ExplainedButtonComponent.self)
        registry.register("MergingButton", MergingButtonComponent.self)
        return registry
    }

    private func screen(title: String = "Explained", onPress: (([String: Any]) -> Void)? = nil) -> DCFNode {
        var press: [String: Any] = ["title": "Continue", "filled": true, "fontSize": 15, "primaryColor": "#FFFFFF"]
        if let onPress { press["onPress"] = onPress }
        return DCFNode("View", props: ["padding": 12, "gap": 8, "backgroundColor": "#F2F2F7", "cornerRadius": 12], children: [
            DCFNode("Text", props: ["content": "Component protocol", "fontSize": 17, "fontWeight": "semibold"]),
            DCFNode("Text", props: ["content": "Props in, a native view out", "fontSize": 13, "secondary": true]),
            DCFNode("ExplainedButton", props: ["title": title]),
            DCFNode("Button", props: press),
        ])
    }

    func testTreeBuildsViewsFromPropsByTypeNameAndLaysThemOut() throws {
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        try tree.update(screen(), size: Size(240, 160))
        XCTAssertEqual(tree.createCount, 5)
        let explained = try XCTUnwrap(tree.view(forNodeId: "0.2") as? DCFButtonView)
        XCTAssertEqual(explained.title(for: .normal), "Explained")
        XCTAssertEqual(explained.titleColor(for: .normal), Theme.light[.primary], "primaryColor comes from the theme")
        let size = explained.intrinsicContentSize
        XCTAssertEqual(explained.frame, Rect(x: 12, y: explained.frame.minY, width: 240 - 2 * 12, height: size.height),
                       "applyLayout set the frame from the layout: left = padding, stretched across the column " +
                       "(Yoga's alignItems), intrinsic height")
        let title = try XCTUnwrap(tree.view(forNodeId: "0.0"))
        let subtitle = try XCTUnwrap(tree.view(forNodeId: "0.1"))
        XCTAssertEqual(title.frame.minY, 12)
        XCTAssertEqual(subtitle.frame.minY, title.frame.maxY + 8, "gap between children")
        XCTAssertEqual(explained.frame.minY, subtitle.frame.maxY + 8)
        let image = try tree.render(scale: 2, background: .white)
        assertGolden(of: image, named: "seeds/dcflight-tree@2x")
    }

    func testUnchangedPropsSkipUpdateViewAndChangedOnesKeepTheView() throws {
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        try tree.update(screen(), size: Size(240, 160))
        let explained = try XCTUnwrap(tree.view(forNodeId: "0.2"))
        try tree.update(screen(), size: Size(240, 160))
        XCTAssertEqual(tree.updateCount, 0, "equal props: updateView is not called")
        try tree.update(screen(title: "Renamed"), size: Size(240, 160))
        XCTAssertEqual(tree.updateCount, 1, "only the changed node updates")
        XCTAssertEqual(tree.createCount, 5, "and keeps its view")
        XCTAssertTrue(tree.view(forNodeId: "0.2") === explained)
        XCTAssertEqual((explained as? DCFButtonView)?.title(for: .normal), "Renamed")
    }

    func testThemeChangeReachesEveryNodeAsSemanticColours() throws {
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        try tree.update(screen(), size: Size(240, 160))
        let explained = try XCTUnwrap(tree.view(forNodeId: "0.2") as? DCFButtonView)
        let before = explained.dcfProps
        tree.theme = .dark
        try tree.update(DCFNode("View", props: ["padding": 12, "gap": 8, "backgroundColor": "#1C1C1E", "cornerRadius": 12],
                                children: screen().children), size: Size(240, 160))
        XCTAssertEqual(tree.updateCount, 5)
        XCTAssertEqual(explained.titleColor(for: .normal), Theme.dark[.primary])
        XCTAssertTrue(ExplainedButtonComponent().onlySemanticColorsChanged(before, explained.dcfProps))
        assertGolden(of: try tree.render(scale: 2, background: .black), named: "seeds/dcflight-tree-dark@2x")
    }

    func testEventsPropagateByNameToTheTreeAndTheNodesHandler() throws {
        var handled: [[String: Any]] = []
        var heard: [(String, String)] = []
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        tree.onEvent = { node, name, _ in heard.append((node, name)) }
        try tree.update(screen(onPress: { handled.append($0) }), size: Size(240, 160))
        let button = try XCTUnwrap(tree.view(forNodeId: "0.3"))
        XCTAssertTrue(tree.tap(at: Point(button.frame.midX, button.frame.midY)))
        XCTAssertEqual(heard.map(\.0), ["0.3"])
        XCTAssertEqual(heard.map(\.1), ["onPress"])
        XCTAssertEqual(handled.count, 1)
        XCTAssertEqual(handled.first?["pressed"] as? Bool, true)
        let explained = try XCTUnwrap(tree.view(forNodeId: "0.2"))
        XCTAssertTrue(tree.tap(at: Point(explained.frame.midX, explained.frame.midY)),
                      "the article's button is a control, but without addTarget it propagates nothing")
        XCTAssertEqual(heard.count, 1)
    }

    func testTunnelMethodsAreStaticCallsByTypeName() {
        let registry = registry()
        XCTAssertEqual(registry.callTunnel("ExplainedButton", method: "focus", params: [:]) as? Bool, true)
        XCTAssertEqual(registry.callTunnel("ExplainedButton", method: "blur", params: [:]) as? Bool, true)
        XCTAssertNil(registry.callTunnel("ExplainedButton", method: "scroll", params: [:]))
        XCTAssertNil(registry.callTunnel("Nope", method: "focus", params: [:]))
        XCTAssertEqual(registry.callTunnel("Button", method: "press", params: [:]) as? Bool, false, "no button to press")
    }

    /// A tunnel call through the tree reaches the node's type with its view: "press"
    /// presses that button as a tap does, and a disabled one is not pressed.
    func testTunnelPressThroughTheTreePressesThatButton() throws {
        var handled: [[String: Any]] = []
        var heard: [String] = []
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        tree.onEvent = { node, name, _ in heard.append("\(node) \(name)") }
        try tree.update(screen(onPress: { handled.append($0) }), size: Size(240, 160))
        XCTAssertEqual(tree.callTunnel(nodeId: "0.3", method: "press") as? Bool, true)
        XCTAssertEqual(heard, ["0.3 onPress"])
        XCTAssertEqual(handled.first?["pressed"] as? Bool, true)
        XCTAssertNil(tree.callTunnel(nodeId: "0.3", method: "scroll"), "not a method of Button")
        XCTAssertNil(tree.callTunnel(nodeId: "0.9", method: "press"), "no such node")
        XCTAssertEqual(tree.callTunnel(nodeId: "0.0", method: "press") as? Bool, nil, "Text has no tunnel methods")
        var disabled = screen(onPress: { handled.append($0) })
        disabled.children[3].props["disabled"] = true
        try tree.update(disabled, size: Size(240, 160))
        XCTAssertEqual(tree.callTunnel(nodeId: "0.3", method: "press") as? Bool, false)
        XCTAssertEqual(heard.count, 1, "a disabled button is not pressed")
    }

    func testUnknownTypesAreRefusedWithTheirPathAndNothingChanges() throws {
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        try tree.update(screen(), size: Size(240, 160))
        let bad = DCFNode("View", children: [DCFNode("Text"), DCFNode("Slider")])
        XCTAssertThrowsError(try tree.update(bad, size: Size(240, 160))) { error in
            XCTAssertEqual(error as? DCFError, .unknownType("Slider", path: "root.children[1]"))
            XCTAssertEqual("\(error)", "root.children[1]: unknown component type 'Slider'")
        }
        XCTAssertEqual((tree.view(forNodeId: "0.2") as? DCFButtonView)?.title(for: .normal), "Explained")
    }

    /// Keys give children an identity apart from their position: a keyed child moved to
    /// another position keeps its view, a key spelled like a position does not take the
    /// view of the unkeyed child there, and two siblings with one key are refused.
    func testKeyedChildrenKeepTheirViewsAndDuplicateKeysAreRefused() throws {
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        func list(_ order: [(String?, String)]) -> DCFNode {
            DCFNode("View", children: order.map { DCFNode("Text", props: ["content": $0.1], key: $0.0) })
        }
        try tree.update(list([("1", "keyed"), (nil, "second"), (nil, "third")]), size: Size(200, 120))
        XCTAssertEqual(tree.createCount, 4)
        let unkeyedAtOne = try XCTUnwrap(tree.view(forNodeId: "0.1"), "position 1 is not taken by key '1'")
        let keyed = try XCTUnwrap(tree.view(forNodeId: "0.key:1"))
        XCTAssertFalse(unkeyedAtOne === keyed)
        try tree.update(list([(nil, "second"), ("1", "keyed"), (nil, "third")]), size: Size(200, 120))
        XCTAssertTrue(tree.view(forNodeId: "0.key:1") === keyed, "the keyed child keeps its view at a new position")
        let twice = list([("a", "one"), ("a", "two")])
        XCTAssertThrowsError(try tree.update(twice, size: Size(200, 120))) { error in
            XCTAssertEqual(error as? DCFError, .duplicateKey("a", path: "root.children[1]"))
            XCTAssertEqual("\(error)", "root.children[1]: key 'a' is used by an earlier sibling")
        }
    }

    func testMergingComponentInATreeKeepsItsTitleWhenOnlyTheColourChanges() throws {
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        try tree.update(DCFNode("View", props: ["padding": 10], children: [
            DCFNode("MergingButton", props: ["title": "Merged", "primaryColor": "#FF3B30"]),
        ]), size: Size(120, 50))
        let button = try XCTUnwrap(tree.view(forNodeId: "0.0") as? DCFButtonView)
        XCTAssertEqual(button.titleColor(for: .normal), Color(r: 0xFF, g: 0x3B, b: 0x30))
        _ = MergingButtonComponent().updateView(button, withProps: ["primaryColor": "#34C759"])
        XCTAssertEqual(button.title(for: .normal), "Merged")
        XCTAssertEqual(button.titleColor(for: .normal), Color(r: 0x34, g: 0xC7, b: 0x59))
        assertGolden(of: try tree.render(scale: 2, background: .white), named: "seeds/dcflight-merging@2x")
    }

    func testMergingHelperKeepsPropsNotPassedAgain() throws {
        let component = MergingButtonComponent()
        let view = component.createView(props: ["title": "Save", "primaryColor": "#FF0000"])
        let button = try XCTUnwrap(view as? DCFButtonView)
        XCTAssertTrue(component.updateView(view, withProps: ["primaryColor": "#00FF00"]))
        XCTAssertEqual(button.title(for: .normal), "Save", "the stored title is merged in")
        XCTAssertEqual(button.titleColor(for: .normal), .green)
        XCTAssertEqual(component.getStoredProps(view)["primaryColor"] as? String, "#00FF00")
        XCTAssertTrue(component.hasPropChanged("title", ["title": "A"], ["title": "B"]))
        XCTAssertFalse(component.hasPropChanged("title", ["title": "A"], ["title": "A"]))
    }

    func testSemanticColourPatternInAComponent() throws {
        final class PatternButton: DCFComponent {
            init() {}
            func createView(props: [String: Any]) -> ComponentView {
                let button = UIButton(type: .system)
                button.setTitle(props["title"] as? String, for: .normal)
                applySemanticColorsPattern(props: props, button: button)
                return button
            }
            func updateView(_ view: ComponentView, withProps props: [String: Any]) -> Bool {
                guard let button = view as? UIButton else { return false }
                applySemanticColorsPattern(props: props, button: button)
                return true
            }
            func getIntrinsicSize(_ view: ComponentView, forProps props: [String: Any]) -> Size {
                (view as? UIButton)?.intrinsicContentSize ?? Size(width: 1, height: 1)
            }
        }
        var registry = DCFComponentRegistry()
        registry.register("View", DCFViewComponent.self)
        registry.register("PatternButton", PatternButton.self)
        let tree = DCFTree(registry: registry, theme: .dark, fonts: .bundledShared)
        let node = DCFNode("View", props: ["padding": 8, "gap": 4, "backgroundColor": "#000000"], children: [
            DCFNode("PatternButton", props: ["title": "Themed"]),
            DCFNode("PatternButton", props: ["title": "Own colour", "primaryColor": "#FF9500"]),
        ])
        try tree.update(node, size: Size(140, 90))
        XCTAssertEqual((tree.view(forNodeId: "0.0") as? UIButton)?.titleColor(for: .normal), Theme.dark[.primary])
        XCTAssertEqual((tree.view(forNodeId: "0.1") as? UIButton)?.titleColor(for: .normal), Color(r: 0xFF, g: 0x95, b: 0))
        assertGolden(of: try tree.render(scale: 2, background: .black), named: "seeds/dcflight-semantic-colors@2x")
    }

    func testSemanticColourPatternAppliesHexAndIgnoresBadStrings() {
        let button = UIButton(type: .system)
        applySemanticColorsPattern(props: ["primaryColor": "#112233"], button: button)
        XCTAssertEqual(button.titleColor(for: .normal), Color(r: 0x11, g: 0x22, b: 0x33))
        applySemanticColorsPattern(props: ["primaryColor": "not a colour"], button: button)
        XCTAssertEqual(button.titleColor(for: .normal), Color(r: 0x11, g: 0x22, b: 0x33), "no crash, no change")
        XCTAssertEqual(ColorUtilities.hexString(Color(r: 0x11, g: 0x22, b: 0x33)), "#112233FF")
        XCTAssertEqual(ColorUtilities.hexString(Color(r: 0x01, g: 0xAB, b: 0x0F, a: 0x80)), "#01AB0F80")
    }

    func testIntrinsicSizeIsNeverBelowOneByOne() {
        let component = ExplainedButtonComponent()
        XCTAssertEqual(component.getIntrinsicSize(ComponentView(), forProps: [:]), .zero, "not a button: the article returns zero")
        let empty = DCFTextComponent()
        XCTAssertEqual(empty.getIntrinsicSize(ComponentView(), forProps: ["content": ""]), Size(width: 1, height: 1))
    }

    /// A screen laid out the Yoga way: a column (the default) with a header row whose
    /// title grows between two buttons, a body that grows to fill the screen, and a footer
    /// row of three equal buttons (`flex: 1`), checked against the flexbox arithmetic and
    /// kept as a golden.
    func testYogaStyleScreen() throws {
        let tree = DCFTree(registry: registry(), fonts: .bundledShared)
        let screen = DCFNode("View", props: ["padding": 12, "gap": 10, "backgroundColor": "#F2F2F7"], children: [
            DCFNode("View", props: ["flexDirection": "row", "alignItems": "center", "gap": 8], children: [
                DCFNode("Button", props: ["title": "Back", "fontSize": 14]),
                DCFNode("Text", props: ["content": "Inbox", "fontSize": 17, "fontWeight": "semibold", "flexGrow": 1]),
                DCFNode("Button", props: ["title": "Edit", "fontSize": 14]),
            ]),
            DCFNode("View", props: ["flexGrow": 1, "backgroundColor": "#FFFFFF", "cornerRadius": 10]),
            DCFNode("View", props: ["flexDirection": "row", "gap": 8], children: [
                DCFNode("Button", props: ["title": "One", "filled": true, "fontSize": 14, "flex": 1]),
                DCFNode("Button", props: ["title": "Two", "filled": true, "fontSize": 14, "flex": 1]),
                DCFNode("Button", props: ["title": "Three", "filled": true, "fontSize": 14, "flex": 1]),
            ]),
        ])
        try tree.update(screen, size: Size(300, 220))
        let header = try XCTUnwrap(tree.view(forNodeId: "0.0")), body = try XCTUnwrap(tree.view(forNodeId: "0.1"))
        let footer = try XCTUnwrap(tree.view(forNodeId: "0.2"))
        XCTAssertEqual(header.frame.width, 276, "stretched across the padded column")
        XCTAssertEqual(body.frame.minY, header.frame.maxY + 10)
        XCTAssertEqual(footer.frame.maxY, 220 - 12, "the body grew to push the footer to the bottom padding")
        XCTAssertEqual(body.frame.maxY + 10, footer.frame.minY)
        let buttons = try (0..<3).map { try XCTUnwrap(tree.view(forNodeId: "0.2.\($0)")).frame }
        XCTAssertEqual(buttons.map(\.width), [87, 86, 87], "(276 - 16) / 3 each, snapped to whole points without gaps")
        let title = try XCTUnwrap(tree.view(forNodeId: "0.0.1")).frame
        let back = try XCTUnwrap(tree.view(forNodeId: "0.0.0")).frame, edit = try XCTUnwrap(tree.view(forNodeId: "0.0.2")).frame
        XCTAssertEqual(title.minX, back.maxX + 8)
        XCTAssertEqual(edit.maxX, 276, "the title grew, so Edit sits at the row's end")
        assertGolden(of: try tree.render(scale: 2, background: .white), named: "seeds/dcflight-yoga-screen@2x")
    }
}
