import CKernels

/// Exact-area anti-aliased scan conversion, accumulated densely one band of rows at a time.
///
/// Why this shape: every edge adds signed area to the pixel cells it crosses (the
/// accumulation idea of font-rs and FreeType's gray rasterizer). Edges are first clipped
/// and converted to fixed point, then binned by the band of rows where they start. For
/// each band, the edges that reach it add their cells into dense per-row arrays, and a
/// bit per cell marks the touched ones, so no cell is sorted: the sweep walks the set
/// bits left to right, and the untouched stretches between them reach the blitter as
/// constant spans. A band is small enough to stay in cache; scan conversion costs
/// O(cells + edges·bands). Coordinates are fixed point with 8 fractional bits (1/256
/// pixel); all cell arithmetic is integer, so output is identical on every machine.
///
/// Units: `cover` is the signed height an edge spans inside a cell (256 per pixel row);
/// `area` is Σ dy·(fx0 + fx1), twice the signed area to the left of the edge inside the
/// cell, times 256. A pixel's coverage, in units of 2·256·256, is
/// 512·(covers of cells to its left) + 512·cover − area.
///
/// Invariant between fills: every cover, area and bit of the band buffers is zero (the
/// sweep clears what it reads).
public final class Rasterizer {
    // Raw buffers rather than arrays: no exclusivity checks or bounds checks per edge.
    private var segments: UnsafeMutablePointer<Segment>
    private var segmentCount = 0
    private var segmentCapacity = 0
    /// Segment indices binned by band, then the indices of the segments reaching the
    /// current band (each as large as `segments`).
    private var order: UnsafeMutablePointer<Int32>
    private var active: UnsafeMutablePointer<Int32>
    /// Band b's segments are order[bandStarts[b] ..< bandStarts[b + 1]]; `bandCursor`
    /// is scratch for the counting sort.
    private var bandStarts: UnsafeMutablePointer<Int32>
    private var bandCursor: UnsafeMutablePointer<Int32>
    private var bandCount = 0
    private var bandCapacity = 0

    /// The band buffers, sized for the largest working area so far.
    private var band = CellBand()

    // The working area, relative to which cells are stored.
    private var clipX0 = 0
    private var clipY0 = 0
    private var clipWidth = 0
    private var clipHeight = 0

    /// An empty rasterizer; its buffers grow on first use and are reused by later fills.
    public init() {
        segments = .allocate(capacity: 0)
        order = .allocate(capacity: 0)
        active = .allocate(capacity: 0)
        bandStarts = .allocate(capacity: 0)
        bandCursor = .allocate(capacity: 0)
    }

    deinit {
        segments.deallocate()
        order.deallocate()
        active.deallocate()
        bandStarts.deallocate()
        bandCursor.deallocate()
        band.deallocate()
    }

