/// The blitter calls of one row's sweep, kept to be made again on other rows.
struct RowRecorder: Blitter {
    struct Call {
        var x: Int
        var count: Int
        /// A span's coverage (unused for runs).
        var alpha: UInt8
        /// Where a run's coverages start in `alphas`; −1 for a span.
        var alphaStart: Int
    }
    var calls: [Call] = []
    var alphas: [UInt8] = []

    mutating func blitSpan(y: Int, x: Int, count: Int, alpha: UInt8) {
        calls.append(Call(x: x, count: count, alpha: alpha, alphaStart: -1))
    }

    mutating func blitRun(y: Int, x: Int, alphas run: UnsafeBufferPointer<UInt8>) {
        calls.append(Call(x: x, count: run.count, alpha: 0, alphaStart: alphas.count))
        alphas.append(contentsOf: run)
    }

    /// Makes the recorded calls again on each of `rows` (device rows), in order, asking
    /// the blitter to prefetch the row two below each (as the sweep asks ahead).
    func replay<B: Blitter>(rows: Range<Int>, into blitter: inout B) {
        guard let first = calls.first, let last = calls.last else { return }
        let reach = last.x &+ last.count &- first.x
        alphas.withUnsafeBufferPointer { alphas in
            for y in rows {
                if y &+ 2 < rows.upperBound { blitter.prefetch(y: y &+ 2, x: first.x, count: reach) }
                for call in calls {
                    if call.alphaStart < 0 {
                        blitter.blitSpan(y: y, x: call.x, count: call.count, alpha: call.alpha)
                    } else {
                        let run = UnsafeBufferPointer(rebasing: alphas[call.alphaStart..<call.alphaStart + call.count])
                        blitter.blitRun(y: y, x: call.x, alphas: run)
                    }
                }
            }
        }
    }
}
