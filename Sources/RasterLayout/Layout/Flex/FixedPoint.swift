/// The 1/64-point grid Flex computes its derived lengths on, as browsers lay out in
/// 1/64 px fixed point (Chrome's `LayoutUnit`).
///
/// Lengths a scene gives stay as given; a length Flex derives (a percentage, a share
/// of free space, a size carried through an aspect ratio, half of a leftover) lands on
/// the grid the way Chrome's fixed-point arithmetic puts it there: a conversion or a
/// division truncates toward zero, a flexed share rounds half away from zero. Where
/// shares would not add up to the whole (a free space split among items, gaps or
/// lines), the remainder is spread one unit at a time (`Diffuser`), so the last edge
/// lands exactly on the container's. This keeps an edge at a .5 tie on the same side
/// of its pixel as Chrome's.
enum FixedPoint {
    /// Units per point.
    static let scale = 64.0

    /// `v` truncated toward zero to the grid. Values within a billionth of a unit
    /// of a grid line count as on it, so a product like 0.07 × 100 does not lose a
    /// unit to binary rounding.
    static func truncated(_ v: Double) -> Double {
        guard v.isFinite else { return v }
        let units = v * scale
        let nearest = units.rounded()
        return (abs(units - nearest) < 1e-9 ? nearest : units.rounded(.towardZero)) / scale
    }

    /// `v` rounded to the grid, halves away from zero.
    static func rounded(_ v: Double) -> Double {
        guard v.isFinite else { return v }
        return (v * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// The width a ratio (width / height) makes of `height`, truncated to the grid.
    static func width(ofHeight height: Double, _ ratio: Double) -> Double { truncated(height * ratio) }

    /// The height a ratio (width / height) makes of `width`, truncated to the grid.
    static func height(ofWidth width: Double, _ ratio: Double) -> Double { truncated(width / ratio) }

    /// `v / n` truncated to the grid, as a fixed-point length divided by a count.
    static func divided(_ v: Double, by n: Int) -> Double {
        n > 0 ? truncated(truncated(v) / Double(n)) : 0
    }

    /// Splits a non-negative length into `buckets` shares on the grid: each is the
    /// truncated quotient, and the remainder's units go one each to shares spread
    /// evenly along the sequence (Bresenham's line), so the shares add up to the whole.
    struct Diffuser {
        private let base: Double
        private let step: Int, period: Int
        private var x = 0, y: Int, left: Int

        /// A total too large for whole units (beyond 2^53 of them) is split evenly,
        /// off the grid; an infinite or NaN one gives shares of 0.
        init(_ total: Double, buckets: Int) {
            let n = max(buckets, 1)
            let scaled = max(total, 0) * FixedPoint.scale
            if scaled < 9e15 {
                let units = Int((scaled + 1e-9).rounded(.down))
                base = Double(units / n) / FixedPoint.scale
                step = 2 * (units % n)
            } else {
                base = scaled.isFinite ? total / Double(n) : 0
                step = 0
            }
            period = 2 * n
            y = n
            left = buckets
        }

        /// The next share (0 once every bucket has had its own).
        mutating func next() -> Double {
            guard left > 0 else { return 0 }
            left -= 1
            x += step
            guard x >= y else { return base }
            y += period
            return base + 1 / FixedPoint.scale
        }
    }
}
