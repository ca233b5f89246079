/// The dense cell buffers of one band of rows, and the two loops that use them: edges
/// to cells (`render`) and cells to coverage (`sweep`).
///
/// Row `r` of the band (pixel row `top + r` of the working area) holds `stride` cells
/// (one spare on the right) and one bit per cell marking those an edge touched; the
/// sweep finds a row's cells from its bits alone (a row's few words cost less to scan
/// than bounds kept up to date at every cell). Invariant between bands: every cover,
/// area and bit is zero (the sweep clears what it reads).
///
/// A value type of pointers so the hot loops keep them in registers; the `Rasterizer`
/// owns the memory (`ensure`, `deallocate`).
struct CellBand {
    private(set) var covers: UnsafeMutablePointer<Int32>
    private(set) var areas: UnsafeMutablePointer<Int32>
    private(set) var bits: UnsafeMutablePointer<UInt64>
    private(set) var alphas: UnsafeMutablePointer<UInt8>
    private var cellCapacity = 0, wordCapacity = 0, alphaCapacity = 0

    /// Bytes of the buffers.
    var bufferBytes: Int { cellCapacity * 8 + wordCapacity * 8 + alphaCapacity }

    /// Cells per row in use (the working area's width).
    private(set) var width = 0
    private(set) var stride = 0
    private(set) var wordsPerRow = 0
    /// First pixel row of the band, relative to the working area.
    var top = 0

    init() {
        covers = .allocate(capacity: 0)
        areas = .allocate(capacity: 0)
        bits = .allocate(capacity: 0)
        alphas = .allocate(capacity: 0)
    }

    func deallocate() {
        covers.deallocate()
        areas.deallocate()
        bits.deallocate()
        alphas.deallocate()
    }

    /// Makes room for `rows` rows of `width` cells (growing only), all zero.
    mutating func ensure(rows: Int, width: Int) {
        self.width = width
        stride = width + 1
        wordsPerRow = (stride + 63) >> 6
        if cellCapacity < rows * stride {
            covers.deallocate(); areas.deallocate()
            cellCapacity = rows * stride
            covers = .allocate(capacity: cellCapacity)
            areas = .allocate(capacity: cellCapacity)
            covers.initialize(repeating: 0, count: cellCapacity)
            areas.initialize(repeating: 0, count: cellCapacity)
        }
        if wordCapacity < rows * wordsPerRow {
            bits.deallocate()
            wordCapacity = rows * wordsPerRow
            bits = .allocate(capacity: wordCapacity)
            bits.initialize(repeating: 0, count: wordCapacity)
        }
        // Eight spare: a stretch joined into a run is written as one eight-byte store.
        if alphaCapacity < stride + 8 {
            alphas.deallocate()
            alphaCapacity = stride + 8
            alphas = .allocate(capacity: alphaCapacity)
        }
    }

    // MARK: - Edges to cells

