/// Splits polylines into dashes by arc length.
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

    /// The dashes of every contour of `input`, each an open contour.
    public func dash(_ input: Polyline) -> Polyline {
        var out = Polyline()
        for contour in input.contours {
            var pts = Array(input.points[contour.range])
            if contour.isClosed, let first = pts.first { pts.append(first) }
            guard pts.count >= 2 else { continue }
            dashContour(pts, closed: contour.isClosed, into: &out)
        }
        return out
    }

    /// Walks one contour's segments through the dash pattern, emitting the "on" pieces as
    /// open polylines (a closed contour that starts and ends "on" joins its first and last
    /// pieces). One loop, since the pattern position, the piece being built and the first
    /// piece of a closed contour carry from segment to segment.
    private func dashContour(_ pts: [Point], closed: Bool, into out: inout Polyline) {
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
        let firstContour = out.contours.count
        var startsAtBeginning = false
        var current: [Point] = []
        var on = index % 2 == 0
        if on {
            current.append(pts[0])
            startsAtBeginning = true
        }
        for i in 0..<(pts.count - 1) {
            let a = pts[i], b = pts[i + 1]
            let length = a.distance(to: b)
            var travelled = 0.0
            while length - travelled > remaining {
                travelled += remaining
                let p = a.lerp(to: b, travelled / length)
                if on {
                    current.append(p)
                    emit(&current, into: &out)
                } else {
                    current = [p]
                }
                on.toggle()
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            remaining -= length - travelled
            if on { current.append(b) }
        }
        let endsAtEnd = on
        if on { emit(&current, into: &out) }
        // Join the last dash to the first across the start of a closed contour.
        if closed, startsAtBeginning, endsAtEnd, out.contours.count - firstContour >= 2 {
            let last = out.contours.removeLast()
            let first = out.contours[firstContour]
            let tail = Array(out.points[last.range])
            out.points.removeSubrange(last.range)
            let head = Array(out.points[first.range])
            let merged = tail + head.dropFirst()
            out.points.replaceSubrange(first.range, with: merged)
            let delta = merged.count - first.range.count
            out.contours[firstContour].range = first.range.lowerBound..<(first.range.upperBound + delta)
            for k in (firstContour + 1)..<out.contours.count {
                let r = out.contours[k].range
                out.contours[k].range = (r.lowerBound + delta)..<(r.upperBound + delta)
            }
        }
    }

    private func emit(_ current: inout [Point], into out: inout Polyline) {
        if !current.isEmpty {
            let start = out.points.count
            out.points += current
            out.contours.append(.init(range: start..<out.points.count, isClosed: false))
        }
        current = []
    }
}
