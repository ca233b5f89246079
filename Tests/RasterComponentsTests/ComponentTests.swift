import RasterComponents
import RasterCore
import RasterLayers
import RasterText
import XCTest

/// A leaf that counts its updates and reads a semantic colour.
private struct Swatch: Component {
    var color: ColorValue
    var side: Double = 10

    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        view.layer.backgroundPaint = .solid(environment.color(color))
        return Size(width: side, height: side)
    }
}

/// Reads several colours (more than a component's first two reads) and takes the last.
private struct Palette: Component {
    var colors: [ColorValue]

    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        var last = Color.clear
        for color in colors { last = environment.color(color) }
        view.layer.backgroundPaint = .solid(last)
        return Size(width: 10, height: 10)
    }
}

/// A value without equality, shared through the environment.
private struct Formatter { let format: (Int) -> String }
private enum FormatterKey: EnvironmentKey { static var defaultValue: Formatter { Formatter { "\($0)" } } }

/// As wide as its number formatted by the environment's formatter.
private struct Formatted: Component {
    var number: Int
    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        Size(width: Double(environment[key: FormatterKey.self].format(number).count), height: 1)
    }
}

/// A counter whose state changes from outside.
private struct Counter: Component {
    final class State: ComponentState { var count = 0 }
    func makeState() -> State { State() }
    func update(view: ComponentView, availableSize: Size, state: State, environment: Environment<Empty>,
                transition: ComponentTransition) -> Size {
        Size(width: Double(state.count), height: 1)
    }
}

private struct Strings: Equatable { var greeting: String }

/// Reads a typed environment value.
private struct Greeting: Component {
    typealias EnvironmentType = Strings
    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState, environment: Environment<Strings>,
                transition: ComponentTransition) -> Size {
        Size(width: Double(environment[Strings.self].greeting.count), height: 1)
    }
}

/// A list keyed by id.
private struct List: CombinedComponent {
    let ids: [String]
    static var body: Body {
        let rows = ChildMap(environment: Empty.self, keyedBy: String.self)
        return { context in
            var y = 0.0
            for id in context.component.ids {
                let row = rows[id].update(component: AnyComponent(Counter()), availableSize: context.availableSize,
                                          transition: context.transition)
                context.add(row.position(Point(x: 0, y: y)).anchorPoint(.zero))
                y += 1
            }
            return Size(width: 10, height: y)
        }
    }
}

final class ComponentTests: XCTestCase {
    private func stack(_ colors: [ColorValue]) -> AnyComponent<Empty> {
        AnyComponent(VStack(colors.map { AnyComponent(Swatch(color: $0)) }, spacing: 2))
    }

    func testFourWaySkip() {
        let host = ComponentHost<Empty>()
        let root = stack([.fixed(.red), .accent, .fixed(.blue)])
        host.update(component: root, containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "Swatch"), 3)

