import Foundation
import GoldenTesting
import Raster
@testable import SeedWorkflow
import XCTest

/// A parent that renders the Output example's child and counts what it hears.
private struct OutputParent: Workflow {
    enum Event { case child(OutputExample.DemoComponent.Output) }
    var finished = 0
    var cancelled = 0

    mutating func update(event: Event, context: inout UpdateContext<OutputParent>) {
        switch event {
        case .child(.finished): finished += 1
        case .child(.cancelled): cancelled += 1
        }
    }

    func render(properties: Void, sink: Sink<Event>, context: RenderContext<Event>) -> AnyComponent<Empty> {
        context.render(OutputExample.DemoComponent.description(properties: ()), outputs: { .child($0) })
    }
}

/// A child that counts the events it gets.
private struct Counter: Workflow {
    enum Event { case increment }
    var count = 0
    mutating func update(event: Event, context: inout UpdateContext<Counter>) { count += 1 }
    func render(properties: Void, sink: Sink<Event>, context: RenderContext<Event>) -> (count: Int, sink: Sink<Event>) {
        (count, sink)
    }
}

/// A parent that renders one counter per key.
private struct Keyed: Workflow {
    func render(properties: [String], sink: Sink<Never>, context: RenderContext<Never>) -> [(count: Int, sink: Sink<Counter.Event>)] {
        properties.map { context.render(Counter.description(properties: ()), key: $0) }
    }
}

/// The code of the Workflow article (Examples/Seeds/Workflow) running on the library's
/// `Workflow` runtime.
final class SeedWorkflowTests: XCTestCase {
    private func text(_ string: String) -> AnyComponent<Empty> {
        AnyComponent(Text(text: string, font: Font.system(size: 17), color: .black)).padding(8)
    }

    /// Renders a workflow's component rendering into a host and returns the host.
    private func hosted(_ rendering: AnyComponent<Empty>, size: Size) -> ComponentHost<Empty> {
        let host = ComponentHost<Empty>()
        host.update(component: rendering, containerSize: size)
        return host
    }

    func testWelcomeRendersItsProperties() {
        let host = WorkflowHost<Welcome>(properties: Welcome.Properties(name: "Ada"))
        XCTAssertEqual(host.rendering, "Hello, Ada")
        host.update(properties: Welcome.Properties(name: "Grace"))
        XCTAssertEqual(host.rendering, "Hello, Grace")
        assertGolden(of: text(host.rendering), size: Size(140, 40), scale: 2, background: .white,
                     named: "seeds/workflow-welcome@2x")
    }

    func testParentRendersItsChildThroughTheContext() {
        let host = WorkflowHost<ParentComponent>(properties: ())
        XCTAssertEqual(host.rendering, "dlroW ,olleH")
        XCTAssertNotNil(host.childState(ChildComponent.self), "the child lives while its parent renders it")
        assertGolden(of: text(host.rendering), size: Size(140, 40), scale: 2, background: .white,
                     named: "seeds/workflow-parent-child@2x")
    }

    func testStateTransitionsThroughEventsFromTheRendering() throws {
        let workflow = WorkflowHost<WelcomeFlowComponent>(properties: ())
        XCTAssertEqual(workflow.state, .loginFlow)
        let before = hosted(workflow.rendering, size: Size(160, 80))
        assertGolden(of: workflow.rendering.padding(10), size: Size(160, 90), scale: 2, background: .white,
                     named: "seeds/workflow-welcome-flow-login@2x")
        XCTAssertTrue(before.tap(at: Point(20, 45)), "the Back button")
        XCTAssertEqual(workflow.state, .splashScreen)
        XCTAssertEqual(workflow.renderCount, 2, "rendered again after the event")
        let after = hosted(workflow.rendering, size: Size(160, 80))
        XCTAssertTrue(after.tap(at: Point(20, 45)))
        XCTAssertEqual(workflow.state, .splashScreen, "back on the splash screen is handled by the filled-in default")
        assertGolden(of: workflow.rendering.padding(10), size: Size(160, 90), scale: 2, background: .white,
                     named: "seeds/workflow-welcome-flow-splash@2x")
    }