    /// Fills the closed polygons of `polyline` (every contour is closed implicitly),
    /// reporting coverage inside `clip` to `blitter`.
    ///
    /// - Complexity: O(cells + edges·bands + rows), cells ≈ the number of pixels the
    ///   outline crosses.
    public func fill<B: Blitter>(_ polyline: Polyline, rule: FillRule, clip: PixelRect, into blitter: inout B) {
        guard !clip.isEmpty, !polyline.points.isEmpty else { return }
        // Bounds of the geometry, intersected with the clip.
        // No test per point: an infinity or a NaN anywhere makes `poison` (every coordinate
        // times zero, summed) a NaN, and such an outline fills nothing.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var poison = 0.0
        for p in polyline.points {
            poison += p.x * 0 + p.y * 0
            minX = p.x < minX ? p.x : minX; maxX = p.x > maxX ? p.x : maxX
            minY = p.y < minY ? p.y : minY; maxY = p.y > maxY ? p.y : maxY
        }
        guard !poison.isNaN else { return }
        let bounds = PixelRect(enclosing: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        // Cells left of the clip still matter (their cover reaches into it), so only the
        // right, top and bottom edges of the clip narrow the working area.
        let work = PixelRect(x0: clip.x0, y0: max(clip.y0, bounds.y0),
                             x1: min(clip.x1, bounds.x1), y1: min(clip.y1, bounds.y1))
        guard !work.isEmpty, bounds.x0 < clip.x1, bounds.x1 > clip.x0 else { return }
        let x0 = max(clip.x0, bounds.x0)
        clipX0 = x0
        clipY0 = work.y0
        clipWidth = work.x1 - x0
        clipHeight = work.height

        // When every point lies inside the working area (and the guard band), `addLine`'s
        // clipping leaves every edge as it is, but for dropping one that lies on the right
        // edge: the others go straight to fixed point (`addFixed`), without the clamp.
        let limit = Self.guardBand, right = Double(clipX0 + clipWidth)
        let inside = !switches.clipsEveryEdge && minX >= Double(clipX0) && maxX <= right
            && minY >= Double(clipY0) && maxY <= Double(clipY0 + clipHeight)
            && minX >= -limit && maxX <= limit && minY >= -limit && maxY <= limit
        segmentCount = 0
        polyline.points.withUnsafeBufferPointer { points in
            for contour in polyline.contours {
                let range = contour.range
                guard range.count >= 2 else { continue }
                var prev = points[range.upperBound - 1]
                if inside {
                    // Each point converted once, as the end of one edge and the start of the next.
                    var prevX = ck_fixed_point_8_near(prev.x), prevY = ck_fixed_point_8_near(prev.y)
                    for i in range {
                        let p = points[i]
                        let x = ck_fixed_point_8_near(p.x), y = ck_fixed_point_8_near(p.y)
                        if prev.x < right || p.x < right { addFixed(prevX, prevY, x, y) }
                        prev = p
                        prevX = x
                        prevY = y
                    }
                } else {
                    for i in range {
                        let p = points[i]
                        addLine(prev, p)
                        prev = p
                    }
                }
            }
        }
        guard segmentCount > 0 else { return }
        let straight = switches.replaysStraightRows ? straightRows() : 0..<0
        var recorded: RowRecorder?
        if !straight.isEmpty {
            recorded = recordRow(straight.lowerBound, rule: rule)
            cutVerticalEdges(out: straight)
        }
        prepareBands()
        sweepBands(rule: rule, skipping: straight, into: &blitter)
        if let recorded { replay(recorded, on: straight, into: &blitter) }
    }

    // MARK: - Reuse

    /// Rasterizers whose canvases (or the compositor's shadow masks) are done with them,
    /// kept for the next: a canvas made per layer raster then finds its buffers already
    /// grown instead of allocating them.
    private static let spares = Locked<[Rasterizer]>([])
    /// The most rasterizers kept, and the most bytes of buffers one may hold to be kept.
    static let maxSpares = 8, maxSpareBytes = 4 << 20

    /// A rasterizer with its switches at their defaults and no fills counted: a spare one
    /// when there is one. Its pixels are those of a new one (between fills every buffer
    /// is cleared).
    package static func reused() -> Rasterizer {
        guard let spare = spares.withLock({ $0.popLast() }) else { return Rasterizer() }
        spare.switches = Switches()
        spare.replayedRows = 0
        return spare
    }

    /// Keeps `rasterizer`, which nothing else holds, for a later `reused()`, unless
    /// enough are kept or its buffers are large.
    package static func giveBack(_ rasterizer: Rasterizer) {
        let bytes = rasterizer.band.bufferBytes + rasterizer.segmentCapacity * (MemoryLayout<Segment>.stride + 8)
        guard bytes <= maxSpareBytes else { return }
        spares.withLock { if $0.count < maxSpares { $0.append(rasterizer) } }
    }

    /// Ways of filling that change no pixel, each on its faster side by default (tests
    /// turn them to compare both sides). A new or reused rasterizer has the defaults.
    struct Switches {
        /// Whether every edge goes through `addLine`'s clipping, also when the outline
        /// lies inside the working area (where the clipping changes nothing).
        var clipsEveryEdge = false
        /// Whether sweeps hand the blitter its short stretches between runs inside the
        /// runs (`Blitter.joinedGapLimit`).
        var joinsShortGaps = true
        /// Whether fills find the rows that only vertical edges cross whole and draw them
        /// by repeating the first one's coverage (`straightRows`).
        var replaysStraightRows = true
    }
    var switches = Switches()

    // MARK: - Rows crossed only by vertical edges

    /// Rows drawn by repeating a row's coverage, summed over the fills.
    private(set) var replayedRows = 0
    /// The shortest run of straight rows worth replaying: a row set up and swept once, then
    /// repeated, against rows swept one by one.
    static let minimumStraightRows = 4
    /// A long run of working rows in which every edge crossing a row is vertical and
    /// crosses every row of the run whole (the sides of rectangles, rounded rectangles,
    /// layers and cards). Such rows have the same cells, hence the same coverage.
    ///
    /// The run starts as the whole rows of the longest vertical edge; every other edge
    /// then takes out what it rules out (a sloped edge its rows; a vertical edge's end
    /// inside a row that row; an end on a row boundary splits the run there), the longer
    /// side being kept. Each cut keeps every earlier edge's rows out, so the result is a
    /// valid run, found in one pass without sorting (not always the longest one).
    /// Empty when shorter than `minimumStraightRows`.
    private func straightRows() -> Range<Int> {
        var longest = -1, longestRows = 0
        for i in 0..<segmentCount {
            let s = segments[i]
            guard s.x0 == s.x1 else { continue }
            // Whole rows between its ends.
            let first = (Int(min(s.y0, s.y1)) + 255) >> 8, end = Int(max(s.y0, s.y1)) >> 8
            if end - first > longestRows { longest = i; longestRows = end - first }
        }
        guard longest >= 0, longestRows >= Self.minimumStraightRows else { return 0..<0 }
        let v = segments[longest]
        var lo = max(0, (Int(min(v.y0, v.y1)) + 255) >> 8), hi = min(clipHeight, Int(max(v.y0, v.y1)) >> 8)
        /// Takes rows `a ..< b` out of the run (`a == b`: splits it at `a`).
        func takeOut(_ a: Int, _ b: Int) {
            guard a < hi && b > lo else { return }
            if a - lo >= hi - b { hi = a } else { lo = b }
        }
        /// A vertical edge's end at fixed-point height `y`.
        func takeOutEnd(_ y: Int32) {
            let row = Int(y) >> 8
            if y & 255 == 0 { takeOut(row, row) } else { takeOut(row, row + 1) }
        }
        for i in 0..<segmentCount where i != longest {
            let s = segments[i]
            if s.x0 == s.x1 {
                takeOutEnd(s.y0)
                takeOutEnd(s.y1)
            } else {
                takeOut(s.topRow, s.bottomRow + 1)
            }
            if hi - lo < Self.minimumStraightRows { return 0..<0 }
        }
        return lo..<hi
    }

    /// The blitter calls of straight row `row`'s sweep (see `straightRows`): its cells, from
    /// the vertical edges crossing it, set up and swept as any row's are.
    private func recordRow(_ row: Int, rule: FillRule) -> RowRecorder {
        band.ensure(rows: bandRows, width: clipWidth)
        var band = self.band
        band.top = row
        for i in 0..<segmentCount {
            let s = segments[i]
            if s.x0 == s.x1 && s.topRow <= row && s.bottomRow >= row { band.addVerticalRow(s, row: row) }
        }
        var recorder = RowRecorder()
        band.sweep(rows: 1, origin: (x: clipX0, y: clipY0), rule: rule, into: &recorder)
        return recorder
    }

    /// Cuts the straight rows `rows` out of the vertical edges crossing them, at their
    /// row boundaries, so the bands leave those rows empty. A vertical edge's cells in a
    /// row depend on that row alone, so the pieces keep every other row's cells.
    private func cutVerticalEdges(out rows: Range<Int>) {
        let top = Int32(truncatingIfNeeded: rows.lowerBound << 8), bottom = Int32(truncatingIfNeeded: rows.upperBound << 8)
        var i = 0
        while i < segmentCount {
            let s = segments[i]
            guard s.x0 == s.x1, min(s.y0, s.y1) < bottom, max(s.y0, s.y1) > top else {
                i += 1
                continue
            }
            // Above the rows, then below them, each kept in the edge's direction and only
            // where it reaches the working rows (as `addSegment` keeps segments).
            let down = s.y0 < s.y1
            let above = down ? Segment(x0: s.x0, y0: s.y0, x1: s.x1, y1: top) : Segment(x0: s.x0, y0: top, x1: s.x1, y1: s.y1)
            let below = down ? Segment(x0: s.x0, y0: bottom, x1: s.x1, y1: s.y1) : Segment(x0: s.x0, y0: s.y0, x1: s.x1, y1: bottom)
            let keepsAbove = top > 0 && min(above.y0, above.y1) < top
            let keepsBelow = bottom < Int32(truncatingIfNeeded: clipHeight << 8) && max(below.y0, below.y1) > bottom
            switch (keepsAbove, keepsBelow) {
            case (true, true):
                segments[i] = above
                if segmentCount == segmentCapacity { growSegments() }
                segments[segmentCount] = below
                segmentCount += 1
            case (true, false):
                segments[i] = above
            case (false, true):
                segments[i] = below
            case (false, false):
                // Wholly inside the rows: the last segment takes its place, and is looked at next.
                segmentCount -= 1
                segments[i] = segments[segmentCount]
                continue
            }
            i += 1
        }
    }

    /// Makes `recorded`, one straight row's blitter calls, on every row of `rows`.
    private func replay<B: Blitter>(_ recorded: RowRecorder, on rows: Range<Int>, into blitter: inout B) {
        let deviceRows = (rows.lowerBound + clipY0)..<(rows.upperBound + clipY0)
        if B.self == PaintBlitter.self {
            // The paint blitter works a solid colour's pixels out once for all the rows.
            withUnsafeMutablePointer(to: &blitter) { pointer in
                pointer.withMemoryRebound(to: PaintBlitter.self, capacity: 1) {
                    $0.pointee.blitRows(deviceRows, replaying: recorded)
                }
            }
        } else {
            recorded.replay(rows: deviceRows, into: &blitter)
        }
        replayedRows &+= rows.count
    }

    // MARK: - Edges to segments

    /// Drops a segment that misses the working rows, folds the part left of the clip onto
    /// its left edge (it still adds cover), drops the part right of it, and keeps the rest.
    ///
    /// A segment crossing the top or bottom of the working rows is kept whole, not cut
    /// there: the cell walk starts at any row with the same arithmetic as from the
    /// segment's own top (`CellBand.render`), so a row's coverage does not depend on the
    /// rows that happen to be worked on, and a shape drawn under a clip of some rows (a
    /// band of a frame drawn on several threads) has exactly the pixels it has unclipped.
    /// Only ends beyond `guardBand` are cut, there, in every clip alike.
    @inline(__always)
    private func addLine(_ a: Point, _ b: Point) {
        let top = Double(clipY0), bottom = Double(clipY0 + clipHeight)
        var ax = a.x, ay = a.y, bx = b.x, by = b.y
        if ay == by { return }
        if (ay <= top && by <= top) || (ay >= bottom && by >= bottom) { return }
        let limit = Self.guardBand
        if ay < -limit || by < -limit || ay > limit || by > limit {
            let dxdy = (bx - ax) / (by - ay)
            if ay < -limit { ax += (-limit - ay) * dxdy; ay = -limit } else if ay > limit { ax += (limit - ay) * dxdy; ay = limit }
            if by < -limit { bx += (-limit - by) * dxdy; by = -limit } else if by > limit { bx += (limit - by) * dxdy; by = limit }
        }
        let left = Double(clipX0), right = Double(clipX0 + clipWidth)
        // Entirely right of the clip: affects no visible pixel.
        if ax >= right && bx >= right { return }
        // Entirely left: a vertical edge on the clip's left side.
        if ax <= left && bx <= left {
            addSegment(left, ay, left, by)
            return
        }
        // Split at the left and right clip edges.
        if ax < left || bx < left {
            let t = (left - ax) / (bx - ax)
            let my = ay + (by - ay) * t
            if ax < left {
                addSegment(left, ay, left, my)
                ax = left; ay = my
            } else {
                addSegment(left, my, left, by)
                bx = left; by = my
            }
        }
        if ax > right || bx > right {
            let t = (right - ax) / (bx - ax)
            let my = ay + (by - ay) * t
            if ax > right { ax = right; ay = my } else { bx = right; by = my }
        }
        addSegment(ax, ay, bx, by)
    }

    /// Device rows beyond ±`guardBand` are cut off segments before they are converted to
    /// fixed point (the same cut whatever the clip), so that their coordinates fit it.
    package static let guardBand = 1_048_576.0

    /// Converts a clipped segment to fixed point, rounded in device space and then made
    /// relative to the working area (so the rounding does not depend on where the area
    /// starts), and keeps it unless it is horizontal or misses the working rows (so every
    /// kept segment's top row is below the area's bottom, and its bottom row at least 0).
    @inline(__always)
    private func addSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        addFixed(Self.fixed(ax), Self.fixed(ay), Self.fixed(bx), Self.fixed(by))
    }