        host.update(component: stack([.fixed(.red), .accent, .fixed(.blue)]), containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "Swatch"), 3, "equal components, same size and environment: skipped")
        XCTAssertEqual(host.statistics.updates(of: "VStack"), 1)

        host.update(component: stack([.fixed(.red), .accent, .fixed(.green)]), containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "Swatch"), 4, "only the changed child updates")
        XCTAssertTrue(host.statistics.lastPass.contains { $0.component == "Swatch" && $0.reasons == .component })

        host.update(component: stack([.fixed(.red), .accent, .fixed(.green)]), containerSize: Size(100, 90))
        XCTAssertEqual(host.statistics.updates(of: "Swatch"), 7, "a new available size reaches every child")
        XCTAssertTrue(host.statistics.lastPass.allSatisfy { $0.reasons.contains(.availableSize) })
    }

    func testThemeChangeUpdatesOnlyReaders() throws {
        let host = ComponentHost<Empty>()
        host.update(component: stack([.fixed(.red), .accent, .primary]), containerSize: Size(100, 100))
        let before = try host.render()
        let updates = host.statistics.updates(of: "Swatch")
        host.environmentValues.theme.colors["accent"] = .green
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates(of: "Swatch"), updates + 1, "only the accent reader updates")
        XCTAssertEqual(host.statistics.lastPass.last?.reasons, .environment)
        let after = try host.render()
        XCTAssertEqual(after[5, 17], Color.green.premultiplied)
        XCTAssertEqual(after[5, 5], before[5, 5])
        host.environmentValues.theme = .dark
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates(of: "Swatch"), updates + 3, "dark changes accent and primary")
        XCTAssertEqual(try host.render()[5, 29], Theme.dark[.primary].premultiplied)
    }

    /// Every colour a component reads is tracked, however many it reads, and a parent
    /// tracks the union of its children's reads: changing the fourth colour one child
    /// reads updates that child and the path to it, and a colour nobody reads updates
    /// nothing.
    func testManyReads_AreEachTrackedUpTheTree() throws {
        let host = ComponentHost<Empty>()
        let tree = AnyComponent(VStack([
            AnyComponent(Palette(colors: [.primary, .secondary])),
            AnyComponent(Palette(colors: [.accent, .onAccent, .separator, .destructive])),
        ]))
        host.update(component: tree, containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "Palette"), 2)
        host.environmentValues.theme.colors["tertiary"] = .green
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates(of: "Palette"), 2, "nobody reads tertiary")
        XCTAssertEqual(host.statistics.updates(of: "VStack"), 1, "nor anything below the stack")
        host.environmentValues.theme.colors["destructive"] = .green
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates(of: "Palette"), 3, "the fourth read of the second palette")
        XCTAssertEqual(host.statistics.lastPass.filter { $0.component == "Palette" }.map(\.reasons), [.environment])
        XCTAssertEqual(try host.render()[5, 15], Color.green.premultiplied)
        host.environmentValues.theme.colors["secondary"] = .blue
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates(of: "Palette"), 4, "the second read of the first palette")
        XCTAssertEqual(try host.render()[5, 5], Color.blue.premultiplied)
    }

    /// The layout direction reads as it was last set, through its property or its key,
    /// in the copy it was set in only, and takes part in equality.
    func testLayoutDirection_ReadsAsSet_InItsCopyOnly() {
        var a = EnvironmentValues()
        XCTAssertEqual(a.layoutDirection, .leftToRight)
        let before = a
        a.layoutDirection = .rightToLeft
        XCTAssertEqual(a.layoutDirection, .rightToLeft)
        XCTAssertEqual(before.layoutDirection, .leftToRight, "the copy taken before keeps its value")
        XCTAssertNotEqual(a, before)
        var b = a
        b.theme.colors["accent"] = .green
        XCTAssertEqual(b.layoutDirection, .rightToLeft, "another change keeps the direction")
        b.layoutDirection = .leftToRight
        XCTAssertEqual(a.layoutDirection, .rightToLeft)
        XCTAssertEqual(b.layoutDirection, .leftToRight)
        var c = EnvironmentValues()
        c.layoutDirection = .rightToLeft
        XCTAssertEqual(c, a, "equal values, set apart")
        c.layoutDirection = .leftToRight
        XCTAssertNotEqual(c, a)
    }

    /// A value without equality counts as changed when it is set again, and only then.
    func testNonEquatableEnvironmentValue_ChangesOnlyWhenSetAgain() throws {
        let host = ComponentHost<Empty>()
        host.environmentValues[FormatterKey.self] = Formatter { "#\($0)" }
        let tree = AnyComponent(VStack([AnyComponent(Formatted(number: 7)), AnyComponent(Swatch(color: .accent))]))
        host.update(component: tree, containerSize: Size(100, 100))
        let formatted = try XCTUnwrap(host.view.subviews.first?.subviews.first)
        XCTAssertEqual(formatted.frame.width, 2, "#7")
        XCTAssertEqual(host.statistics.updates(of: "Formatted"), 1)
        host.update(component: tree, containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "Formatted"), 1, "nothing was set again: the reader skips")
        host.environmentValues.theme.colors["accent"] = .green
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates(of: "Swatch"), 2, "the accent reader updates")
        XCTAssertEqual(host.statistics.updates(of: "Formatted"), 1, "another value changed: this reader skips")
        host.environmentValues[FormatterKey.self] = Formatter { "No. \($0)" }
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates(of: "Formatted"), 2, "set again: the reader updates")
        XCTAssertEqual(formatted.frame.width, 5, "No. 7")
    }

    func testTextReadingTheFontRegistryIsSkippedWhenNothingChanged() {
        let host = ComponentHost<Empty>()
        let text = AnyComponent(VStack([AnyComponent(Text("Hello")), AnyComponent(Text("World"))]))
        host.update(component: text, containerSize: Size(100, 100))
        host.update(component: text, containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "Text"), 2, "an unset key read twice is unchanged")
        host.environmentValues.fonts = FontRegistry()
        host.updateEnvironment()
        XCTAssertEqual(host.statistics.updates(of: "Text"), 4, "a new registry reaches every reader")
    }

    func testStateUpdateRerunsTheHostAndOnlyThePathToIt() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(List(ids: ["a", "b"])), containerSize: Size(100, 100))
        let row = try XCTUnwrap(host.view.subviews.first?.subviews.last)
        let counterUpdates = host.statistics.updates(of: "Counter")
        let state = try XCTUnwrap(row.componentState as? Counter.State)
        state.count = 7
        state.updated()
        XCTAssertEqual(host.statistics.updates(of: "Counter"), counterUpdates + 1)
        XCTAssertEqual(row.frame.width, 7)
        XCTAssertEqual(Set(host.statistics.lastPass.map(\.reasons)), [.descendant, .state])
    }

    func testChildMapKeepsIdentityByKey() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(List(ids: ["a", "b", "c"])), containerSize: Size(100, 100))
        let list = try XCTUnwrap(host.view.subviews.first)
        let b = list.subviews[1]
        host.update(component: AnyComponent(List(ids: ["c", "b"])), containerSize: Size(100, 100))
        XCTAssertEqual(list.subviews.count, 2)
        XCTAssertTrue(list.subviews[1] === b, "the view for key b is kept")
        XCTAssertEqual(list.subviews[1].frame.minY, 1)
        host.update(component: AnyComponent(List(ids: ["a", "b"])), containerSize: Size(100, 100))
        XCTAssertTrue(list.subviews[1] === b)
        XCTAssertEqual(host.statistics.lastPass.filter { $0.reasons == .initial }.count, 1, "a is new again")
    }

    /// Child keys are equal exactly when their ids are equal as `AnyHashable`s (which
    /// equates 1, Int8(1) and 1.0), and equal keys hash alike.
    func testChildKeysAreEqualExactlyWhenTheIdsAreAsAnyHashables() {
        let ids: [(ChildKey, AnyHashable)] = [
            (ChildKey(1), AnyHashable(1)), (ChildKey(Int8(1)), AnyHashable(Int8(1))), (ChildKey(1.0), AnyHashable(1.0)),
            (ChildKey(2), AnyHashable(2)), (ChildKey("a"), AnyHashable("a")), (ChildKey("b"), AnyHashable("b")),
            (ChildKey(Substring("a")), AnyHashable(Substring("a"))), (ChildKey(AnyHashable(2)), AnyHashable(2)),
        ]
        for (keyA, idA) in ids {
            for (keyB, idB) in ids {
                XCTAssertEqual(keyA == keyB, idA == idB, "\(idA) and \(idB)")
                if keyA == keyB { XCTAssertEqual(keyA.hashValue, keyB.hashValue, "\(idA) and \(idB)") }
            }
        }
    }

    /// A string or integer id keys a child as the same id given through `AnyHashable` does
    /// (the direct initializers skip the type lookup, not the identity).
    func testDirectStringAndIntegerIdsKeyAsTheirAnyHashables() {
        let child = AnyComponent<Empty>(Counter())
        func erased(_ id: AnyHashable) -> ChildKey { AnyComponentWithIdentity(id: id, component: child).key }
        XCTAssertEqual(AnyComponentWithIdentity(id: "row-1", component: child).key, erased("row-1"))
        XCTAssertEqual(AnyComponentWithIdentity(id: 7, component: child).key, erased(Int8(7)))
        XCTAssertNotEqual(AnyComponentWithIdentity(id: "7", component: child).key, erased(7))
        XCTAssertEqual(AnyComponentWithIdentity(id: "row-1", component: child).id, AnyHashable("row-1"))
    }

    /// A stack keeps a child's view for an equal id, whatever integer type spells it.
    func testStacksKeepViewsForEqualIdsOfAnotherType() throws {
        let host = ComponentHost<Empty>()
        func stack<ID: Hashable>(_ ids: [ID]) -> AnyComponent<Empty> {
            AnyComponent(VStack(ids.map { AnyComponentWithIdentity(id: $0, component: AnyComponent(Counter())) }))
        }
        host.update(component: stack([1, 2]), containerSize: Size(100, 100))
        let list = try XCTUnwrap(host.view.subviews.first)
        let second = list.subviews[1]
        host.update(component: stack([Int8(2), Int8(1)]), containerSize: Size(100, 100))
        XCTAssertTrue(list.subviews[0] === second, "Int8(2) is the id 2")
        XCTAssertEqual(host.statistics.lastPass.filter { $0.reasons.contains(.initial) }.count, 0, "no view is new")
    }

    /// A subview kept after its superview is freed reads no superview (the link is
    /// unowned, so a dangling one would trap), and a state kept after its view is freed
    /// updates nothing.
    func testViewsAndStatesOutlivingTheirOwners() throws {
        let child = ComponentView()
        do {
            let parent = ComponentView()
            parent.addSubview(child)
            XCTAssertTrue(child.superview === parent)
        }
        XCTAssertNil(child.superview)
        XCTAssertTrue(child.layer.superlayer == nil)

        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(List(ids: ["a", "b"])), containerSize: Size(10, 10))
        var state: Counter.State?
        do {
            state = host.view.subviews.first?.subviews.last?.componentState as? Counter.State
            host.update(component: AnyComponent(List(ids: ["a"])), containerSize: Size(10, 10))
        }
        let kept = try XCTUnwrap(state)
        let updates = host.statistics.updates
        kept.count = 3
        kept.updated()
        XCTAssertEqual(host.statistics.updates, updates, "the dropped row's state reaches no host")
    }

    func testTypedEnvironmentAndBuilder() {
        let host = ComponentHost<Strings>()
        let size = host.update(component: AnyComponent(Greeting()), environment: { Strings(greeting: "hello") },
                               containerSize: Size(10, 10))
        XCTAssertEqual(size.width, 5)
        host.update(component: AnyComponent(Greeting()), environment: { Strings(greeting: "hello") }, containerSize: Size(10, 10))
        XCTAssertEqual(host.statistics.updates, 1)
        let changed = host.update(component: AnyComponent(Greeting()), environment: { Strings(greeting: "hi") },
                                  containerSize: Size(10, 10))
        XCTAssertEqual(changed.width, 2)
        XCTAssertEqual(host.statistics.lastPass.first?.reasons, .environment)
    }

    /// A typed value nobody set reads as its type's default, as ComponentFlow's `Empty`
    /// environment does: a component of an empty environment may read `Empty`, and the
    /// theme reads as the light theme.
    func testUnsetTypedEnvironmentValuesReadAsTheirDefaults() {
        struct ReadsEmpty: Component {
            func update(view: ComponentView, availableSize: Size, state: EmptyComponentState, environment: Environment<Empty>,
                        transition: ComponentTransition) -> Size {
                let empty = environment[Empty.self].value
                return empty === Empty.shared ? Size(width: 3, height: 4) : .zero
            }
        }
        let host = ComponentHost<Empty>()
        XCTAssertEqual(host.update(component: AnyComponent(ReadsEmpty()), containerSize: Size(10, 10)), Size(width: 3, height: 4))
        XCTAssertEqual(Theme.defaultEnvironmentValue, Theme.light)
    }

    func testActionSlotsCompareByIdentity() {
        let slot = ActionSlot<Int>()
        var got: [Int] = []
        slot.connect { got.append($0) }
        slot.invoke(3)
        XCTAssertEqual(got, [3])
        XCTAssertEqual(slot, slot)
        XCTAssertNotEqual(slot, ActionSlot<Int>())
    }

    func testChildModifiersPlaceAndDecorateTheLayer() throws {
        struct Decorated: CombinedComponent {
            let modified: Bool
            static var body: Body {
                let child = Child(Swatch.self)
                return { context in
                    var c = child.update(component: Swatch(color: .fixed(.red), side: 20), availableSize: context.availableSize,
                                         transition: context.transition).position(Point(x: 30, y: 30))
                    if context.component.modified {
                        c = c.scale(2).opacity(0.5).cornerRadius(4).clipsToBounds(true)
                            .shadow(ChildShadow(radius: 2, offset: Point(0, 1), opacity: 0.3))
                    }
                    context.add(c)
                    return Size(width: 60, height: 60)
                }
            }
        }
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Decorated(modified: true)), containerSize: Size(60, 60))
        let layer = try XCTUnwrap(host.view.subviews.first?.subviews.first?.layer)
        XCTAssertEqual(layer.frame, Rect(10, 10, 40, 40))
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertTrue(layer.masksToBounds)
        XCTAssertEqual(layer.shadowOpacity, 0.3)
        host.update(component: AnyComponent(Decorated(modified: false)), containerSize: Size(60, 60))
        XCTAssertEqual(layer.frame, Rect(20, 20, 20, 20), "dropped modifiers are reset")
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertEqual(layer.shadowOpacity, 0)
    }

    func testAnEqualButtonWithNewClosuresSkipsItsUpdateButTapsRunTheNewClosures() {
        var taps: [String] = []
        let slot = ActionSlot<Bool>()
        func screen(_ name: String) -> AnyComponent<Empty> {
            AnyComponent(VStack([AnyComponent(Button(content: AnyComponent(Rectangle(width: 40, height: 40)),
                                                     highlightedAction: slot) { taps.append(name) })]))
        }
        let host = ComponentHost<Empty>()
        host.update(component: screen("first"), containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "Button"), 1)
        host.update(component: screen("second"), containerSize: Size(100, 100))
        XCTAssertEqual(host.statistics.updates(of: "Button"), 1, "equal apart from the closure: skipped")
        XCTAssertTrue(host.tap(at: Point(20, 20)))
        XCTAssertEqual(taps, ["second"], "the tap runs the closure of the latest update")
        host.update(component: screen("third"), containerSize: Size(100, 100))
        XCTAssertTrue(host.tap(at: Point(20, 20)))
        XCTAssertEqual(taps, ["second", "third"])
    }

    func testExclusiveButtonsKeepOtherButtonsFromHighlightingDuringAPress() throws {
        func screen(exclusive: Bool) -> AnyComponent<Empty> {
            let buttons = (0..<2).map { _ in
                AnyComponent(Button(content: AnyComponent(Rectangle(width: 40, height: 40))) {}.withIsExclusive(exclusive))
            }
            return AnyComponent(HStack(buttons))
        }
        func pressed(_ view: ComponentView?) -> Bool { (view?.componentState as? ButtonState)?.isPressed == true }
        for exclusive in [true, false] {
            let host = ComponentHost<Empty>()
            host.update(component: screen(exclusive: exclusive), containerSize: Size(80, 40))
            let first = try XCTUnwrap(host.beginPress(at: Point(20, 20)))
            let second = host.beginPress(at: Point(60, 20))
            XCTAssertTrue(pressed(first))
            XCTAssertEqual(second == nil, exclusive, "exclusive \(exclusive)")
            XCTAssertEqual(pressed(host.hitTest(Point(60, 20))), !exclusive)
            host.endPress(first)
            host.endPress(second)
            XCTAssertNotNil(host.beginPress(at: Point(60, 20)), "free again once the press ended")
        }
    }

    func testHoldActionRepeatsOnTheClockWhilePressed() throws {
        var holds: [Double] = [], taps = 0
        let host = ComponentHost<Empty>()
        let button = Button(content: AnyComponent(Rectangle(width: 40, height: 40))) { taps += 1 }
            .withHoldAction { _ in holds.append(host.animator.time) }
        host.update(component: AnyComponent(button), containerSize: Size(40, 40))
        let control = try XCTUnwrap(host.beginPress(at: Point(20, 20)))
        host.advance(to: 0.49)
        XCTAssertEqual(holds, [], "not before the long-press delay")
        host.advance(to: 0.5)
        XCTAssertEqual(holds.count, 1)
        host.advance(to: 0.85)
        XCTAssertEqual(holds.count, 4, "then every 0.1 s (0.5, 0.6, 0.7, 0.8), also when the clock jumps")
        host.endPress(control)
        host.advance(to: 2)
        XCTAssertEqual(holds.count, 4, "no repeat after the release")
        XCTAssertEqual(taps, 0, "a held button does not act on release")
        // A short press acts and never holds.
        let again = try XCTUnwrap(host.beginPress(at: Point(20, 20)))
        host.advance(to: 2.3)
        host.endPress(again)
        host.advance(to: 4)
        XCTAssertEqual(holds.count, 4)
        XCTAssertEqual(taps, 1)
    }

    func testPanAndTapGesturesOnChildrenHearDragsAndTaps() throws {
        final class Log: @unchecked Sendable { var pans: [PanGestureState] = []; var taps = 0 }
        struct Board: CombinedComponent {
            let log: Log
            static func == (lhs: Board, rhs: Board) -> Bool { lhs.log === rhs.log }
            static var body: Body {
                let card = Child(Rectangle.self)
                let chip = Child(Rectangle.self)
                return { context in
                    let log = context.component.log
                    let c = card.update(component: Rectangle(width: 100, height: 60), availableSize: context.availableSize,
                                        transition: context.transition)
                    context.add(c.position(Point(x: 60, y: 40)).gesture(.pan { log.pans.append($0) }))
                    let t = chip.update(component: Rectangle(width: 20, height: 20), availableSize: context.availableSize,
                                        transition: context.transition)
                    context.add(t.position(Point(x: 150, y: 40)).gesture(.tap { log.taps += 1 }))
                    return Size(width: 200, height: 100)
                }
            }
        }
        let log = Log()
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Board(log: log)), containerSize: Size(200, 100))
        let drag = try XCTUnwrap(host.beginDrag(at: Point(30, 30)))
        host.moveDrag(drag, to: Point(50, 35))
        host.endDrag(drag, at: Point(70, 20))
        XCTAssertEqual(log.pans.map(\.phase), [.began, .changed, .ended])
        XCTAssertEqual(log.pans.map(\.translation), [Point(0, 0), Point(20, 5), Point(40, -10)])
        XCTAssertEqual(log.pans.first?.location, Point(20, 20), "in the card's own coordinates (it starts at 10, 10)")
        XCTAssertNil(host.beginDrag(at: Point(190, 90)), "nothing with a pan there")
        XCTAssertTrue(host.tap(at: Point(150, 40)))
        XCTAssertEqual(log.taps, 1)
        XCTAssertFalse(host.tap(at: Point(190, 90)))
    }

    func testToggleTellsItsNewValueAndSlidesItsKnobWhenUpdated() throws {
        var isOn = false
        var heard: [Bool] = []
        let host = ComponentHost<Empty>()
        func show(_ transition: ComponentTransition = .immediate) {
            host.update(transition: transition, component: AnyComponent(Toggle(isOn: isOn) { heard.append($0); isOn = $0 }),
                        containerSize: Size(100, 40))
        }
        show()
        XCTAssertEqual(host.size, Size(51, 31))
        func knobX() throws -> Double {
            var circles: [ComponentView] = []
            func walk(_ v: ComponentView) {
                if v.layer.bounds.size == Size(27, 27) { circles.append(v) }
                v.subviews.forEach(walk)
            }
            walk(host.view)
            let knob = try XCTUnwrap(circles.first)
            return knob.convertToRoot(Point(x: knob.layer.bounds.midX, y: knob.layer.bounds.midY)).x
        }
        XCTAssertEqual(try knobX(), 15.5, accuracy: 1e-9, "off: the knob at the leading end (2 + 13.5)")
        XCTAssertTrue(host.tap(at: Point(25, 15)))
        XCTAssertEqual(heard, [true], "a tap asks for the other value")
        show(.curve(duration: 0.2, curve: .linear))
        host.advance(to: 0.1)
        XCTAssertEqual(try knobX(), 25.5, accuracy: 1e-9, "half way along the track")
        host.advance(to: 0.2)
        XCTAssertEqual(try knobX(), 35.5, accuracy: 1e-9, "on: the trailing end")
        host.update(component: AnyComponent(Toggle(isOn: true, isEnabled: false) { heard.append($0) }), containerSize: Size(100, 40))
        XCTAssertFalse(host.tap(at: Point(25, 15)), "a disabled toggle ignores taps")
        XCTAssertEqual(heard, [true])
    }

    func testHitTestingFindsTopmostEnabledButton() throws {
        var taps: [String] = []
        func button(_ name: String, enabled: Bool = true) -> AnyComponent<Empty> {
            AnyComponent(Button(content: AnyComponent(Rectangle(width: 40, height: 40)), isEnabled: enabled) { taps.append(name) })
        }
        let clipped = AnyComponent(ZStack([button("under"), button("disabled", enabled: false)]))
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(HStack([clipped, button("right").frame(width: 40, height: 40)])),
                    containerSize: Size(100, 40))
        XCTAssertTrue(host.tap(at: Point(10, 10)))
        XCTAssertEqual(taps, ["under"], "a disabled button on top is passed through")
        XCTAssertTrue(host.tap(at: Point(60, 10)))
        XCTAssertFalse(host.tap(at: Point(90, 10)), "nothing there")
        XCTAssertEqual(taps, ["under", "right"])

        // Transforms and clipping: a button scaled 2x about its centre, inside a clipped box.
        struct Scaled: CombinedComponent {
            let content: AnyComponent<Empty>
            static var body: Body {
                let child = Child(AnyComponent<Empty>.self)
                return { context in
                    let c = child.update(component: context.component.content, availableSize: Size(20, 20),
                                         transition: context.transition)
                    context.add(c.position(Point(x: 25, y: 25)).scale(2))
                    return Size(width: 40, height: 40)
                }
            }
        }
        let scaled = AnyComponent(Scaled(content: button("scaled")))
        host.update(component: scaled, containerSize: Size(100, 100))
        XCTAssertTrue(host.tap(at: Point(39, 39)), "inside the scaled button")
        XCTAssertFalse(host.tap(at: Point(70, 70)), "outside it (40 pt scaled 2x about (25, 25) reaches 65)")
        let root = try XCTUnwrap(host.view.subviews.first)
        root.layer.masksToBounds = true
        XCTAssertTrue(host.tap(at: Point(39, 39)))
        root.layer.cornerRadius = 20
        XCTAssertFalse(host.tap(at: Point(39.5, 39.5)), "cut away by the rounded clip")
        root.layer.isHidden = true
        XCTAssertNil(host.hitTest(Point(20, 20)))
        XCTAssertEqual(taps.last, "scaled")
    }

    func testButtonHighlightsWhilePressedAndActsThroughItsSlot() throws {
        let slot = ActionSlot<Void>(), highlight = ActionSlot<Bool>()
        var events: [String] = []
        slot.connect { events.append("tap") }
        highlight.connect { events.append($0 ? "down" : "up") }
        let host = ComponentHost<Empty>()
        let button = Button(content: AnyComponent(Rectangle(fill: .color(Color.black), width: 10, height: 10)),
                            insets: EdgeInsets(all: 5), minSize: Size(44, 44), actionSlot: slot, highlightedAction: highlight)
        XCTAssertEqual(host.update(component: AnyComponent(button), containerSize: Size(100, 100)), Size(44, 44))
        let control = try XCTUnwrap(host.beginPress(at: Point(22, 22)))
        let content = try XCTUnwrap(host.view.subviews.first?.subviews.first)
        XCTAssertEqual(content.layer.opacity, 0.6)
        host.endPress(control)
        XCTAssertEqual(content.layer.opacity, 1)
        XCTAssertEqual(events, ["down", "up", "tap"])
        var disabled = button
        disabled.isEnabled = false
        host.update(component: AnyComponent(disabled), containerSize: Size(100, 100))
        XCTAssertEqual(content.layer.opacity, 0.3)
        XCTAssertFalse(host.tap(at: Point(22, 22)))
    }

    func testStylesResolveFromEnvironmentAndCompose() throws {
        let label = AnyComponent(Rectangle(width: 20, height: 10))
        func render(_ c: AnyComponent<Empty>) throws -> Bitmap {
            try ComponentHost<Empty>.render(c, size: Size(40, 30))
        }
        let plain = try render(AnyComponent(Button(content: label, insets: EdgeInsets(all: 10))))
        XCTAssertEqual(plain[20, 15], Theme.light[.primary].premultiplied, "plain keeps primary content primary")
        XCTAssertEqual(plain[2, 2].a, 0)
        let filled = try render(AnyComponent(Button(content: label, insets: EdgeInsets(all: 10))).style(FilledButtonStyle()))
        XCTAssertEqual(filled[20, 15], Color.white.premultiplied, "filled shows content in onAccent")
        XCTAssertEqual(filled[20, 3], Theme.light[.accent].premultiplied)
        // Composed: bordered wraps filled (outermost last), a ring over the fill.
        var values = EnvironmentValues()
        values.setStyles([AnyComponentStyle<Button>(FilledButtonStyle()),
                          AnyComponentStyle<Button>(BorderedButtonStyle(color: .fixed(.red)))])
        let host = ComponentHost<Empty>(environmentValues: values)
        host.update(component: AnyComponent(Button(content: label, insets: EdgeInsets(all: 10))), containerSize: Size(40, 30))
        let both = try host.render()
        XCTAssertEqual(both[20, 0], Color.red.premultiplied)
        XCTAssertEqual(both[20, 6], Theme.light[.accent].premultiplied)
    }
}

