import Foundation

/// An `AnimationCurve` solved once for sampling: `value(at:)` maps the elapsed fraction
/// of the duration (0...1) to progress, 0 at the start and exactly 1 from the end on.
/// Bezier curves stay within their control points' range; springs may pass 1 and come
/// back. Running animations keep one each.
package struct TimingCurve: Hashable, Sendable {
    /// The solved form: the identity, a Bezier curve, or a spring.
    package enum Kind: Hashable, Sendable {
        case linear
        case bezier(CubicBezierTiming)
        /// A spring whose settling is time-scaled onto the duration (for a physical
        /// spring the duration is its settling time: `AnimationCurve.duration(given:)`).
        case spring(DampedSpring)
    }

    package let kind: Kind

    package init(kind: Kind) {
        self.kind = kind
    }

    /// Core Animation's named timing functions; `spring` is the spring UIKit uses for
    /// its keyboard and ComponentFlow for `.spring` (mass 3, stiffness 1000, damping 500),
    /// and `bounce` a spring of mass 1.
    package init(_ curve: AnimationCurve) {
        switch curve {
        case .linear: kind = .linear
        case .easeIn: kind = .bezier(CubicBezierTiming(0.42, 0, 1, 1))
        case .easeOut: kind = .bezier(CubicBezierTiming(0, 0, 0.58, 1))
        case .easeInOut: kind = .bezier(CubicBezierTiming(0.42, 0, 0.58, 1))
        case .custom(let x1, let y1, let x2, let y2): kind = .bezier(CubicBezierTiming(x1, y1, x2, y2))
        case .spring: kind = .spring(DampedSpring(mass: 3, stiffness: 1000, damping: 500))
        case .bounce(let stiffness, let damping): kind = .spring(DampedSpring(mass: 1, stiffness: stiffness, damping: damping))
        case .customSpring(let stiffness, let damping, let mass):
            kind = .spring(DampedSpring(mass: mass, stiffness: stiffness, damping: damping))
        }
    }

    /// Progress at the elapsed fraction `t` of the duration.
    package func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        switch kind {
        case .linear: return t
        case .bezier(let b): return b.value(at: t)
        case .spring(let s): return s.progress(at: t * s.settlingDuration)
        }
    }
}

/// A cubic Bezier timing function from (0, 0) to (1, 1) with control points (x1, y1)
/// and (x2, y2), solved for x as Core Animation does: find the curve parameter whose x
/// is the time, then take its y.
///
/// Invariant: x1 and x2 lie in 0...1, so x grows monotonically with the parameter and
/// each time has one parameter.
package struct CubicBezierTiming: Hashable, Sendable {
    package let x1, y1, x2, y2: Double

    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// The polynomial coefficients of one coordinate: c·s + b·s² + a·s³.
    private static func coefficients(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
        let c = 3 * p1, b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let (a, b, c) = coefficients(p1, p2)
        return ((a * s + b) * s + c) * s
    }

    /// The parameter whose x is `x`: Newton's method, then bisection if it stalls.
    func parameter(forX x: Double) -> Double {
        let (a, b, c) = Self.coefficients(x1, x2)
        var s = x
        for _ in 0..<8 {
            let error = ((a * s + b) * s + c) * s - x
            if abs(error) < 1e-9 { return s }
            let slope = (3 * a * s + 2 * b) * s + c
            if abs(slope) < 1e-7 { break }
            s -= error / slope
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let value = ((a * s + b) * s + c) * s
            if abs(value - x) < 1e-10 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    package func value(at x: Double) -> Double {
        Self.coordinate(parameter(forX: x), y1, y2)
    }
}

/// A damped harmonic oscillator moving from 0 to 1 (Core Animation's spring: mass,
/// stiffness, damping, initial velocity in units of the move per second).
///
/// `progress(at:)` is the exact solution of m·x″ + c·x′ + k·x = 0 for the displacement
/// x = progress − 1, starting at x = −1: under-, critically and over-damped cases in
/// closed form. `settlingDuration` is when the displacement's envelope falls below
/// 0.001 of the move for good.
package struct DampedSpring: Hashable, Sendable {
    package let mass: Double
    package let stiffness: Double
    package let damping: Double
    package let initialVelocity: Double

    /// The move counts as settled once it stays within this fraction of its length.
    package static let settlingThreshold = 0.001

    package init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = max(mass, 1e-9)
        self.stiffness = max(stiffness, 1e-9)
        self.damping = max(damping, 0)
        self.initialVelocity = initialVelocity
    }

    /// Undamped angular frequency ω₀ = √(k/m).
    package var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)): below 1 it oscillates.
    package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Progress (1 + displacement) at `time` seconds.
    package func progress(at time: Double) -> Double {
        1 + displacement(at: time)
    }

    package func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio
        let x0 = -1.0, v0 = initialVelocity
        if abs(zeta - 1) < 1e-9 {
            return (x0 + (v0 + w0 * x0) * t) * exp(-w0 * t)
        }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * w0 * x0) / wd
            return exp(-zeta * w0 * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// An upper bound of |displacement| from `t` on (it only decreases past the start).
    private func envelope(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio
        let x0 = -1.0, v0 = initialVelocity
        if abs(zeta - 1) < 1e-9 {
            return (abs(x0) + abs(v0 + w0 * x0) * t) * exp(-w0 * t)
        }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * w0 * x0) / wd
            return exp(-zeta * w0 * t) * (x0 * x0 + b * b).squareRoot()
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
        return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }

    /// Seconds until the move stays within `settlingThreshold` of its end.
    package var settlingDuration: Double {
        let eps = Self.settlingThreshold
        var hi = 1.0 / max(naturalFrequency, 1e-9)
        var steps = 0
        while envelope(at: hi) >= eps, steps < 200 {
            hi *= 2
            steps += 1
        }
        var lo = 0.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) >= eps { lo = mid } else { hi = mid }
        }
        return hi
    }
}