    /// Keeps a segment given in device fixed point (see `addSegment`).
    @inline(__always)
    private func addFixed(_ ax: Int32, _ ay: Int32, _ bx: Int32, _ by: Int32) {
        let ox = Int32(truncatingIfNeeded: clipX0 << 8), oy = Int32(truncatingIfNeeded: clipY0 << 8)
        let y0 = ay &- oy, y1 = by &- oy
        // Horizontal, or (once rounded) wholly above or below the working rows.
        if y0 == y1 || max(y0, y1) <= 0 || min(y0, y1) >= Int32(truncatingIfNeeded: clipHeight << 8) { return }
        if segmentCount == segmentCapacity { growSegments() }
        segments[segmentCount] = Segment(x0: ax &- ox, y0: y0, x1: bx &- ox, y1: y1)
        segmentCount += 1
    }

    private func growSegments() {
        let capacity = max(256, segmentCapacity * 2)
        let bigger = UnsafeMutablePointer<Segment>.allocate(capacity: capacity)
        bigger.moveInitialize(from: segments, count: segmentCount)
        segments.deallocate()
        segments = bigger
        segmentCapacity = capacity
        order.deallocate()
        active.deallocate()
        order = .allocate(capacity: capacity)
        active = .allocate(capacity: capacity)
    }