    /// Adds the cells of the rows `firstRow...lastRow` (relative to the working area)
    /// that the segment crosses. The x where it meets each row boundary is
    /// x0 + sign·⌊(distance from y0)·|dx| / |dy|⌋, measured from the segment's own first
    /// point whatever row the walk starts in, so splitting into bands changes no cell.
    @inline(__always)
    func render(_ s: Segment, firstRow: Int, lastRow: Int) {
        let x0 = Int(s.x0), y0 = Int(s.y0), x1 = Int(s.x1), y1 = Int(s.y1)
        let dx = x1 &- x0, dy = y1 &- y0
        let sign = dx < 0 ? -1 : 1
        if y0 < y1 {
            let top = y0 >> 8, bottom = (y1 &- 1) >> 8
            var row = max(top, firstRow)
            let last = min(bottom, lastRow)
            guard row <= last else { return }
            if top == bottom {
                scanline(row: row, x0, y0 &- (row << 8), x1, y1 &- (row << 8))
                return
            }
            if dx == 0 {
                vertical(x0, from: row == top ? y0 : row << 8, to: min(y1, (last &+ 1) << 8))
                return
            }
            var ya = row == top ? y0 : row << 8
            var xa = row == top ? x0 : x0 &+ sign &* (((row << 8) &- y0) &* abs(dx) / dy)
            var offset = DivisionStepper(first: ((row &+ 1) << 8) &- y0, step: 256, numerator: abs(dx), denominator: dy)
            while row <= last {
                let rowEnd = (row &+ 1) << 8
                let yb = min(y1, rowEnd)
                let xb = yb == y1 ? x1 : x0 &+ sign &* offset.quotient
                scanline(row: row, xa, ya &- (row << 8), xb, yb &- (row << 8))
                ya = yb; xa = xb
                row &+= 1
                if row < bottom { offset.advance() }
            }
        } else {
            let top = y1 >> 8, bottom = (y0 &- 1) >> 8
            var row = min(bottom, lastRow)
            let last = max(top, firstRow)
            guard row >= last else { return }
            if top == bottom {
                scanline(row: row, x0, y0 &- (row << 8), x1, y1 &- (row << 8))
                return
            }
            if dx == 0 {
                vertical(x0, from: row == bottom ? y0 : (row &+ 1) << 8, to: max(y1, last << 8))
                return
            }
            var ya = row == bottom ? y0 : (row &+ 1) << 8
            var xa = row == bottom ? x0 : x0 &+ sign &* ((y0 &- ((row &+ 1) << 8)) &* abs(dx) / -dy)
            var offset = DivisionStepper(first: y0 &- (row << 8), step: 256, numerator: abs(dx), denominator: -dy)
            while row >= last {
                let rowStart = row << 8
                let yb = max(y1, rowStart)
                let xb = yb == y1 ? x1 : x0 &+ sign &* offset.quotient
                scanline(row: row, xa, ya &- rowStart, xb, yb &- rowStart)
                ya = yb; xa = xb
                row &-= 1
                if row > top { offset.advance() }
            }
        }
    }

    /// The cell a vertical segment adds to row `row` (relative to the working area) that
    /// it crosses whole: what `render` gives that row.
    func addVerticalRow(_ s: Segment, row: Int) {
        let x = Int(s.x0), cx = x >> 8
        guard cx < width else { return }
        let dy = s.y0 < s.y1 ? 256 : -256
        add(cx, row &- top, dy, dy &* (x &- (cx << 8)) &* 2)
    }

    /// A vertical segment at `x` from `ya` to `yb` (either direction): one cell per row,
    /// the same cells `scanline` gives row by row.
    @inline(__always)
    private func vertical(_ x: Int, from ya: Int, to yb: Int) {
        let cx = x >> 8
        guard cx < width else { return }
        let twiceFx = (x &- (cx << 8)) &* 2
        let up = ya > yb
        var y = up ? yb : ya
        let end = up ? ya : yb
        let direction = up ? -1 : 1
        while y < end {
            let row = y >> 8
            let next = min(end, (row &+ 1) << 8)
            let dy = (next &- y) &* direction
            add(cx, row &- top, dy, dy &* twiceFx)
            y = next
        }
    }

    /// One segment inside one pixel row; `fy0` and `fy1` are in 0...256.
    @inline(__always)
    private func scanline(row: Int, _ x0: Int, _ fy0: Int, _ x1: Int, _ fy1: Int) {
        let dy = fy1 &- fy0
        if dy == 0 { return }
        let r = row &- top
        if x0 == x1 {
            let cx = x0 >> 8
            let fx = x0 &- (cx << 8)
            add(cx, r, dy, dy &* 2 &* fx)
            return
        }
        // Two copies of one walk, the direction a constant in each, so the per-cell loop
        // has no direction test.
        if x0 < x1 {
            walk(r, x0, fy0, x1, fy1, rightward: true)
        } else {
            walk(r, x0, fy0, x1, fy1, rightward: false)
        }
    }

