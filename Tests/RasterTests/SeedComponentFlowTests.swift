import GoldenTesting
import Raster
import SeedComponentFlow
import XCTest

/// A typed environment value for the article's generic stack.
private struct Palette: Equatable {
    var color: Color
}

/// A leaf that takes its colour from the typed environment.
private struct PaletteSwatch: Component {
    typealias EnvironmentType = Palette
    var width: Double
    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState, environment: Environment<Palette>,
                transition: ComponentTransition) -> Size {
        view.layer.backgroundPaint = .solid(environment[Palette.self].color)
        return Size(width: width, height: 12)
    }
}

/// A leaf whose state the test changes.
private struct Tally: Component {
    final class State: ComponentState { var count = 1 }
    func makeState() -> State { State() }
    func update(view: ComponentView, availableSize: Size, state: State, environment: Environment<Empty>,
                transition: ComponentTransition) -> Size {
        view.layer.backgroundPaint = .solid(.red)
        return Size(width: Double(state.count) * 10, height: 10)
    }
}

/// The code of the ComponentFlow article (Examples/Seeds/ComponentFlow) running on the
/// library, and the ComponentFlow API it calls.
final class SeedComponentFlowTests: XCTestCase {
    private typealias ArticleVStack = SeedComponentFlow.VStack

    private func bar(_ color: Color, _ width: Double) -> AnyComponent<Empty> {
        AnyComponent(RoundedRectangle(cornerRadius: 3, fill: .color(color), width: width, height: 14))
    }

    private func articleStack(_ alignment: VStackAlignment, ids: [String] = ["a", "b", "c"]) -> ArticleVStack<Empty> {
        let widths = ["a": 60.0, "b": 24.0, "c": 41.0]
        let colors = ["a": Color.red, "b": Color.green, "c": Color.blue, "d": Color.black]
        return ArticleVStack(ids.map { AnyComponentWithIdentity(id: $0, component: bar(colors[$0] ?? .black, widths[$0] ?? 30)) },
                             alignment: alignment, spacing: 4)
    }

    func testArticleVStackPlacesChildrenLeftCenterRight() throws {
        for (alignment, xs) in [(VStackAlignment.left, [0.0, 0, 0]), (.center, [0, 18, 9]), (.right, [0, 36, 19])] {
            let host = ComponentHost<Empty>()
            let size = host.update(component: AnyComponent(articleStack(alignment)), containerSize: Size(100, 100))
            XCTAssertEqual(size, Size(60, 50), "widest child; heights plus two spacings")
            let rows = try XCTUnwrap(host.view.subviews.first).subviews
            XCTAssertEqual(rows.map(\.frame.minX), xs, "\(alignment)")
            XCTAssertEqual(rows.map(\.frame.minY), [0, 18, 36])
        }
        let all = AnyComponent(HStack([AnyComponent(articleStack(.left)), AnyComponent(articleStack(.center)),
                                       AnyComponent(articleStack(.right))], spacing: 12)).padding(10)
        assertGolden(of: all, size: Size(224, 70), scale: 2, background: .white, named: "seeds/componentflow-vstack@2x")
    }

    func testArticleVStackPassesItsTypedEnvironmentToChildren() throws {
        let host = ComponentHost<Palette>()
        let stack = ArticleVStack<Palette>([AnyComponentWithIdentity(id: 0, component: AnyComponent(PaletteSwatch(width: 20)))])
        host.update(component: AnyComponent(stack), environment: { Palette(color: .green) }, containerSize: Size(50, 50))
        let swatch = try XCTUnwrap(host.view.subviews.first?.subviews.first)
        XCTAssertEqual(swatch.layer.backgroundPaint, .solid(.green))
        host.update(component: AnyComponent(stack), environment: { Palette(color: .green) }, containerSize: Size(50, 50))
        XCTAssertEqual(host.statistics.updates(of: "PaletteSwatch"), 1, "same environment: skipped")
        host.update(component: AnyComponent(stack), environment: { Palette(color: .blue) }, containerSize: Size(50, 50))
        XCTAssertEqual(host.statistics.updates(of: "PaletteSwatch"), 2, "a changed environment reaches the child")
        XCTAssertEqual(swatch.layer.backgroundPaint, .solid(.blue))
    }

