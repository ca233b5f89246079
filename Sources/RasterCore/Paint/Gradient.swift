import CKernels
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

/// A colour at a position along a gradient.
public struct GradientStop: Hashable, Sendable {
    /// Straight (non-premultiplied) colour at `location`.
    public var color: Color
    /// Position along the gradient, 0...1.
    public var location: Double

    /// A stop of `color` at `location` (0...1).
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
///
/// The colour table a draw needs is built on first use and shared by every copy of the
/// value until its stops or spread change, so drawing one gradient many times builds
/// one table. Equality and hashing look at stops and spread only.
public struct Gradient: Hashable, Sendable {
    /// The colour stops in location order; the initialisers sort them, an assignment keeps
    /// the order given.
    public var stops: [GradientStop] { didSet { tableCache = TableCache() } }
    /// What the gradient does outside 0...1.
    public var spread: SpreadMode { didSet { tableCache = TableCache() } }
    private var tableCache = TableCache()

    /// Sorts `stops` by location, keeping the given order of equal locations.
    public init(stops: [GradientStop], spread: SpreadMode = .pad) {
        self.stops = stops.enumerated().sorted {
            $0.element.location != $1.element.location ? $0.element.location < $1.element.location : $0.offset < $1.offset
        }.map(\.element)
        self.spread = spread
    }

    /// `colors` at evenly spaced locations from 0 to 1 (a single colour at 0).
    public init(colors: [Color], spread: SpreadMode = .pad) {
        let n = colors.count
        self.init(stops: colors.enumerated().map { GradientStop($1, n > 1 ? Double($0) / Double(n - 1) : 0) },
                  spread: spread)
    }

    public static func == (a: Gradient, b: Gradient) -> Bool {
        a.stops == b.stops && a.spread == b.spread
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(stops)
        hasher.combine(spread)
    }

    /// The number of entries of the colour lookup table.
    static let tableSize = 1024

    /// This gradient's colour table, built once per value (thread-safe).
    var table: GradientTable {
        tableCache.slot.withLock { slot in
            if let table = slot { return table }
            let table = GradientTable(self)
            slot = table
            return table
        }
    }

    /// Holds the table once built. A fresh cache replaces it whenever stops or spread
    /// change, so a mutated copy never sees its original's table.
    private final class TableCache: Sendable {
        let slot = Locked<GradientTable?>(nil)
    }

    /// Writes `tableSize` premultiplied packed colours at evenly spaced parameters 0...1:
    /// stops interpolated in premultiplied space, each channel rounded to nearest and
    /// never above alpha. One pass with a moving stop index.
    func fillTable(_ table: UnsafeMutablePointer<UInt32>) {
        let n = Gradient.tableSize
        guard let first = stops.first, let last = stops.last else {
            table.update(repeating: 0, count: n)
            return
        }
        let colors = stops.map { stop -> SIMD4<Double> in
            let a = Double(stop.color.a) / 255
            return SIMD4(Double(stop.color.r) / 255 * a, Double(stop.color.g) / 255 * a, Double(stop.color.b) / 255 * a, a)
        }
        @inline(__always) func parameter(_ i: Int) -> Double { Double(i) / Double(n - 1) }
        var i = 0
        let firstColor = Self.pack(colors[0])
        while i < n && parameter(i) <= first.location {
            table[i] = firstColor
            i += 1
        }
        // The entries between two stops: one interpolation parameter per entry, the four
        // channels from it (`ck_gradient_entries`, the arithmetic `pack` does after
        // c0 + delta·f); the stop pair moves on as the parameter passes a stop.
        var next = 1
        while i < n {
            let t = parameter(i)
            guard t < last.location else { break }
            while next < stops.count - 1 && stops[next].location < t { next += 1 }
            var end = i + 1
            while end < n {
                let u = parameter(end)
                guard u < last.location, next == stops.count - 1 || stops[next].location >= u else { break }
                end += 1
            }
            let s0 = stops[next - 1].location
            let c0 = colors[next - 1], delta = colors[next] - colors[next - 1]
            ck_gradient_entries(table, Int32(i), Int32(end), Int32(n), s0, stops[next].location - s0,
                                ck_rgba_f64(r: c0.x, g: c0.y, b: c0.z, a: c0.w),
                                ck_rgba_f64(r: delta.x, g: delta.y, b: delta.z, a: delta.w))
            i = end
        }
        let lastColor = Self.pack(colors[colors.count - 1])
        while i < n {
            table[i] = lastColor
            i += 1
        }
    }

