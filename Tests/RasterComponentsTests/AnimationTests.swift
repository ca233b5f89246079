import Foundation
import RasterComponents
import RasterCore
import RasterLayers
import XCTest

/// A box at a given place, size, opacity and colour: the properties under test.
private struct Box: CombinedComponent {
    var x: Double
    var width: Double = 20
    var opacity: Double = 1
    var color: Color = .black

    static var body: Body {
        let shape = Child(Rectangle.self)
        return { context in
            let c = context.component
            let child = shape.update(component: Rectangle(fill: .color(c.color), width: c.width, height: 10),
                                     availableSize: context.availableSize, transition: context.transition)
            context.add(child.position(Point(x: c.x + c.width / 2, y: 5)).opacity(c.opacity))
            return Size(width: 200, height: 10)
        }
    }
}

final class AnimationTests: XCTestCase {
    private let size = Size(width: 200, height: 10)

    private func boxLayer(_ host: ComponentHost<Empty>) -> Layer? {
        host.view.subviews.first?.subviews.first?.layer
    }

    func testAnimatedChange_MovesAlongTheCurveAndRetargetsFromThePresentedValue() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Box(x: 0)), containerSize: size)
        let linear = ComponentTransition.curve(duration: 1, curve: .linear)
        host.update(transition: linear, component: AnyComponent(Box(x: 100)), containerSize: size)
        let layer = try XCTUnwrap(boxLayer(host))
        XCTAssertEqual(layer.position.x, 10, "the layer presents the start until the clock moves")
        host.advance(to: 0.25)
        XCTAssertEqual(layer.position.x, 35, accuracy: 1e-9)
        host.advance(to: 0.5)
        XCTAssertEqual(layer.position.x, 60, accuracy: 1e-9)
        // Same target again: the animation goes on unchanged.
        host.update(transition: linear, component: AnyComponent(Box(x: 100)), containerSize: size)
        host.advance(to: 0.75)
        XCTAssertEqual(layer.position.x, 85, accuracy: 1e-9)
        // A new target mid-flight starts where the layer is: no jump.
        host.update(transition: linear, component: AnyComponent(Box(x: 0)), containerSize: size)
        XCTAssertEqual(layer.position.x, 85, accuracy: 1e-9)
        host.advance(to: 1.25)
        XCTAssertEqual(layer.position.x, 47.5, accuracy: 1e-9)
        host.advance(to: 1.75)
        XCTAssertEqual(layer.position.x, 10, accuracy: 1e-9)
        XCTAssertTrue(host.animator.isIdle)
    }

    func testImmediateChange_StopsARunningAnimation() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Box(x: 0, opacity: 1)), containerSize: size)
        host.update(transition: .curve(duration: 1, curve: .easeInOut), component: AnyComponent(Box(x: 100, opacity: 0.2)),
                    containerSize: size)
        host.advance(to: 0.5)
        let layer = try XCTUnwrap(boxLayer(host))
        XCTAssertEqual(layer.position.x, 60, accuracy: 1e-9, "easeInOut is half way at half time")
        XCTAssertEqual(layer.opacity, 0.6, accuracy: 1e-9)
        host.update(component: AnyComponent(Box(x: 50, opacity: 1)), containerSize: size)
        XCTAssertEqual(layer.position.x, 60)
        XCTAssertEqual(layer.opacity, 1)
        host.advance(to: 0.9)
        XCTAssertEqual(layer.position.x, 60)
        XCTAssertTrue(host.animator.isIdle)
    }

    func testSpringMove_OvershootsItsTarget() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Box(x: 0)), containerSize: size)
        host.update(transition: .curve(duration: 1, curve: .bounce(stiffness: 300, damping: 8)),
                    component: AnyComponent(Box(x: 100)), containerSize: size)
        let layer = try XCTUnwrap(boxLayer(host))
        var furthest = 0.0
        for frame in 1...60 {
            host.advance(to: Double(frame) / 60)
            furthest = max(furthest, layer.position.x)
        }
        XCTAssertGreaterThan(furthest, 130)
        XCTAssertNotEqual(layer.position.x, 110, "a physical spring runs at its own rate: still moving after the 1 s given")
        host.advance(to: 3)
        XCTAssertEqual(layer.position.x, 110)
        XCTAssertTrue(host.animator.isIdle)
    }

    /// The closed-form position of an underdamped spring released from rest at a
    /// distance of 1 from its rest point (the textbook solution, written out here
    /// independently of the library's).
    private func underdamped(stiffness k: Double, damping c: Double, mass m: Double, at t: Double) -> Double {
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot())
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }

    func testPhysicalSpring_RunsAtItsOwnRate_MatchingTheDampedOscillator() throws {
        for (k, c, m, given) in [(300.0, 20.0, 1.0, 0.4), (170, 15, 1, 2), (200, 8, 2, 0.25)] {
            let host = ComponentHost<Empty>()
            host.update(component: AnyComponent(Box(x: 0)), containerSize: size)
            let transition = ComponentTransition.curve(duration: given, curve: .customSpring(stiffness: k, damping: c, mass: m))
            host.update(transition: transition, component: AnyComponent(Box(x: 100)), containerSize: size)
            let layer = try XCTUnwrap(boxLayer(host))
            var frame = 1
            while !host.animator.isIdle {
                let t = Double(frame) / 60
                host.advance(to: t)
                if !host.animator.isIdle {
                    // Within 0.5 % of the 100-point move, whatever duration the transition gave.
                    XCTAssertEqual(layer.position.x - 10, 100 * underdamped(stiffness: k, damping: c, mass: m, at: t),
                                   accuracy: 0.5, "k \(k) c \(c) m \(m) at \(t) s")
                }
                frame += 1
                XCTAssertLessThan(frame, 60 * 30, "the spring settles")
            }
            XCTAssertEqual(layer.position.x, 110)
            // It ran until it settled: the oscillation's envelope falls to 0.1 % of the
            // move at its end, not 50 ms before.
            let end = Double(frame - 1) / 60
            XCTAssertEqual(transition.duration, end, accuracy: 1.0 / 60 + 1e-9)
            let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot()), wd = w0 * (1 - zeta * zeta).squareRoot()
            func envelope(_ t: Double) -> Double { exp(-zeta * w0 * t) * (1 + pow(zeta * w0 / wd, 2)).squareRoot() }
            XCTAssertEqual(envelope(transition.duration), 0.001, accuracy: 1e-6)
            XCTAssertGreaterThan(envelope(transition.duration - 0.05), 0.001)
        }
    }

    func testNamedSpring_KeepsTheTransitionsDuration() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Box(x: 0)), containerSize: size)
        host.update(transition: .curve(duration: 0.3, curve: .spring), component: AnyComponent(Box(x: 100)), containerSize: size)
        XCTAssertEqual(ComponentTransition.curve(duration: 0.3, curve: .spring).duration, 0.3)
        host.advance(to: 0.29)
        XCTAssertFalse(host.animator.isIdle)
        host.advance(to: 0.3)
        XCTAssertTrue(host.animator.isIdle, "stretched over the 0.3 s given")
    }

    func testColorsAndSizes_Interpolate_AndFramesRenderTheTreeAtThatTime() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Box(x: 0, width: 20, color: Color(r: 0, g: 0, b: 0))), containerSize: size)
        host.update(transition: .curve(duration: 2, curve: .linear),
                    component: AnyComponent(Box(x: 0, width: 100, color: Color(r: 200, g: 100, b: 0))), containerSize: size)
        host.advance(to: 1)
        let layer = try XCTUnwrap(boxLayer(host))
        XCTAssertEqual(layer.bounds.width, 60, accuracy: 1e-9)
        let bitmap = try host.render()
        // The box spans 0..<60 at this time (its drawing is the new size, stretched or not,
        // from x 0): the pixel at 50 is covered, the one at 70 is not.
        XCTAssertGreaterThan(bitmap[50, 5].a, 0)
        XCTAssertEqual(bitmap[70, 5].a, 0)
        XCTAssertEqual(Color.interpolate(Color(r: 0, g: 0, b: 0), Color(r: 200, g: 100, b: 0), 0.5), Color(r: 100, g: 50, b: 0))
        // A transform decomposes and recombines, and rotates the short way round.
        let a = Transform(rotationAngle: 170 * Double.pi / 180), b = Transform(rotationAngle: -170 * Double.pi / 180)
        let mid = Transform.interpolate(a, b, 0.5)
        XCTAssertEqual(mid.a, -1, accuracy: 1e-9)
        XCTAssertEqual(mid.b, 0, accuracy: 1e-9)
        let scaled = Transform(scaleX: 2, y: 3).concatenating(Transform(rotationAngle: 0.3)).concatenating(Transform(translationX: 5, y: -2))
        let same = Transform.interpolate(scaled, scaled, 0.37)
        for (x, y) in [(scaled.a, same.a), (scaled.b, same.b), (scaled.c, same.c), (scaled.d, same.d), (scaled.tx, same.tx), (scaled.ty, same.ty)] {
            XCTAssertEqual(x, y, accuracy: 1e-9)
        }
    }
}

