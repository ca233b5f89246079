import RasterComponents
import RasterCore
import RasterWorkflow
import XCTest

/// A counter child workflow: its own button counts up; its bar is as wide as its count.
struct TapTally: Workflow {
    var count = 0
    enum Event { case increment }
    init() {}
    mutating func update(event: Event, context: inout UpdateContext<TapTally>) { count += 1 }
    func render(properties: Void, sink: Sink<Event>, context: RenderContext<Event>) -> AnyComponent<Empty> {
        AnyComponent(HStack([
            AnyComponent(Button(content: AnyComponent(Rectangle(width: 20, height: 20))) { sink.send(.increment) }),
            AnyComponent(Rectangle(width: Double(50 * count), height: 20)),
        ]))
    }
}

/// A login flow: a form whose button submits, a sign-in command whose result moves it
/// to the welcome step, an output on arrival, and a child tally that keeps its state.
struct LoginFlow: Workflow {
    enum Step: Equatable { case form, welcome }
    var step = Step.form
    enum Event { case submit, signedIn }
    enum Command { case signIn }
    typealias Output = String
    /// How wide a step's bar is, per step.
    typealias Properties = Double
    init() {}

    mutating func update(event: Event, context: inout UpdateContext<LoginFlow>) {
        switch event {
        case .submit: context.send(command: .signIn)
        case .signedIn:
            step = .welcome
            context.output = "welcome"
        }
    }

    static func run(command: Command, properties: Double) -> SignalProducer<Event, NoError> {
        SignalProducer(value: .signedIn)
    }

    func render(properties: Double, sink: Sink<Event>, context: RenderContext<Event>) -> AnyComponent<Empty> {
        let tally = context.render(TapTally.description(properties: ()), key: "tally")
        return AnyComponent(VStack([
            AnyComponent(Button(content: AnyComponent(Rectangle(width: 40, height: 20))) { sink.send(.submit) }),
            AnyComponent(Rectangle(width: properties * (step == .form ? 1 : 3), height: 20)),
            tally,
        ], alignment: .leading))
    }
}

/// The Workflow article's `Workflow` hosted as a component: events and command results
/// render it again, and the component shows each rendering.
final class WorkflowHostComponentTests: XCTestCase {
    func testEventsAndCommandResultsRenderTheHostedWorkflowAgain() throws {
        let outputs = ActionSlot<String>()
        var heard: [String] = []
        outputs.connect { heard.append($0) }
        let host = ComponentHost<Empty>()
        func show(_ width: Double) {
            host.update(component: AnyComponent(WorkflowHostComponent(LoginFlow.self, properties: width, onOutput: outputs)),
                        containerSize: Size(200, 100))
        }
        show(30)
        XCTAssertEqual(host.size?.width, 40, "the form: the 40-point button is the widest")
        let state = try XCTUnwrap(host.view.subviews.first?.componentState as? WorkflowHostComponent<LoginFlow>.State)
        let workflow = try XCTUnwrap(state.workflowHost)
        XCTAssertEqual(workflow.renderCount, 1)
        // The tally's own button (third row, left): the child's state changes and the
        // component shows the new rendering without anyone updating it by hand.
        XCTAssertTrue(host.tap(at: Point(10, 50)))
        XCTAssertEqual(workflow.childState(TapTally.self, key: "tally")?.count, 1)
        XCTAssertEqual(host.size?.width, 70, "the tally: button 20 + bar 50")
        // Submit: the command's result arrives as an event; one rendering shows its end.
        XCTAssertTrue(host.tap(at: Point(10, 10)))
        XCTAssertEqual(workflow.state.step, .welcome)
        XCTAssertEqual(heard, ["welcome"])
        XCTAssertEqual(workflow.renderCount, 3, "one rendering per input")
        XCTAssertEqual(host.size?.width, 90, "the welcome step's bar, 3 × 30")
        // New properties from the parent render it again; the child keeps its state.
        show(50)
        XCTAssertEqual(host.size?.width, 150)
        XCTAssertEqual(workflow.childState(TapTally.self, key: "tally")?.count, 1)
        XCTAssertEqual(workflow.renderCount, 4)
    }
}
