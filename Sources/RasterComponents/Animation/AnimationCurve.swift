/// The curve an animated change follows: Core Animation's named timing functions, a
/// cubic Bezier timing function, or a damped spring. The one curve type of the library:
/// component transitions (`ComponentTransition.Animation.Curve`) and scene transitions
/// (`SceneTransition.Curve`) are this type, and `TimingCurve` is its solved form.
public enum AnimationCurve: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    /// The spring UIKit uses for its keyboard and ComponentFlow for `.spring`: mass 3,
    /// stiffness 1000, damping 500.
    case spring
    /// A cubic Bezier timing function with control points (x1, y1) and (x2, y2); x1 and
    /// x2 lie in 0...1.
    case custom(Double, Double, Double, Double)
    /// A damped spring of mass 1 (ComponentFlow's bounce).
    case bounce(stiffness: Double, damping: Double)
    /// A damped spring with every parameter given.
    case customSpring(stiffness: Double, damping: Double, mass: Double)

    /// ComponentFlow's slide: a Bezier curve that starts fast and settles gently.
    public static var slide: AnimationCurve { .custom(0.33, 0.52, 0.25, 0.99) }

    /// Progress at the elapsed fraction `t` of the duration: 0 at the start and exactly 1
    /// from the end on (see `TimingCurve`).
    public func value(at t: Double) -> Double { TimingCurve(self).value(at: t) }

    /// The longest a physical spring runs, in seconds (an undamped one never settles).
    public static let longestSpring = 3_600.0

    /// How long an animation along this curve lasts when its transition gives
    /// `duration`. A spring given by its physical parameters (`bounce`,
    /// `customSpring`) runs at its own rate, as `CASpringAnimation` and SwiftUI's
    /// `interpolatingSpring` do: it lasts until it settles (within 0.1 % of the move),
    /// whatever `duration` says (at most `longestSpring`), and its progress at t seconds
    /// is the damped oscillator's. Every other curve, the named `spring` too, is stretched over
    /// `duration`. A `duration` of 0 or less stays as given (the change is immediate).
    public func duration(given duration: Double) -> Double {
        guard duration > 0 else { return duration }
        switch self {
        case .bounce, .customSpring:
            if case .spring(let s) = TimingCurve(self).kind { return min(s.settlingDuration, Self.longestSpring) }
            return duration
        default:
            return duration
        }
    }
}
