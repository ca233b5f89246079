/// How `justify` and `align-content` distribute free space among items or lines.
enum FlexAlignment {
    case start, end, flexStart, flexEnd, center, stretch, spaceBetween, spaceAround, spaceEvenly

    init(_ justify: FlexJustify) {
        switch justify {
        case .start: self = .flexStart
        case .end: self = .flexEnd
        case .center: self = .center
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        case .spaceEvenly: self = .spaceEvenly
        }
    }

    init(_ align: FlexAlignContent) {
        switch align {
        case .start: self = .flexStart
        case .end: self = .flexEnd
        case .center: self = .center
        case .stretch: self = .stretch
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        case .spaceEvenly: self = .spaceEvenly
        }
    }

    /// CSS Box Alignment's fallbacks for a distribution with one item or without free
    /// space: `flex-start` for between and stretch (so an overflowing reversed line
    /// overflows at its start), `safe center` for around and evenly (centred, or at the
    /// start when it overflows), as Chrome aligns them.
    static func fallback(_ mode: FlexAlignment, free: Double, count: Int) -> FlexAlignment {
        guard count <= 1 || free <= 0 else { return mode }
        switch mode {
        case .stretch, .spaceBetween: return .flexStart
        case .spaceAround, .spaceEvenly: return free < 0 ? .start : .center
        default: return mode
        }
    }

    /// The offsets before the items (or lines) in placement order: the leading space
    /// for the first, then the gap plus a share of the free space for each of the
    /// others. Shares lie on the fixed-point grid and add up to what the distribution
    /// spreads between the items (`FixedPoint.Diffuser`), as Chrome spaces them.
    func spacing(free: Double, count: Int, gap: Double, reversed: Bool) -> Spacing {
        let leading: Double
        switch self {
        case .start, .stretch, .spaceBetween: leading = 0
        case .flexStart: leading = reversed ? free : 0
        case .end: leading = free
        case .flexEnd: leading = reversed ? 0 : free
        case .center: leading = FixedPoint.divided(free, by: 2)
        case .spaceAround: leading = FixedPoint.divided(free, by: free >= 0 ? 2 * count : 2)
        case .spaceEvenly: leading = FixedPoint.divided(free, by: free >= 0 ? count + 1 : 2)
        }
        let buckets = switch self {
        case .spaceBetween: count - 1
        case .spaceAround: count
        case .spaceEvenly: count + 1
        default: 0
        }
        return Spacing(leading: leading, gap: gap, shares: FixedPoint.Diffuser(max(free, 0), buckets: buckets))
    }

    /// Successive offsets before items or lines (see `spacing`).
    struct Spacing {
        fileprivate var leading: Double?
        fileprivate let gap: Double
        fileprivate var shares: FixedPoint.Diffuser

        mutating func next() -> Double {
            if let first = leading {
                leading = nil
                return first
            }
            return gap + shares.next()
        }
    }
}
