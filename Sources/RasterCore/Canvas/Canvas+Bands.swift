import Dispatch

extension Canvas {
    /// Draws into `bitmap` on `threads` threads at once: the rows are cut into `bands`
    /// bands (two per thread, so that a thread whose rows are busier does not hold up the
    /// rest), and each band runs `draw` on a canvas of its own, clipped to its rows.
    ///
    /// Every pixel is drawn by one band, by the same calls in the same order as one
    /// canvas over the whole bitmap would draw it, and its coverage and paint depend on
    /// the pixel alone, so the bytes are the same for every number of bands and threads.
    /// A band builds the geometry only of the shapes that reach its rows (a canvas skips
    /// a shape whose bounds miss its clip), so most of the work is not repeated.
    ///
    /// `draw` runs once per band, several at a time: it may only draw into the canvas it
    /// is given, and read what it shares with the other bands.
    /// - Parameters:
    ///   - threads: threads drawing at once; 1 draws on this thread with one canvas.
    ///   - bands: how many bands to cut the rows into (default: two per thread), at most
    ///     one per row. Each band repeats the geometry of the shapes that cross into it
    ///     (flattening, stroking, a shadow's blur near its edges), so more bands balance
    ///     the threads better at the cost of more work in all.
    public static func drawInBands(_ bitmap: Bitmap, threads: Int, bands: Int? = nil, _ draw: (Canvas) -> Void) {
        let height = bitmap.height
        let count = min(max(1, bands ?? (threads > 1 ? 2 * threads : 1)), max(1, height))
        guard count > 1 else {
            draw(Canvas(bitmap: bitmap))
            return
        }
        let full = bitmap.bounds
        IndexQueue.forEach(count, threads: threads) { band in
            let canvas = Canvas(bitmap: bitmap)
            canvas.clip(to: PixelRect(x0: full.x0, y0: height * band / count, x1: full.x1,
                                      y1: height * (band + 1) / count).rect)
            draw(canvas)
        }
    }
}
