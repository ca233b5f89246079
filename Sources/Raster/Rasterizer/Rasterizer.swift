/// Exact-area anti-aliased scan conversion with sparse cells.
///
/// Why this shape: every edge adds signed area to the pixel cells it crosses (the
/// accumulation idea of font-rs and FreeType's gray rasterizer), but cells are kept
/// sparse (one per pixel an edge touches) instead of in a dense buffer, so a shape costs
/// O(perimeter) in scan conversion and its interior reaches the blitter as long constant
/// spans. Coordinates are fixed point with 8 fractional bits (1/256 pixel); all cell
/// arithmetic is integer, so output is identical on every machine.
///
/// Units: `cover` is the signed height an edge spans inside a cell (256 per pixel row);
/// `area` is Σ dy·(fx0 + fx1), twice the signed area to the left of the edge inside the
/// cell, times 256. A pixel's coverage, in units of 2·256·256, is
/// 512·(covers of cells to its left) + 512·cover − area.
public final class Rasterizer {
    @usableFromInline struct Cell {
        var x: Int32
        var y: Int32
        var cover: Int32
        var area: Int32
    }

    private var cells: UnsafeMutablePointer<Cell>
    private var cellCapacity: Int
    private var cellCount = 0
    private var sorted: UnsafeMutablePointer<Cell>
    private var sortedCapacity: Int
    private var rowStarts: [Int32] = []
    private var alphas: UnsafeMutablePointer<UInt8>
    private var alphaCapacity: Int

    // The current clip, relative to which cells are stored.
    private var clipX0 = 0
    private var clipY0 = 0
    private var clipWidth = 0
    private var clipHeight = 0
    private var lastX: Int32 = -1
    private var lastY: Int32 = -1

    public init() {
        cellCapacity = 4096
        cells = .allocate(capacity: cellCapacity)
        sortedCapacity = 4096
        sorted = .allocate(capacity: sortedCapacity)
        alphaCapacity = 1024
        alphas = .allocate(capacity: alphaCapacity)
    }

    deinit {
        cells.deallocate()
        sorted.deallocate()
        alphas.deallocate()
    }

    /// Fills the closed polygons of `polyline` (every contour is closed implicitly),
    /// reporting coverage inside `clip` to `blitter`.
    ///
    /// - Complexity: O(cells + rows), cells ≈ the number of pixels the outline crosses.
    public func fill<B: Blitter>(_ polyline: Polyline, rule: FillRule, clip: PixelRect, into blitter: inout B) {
        guard !clip.isEmpty, !polyline.points.isEmpty else { return }
        // Bounds of the geometry, intersected with the clip.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in polyline.points {
            guard p.x.isFinite, p.y.isFinite else { return }
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
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
        cellCount = 0
        lastX = -1
        lastY = -1

        polyline.points.withUnsafeBufferPointer { points in
            for contour in polyline.contours {
                let range = contour.range
                guard range.count >= 2 else { continue }
                var prev = points[range.upperBound - 1]
                for i in range {
                    let p = points[i]
                    addLine(prev, p)
                    prev = p
                }
            }
        }
        sweep(rule: rule, into: &blitter)
    }

    // MARK: - Edges to cells

    /// Clips the segment to the working rows, folds the part left of the clip onto its
    /// left edge (it still adds cover), drops the part right of it, and renders the rest.
    @inline(__always)
    private func addLine(_ a: Point, _ b: Point) {
        let top = Double(clipY0), bottom = Double(clipY0 + clipHeight)
        var ax = a.x, ay = a.y, bx = b.x, by = b.y
        if ay == by { return }
        if (ay <= top && by <= top) || (ay >= bottom && by >= bottom) { return }
        // Clip vertically.
        if ay < top || by < top || ay > bottom || by > bottom {
            let dxdy = (bx - ax) / (by - ay)
            if ay < top { ax += (top - ay) * dxdy; ay = top } else if ay > bottom { ax += (bottom - ay) * dxdy; ay = bottom }
            if by < top { bx += (top - by) * dxdy; by = top } else if by > bottom { bx += (bottom - by) * dxdy; by = bottom }
        }
        let left = Double(clipX0), right = Double(clipX0 + clipWidth)
        // Entirely right of the clip: affects no visible pixel.
        if ax >= right && bx >= right { return }
        // Entirely left: a vertical edge on the clip's left side.
        if ax <= left && bx <= left {
            renderLine(left, ay, left, by)
            return
        }
        // Split at the left and right clip edges.
        if ax < left || bx < left {
            let t = (left - ax) / (bx - ax)
            let my = ay + (by - ay) * t
            if ax < left {
                renderLine(left, ay, left, my)
                ax = left; ay = my
            } else {
                renderLine(left, my, left, by)
                bx = left; by = my
            }
        }
        if ax > right || bx > right {
            let t = (right - ax) / (bx - ax)
            let my = ay + (by - ay) * t
            if ax > right { ax = right; ay = my } else { bx = right; by = my }
        }
        renderLine(ax, ay, bx, by)
    }

