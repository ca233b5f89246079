/// Splits paths into dashes by arc length.
///
/// The pattern restarts at `phase` on every contour. On a closed contour whose first
/// and last dash both touch the start, the two are joined into one dash so that the
/// seam shows no cap.
public struct Dasher {
    /// On/off lengths, an even count (an odd input is given twice); finite, non-negative,
    /// not all zero.
    public let pattern: [Double]
    /// Offset into the pattern where each contour starts, in 0 up to the pattern's total length
    /// (exclusive).
    public let phase: Double

    /// `nil` when the pattern draws nothing sensible (empty, negative or all zero):
    /// the stroke is then solid.
    public init?(pattern input: [Double], phase: Double) {
        guard !input.isEmpty, input.allSatisfy({ $0 >= 0 && $0.isFinite }), input.contains(where: { $0 > 0 }) else {
            return nil
        }
        pattern = input.count % 2 == 1 ? input + input : input
        let total = pattern.reduce(0, +)
        var p = phase.isFinite ? phase.truncatingRemainder(dividingBy: total) : 0
        if p < 0 { p += total }
        self.phase = p
    }

    /// The most dashes one path is cut into; a pattern that would cut more leaves the path
    /// whole (`dash(_:)` returns `nil`), as Skia does past its own limit. Counted as
    /// Skia counts: each contour's periods of the pattern times its "on" entries.
    public static let maximumDashes = 100_000

    /// The dashes of every contour of `path`, each an open contour made of pieces of the
    /// path's own lines and curves, cut where the arc length along the exact curve reaches
    /// each boundary of the pattern; `nil` when there would be more than `maximumDashes`.
    public func dash(_ path: Path) -> Path? {
        let contours = Self.contours(of: path)
        let period = pattern.reduce(0, +)
        var dashes = 0.0
        for contour in contours {
            let length = contour.segments.reduce(0) { $0 + $1.length }
            dashes += (length / period).rounded(.up) * Double(pattern.count / 2)
        }
        guard dashes <= Double(Self.maximumDashes) else { return nil }
        var out = Path()
        for contour in contours { dashContour(contour.segments, closed: contour.closed, into: &out) }
        return out
    }

    /// A contour's segments in drawing order, each with its length.
    private struct Contour {
        var segments: [(segment: PathSegment, length: Double)] = []
        var closed = false
    }

    /// The contours of `path` with at least one segment. A closed contour ends with the line
    /// back to its start, left out when it has no length and the contour has other segments.
    private static func contours(of path: Path) -> [Contour] {
        var result: [Contour] = []
        var current = Contour()
        var start = Point.zero, last = Point.zero
        func add(_ segment: PathSegment) {
            current.segments.append((segment, segment.length))
        }
        func finish(closed: Bool) {
            if closed, current.segments.isEmpty || last != start { add(PathSegment(line: last, start)) }
            current.closed = closed
            if !current.segments.isEmpty { result.append(current) }
            current = Contour()
        }
        var open = false
        for element in path.elements {
            switch element {
            case .move(let p):
                if open { finish(closed: false) }
                start = p
                last = p
                open = true
            case .line(let p):
                add(PathSegment(line: last, p))
                last = p
            case .quad(let c, let p):
                add(PathSegment(bezier: [last, c, p]))
                last = p
            case .cubic(let c1, let c2, let p):
                add(PathSegment(bezier: [last, c1, c2, p]))
                last = p
            case .close:
                finish(closed: true)
                open = false
            }
        }
        if open { finish(closed: false) }
        return result
    }

    /// Walks one contour's segments through the dash pattern, appending the "on" pieces to
    /// `out` as open contours (a closed contour that starts and ends "on" joins its first
    /// and last pieces). One loop, since the pattern position, the dash being built and the
    /// first dash of a closed contour carry from segment to segment.
    private func dashContour(_ segments: [(segment: PathSegment, length: Double)], closed: Bool, into out: inout Path) {
        // Locate the phase in the pattern.
        var index = 0
        var remaining = pattern[0]
        var skip = phase
        while skip > 0 {
            if skip >= remaining {
                skip -= remaining
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            } else {
                remaining -= skip
                skip = 0
            }
        }
        var dashes: [[PathSegment]] = []
        var current: [PathSegment] = []
        var on = index % 2 == 0
        let startsAtBeginning = on
        for (segment, length) in segments {
            var travelled = 0.0
            var t = 0.0
            // A boundary within a billionth of the length from the end falls at the end: the
            // rounding of many short steps along one segment makes no dash of its own.
            let slack = length * 1e-9
            while length - travelled > remaining + slack {
                let step = max(remaining, 0)
                let next = segment.parameter(from: t, distance: step, rest: length - travelled)
                travelled += step
                if on {
                    current.append(segment.piece(from: t, to: next))
                    dashes.append(current)
                    current = []
                }
                t = next
                on.toggle()
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            remaining -= length - travelled
            if on { current.append(t == 0 ? segment : segment.piece(from: t, to: 1)) }
        }
        if on, !current.isEmpty { dashes.append(current) }
        // Join the last dash to the first across the start of a closed contour.
        if closed, startsAtBeginning, on, dashes.count >= 2 {
            dashes[0] = dashes.removeLast() + dashes[0]
        }
        for dash in dashes {
            out.move(to: dash[0].start)
            for piece in dash { piece.append(to: &out) }
        }
    }
}