/// A component whose state moves its box; `toggle` updates the state with a transition.
private final class SlideState: ComponentState {
    var isRight = false
}

private struct Slider: CombinedComponent {
    typealias State = SlideState
    func makeState() -> SlideState { SlideState() }
    static func == (lhs: Slider, rhs: Slider) -> Bool { true }

    static var body: Body {
        let knob = Child(Circle.self)
        return { context in
            let k = knob.update(component: Circle(width: 10, height: 10), availableSize: context.availableSize,
                                transition: context.transition)
            context.add(k.position(Point(x: context.state.isRight ? 95 : 5, y: 5)))
            return Size(width: 100, height: 10)
        }
    }
}

final class StateTransitionTests: XCTestCase {
    func testStateUpdate_AnimatesWhatItChanges() throws {
        let host = ComponentHost<Empty>()
        host.update(component: AnyComponent(Slider()), containerSize: Size(width: 100, height: 10))
        let root = try XCTUnwrap(host.view.subviews.first)
        let state = try XCTUnwrap(root.componentState as? SlideState)
        let knob = try XCTUnwrap(root.subviews.first?.layer)
        state.isRight = true
        state.updated(transition: .curve(duration: 0.4, curve: .linear))
        XCTAssertEqual(knob.position.x, 5)
        host.advance(to: 0.1)
        XCTAssertEqual(knob.position.x, 27.5, accuracy: 1e-9)
        host.advance(to: 0.4)
        XCTAssertEqual(knob.position.x, 95)
    }
}