/// The component example of docs/API.md, as written there.
private struct Badge: CombinedComponent {
    let title: String

    static var body: Body {
        let label = Child(Text.self)
        let fill = Child(RoundedRectangle.self)
        return { context in
            let text = label.update(component: Text(context.component.title, color: .onAccent),
                                    availableSize: context.availableSize, transition: context.transition)
            let size = Size(width: text.size.width + 24, height: text.size.height + 12)
            let background = fill.update(component: RoundedRectangle(cornerRadius: size.height / 2, fill: .color(.accent)),
                                         availableSize: size, transition: context.transition)
            context.add(background.position(Point(x: size.width / 2, y: size.height / 2)))
            context.add(text.position(Point(x: size.width / 2, y: size.height / 2)))
            return size
        }
    }
}

final class ReadmeComponentTests: XCTestCase {
    func testReadmeBadgeExample() throws {
        let bitmap = try ComponentHost<Empty>.render(Badge(title: "New"), size: Size(width: 120, height: 40), scale: 3)
        XCTAssertEqual(bitmap.width, 360)
        XCTAssertEqual(bitmap[30, 40], Theme.light[.accent].premultiplied, "the accent fill")
        XCTAssertEqual(bitmap[359, 119].a, 0, "outside the badge")
    }
}

/// A keyed child keeps its id only as its key; the id read back is the one given, of
/// the type given (an `Int8` stays an `Int8`, not the `Int` key it equals).
final class ChildIdentityTests: XCTestCase {
    private struct Tag: Hashable { var name: String }

    func testIdReadsBackAsGiven() {
        let component = AnyComponent<Empty>(Rectangle())
        let ids: [AnyHashable] = [7, "row-7", Int8(7), 7.0, Tag(name: "seven"), AnyHashable(7)]
        for id in ids {
            let child = AnyComponentWithIdentity(id: id, component: component)
            XCTAssertEqual(child.id, id)
            XCTAssertEqual(ObjectIdentifier(type(of: child.id.base)), ObjectIdentifier(type(of: id.base)), "\(id)")
        }
        XCTAssertTrue(AnyComponentWithIdentity(id: Int8(7), component: component).id.base is Int8)
        XCTAssertTrue(AnyComponentWithIdentity(id: "x", component: component).id.base is String)
        // Equal as AnyHashable, so one key: 7 and Int8(7) and 7.0 name the same child.
        XCTAssertEqual(AnyComponentWithIdentity(id: 7, component: component),
                       AnyComponentWithIdentity(id: Int8(7), component: component))
        XCTAssertNotEqual(AnyComponentWithIdentity(id: 7, component: component),
                          AnyComponentWithIdentity(id: "7", component: component))
    }
}