    /// The article's welcome flow registered as a scene node type: the timeline taps its
    /// Back button, and the frames show the flow before and after, with no hand-over of
    /// renderings (the hosted workflow renders again by itself).
    func testWelcomeFlowInASceneFollowsScriptedTaps() throws {
        var registry = SceneRegistry.standard
        registry.register(SceneComponentType("WelcomeFlow", summary: "The article's welcome flow.", props: []) { _ in
            WorkflowHostComponent(WelcomeFlowComponent.self, properties: ())
        })
        let json = #"""
        {"canvas": {"width": 160, "height": 90, "background": "#FFFFFF"},
         "root": {"type": "VStack", "alignment": "leading", "padding": 10, "children": [{"type": "WelcomeFlow", "id": "flow"}]},
         "animation": {"duration": 0.6, "fps": 10, "events": [{"at": 0.2, "tap": [30, 55]}]}}
        """#
        let scene = try SceneDecoder(registry: registry).decode(Data(json.utf8))
        assertGolden(scene: scene, at: 0.1, scale: 2, named: "seeds/workflow-welcome-flow-scene-before@2x")
        assertGolden(scene: scene, at: 0.5, scale: 2, named: "seeds/workflow-welcome-flow-scene-after@2x")
        let player = ScenePlayer(scene: scene)
        try player.advance(to: 0.5)
        let flow = try XCTUnwrap(player.renderer.nodeView(id: "flow")?.subviews.first?.componentState
                                 as? WorkflowHostComponent<WelcomeFlowComponent>.State)
        XCTAssertEqual(flow.workflowHost?.state, .splashScreen)
        XCTAssertEqual(flow.workflowHost?.renderCount, 2)
    }

    func testCommandsRunTheirSideEffectWithTheProperties() throws {
        let service = CommandsExample.NetworkService()
        let workflow = WorkflowHost<CommandsExample.DemoComponent>(properties: .init(networkService: service))
        let ui = hosted(workflow.rendering, size: Size(120, 50))
        XCTAssertTrue(ui.tap(at: Point(20, 15)))
        XCTAssertEqual(service.logins.map(\.email), ["me@internet.com"])
        XCTAssertEqual(service.logins.map(\.password), ["asdf"])
        XCTAssertTrue(ui.tap(at: Point(20, 15)))
        XCTAssertEqual(service.logins.count, 2, "one side effect per command")
        assertGolden(of: workflow.rendering.padding(10), size: Size(120, 56), scale: 2, background: .white,
                     named: "seeds/workflow-commands@2x")
    }

    func testCommandResultsComeBackAsEventsInOrder() {
        struct Loader: Workflow {
            enum Event { case load, loaded(String) }
            enum Command { case fetch }
            var log: [String] = []
            mutating func update(event: Event, context: inout UpdateContext<Loader>) {
                switch event {
                case .load:
                    log.append("load")
                    context.send(command: .fetch)
                case .loaded(let s):
                    log.append(s)
                }
            }
            static func run(command: Command, properties: Void) -> SignalProducer<Event, NoError> {
                SignalProducer(values: [.loaded("a"), .loaded("b")])
            }
            func render(properties: Void, sink: Sink<Event>, context: RenderContext<Event>) -> Sink<Event> { sink }
        }
        let host = WorkflowHost<Loader>(properties: ())
        host.rendering.send(.load)
        XCTAssertEqual(host.state.log, ["load", "a", "b"])
        XCTAssertEqual(host.renderCount, 2, "the event and the results it caused render once")
    }

    func testOutputsReachTheParent() throws {
        let root = WorkflowHost<OutputExample.DemoComponent>(properties: ())
        var rootOutputs: [OutputExample.DemoComponent.Output] = []
        root.onOutput = { rootOutputs.append($0) }
        root.sink.send(.cancelButtonTapped)
        root.sink.send(.finishButtonTapped)
        XCTAssertEqual(rootOutputs, [.cancelled, .finished], "a root's outputs reach the host")

        let workflow = WorkflowHost<OutputParent>(properties: ())
        let ui = hosted(workflow.rendering, size: Size(200, 50))
        XCTAssertTrue(ui.tap(at: Point(15, 15)), "Finish")
        XCTAssertEqual(workflow.state.finished, 1)
        XCTAssertTrue(ui.tap(at: Point(85, 15)), "Cancel")
        XCTAssertEqual(workflow.state.cancelled, 1)
        XCTAssertEqual(workflow.state.finished, 1)
        assertGolden(of: workflow.rendering.padding(10), size: Size(180, 52), scale: 2, background: .white,
                     named: "seeds/workflow-output@2x")
    }

    func testChildrenKeepTheirStateByTypeAndKeyAndLoseItWhenNotRendered() throws {
        let workflow = WorkflowHost<Keyed>(properties: ["a", "b"])
        XCTAssertEqual(workflow.rendering.map(\.count), [0, 0])
        workflow.rendering[1].sink.send(.increment)
        workflow.rendering[1].sink.send(.increment)
        XCTAssertEqual(workflow.rendering.map(\.count), [0, 2], "only b's state changed")
        workflow.update(properties: ["b", "a"])
        XCTAssertEqual(workflow.rendering.map(\.count), [2, 0], "b keeps its state under its key")
        workflow.update(properties: ["a"])
        XCTAssertNil(workflow.childState(Counter.self, key: "b"), "b was not rendered: discarded")
        workflow.update(properties: ["a", "b"])
        XCTAssertEqual(workflow.rendering.map(\.count), [0, 0], "b starts again")
    }

    func testEventsExampleHandlesUIAndNetworkEvents() {
        let host = WorkflowHost<EventsExample.DemoComponent>(properties: ())
        XCTAssertEqual(host.rendering, "")
        host.sink.send(.refreshButtonTapped)
        XCTAssertEqual(host.rendering, "Refreshing…")
        host.sink.send(.refreshRequestFinished(EventsExample.RefreshResponse(items: ["Mail", "Notes"])))
        XCTAssertEqual(host.rendering, "Mail, Notes")
        XCTAssertFalse(host.state.isRefreshing)
        assertGolden(of: text(host.rendering), size: Size(140, 40), scale: 2, background: .white,
                     named: "seeds/workflow-events@2x")
    }
}