    /// The cells of a segment inside row `r` crossing at least one cell boundary
    /// (`x0 != x1`), from x0 towards x1. Where it crosses a cell boundary, y is
    /// fy0 + trunc((x − x0)·dy / dx).
    @inline(__always)
    private func walk(_ r: Int, _ x0: Int, _ fy0: Int, _ x1: Int, _ fy1: Int, rightward: Bool) {
        let dy = fy1 &- fy0
        let firstCell = rightward ? x0 >> 8 : (x0 &- 1) >> 8
        let lastCell = rightward ? (x1 &- 1) >> 8 : x1 >> 8
        if firstCell == lastCell {
            let base = firstCell << 8
            add(firstCell, r, dy, dy &* (x0 &- base &+ x1 &- base))
            return
        }
        var x = x0, y = fy0
        let dx = x1 &- x0
        var cell = firstCell
        while rightward ? cell <= lastCell : cell >= lastCell {
            let base = cell << 8
            let nx = rightward ? min(base &+ 256, x1) : max(base, x1)
            let ny = nx == x1 ? fy1 : fy0 &+ (nx &- x0) &* dy / dx
            add(cell, r, ny &- y, (ny &- y) &* (x &- base &+ nx &- base))
            x = nx; y = ny
            cell &+= rightward ? 1 : -1
        }
    }

    /// Adds to cell `x` of band row `r` and marks it touched; cells right of the working
    /// area are dropped (they cover no visible pixel).
    @inline(__always)
    private func add(_ x: Int, _ r: Int, _ cover: Int, _ area: Int) {
        guard x < width else { return }
        let i = r &* stride &+ x
        covers[i] &+= Int32(truncatingIfNeeded: cover)
        areas[i] &+= Int32(truncatingIfNeeded: area)
        bits[r &* wordsPerRow &+ x >> 6] |= 1 &<< UInt64(truncatingIfNeeded: x & 63)
    }

    // MARK: - Cells to coverage

    /// Reports the first `rows` rows of the band to the blitter, `origin` being the
    /// working area's top-left pixel, less the rows `skipped` (which hold no cells);
    /// prefetches the pixels of the row four ahead, from its first touched cell to its last.
    /// A stretch between two runs of touched cells no longer than `joinedGap` (at most 8)
    /// goes into one run with them.
    func sweep<B: Blitter>(rows: Int, origin: (x: Int, y: Int), rule: FillRule, joinedGap: Int = 0,
                           skipping skipped: Range<Int> = 0..<0, into blitter: inout B) {
        // The rows before the skipped ones, then those after them (a rectangle's
        // straight rows are most of a band's: they are stepped over, not tested).
        let skipStart = min(max(skipped.lowerBound, 0), rows), skipEnd = min(max(skipped.upperBound, skipStart), rows)
        // One copy of the loops per fill rule (a type, so each copy is compiled with its
        // own arithmetic): no test of the rule per cell.
        switch rule {
        case .nonZero:
            sweepRows(0..<skipStart, skipEnd..<rows, of: rows, origin: origin, rule: NonZeroCoverage.self,
                      joinedGap: joinedGap, into: &blitter)
        case .evenOdd:
            sweepRows(0..<skipStart, skipEnd..<rows, of: rows, origin: origin, rule: EvenOddCoverage.self,
                      joinedGap: joinedGap, into: &blitter)
        }
    }

    /// `sweep`'s loops over the band rows `first`, then `second`, of `rows`.
    @inline(__always)
    private func sweepRows<B: Blitter, R: CoverageRule>(_ first: Range<Int>, _ second: Range<Int>, of rows: Int,
                                                        origin: (x: Int, y: Int), rule: R.Type, joinedGap: Int,
                                                        into blitter: inout B) {
        for r in first {
            if r + 4 < rows { prefetch(row: r + 4, origin: origin, for: blitter) }
            sweepRow(r, origin: origin, rule: rule, joinedGap: joinedGap, into: &blitter)
        }
        for r in second {
            if r + 4 < rows { prefetch(row: r + 4, origin: origin, for: blitter) }
            sweepRow(r, origin: origin, rule: rule, joinedGap: joinedGap, into: &blitter)
        }
    }

    /// Tells the blitter which pixels band row `r` reaches, from its first touched cell to its
    /// last (the pixels between are a span or runs: written too).
    @inline(__always)
    private func prefetch<B: Blitter>(row r: Int, origin: (x: Int, y: Int), for blitter: B) {
        let words = bits + r &* wordsPerRow
        var first = 0
        while first < wordsPerRow && words[first] == 0 { first &+= 1 }
        guard first < wordsPerRow else { return }
        var last = wordsPerRow &- 1
        while words[last] == 0 { last &-= 1 }
        let from = first << 6 | words[first].trailingZeroBitCount
        let through = last << 6 | (63 &- words[last].leadingZeroBitCount)
        blitter.prefetch(y: top &+ r &+ origin.y, x: from &+ origin.x, count: through &- from &+ 1)
    }

