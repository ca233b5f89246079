import RasterComponents
import RasterCore
import RasterWorkflow
import XCTest

/// A state workflow as a component: its events change its state, and it emits output.
final class WorkflowComponentTests: XCTestCase {
    func testWorkflowHandlesEventsAndEmitsOutput() throws {
        struct Stepper: StateWorkflow {
            let limit: Int
            func makeInitialState() -> Int { 0 }
            func update(state: inout Int, event: Bool, output: (String) -> Void) {
                state += event ? 1 : -1
                if state >= limit { output("reached \(state)") }
            }
            func render(state: Int, sink: Sink<Bool>) -> AnyComponent<Empty> {
                AnyComponent(HStack([
                    AnyComponent(Button(content: AnyComponent(Rectangle(width: 10, height: 10))) { sink.send(false) }),
                    AnyComponent(Button(content: AnyComponent(Rectangle(width: 10, height: 10))) { sink.send(true) }),
                    AnyComponent(Rectangle(width: Double(state * 10), height: 10)),
                ]))
            }
        }
        let output = ActionSlot<String>()
        var outputs: [String] = []
        output.connect { outputs.append($0) }
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(WorkflowComponent(Stepper(limit: 2), onOutput: output)), containerSize: Size(100, 10))
        XCTAssertEqual(host.size?.width, 20)
        host.tap(at: Point(15, 5))
        host.tap(at: Point(15, 5))
        XCTAssertEqual(host.size?.width, 40)
        XCTAssertEqual(outputs, ["reached 2"])
        host.tap(at: Point(5, 5))
        XCTAssertEqual(host.size?.width, 30)
    }
}