    /// A coordinate in the working area to 1/256 pixel, rounded half away from zero.
    /// Clipping keeps real inputs inside the area; the clamp only keeps overflowed
    /// arithmetic (an infinite slope, NaN) from trapping.
    ///
    /// The rounding is `rounded()`'s, done as truncation after adding the largest double
    /// below one half with the value's sign (exact for every double): without SSE4.1,
    /// `rounded()` is a libm call, and this is the rasterizer's per-vertex hot spot (in C,
    /// where the clamped value converts without Swift's range checks).
    @inline(__always)
    package static func fixed(_ v: Double) -> Int32 {
        ck_fixed_point_8(v)
    }

    // MARK: - Bands

    /// Rows per band: about 64 Ki cells, so a band's buffers stay in cache.
    private var bandRows: Int { min(64, max(4, 65_536 / (clipWidth + 1))) }

    /// Sizes the band buffers for the working area and bins the segments by the band of
    /// their top row (a counting sort into `order`).
    private func prepareBands() {
        let rows = bandRows
        band.ensure(rows: rows, width: clipWidth)
        bandCount = (clipHeight + rows - 1) / rows
        if bandCapacity < bandCount + 1 {
            bandStarts.deallocate(); bandCursor.deallocate()
            bandCapacity = bandCount + 1
            bandStarts = .allocate(capacity: bandCapacity)
            bandCursor = .allocate(capacity: bandCapacity)
        }
        bandStarts.update(repeating: 0, count: bandCount + 1)
        // A segment starting above the working rows is first seen by band 0.
        for i in 0..<segmentCount { bandStarts[max(0, segments[i].topRow) / rows + 1] &+= 1 }
        for b in 0..<bandCount { bandStarts[b + 1] &+= bandStarts[b] }
        bandCursor.update(from: bandStarts, count: bandCount)
        for i in 0..<segmentCount {
            let b = max(0, segments[i].topRow) / rows
            order[Int(bandCursor[b])] = Int32(i)
            bandCursor[b] &+= 1
        }
    }