    /// Reports band row `r`: each run of touched cells as per-pixel coverages, each
    /// stretch between them as one span, and clears the cells and bits it read.
    @inline(__always)
    private func sweepRow<B: Blitter, R: CoverageRule>(_ r: Int, origin: (x: Int, y: Int), rule: R.Type, joinedGap: Int,
                                                       into blitter: inout B) {
        let y = top &+ r &+ origin.y
        let cellRow = covers + r &* stride, areaRow = areas + r &* stride
        let wordRow = bits + r &* wordsPerRow
        let alphas = self.alphas
        var accumulated = 0          // cover of all cells left of the current pixel
        var nextX = 0                // first pixel not yet reported
        // Start of the pending run of cell pixels: set where a run starts after a gap,
        // and 0 for a run starting at the row's first pixel (the one start without a gap).
        var runStart = 0
        var runLength = 0
        for w in 0..<wordsPerRow {
            var word = wordRow[w]
            wordRow[w] = 0
            while word != 0 {
                let x = w << 6 | word.trailingZeroBitCount
                word &= word &- 1
                let cover = Int(cellRow[x]), area = Int(areaRow[x])
                cellRow[x] = 0
                areaRow[x] = 0
                if x > nextX {
                    let a = R.alpha(accumulated &* 512)
                    let gap = x &- nextX
                    if runLength > 0 && gap <= joinedGap {
                        // Eight copies, of which the run keeps `gap`.
                        UnsafeMutableRawPointer(alphas + runLength).storeBytes(of: UInt64(truncatingIfNeeded: a) &* 0x0101_0101_0101_0101,
                                                                               as: UInt64.self)
                        runLength &+= gap
                    } else {
                        if runLength > 0 {
                            blitter.blitRun(y: y, x: runStart &+ origin.x, alphas: UnsafeBufferPointer(start: alphas, count: runLength))
                            runLength = 0
                        }
                        if a > 0 { blitter.blitSpan(y: y, x: nextX &+ origin.x, count: gap, alpha: UInt8(truncatingIfNeeded: a)) }
                        runStart = x
                    }
                }
                alphas[runLength] = UInt8(truncatingIfNeeded: R.alpha(accumulated &* 512 &+ cover &* 512 &- area))
                runLength &+= 1
                accumulated &+= cover
                nextX = x &+ 1
            }
        }
        if runLength > 0 {
            blitter.blitRun(y: y, x: runStart &+ origin.x, alphas: UnsafeBufferPointer(start: alphas, count: runLength))
        }
        if nextX < width {
            let a = R.alpha(accumulated &* 512)
            if a > 0 { blitter.blitSpan(y: y, x: nextX &+ origin.x, count: width &- nextX, alpha: UInt8(truncatingIfNeeded: a)) }
        }
    }
}

/// A fill rule's coverage of a cell sum (units of 2·256·256, as `CellBand` keeps them)
/// as 0...255: a type per rule, so that the sweep is compiled once for each.
protocol CoverageRule {
    static func alpha(_ value: Int) -> Int
}

/// Inside where the winding number is not zero: the magnitude, clamped to one pixel.
enum NonZeroCoverage: CoverageRule {
    @inline(__always)
    static func alpha(_ value: Int) -> Int {
        let v = min(value < 0 ? 0 &- value : value, 131_072)
        return (v &* 255 &+ 65_536) >> 17
    }
}

/// Inside where the winding number is odd: the magnitude folded over every two pixels.
enum EvenOddCoverage: CoverageRule {
    @inline(__always)
    static func alpha(_ value: Int) -> Int {
        var v = (value < 0 ? 0 &- value : value) & 262_143
        if v > 131_072 { v = 262_144 &- v }
        return (v &* 255 &+ 65_536) >> 17
    }
}