final class PaintInterpolationTests: XCTestCase {
    func testPaints_BlendWhenTheyCan_AndOtherwiseTakeTheNewPaintAtOnce() {
        let red = Paint.solid(Color(r: 255, g: 0, b: 0)), blue = Paint.solid(Color(r: 0, g: 0, b: 255))
        XCTAssertEqual(Paint.interpolate(red, blue, 0.5), .solid(Color(r: 128, g: 0, b: 128)))
        // Fading out keeps the colour and lowers alpha, even past the end of a spring.
        XCTAssertEqual(Paint.interpolate(red, nil, 0.25), .solid(Color(r: 255, g: 0, b: 0, a: 191)))
        XCTAssertEqual(Paint.interpolate(red, nil, 1.2), .solid(Color(r: 255, g: 0, b: 0, a: 0)))
        // A gradient and a colour cannot blend: the gradient shows for every t, also t < 1
        // after a spring's overshoot.
        let gradient = Paint.linear(LinearGradient(start: .zero, end: Point(x: 10, y: 0), gradient: Gradient(colors: [.black, .white])))
        for t in [0.01, 0.5, 1.3, 0.9] { XCTAssertEqual(Paint.interpolate(red, gradient, t), gradient) }
        // Gradients with the same stops blend stop by stop.
        let other = Paint.linear(LinearGradient(start: .zero, end: Point(x: 20, y: 0), gradient: Gradient(colors: [.white, .black])))
        guard case .linear(let mid)? = Paint.interpolate(gradient, other, 0.5) else { return XCTFail("not a linear gradient") }
        XCTAssertEqual(mid.end, Point(x: 15, y: 0))
        XCTAssertEqual(mid.gradient.stops[0].color, Color(r: 128, g: 128, b: 128))
    }