    /// Renders and sweeps the bands; the rows `skipped` (the straight rows, whose edges
    /// are cut out) are not swept.
    private func sweepBands<B: Blitter>(rule: FillRule, skipping skipped: Range<Int>, into blitter: inout B) {
        let rows = bandRows
        var band = self.band
        let segments = self.segments, order = self.order, active = self.active, starts = bandStarts
        let origin = (x: clipX0, y: clipY0)
        let joinedGap = switches.joinsShortGaps ? min(8, blitter.joinedGapLimit) : 0
        var activeCount = 0
        for b in 0..<bandCount {
            band.top = b * rows
            let bandEnd = min(band.top + rows, clipHeight)
            for k in Int(starts[b])..<Int(starts[b + 1]) {
                active[activeCount] = order[k]
                activeCount &+= 1
            }
            // Render the part of every active edge inside the band; keep those that go on.
            var kept = 0
            for k in 0..<activeCount {
                let index = Int(active[k])
                let segment = segments[index]
                band.render(segment, firstRow: band.top, lastRow: bandEnd - 1)
                if segment.bottomRow >= bandEnd {
                    active[kept] = Int32(truncatingIfNeeded: index)
                    kept &+= 1
                }
            }
            activeCount = kept
            band.sweep(rows: bandEnd - band.top, origin: origin, rule: rule, joinedGap: joinedGap,
                       skipping: (skipped.lowerBound - band.top)..<(skipped.upperBound - band.top), into: &blitter)
        }
    }
}

