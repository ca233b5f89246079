import Foundation

/// What a gradient does outside its 0...1 parameter range.
public enum SpreadMode: String, Hashable, Sendable, CaseIterable {
    /// The end colours continue.
    case pad
    /// The gradient repeats.
    case `repeat`
    /// The gradient repeats, every other copy mirrored.
    case reflect
}

public struct GradientStop: Hashable, Sendable {
    public var color: Color
    /// Position along the gradient, 0...1.
    public var location: Double

    public init(_ color: Color, _ location: Double) {
        self.color = color
        self.location = location
    }
}

/// Colour stops and spread shared by every gradient geometry.
///
/// Stops are sorted by location (stable, so equal locations make a hard edge in the
/// given order). Colours are interpolated in premultiplied space, as CSS does, so a
/// fade to `clear` never darkens. Any number of stops is allowed; no stops draws nothing.
public struct Gradient: Hashable, Sendable {
    public var stops: [GradientStop]
    public var spread: SpreadMode

    public init(stops: [GradientStop], spread: SpreadMode = .pad) {
        self.stops = stops.enumerated().sorted {
            $0.element.location != $1.element.location ? $0.element.location < $1.element.location : $0.offset < $1.offset
        }.map(\.element)
        self.spread = spread
    }

    public init(colors: [Color], spread: SpreadMode = .pad) {
        let n = colors.count
        self.init(stops: colors.enumerated().map { GradientStop($1, n > 1 ? Double($0) / Double(n - 1) : 0) },
                  spread: spread)
    }

    /// The number of entries of the colour lookup table.
    static let tableSize = 1024

    /// The premultiplied colour at parameter `t` in 0...1 (real arithmetic, for tests and
    /// for building the table).
    public func color(at t: Double) -> (r: Double, g: Double, b: Double, a: Double) {
        guard let first = stops.first, let last = stops.last else { return (0, 0, 0, 0) }
        func premul(_ c: Color) -> (Double, Double, Double, Double) {
            let a = Double(c.a) / 255
            return (Double(c.r) / 255 * a, Double(c.g) / 255 * a, Double(c.b) / 255 * a, a)
        }
        if t <= first.location { return premul(first.color) }
        if t >= last.location { return premul(last.color) }
        var i = 1
        while i < stops.count && stops[i].location < t { i += 1 }
        let s0 = stops[i - 1], s1 = stops[i]
        let span = s1.location - s0.location
        let f = span > 0 ? (t - s0.location) / span : 1
        let c0 = premul(s0.color), c1 = premul(s1.color)
        return (c0.0 + (c1.0 - c0.0) * f, c0.1 + (c1.1 - c0.1) * f, c0.2 + (c1.2 - c0.2) * f, c0.3 + (c1.3 - c0.3) * f)
    }

    /// Premultiplied packed colours at `tableSize` evenly spaced parameters 0...1.
    /// One pass with a moving stop index; same values as `color(at:)` rounded.
    func makeTable() -> [UInt32] {
        let n = Gradient.tableSize
        guard let first = stops.first, let last = stops.last else { return [UInt32](repeating: 0, count: n) }
        func premul(_ c: Color) -> SIMD4<Double> {
            let a = Double(c.a) / 255
            return SIMD4(Double(c.r) / 255 * a, Double(c.g) / 255 * a, Double(c.b) / 255 * a, a)
        }
        let colors = stops.map { premul($0.color) }
        var table = [UInt32](repeating: 0, count: n)
        var next = 1
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            var c: SIMD4<Double>
            if t <= first.location {
                c = colors[0]
            } else if t >= last.location {
                c = colors[colors.count - 1]
            } else {
                while next < stops.count - 1 && stops[next].location < t { next += 1 }
                let s0 = stops[next - 1], s1 = stops[next]
                let span = s1.location - s0.location
                let f = span > 0 ? (t - s0.location) / span : 1
                c = colors[next - 1] + (colors[next] - colors[next - 1]) * f
            }
            let v = (c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) * 255).rounded(.toNearestOrAwayFromZero)
            let a = UInt32(v[3])
            table[i] = min(UInt32(v[0]), a) | min(UInt32(v[1]), a) << 8 | min(UInt32(v[2]), a) << 16 | a << 24
        }
        return table
    }

    /// True when every stop is opaque.
    var isOpaque: Bool { !stops.isEmpty && stops.allSatisfy { $0.color.a == 255 } }
}

/// A gradient along the line from `start` to `end`, constant across it.
public struct LinearGradient: Hashable, Sendable {
    public var start: Point
    public var end: Point
    public var gradient: Gradient

    public init(start: Point, end: Point, gradient: Gradient) {
        self.start = start
        self.end = end
        self.gradient = gradient
    }

    /// The CSS `linear-gradient(angle, ...)` line for `rect`: `degrees` 0 points up,
    /// 90 right; the line is long enough that the corners get the first and last stops.
    public init(cssAngle degrees: Double, in rect: Rect, gradient: Gradient) {
        let radians = degrees * Double.pi / 180
        let direction = Point(x: sin(radians), y: -cos(radians))
        let halfLength = (abs(rect.width * sin(radians)) + abs(rect.height * cos(radians))) / 2
        let c = rect.center
        self.init(start: c - direction * halfLength, end: c + direction * halfLength, gradient: gradient)
    }
}

/// A radial gradient: t = 0 at `focal` (the centre when nil) growing to t = 1 on the
/// circle of `radius` about `center` (SVG's focal-point radial gradient: the family of
/// circles interpolating from a point at the focus to the end circle).
public struct RadialGradient: Hashable, Sendable {
    public var center: Point
    public var radius: Double
    public var focal: Point?
    public var gradient: Gradient

    public init(center: Point, radius: Double, focal: Point? = nil, gradient: Gradient) {
        self.center = center
        self.radius = radius
        self.focal = focal
        self.gradient = gradient
    }
}

/// A sweep around `center`: t grows clockwise (on screen) from `startAngle` (radians
/// from +x) through one full turn.
public struct ConicGradient: Hashable, Sendable {
    public var center: Point
    public var startAngle: Double
    public var gradient: Gradient

    public init(center: Point, startAngle: Double, gradient: Gradient) {
        self.center = center
        self.startAngle = startAngle
        self.gradient = gradient
    }
}