    /// Premultiplied components in 0...1 to a packed pixel: each channel rounded half
    /// away from zero (as `rounded()`), then limited to alpha.
    @inline(__always)
    private static func pack(_ c: SIMD4<Double>) -> UInt32 {
        let v = channels(c)
        let a = v.w
        return min(v.x, a) | min(v.y, a) << 8 | min(v.z, a) << 16 | a << 24
    }

    /// Four components in 0...1 as 0...255, each rounded half away from zero (as
    /// `rounded()`). y − ⌊y⌋ is exact, so ties are decided exactly; an integral double
    /// plus 2^52 holds the integer in its low mantissa bits (no trapping conversion).
    /// ⌊y⌋ is y rounded to the nearest integer by the same addition, less one where that
    /// went up: exact for 0 ≤ y < 2^51, and no library call (`rounded(.down)` is one
    /// without SSE4.1).
    @inline(__always)
    private static func channels(_ v: SIMD4<Double>) -> SIMD4<UInt32> {
        // min(max(v, 0), 1) as the scalar functions compare (a NaN stays a NaN).
        var clamped = v.replacing(with: 0, where: SIMD4(repeating: 0) .>= v)
        clamped.replace(with: 1, where: SIMD4(repeating: 1) .< clamped)
        let y = clamped * 255
        let magic = SIMD4<Double>(repeating: 4_503_599_627_370_496.0)
        let nearest = (y + magic) - magic
        let down = nearest.replacing(with: nearest - 1, where: nearest .> y)
        let whole = unsafeBitCast(down + magic, to: SIMD4<UInt64>.self)
        return SIMD4<UInt32>(truncatingIfNeeded: whole &+ SIMD4<UInt64>(repeating: 0).replacing(with: 1, where: y - down .>= 0.5))
    }

    /// True when every stop is opaque.
    var isOpaque: Bool { !stops.isEmpty && stops.allSatisfy { $0.color.a == 255 } }
}

/// `Gradient.tableSize` premultiplied packed colours sampled evenly over 0...1.
/// Immutable once built.
final class GradientTable: @unchecked Sendable {
    let colors: UnsafeMutablePointer<UInt32>

    init(_ gradient: Gradient) {
        colors = .allocate(capacity: Gradient.tableSize)
        gradient.fillTable(colors)
    }

    deinit { colors.deallocate() }

    /// Every entry transparent (the table of a gradient without stops).
    static let transparent = GradientTable(Gradient(stops: []))
}

/// A gradient along the line from `start` to `end`, constant across it.
public struct LinearGradient: Hashable, Sendable {
    /// Where t = 0, in user space.
    public var start: Point
    /// Where t = 1, in user space.
    public var end: Point
    /// Stops and spread along t.
    public var gradient: Gradient

    /// t runs from 0 at `start` to 1 at `end` (user space).
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
    /// Centre of the circle where t = 1, in user space.
    public var center: Point
    /// Radius of the circle where t = 1, in user space; nothing is drawn unless positive.
    public var radius: Double
    /// Where t = 0, in user space; `nil` for `center`.
    public var focal: Point?
    /// Stops and spread along t.
    public var gradient: Gradient

    /// t = 0 at `focal` (or `center`), t = 1 on the circle of `radius` about `center`.
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
    /// The point the sweep turns about, in user space.
    public var center: Point
    /// Where t = 0, in radians from +x (clockwise on screen).
    public var startAngle: Double
    /// Stops and spread along t.
    public var gradient: Gradient

    /// t = 0 at `startAngle` (radians from +x), growing clockwise around `center`.
    public init(center: Point, startAngle: Double, gradient: Gradient) {
        self.center = center
        self.startAngle = startAngle
        self.gradient = gradient
    }
}
