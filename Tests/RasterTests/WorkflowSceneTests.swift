import Foundation
import Raster
import RasterWorkflow
import XCTest

/// A two-step sign-in: the form's button sends `submit`; the sign-in command's result
/// moves it to the welcome step, shown three times as wide.
private struct SignIn: Workflow {
    var signedIn = false
    enum Event { case submit, done }
    enum Command { case signIn }
    init() {}
    mutating func update(event: Event, context: inout UpdateContext<SignIn>) {
        switch event {
        case .submit: context.send(command: .signIn)
        case .done: signedIn = true
        }
    }
    static func run(command: Command, properties: Double) -> SignalProducer<Event, NoError> { SignalProducer(value: .done) }
    func render(properties: Double, sink: Sink<Event>, context: RenderContext<Event>) -> AnyComponent<Empty> {
        AnyComponent(VStack([
            AnyComponent(Button(content: AnyComponent(Rectangle(fill: .color(.fixed(.blue)), width: 40, height: 20))) {
                sink.send(.submit)
            }),
            AnyComponent(Rectangle(fill: .color(.fixed(.black)), width: properties * (signedIn ? 3 : 1), height: 20)),
        ], alignment: .leading))
    }
}

/// A workflow registered as a scene node type renders in a scene and reacts to the
/// timeline's taps, so frames show the flow step by step.
final class WorkflowSceneTests: XCTestCase {
    func testAWorkflowNodeTypeRendersAndAnswersScriptedTaps() throws {
        var registry = SceneRegistry.standard
        registry.register(SceneComponentType("SignIn", summary: "A sign-in flow.", props: [
            PropSpec("width", .number(min: 0, max: 1_000), default: 30, "The form's bar width."),
        ]) { p in WorkflowHostComponent(SignIn.self, properties: try p.numberValue("width")) })
        let json = #"""
        {"canvas": {"width": 200, "height": 60},
         "root": {"type": "VStack", "alignment": "leading", "children": [{"type": "SignIn", "id": "flow", "width": 25}]},
         "animation": {"duration": 1, "fps": 10, "events": [{"at": 0.5, "tap": [10, 10]}]}}
        """#
        let scene = try SceneDecoder(registry: registry).decode(Data(json.utf8))
        let player = ScenePlayer(scene: scene)
        _ = try player.frame(at: 0.4)
        XCTAssertEqual(player.renderer.layout()["flow"]?.width, 40, "the form: its button is the widest")
        _ = try player.frame(at: 0.7)
        XCTAssertEqual(player.renderer.layout()["flow"]?.width, 75, "after the tap and the sign-in: 3 × 25")
        // The frames as `render frames` makes them, each from a fresh player.
        let export = FrameExport(scene: scene, fps: 10)
        var widths: [Int: Int] = [:]
        try export.render(0...9) { index, bitmap in
            widths[index] = (0..<bitmap.width).filter { bitmap[$0, 30].b < 50 && bitmap[$0, 30].a > 200 }.count
            return true
        }
        XCTAssertEqual(widths[4], 25)
        XCTAssertEqual(widths[7], 75)
    }
}