/// A clipped edge in fixed point (1/256 pixel), relative to the working area's top-left
/// corner; never horizontal.
struct Segment {
    var x0, y0, x1, y1: Int32
    /// First and last pixel rows the edge touches.
    var topRow: Int { Int(min(y0, y1)) >> 8 }
    var bottomRow: Int { (Int(max(y0, y1)) - 1) >> 8 }
}

/// ⌊(first + k·step)·numerator / denominator⌋ for k = 0, 1, 2, … with a remainder carried
/// from step to step instead of a division per step (the digital differential analyser of
/// FreeType's rasterizers). Requires `first, step, numerator >= 0` and `denominator > 0`.
struct DivisionStepper {
    private(set) var quotient: Int
    private var remainder: Int
    private let increment: Int, denominator: Int
    /// Computed at the first step, so a stepper used once costs one division.
    private var stepQuotient = -1, stepRemainder = 0

    @inline(__always)
    init(first: Int, step: Int, numerator: Int, denominator: Int) {
        let start = first * numerator
        quotient = start / denominator
        remainder = start % denominator
        increment = step * numerator
        self.denominator = denominator
    }

    @inline(__always)
    mutating func advance() {
        if stepQuotient < 0 {
            stepQuotient = increment / denominator
            stepRemainder = increment % denominator
        }
        quotient += stepQuotient
        remainder += stepRemainder
        if remainder >= denominator {
            quotient += 1
            remainder -= denominator
        }
    }
}