    func testLibraryStacksAreGenericOverTheirChildrensEnvironment() throws {
        let swatches = [AnyComponent(PaletteSwatch(width: 10)), AnyComponent(PaletteSwatch(width: 20))]
        let row = HStack<Palette>(swatches, spacing: 2, alignment: .top)
        let column = Raster.VStack<Palette>(swatches, spacing: 2, alignment: .right)
        let host = ComponentHost<Palette>()
        XCTAssertEqual(host.update(component: AnyComponent(row), environment: { Palette(color: .red) },
                                   containerSize: Size(100, 100)), Size(32, 12))
        XCTAssertEqual(host.view.subviews.first?.subviews.map(\.layer.backgroundPaint), [.solid(.red), .solid(.red)])
        XCTAssertEqual(host.update(component: AnyComponent(column), environment: { Palette(color: .blue) },
                                   containerSize: Size(100, 100)), Size(20, 26))
        let views = try XCTUnwrap(host.view.subviews.first?.subviews)
        XCTAssertEqual(views.map(\.frame.minX), [10, 0], "right alignment")
        XCTAssertEqual(views.map(\.layer.backgroundPaint), [.solid(.blue), .solid(.blue)])
    }

    func testArticleVStackSkipsEqualChildrenAndKeepsIdentityByKey() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(articleStack(.left)), containerSize: Size(100, 100))
        let stack = try XCTUnwrap(host.view.subviews.first)
        let b = stack.subviews[1]
        let updates = host.statistics.updates(of: "RoundedRectangle")
        XCTAssertEqual(updates, 3)
        host.update(component: AnyComponent(articleStack(.left)), containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "RoundedRectangle"), 3, "equal children are not updated again")
        XCTAssertEqual(host.statistics.updates(of: "VStack"), 1, "an equal stack is skipped")

        host.update(component: AnyComponent(articleStack(.left, ids: ["c", "b"])), containerSize: Size(100, 100))
        XCTAssertEqual(stack.subviews.count, 2)
        XCTAssertTrue(stack.subviews[1] === b, "key b keeps its view")
        XCTAssertEqual(b.frame.minY, 18)
    }

    func testArticleVStackAppearsAndDisappearsWithAnimatedTransitions() throws {
        let host = ComponentHost<Empty>()
        let animated = ComponentTransition.curve(duration: 0.4, curve: .linear)
        host.update(component: AnyComponent(articleStack(.left, ids: ["a", "b"])), containerSize: Size(100, 100))
        let stack = try XCTUnwrap(host.view.subviews.first)
        host.update(transition: animated, component: AnyComponent(articleStack(.left, ids: ["a", "d"])),
                    containerSize: Size(100, 100))
        XCTAssertEqual(stack.subviews.count, 3, "b stays while it animates out")
        let leaving = try XCTUnwrap(stack.subviews.first { $0.isDisappearing })
        let arriving = try XCTUnwrap(stack.subviews.dropFirst().first { !$0.isDisappearing })
        XCTAssertEqual(arriving.layer.opacity, 0, accuracy: 1e-9, "d starts transparent")
        host.advance(to: 0.2)
        XCTAssertEqual(arriving.layer.opacity, 0.5, accuracy: 1e-6)
        XCTAssertEqual(leaving.layer.opacity, 0.5, accuracy: 1e-6)
        host.advance(to: 0.4)
        XCTAssertEqual(stack.subviews.count, 2, "b is removed when its disappear animation ends")
        XCTAssertEqual(arriving.layer.opacity, 1)
    }

    func testChildModifierFragmentDecoratesTheChild() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(ChildModifierShowcase()), containerSize: Size(200, 200))
        let layer = try XCTUnwrap(host.view.subviews.first?.subviews.first?.layer)
        XCTAssertEqual(layer.position, Point(100, 100))
        XCTAssertEqual(layer.bounds.size, Size(80, 60))
        XCTAssertEqual(layer.transform, Transform(scaleX: 1.2, y: 1.2))
        XCTAssertEqual(layer.opacity, 0.8)
        XCTAssertEqual(layer.cornerRadius, 10)
        XCTAssertTrue(layer.masksToBounds)
        assertGolden(of: ChildModifierShowcase(), size: Size(200, 200), background: .white,
                     named: "seeds/componentflow-child-modifiers@1x")
    }

    func testActionSlotUsagePatternDeliversHighlightsWithoutChangingEquality() throws {
        let (button, slot) = actionSlotUsagePattern()
        XCTAssertTrue(button.highlightedAction === slot)
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(button), containerSize: Size(120, 40))
        var highlights: [Bool] = []
        slot.connect { highlights.append($0) }
        XCTAssertTrue(host.tap(at: Point(10, 10)))
        XCTAssertEqual(highlights, [true, false], "press and release reach the slot connected after creation")
        let before = host.statistics.updates(of: "Button")
        host.update(component: AnyComponent(button), containerSize: Size(120, 40))
        XCTAssertEqual(host.statistics.updates(of: "Button"), before, "connecting a handler left the button equal")

        // The default (plain) style keeps the text's own colour: black, not the accent.
        let image = try host.render(scale: 2, background: .white)
        var dark = 0, bluish = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if p.r < 60, p.g < 60, p.b < 60 { dark += 1 }
                if Int(p.b) > Int(p.r) + 60 { bluish += 1 }
            }
        }
        XCTAssertGreaterThan(dark, 50)
        XCTAssertEqual(bluish, 0)
        assertGolden(of: button, size: Size(120, 40), scale: 2, background: .white, named: "seeds/componentflow-button@2x")
    }

    // MARK: - The API the article's framework blocks describe

    func testStateUpdatedWithIsLocalReRendersAndReachesTheHook() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(articleTallyStack()), containerSize: Size(100, 100))
        let tally = try XCTUnwrap(host.view.subviews.first?.subviews.first)
        let state = try XCTUnwrap(tally.componentState as? Tally.State)
        var heard: [Bool] = []
        state._updated = { _, isLocal in heard.append(isLocal) }
        let stackUpdates = host.statistics.updates(of: "VStack<Empty>")
        let tallyUpdates = host.statistics.updates(of: "Tally")
        state.count = 4
        state.updated(transition: .immediate, isLocal: true)
        XCTAssertEqual(tally.frame.width, 40, "its own update ran, and its frame took the new size")
        XCTAssertEqual(host.statistics.updates(of: "Tally"), tallyUpdates + 1)
        XCTAssertEqual(host.statistics.updates(of: "VStack<Empty>"), stackUpdates, "local: the stack did not run")
        XCTAssertEqual(heard, [true])
        XCTAssertTrue(state.lastUpdateWasLocal)
        state.count = 5
        state.updated()
        XCTAssertEqual(heard, [true, false])
        XCTAssertEqual(host.statistics.updates(of: "VStack<Empty>"), stackUpdates + 1, "not local: the path from the root ran")
        XCTAssertEqual(tally.frame.width, 50)
    }

    private func articleTallyStack() -> ArticleVStack<Empty> {
        ArticleVStack([AnyComponentWithIdentity(id: 0, component: AnyComponent(Tally()))])
    }

    func testComponentHostViewUpdatesSkipsAndPassesHitsThrough() throws {
        let hostView = ComponentHostView<Empty>()
        var taps = 0
        let button = Button(content: AnyComponent(Rectangle(fill: .color(.red), width: 20, height: 20)), action: { taps += 1 })
        let size = hostView.update(transition: .immediate, component: AnyComponent(articleButtonStack(button)),
                                   environment: {}, containerSize: Size(100, 100))
        XCTAssertEqual(size, Size(20, 20))
        XCTAssertNotNil(hostView.componentView)
        XCTAssertEqual(hostView.componentView?.frame, Rect(0, 0, 20, 20))
        let first = hostView.host.statistics.updates
        XCTAssertGreaterThanOrEqual(first, 3, "stack, button and rectangle")
        hostView.update(transition: .immediate, component: AnyComponent(articleButtonStack(button)), environment: {},
                        containerSize: Size(100, 100))
        XCTAssertEqual(hostView.host.statistics.updates, first, "the equal second update ran nothing")
        hostView.update(transition: .immediate, component: AnyComponent(articleButtonStack(button)), environment: {},
                        forceUpdate: true, containerSize: Size(100, 100))
        XCTAssertEqual(hostView.host.statistics.updates, first + 1, "forceUpdate runs the root only")
        XCTAssertNil(hostView.hitTest(Point(60, 60)), "empty areas pass through")
        XCTAssertTrue(hostView.hitTest(Point(5, 5)) is ButtonView)
        XCTAssertTrue(hostView.host.tap(at: Point(5, 5)))
        XCTAssertEqual(taps, 1)
    }

    private func articleButtonStack(_ button: Button) -> ArticleVStack<Empty> {
        ArticleVStack([AnyComponentWithIdentity(id: 0, component: AnyComponent(button))])
    }

    func testButtonArgumentsAndBuilders() throws {
        final class Tag {}
        let tag = Tag()
        var actions = 0, holds = 0
        let content = AnyComponent(Rectangle(fill: .color(.red), width: 10, height: 10))
        let button = Button(content: content, contentInsets: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2),
                            minSize: nil, hitTestEdgeInsets: UIEdgeInsets(top: -10, left: -10, bottom: -10, right: -10),
                            tag: tag, automaticHighlight: true, isEnabled: true, isExclusive: false,
                            action: { actions += 1 }, holdAction: { _ in holds += 1 }, highlightedAction: nil)
            .minSize(CGSize(width: 40, height: 30))
        XCTAssertEqual(button.minSize, Size(40, 30))
        XCTAssertEqual(button.contentInsets, EdgeInsets(all: 2))
        XCTAssertNotEqual(button, button.withIsExclusive(true))
        XCTAssertNotEqual(button, button.withHoldAction(nil))
        XCTAssertNotEqual(button, button.tagged(Tag()))
        XCTAssertEqual(button, button.tagged(tag))

        let host = ComponentHost<Empty>()
        let framed = AnyComponent(button).padding(20)
        XCTAssertEqual(host.update(component: framed, containerSize: Size(200, 200)), Size(80, 70))
        let view = try XCTUnwrap(host.view.findTaggedView(tag: tag))
        XCTAssertEqual(view.frame.size, Size(40, 30), "minSize")
        XCTAssertTrue(host.hitTest(Point(12, 12)) === view, "hitTestEdgeInsets grow the pressable area by 10")
        XCTAssertNil(host.hitTest(Point(8, 8)))
        XCTAssertEqual(host.hold(at: Point(30, 30), repeats: 3), 3)
        XCTAssertEqual(holds, 3)
        XCTAssertEqual(actions, 0, "a held button does not act on release")
        host.tap(at: Point(30, 30))
        XCTAssertEqual(actions, 1)
    }

    func testAnimateViewCompletesAfterTheDurationAndAnimatePositionRestoresTheModel() throws {
        struct Nudged: Component {
            let log: ActionSlot<String>
            func update(view: ComponentView, availableSize: Size, state: EmptyComponentState, environment: Environment<Empty>,
                        transition: ComponentTransition) -> Size {
                transition.animateView({ log.invoke("applied") }, completion: { _ in log.invoke("completed") })
                transition.animatePosition(view: view, from: Point(-20, 0), to: .zero, additive: true)
                return Size(20, 20)
            }
        }
        let log = ActionSlot<String>()
        var events: [String] = []
        log.connect { events.append($0) }
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Nudged(log: log)), containerSize: Size(50, 50))
        XCTAssertEqual(events, ["applied", "completed"], "immediate: completion at once")
        events = []
        let layer = try XCTUnwrap(host.view.subviews.first?.layer)
        let model = layer.position
        host.update(transition: .curve(duration: 0.5, curve: .linear), component: AnyComponent(Nudged(log: log)),
                    forceUpdate: true, containerSize: Size(50, 50))
        XCTAssertEqual(events, ["applied"])
        host.advance(to: 0.25)
        XCTAssertEqual(layer.position.x, model.x - 10, accuracy: 1e-6, "halfway from -20 to 0, additively")
        host.advance(to: 0.5)
        XCTAssertEqual(events, ["applied", "completed"])
        XCTAssertEqual(layer.position, model)
    }

    func testTextWithAUIColorAndFloorOnCGFloat() throws {
        let value: SeedSupport.CGFloat = 7.6
        XCTAssertEqual(floor(value), 7)
        XCTAssertEqual(ceil(value), 8)
        let text = Text(text: "Hi", font: UIFont.system(size: 20), color: UIColor.red)
        XCTAssertEqual(text.text, "Hi")
        let image = try ComponentHost.render(text, size: Size(40, 30), background: .white)
        var red = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].r > 200 && image[x, y].g < 80 { red += 1 } }
        XCTAssertGreaterThan(red, 20)
    }

    // MARK: - The list example (Examples/Seeds/ComponentFlow/ChatList.swift)

    /// A row inserted into the article's VStack scales and fades in (its default
    /// transition), the rows below slide down, and the marker `animateView` moves glides to
    /// the new selection: frames at the start, middle and end of a 0.3 s transition.
    func testChatListInsertsARowWithTheDefaultTransitionAndMovesItsMarker() throws {
        let host = ComponentHost<Empty>()
        let size = Size(200, 120)
        let before: [(id: String, width: Double)] = [("a", 140), ("b", 90), ("c", 120)]
        host.update(component: AnyComponent(ChatList(rows: before, selected: 0)), containerSize: size)
        let after: [(id: String, width: Double)] = [("a", 140), ("new", 110), ("b", 90), ("c", 120)]
        host.update(transition: .curve(duration: 0.3, curve: .easeInOut),
                    component: AnyComponent(ChatList(rows: after, selected: 2)), containerSize: size)
        let dot = try XCTUnwrap(host.view.subviews.first?.subviews.compactMap { ($0 as? SelectionMarker.View)?.dot }.first)
        var dotY: [Double] = []
        for (time, name) in [(0.0, "start"), (0.15, "middle"), (0.3, "end")] {
            host.advance(to: time)
            dotY.append(dot.frame.minY)
            assertGolden(of: try host.render(scale: 2, background: .white), named: "seeds/componentflow-list-\(name)@2x")
        }
        XCTAssertEqual(dotY, [0, 32, 64], "easeInOut is half way at half time: from row 0 to row 2")
    }
}