    /// Sets its view's look inside `animateView`, as ComponentFlow code does.
    private struct Tinted: Component {
        var alpha: Double
        var radius: Double
        var color: Color
        var x: Double
        var delay = 0.0
        func update(view: ComponentView, availableSize: Size, state: EmptyComponentState, environment: Environment<Empty>,
                    transition: ComponentTransition) -> Size {
            transition.animateView(delay: delay) {
                view.layer.opacity = alpha
                view.layer.cornerRadius = radius
                view.layer.backgroundPaint = .solid(color)
                view.layer.position = Point(x: x, y: 10)
                view.layer.shadowOpacity = alpha   // a shadow setter notes its change too
            }
            return Size(width: 20, height: 20)
        }
    }

    func testAnimateView_AnimatesWhatItsClosureChanged() throws {
        let host = ComponentHost<Empty>()
        let red = Color(r: 200, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 200)
        host.update(component: AnyComponent(Tinted(alpha: 1, radius: 0, color: red, x: 10)), containerSize: Size(width: 200, height: 20))
        let layer = try XCTUnwrap(host.view.subviews.first?.layer)
        XCTAssertEqual(layer.opacity, 1)
        host.update(transition: .curve(duration: 1, curve: .linear),
                    component: AnyComponent(Tinted(alpha: 0.2, radius: 10, color: blue, x: 110)), containerSize: Size(width: 200, height: 20))
        XCTAssertEqual(layer.opacity, 1, "the closure's changes start from where they were")
        host.advance(to: 0.5)
        XCTAssertEqual(layer.opacity, 0.6, accuracy: 1e-9)
        XCTAssertEqual(layer.cornerRadius, 5, accuracy: 1e-9)
        XCTAssertEqual(layer.backgroundPaint, .solid(Color(r: 100, g: 0, b: 100)))
        XCTAssertEqual(layer.position.x, 60, accuracy: 1e-9)
        XCTAssertEqual(layer.shadowOpacity, 0.6, accuracy: 1e-9)
        host.advance(to: 1)
        XCTAssertEqual(layer.opacity, 0.2)
        XCTAssertEqual(layer.shadowOpacity, 0.2)
        XCTAssertEqual(layer.cornerRadius, 10)
        XCTAssertEqual(layer.backgroundPaint, .solid(blue))
        XCTAssertTrue(host.animator.isIdle)
        // With a delay, nothing moves before it.
        host.update(transition: .curve(duration: 1, curve: .linear),
                    component: AnyComponent(Tinted(alpha: 1, radius: 10, color: blue, x: 110, delay: 0.5)), containerSize: Size(width: 200, height: 20))
        host.advance(to: 1.4)
        XCTAssertEqual(layer.opacity, 0.2, accuracy: 1e-9)
        host.advance(to: 2)
        XCTAssertEqual(layer.opacity, 0.6, accuracy: 1e-9)
        host.advance(to: 2.5)
        XCTAssertEqual(layer.opacity, 1)
        // Immediate: the closure's values at once.
        host.update(component: AnyComponent(Tinted(alpha: 0.5, radius: 0, color: red, x: 10)), containerSize: Size(width: 200, height: 20))
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertEqual(layer.position.x, 10)
    }
}
