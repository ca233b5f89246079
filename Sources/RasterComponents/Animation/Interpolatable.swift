import Foundation
import RasterCore

/// A value an animation can take between two ends: `interpolate(a, b, t)` is `a` at 0
/// and `b` at 1, and follows t past them (springs overshoot).
public protocol Interpolatable: Equatable {
    /// The value a fraction `t` of the way from `a` to `b`.
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self
}

extension Double: Interpolatable {
    public static func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
}

extension Point: Interpolatable {
    public static func interpolate(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: .interpolate(a.x, b.x, t), y: .interpolate(a.y, b.y, t))
    }
}

extension Size: Interpolatable {
    public static func interpolate(_ a: Size, _ b: Size, _ t: Double) -> Size {
        Size(width: .interpolate(a.width, b.width, t), height: .interpolate(a.height, b.height, t))
    }
}

extension Rect: Interpolatable {
    public static func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(origin: .interpolate(a.origin, b.origin, t), size: .interpolate(a.size, b.size, t))
    }
}

extension Color: Interpolatable {
    /// Straight channels, rounded to the nearest and clamped (an overshoot saturates).
    public static func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8(max(0, min(255, Double.interpolate(Double(x), Double(y), t).rounded())))
        }
        return Color(r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: channel(a.a, b.a))
    }
}

extension Transform: Interpolatable {
    /// Decomposed into translation, rotation, scale and shear, each interpolated (the
    /// shorter way round for the rotation), as Core Animation animates a transform.
    public static func interpolate(_ a: Transform, _ b: Transform, _ t: Double) -> Transform {
        let p = a.decomposed, q = b.decomposed
        var dr = q.rotation - p.rotation
        if dr > Double.pi { dr -= 2 * Double.pi } else if dr < -Double.pi { dr += 2 * Double.pi }
        return Transform(translation: .interpolate(p.translation, q.translation, t), rotation: p.rotation + dr * t,
                         scale: .interpolate(p.scale, q.scale, t), shear: .interpolate(p.shear, q.shear, t))
    }

    /// Translation, rotation (radians), scale and shear with `self` = scale·shear, then
    /// rotation, then translation.
    var decomposed: (translation: Point, rotation: Double, scale: Size, shear: Double) {
        let sx = (a * a + b * b).squareRoot()
        guard sx > 0 else { return (Point(x: tx, y: ty), 0, Size(width: 0, height: (c * c + d * d).squareRoot()), 0) }
        let rotation = atan2(b, a)
        let cosR = a / sx, sinR = b / sx
        // Undoing the rotation on the second column leaves (shear·sy, sy).
        let c2 = c * cosR + d * sinR, d2 = -c * sinR + d * cosR
        return (Point(x: tx, y: ty), rotation, Size(width: sx, height: d2), d2 != 0 ? c2 / d2 : 0)
    }

    init(translation: Point, rotation: Double, scale: Size, shear: Double) {
        // x' = sx·x + shear·sy·y, y' = sy·y; then the rotation and the translation.
        let base = Transform(a: scale.width, b: 0, c: shear * scale.height, d: scale.height, tx: 0, ty: 0)
        self = base.concatenating(Transform(rotationAngle: rotation))
            .concatenating(Transform(translationX: translation.x, y: translation.y))
    }
}

extension Paint {
    /// Colours and gradients of the same kind and stop count blend, and a paint fades
    /// from or to nothing through its transparent colour; anything else takes `b` at
    /// once, as Core Animation does with changes it cannot animate. Never flips back
    /// and forth when a spring carries t past 1 and back.
    public static func interpolate(_ a: Paint?, _ b: Paint?, _ t: Double) -> Paint? {
        func gradient(_ g: Gradient, _ h: Gradient) -> Gradient? {
            guard g.stops.count == h.stops.count, g.spread == h.spread else { return nil }
            return Gradient(stops: zip(g.stops, h.stops).map {
                GradientStop(.interpolate($0.color, $1.color, t), .interpolate($0.location, $1.location, t))
            }, spread: g.spread)
        }
        switch (a, b) {
        case let (.solid(x)?, .solid(y)?):
            return .solid(.interpolate(x, y, t))
        case let (nil, .solid(y)?):
            return .solid(.interpolate(Color(r: y.r, g: y.g, b: y.b, a: 0), y, t))
        case let (.solid(x)?, nil):
            return .solid(.interpolate(x, Color(r: x.r, g: x.g, b: x.b, a: 0), t))
        case let (.linear(g)?, .linear(h)?):
            if let stops = gradient(g.gradient, h.gradient) {
                return .linear(LinearGradient(start: .interpolate(g.start, h.start, t), end: .interpolate(g.end, h.end, t), gradient: stops))
            }
        case let (.radial(g)?, .radial(h)?):
            if let stops = gradient(g.gradient, h.gradient), (g.focal == nil) == (h.focal == nil) {
                return .radial(RadialGradient(center: .interpolate(g.center, h.center, t), radius: .interpolate(g.radius, h.radius, t),
                                              focal: g.focal.flatMap { f in h.focal.map { .interpolate(f, $0, t) } }, gradient: stops))
            }
        case let (.conic(g)?, .conic(h)?):
            if let stops = gradient(g.gradient, h.gradient) {
                return .conic(ConicGradient(center: .interpolate(g.center, h.center, t),
                                            startAngle: .interpolate(g.startAngle, h.startAngle, t), gradient: stops))
            }
        default:
            break
        }
        return b
    }
}