    /// Converts a clipped segment to fixed point relative to the clip origin and walks
    /// the rows it crosses.
    @inline(__always)
    private func renderLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        let ox = Double(clipX0), oy = Double(clipY0)
        let x0 = Int(((ax - ox) * 256).rounded()), y0 = Int(((ay - oy) * 256).rounded())
        let x1 = Int(((bx - ox) * 256).rounded()), y1 = Int(((by - oy) * 256).rounded())
        if y0 == y1 { return }
        let dx = x1 - x0, dy = y1 - y0
        // x where the edge meets each row boundary is x0 + trunc((y − y0)·dx / dy); the
        // stepper gives the same integers with two divisions per edge instead of one per row.
        let sign = dx < 0 ? -1 : 1
        if y0 < y1 {
            var row = y0 >> 8
            let lastRow = (y1 - 1) >> 8
            var ya = y0, xa = x0
            if row == lastRow {
                renderScanline(row: row, x0, y0 - (row << 8), x1, y1 - (row << 8))
                return
            }
            var offset = DivisionStepper(first: ((row + 1) << 8) - y0, step: 256, numerator: abs(dx), denominator: dy)
            while row <= lastRow {
                let rowEnd = (row + 1) << 8
                let yb = min(y1, rowEnd)
                let xb = yb == y1 ? x1 : x0 + sign * offset.quotient
                renderScanline(row: row, xa, ya - (row << 8), xb, yb - (row << 8))
                ya = yb; xa = xb
                row += 1
                if row < lastRow { offset.advance() }
            }
        } else {
            var row = (y0 - 1) >> 8
            let lastRow = y1 >> 8
            var ya = y0, xa = x0
            if row == lastRow {
                renderScanline(row: row, x0, y0 - (row << 8), x1, y1 - (row << 8))
                return
            }
            var offset = DivisionStepper(first: y0 - (row << 8), step: 256, numerator: abs(dx), denominator: -dy)
            while row >= lastRow {
                let rowStart = row << 8
                let yb = max(y1, rowStart)
                let xb = yb == y1 ? x1 : x0 + sign * offset.quotient
                renderScanline(row: row, xa, ya - rowStart, xb, yb - rowStart)
                ya = yb; xa = xb
                row -= 1
                if row > lastRow { offset.advance() }
            }
        }
    }

    /// One segment inside one pixel row; `fy0` and `fy1` are in 0...256.
    @inline(__always)
    private func renderScanline(row: Int, _ x0: Int, _ fy0: Int, _ x1: Int, _ fy1: Int) {
        let dy = fy1 - fy0
        if dy == 0 { return }
        if x0 == x1 {
            let cx = x0 >> 8
            let fx = x0 - (cx << 8)
            addCell(cx, row, dy, dy * 2 * fx)
            return
        }
        if x0 < x1 {
            let firstCell = x0 >> 8, lastCell = (x1 - 1) >> 8
            if firstCell == lastCell {
                let base = firstCell << 8
                addCell(firstCell, row, dy, dy * (x0 - base + x1 - base))
                return
            }
            var x = x0, y = fy0
            let dx = x1 - x0
            var cell = firstCell
            while cell <= lastCell {
                let base = cell << 8
                let nx = min(base + 256, x1)
                let ny = nx == x1 ? fy1 : fy0 + (nx - x0) * dy / dx
                addCell(cell, row, ny - y, (ny - y) * (x - base + nx - base))
                x = nx; y = ny
                cell += 1
            }
        } else {
            let firstCell = (x0 - 1) >> 8, lastCell = x1 >> 8
            if firstCell == lastCell {
                let base = firstCell << 8
                addCell(firstCell, row, dy, dy * (x0 - base + x1 - base))
                return
            }
            var x = x0, y = fy0
            let dx = x1 - x0
            var cell = firstCell
            while cell >= lastCell {
                let base = cell << 8
                let nx = max(base, x1)
                let ny = nx == x1 ? fy1 : fy0 + (nx - x0) * dy / dx
                addCell(cell, row, ny - y, (ny - y) * (x - base + nx - base))
                x = nx; y = ny
                cell -= 1
            }
        }
    }

    @inline(__always)
    private func addCell(_ x: Int, _ y: Int, _ cover: Int, _ area: Int) {
        guard x < clipWidth else { return }
        let cx = Int32(x), cy = Int32(y)
        if cx == lastX && cy == lastY {
            let c = cells + (cellCount - 1)
            c.pointee.cover &+= Int32(truncatingIfNeeded: cover)
            c.pointee.area &+= Int32(truncatingIfNeeded: area)
            return
        }
        if cellCount == cellCapacity { growCells() }
        cells[cellCount] = Cell(x: cx, y: cy, cover: Int32(truncatingIfNeeded: cover), area: Int32(truncatingIfNeeded: area))
        cellCount += 1
        lastX = cx
        lastY = cy
    }

    private func growCells() {
        let bigger = UnsafeMutablePointer<Cell>.allocate(capacity: cellCapacity * 2)
        bigger.moveInitialize(from: cells, count: cellCount)
        cells.deallocate()
        cells = bigger
        cellCapacity *= 2
    }

    // MARK: - Cells to coverage

    private func sweep<B: Blitter>(rule: FillRule, into blitter: inout B) {
        guard cellCount > 0 else { return }
        // Counting sort by row.
        let rows = clipHeight
        if rowStarts.count < rows + 1 {
            rowStarts = [Int32](repeating: 0, count: rows + 1)
        }
        if sortedCapacity < cellCount {
            sorted.deallocate()
            sortedCapacity = max(cellCount, sortedCapacity * 2)
            sorted = .allocate(capacity: sortedCapacity)
        }
        if alphaCapacity < clipWidth + 1 {
            alphas.deallocate()
            alphaCapacity = clipWidth + 1
            alphas = .allocate(capacity: alphaCapacity)
        }
        rowStarts.withUnsafeMutableBufferPointer { starts in
            for r in 0...rows { starts[r] = 0 }
            for i in 0..<cellCount { starts[Int(cells[i].y) + 1] &+= 1 }
            for r in 0..<rows { starts[r + 1] &+= starts[r] }
            var cursor = Array(starts[0..<rows])
            cursor.withUnsafeMutableBufferPointer { cur in
                for i in 0..<cellCount {
                    let c = cells[i]
                    let y = Int(c.y)
                    sorted[Int(cur[y])] = c
                    cur[y] &+= 1
                }
            }
            // Destination rows are usually not in cache: ask for the pixels at both ends
            // of a row a few rows ahead, so the loads overlap the work on this one.
            let ahead = 4
            for r in 0..<rows {
                if r + ahead < rows {
                    let b = Int(starts[r + ahead]), e = Int(starts[r + ahead + 1])
                    if e > b {
                        let y = r + ahead + clipY0
                        blitter.prefetch(y: y, x: Int(sorted[b].x) + clipX0)
                        blitter.prefetch(y: y, x: Int(sorted[e - 1].x) + clipX0)
                    }
                }
                let begin = Int(starts[r]), end = Int(starts[r + 1])
                if end > begin {
                    sortRow(begin, end)
                    sweepRow(r, begin, end, rule: rule, into: &blitter)
                }
            }
        }
    }

    /// Sorts one row's cells by x: insertion sort for the usual handful, the standard
    /// sort for busy rows.
    @inline(__always)
    private func sortRow(_ begin: Int, _ end: Int) {
        let n = end - begin
        if n <= 24 {
            var i = begin + 1
            while i < end {
                let c = sorted[i]
                var j = i - 1
                while j >= begin && sorted[j].x > c.x {
                    sorted[j + 1] = sorted[j]
                    j -= 1
                }
                sorted[j + 1] = c
                i += 1
            }
        } else {
            var buffer = UnsafeMutableBufferPointer(start: sorted + begin, count: n)
            buffer.sort { $0.x < $1.x }
        }
    }

    @inline(__always)
    private static func alpha(_ value: Int, _ rule: FillRule) -> Int {
        var v = value < 0 ? -value : value
        if rule == .nonZero {
            if v > 131_072 { v = 131_072 }
        } else {
            v &= 262_143
            if v > 131_072 { v = 262_144 - v }
        }
        return (v * 255 + 65_536) >> 17
    }

    private func sweepRow<B: Blitter>(_ row: Int, _ begin: Int, _ end: Int, rule: FillRule, into blitter: inout B) {
        let y = row + clipY0
        var accumulated = 0          // cover of all cells left of the current pixel
        var nextX = 0                // first pixel not yet reported
        var runStart = -1            // start of the pending run of cell pixels
        var runLength = 0
        var i = begin
        while i < end {
            let x = Int(sorted[i].x)
            var cover = 0, area = 0
            while i < end && Int(sorted[i].x) == x {
                cover += Int(sorted[i].cover)
                area += Int(sorted[i].area)
                i += 1
            }
            if x > nextX {
                if runLength > 0 {
                    blitter.blitRun(y: y, x: runStart + clipX0, alphas: UnsafeBufferPointer(start: alphas, count: runLength))
                    runLength = 0
                }
                let a = Rasterizer.alpha(accumulated * 512, rule)
                if a > 0 { blitter.blitSpan(y: y, x: nextX + clipX0, count: x - nextX, alpha: UInt8(a)) }
            }
            if runLength == 0 { runStart = x }
            alphas[runLength] = UInt8(Rasterizer.alpha(accumulated * 512 + cover * 512 - area, rule))
            runLength += 1
            accumulated += cover
            nextX = x + 1
        }
        if runLength > 0 {
            blitter.blitRun(y: y, x: runStart + clipX0, alphas: UnsafeBufferPointer(start: alphas, count: runLength))
        }
        if nextX < clipWidth {
            let a = Rasterizer.alpha(accumulated * 512, rule)
            if a > 0 { blitter.blitSpan(y: y, x: nextX + clipX0, count: clipWidth - nextX, alpha: UInt8(a)) }
        }
    }
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
