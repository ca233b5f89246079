import Foundation
import RasterComponents
import XCTest

/// Timing curves against independent computations: Bezier points evaluated directly
/// from the parameter, springs integrated numerically.
final class TimingCurveTests: XCTestCase {
    /// A point of the Bezier timing curve at parameter s, from the Bernstein form.
    private func bezierPoint(_ s: Double, _ p: (Double, Double, Double, Double)) -> (x: Double, y: Double) {
        let u = 1 - s
        return (3 * u * u * s * p.0 + 3 * u * s * s * p.2 + s * s * s,
                3 * u * u * s * p.1 + 3 * u * s * s * p.3 + s * s * s)
    }

    func testBezierCurves_PassThroughTheirPoints() {
        let curves: [(ComponentTransition.Animation.Curve, (Double, Double, Double, Double))] = [
            (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)), (.easeInOut, (0.42, 0, 0.58, 1)),
            (.slide, (0.33, 0.52, 0.25, 0.99)), (.custom(0.2, 1.4, 0.3, -0.5), (0.2, 1.4, 0.3, -0.5)),
            (.custom(1, 0, 0, 1), (1, 0, 0, 1)),
        ]
        for (curve, p) in curves {
            let timing = TimingCurve(curve)
            for i in 1..<200 {
                let (x, y) = bezierPoint(Double(i) / 200, p)
                XCTAssertEqual(timing.value(at: x), y, accuracy: 1e-6, "\(curve) at x \(x)")
            }
            XCTAssertEqual(timing.value(at: 0), 0)
            XCTAssertEqual(timing.value(at: 1), 1)
        }
        // easeInOut is symmetric about the middle, and linear is the identity.
        let easeInOut = TimingCurve(.easeInOut)
        for t in stride(from: 0.0, through: 1, by: 0.05) {
            XCTAssertEqual(easeInOut.value(at: t) + easeInOut.value(at: 1 - t), 1, accuracy: 1e-9)
            XCTAssertEqual(TimingCurve(.linear).value(at: t), t, accuracy: 1e-12)
        }
    }

    /// x(t) of m·x″ + c·x′ + k·x = 0 from x = -1, x′ = v0, by fourth-order Runge–Kutta.
    private func integrate(_ s: DampedSpring, until end: Double, dt: Double = 1e-5) -> [(Double, Double)] {
        var x = -1.0, v = s.initialVelocity, t = 0.0
        var samples: [(Double, Double)] = []
        let every = Int((end / 40 / dt).rounded())
        var step = 0
        func a(_ x: Double, _ v: Double) -> Double { (-s.stiffness * x - s.damping * v) / s.mass }
        while t < end {
            if step % every == 0 { samples.append((t, x)) }
            let k1x = v, k1v = a(x, v)
            let k2x = v + dt / 2 * k1v, k2v = a(x + dt / 2 * k1x, v + dt / 2 * k1v)
            let k3x = v + dt / 2 * k2v, k3v = a(x + dt / 2 * k2x, v + dt / 2 * k2v)
            let k4x = v + dt * k3v, k4v = a(x + dt * k3x, v + dt * k3v)
            x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += dt
            step += 1
        }
        return samples
    }

    func testSprings_MatchNumericalIntegration() {
        let springs = [
            DampedSpring(mass: 1, stiffness: 300, damping: 10),                      // underdamped
            DampedSpring(mass: 1, stiffness: 100, damping: 20),                      // critically damped
            DampedSpring(mass: 3, stiffness: 1000, damping: 500),                    // overdamped (the .spring curve)
            DampedSpring(mass: 2, stiffness: 200, damping: 8, initialVelocity: 5),  // with an initial velocity
        ]
        for s in springs {
            for (t, x) in integrate(s, until: min(s.settlingDuration, 2)) {
                XCTAssertEqual(s.displacement(at: t), x, accuracy: 1e-6, "\(s) at \(t)")
            }
        }
    }

    func testUnderdampedSpring_OvershootsThenSettles_AndTheDefaultDoesNot() {
        let bounce = TimingCurve(.bounce(stiffness: 300, damping: 10))
        let samples = (0...1000).map { bounce.value(at: Double($0) / 1000) }
        XCTAssertGreaterThan(samples.max() ?? 0, 1.3)
        XCTAssertEqual(samples[999], 1, accuracy: 2 * DampedSpring.settlingThreshold)
        XCTAssertEqual(samples[1000], 1)
        // Settled: the last tenth stays within the threshold.
        for v in samples[900...] { XCTAssertEqual(v, 1, accuracy: 0.01) }
        let spring = TimingCurve(.spring)
        let smooth = (0...1000).map { spring.value(at: Double($0) / 1000) }
        XCTAssertEqual(zip(smooth, smooth.dropFirst()).filter { $1 < $0 - 1e-12 }.count, 0)
        XCTAssertLessThanOrEqual(smooth.max() ?? 2, 1)
        // Time-scaled: the same spring fits any duration (the value depends on the fraction only).
        XCTAssertEqual(spring.value(at: 0.3), TimingCurve(.spring).value(at: 0.3))
    }

    func testSettlingDuration_IsWhenTheMoveStaysWithinTheThreshold() {
        let s = DampedSpring(mass: 1, stiffness: 300, damping: 10)
        let end = s.settlingDuration
        XCTAssertGreaterThan(end, 0.5)
        // Within the threshold from the settling time on; outside it at some point shortly before.
        for i in 0...2000 { XCTAssertLessThan(abs(s.displacement(at: end + Double(i) * 0.001)), DampedSpring.settlingThreshold) }
        let before = (1...200).map { abs(s.displacement(at: end - Double($0) * 0.001)) }.max() ?? 0
        XCTAssertGreaterThan(before, DampedSpring.settlingThreshold / 2)
    }
}
