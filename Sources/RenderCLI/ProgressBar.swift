import Foundation
import Raster

/// A progress bar on standard error, redrawn as frames complete: frames done, the rate
/// and the time left; then one summary line. Shown only on a terminal (and not with
/// `--quiet`).
final class ProgressBar: Sendable {
    private struct State {
        var done = 0
        /// Frames done before this run (a resumed export), not counted in the rate.
        var resumed = 0
        var bytes = 0
        var shownAt = -1.0
    }

    private let state = Locked(State())
    private let start = ProgressBar.now()
    let total: Int
    let visible: Bool

    init(total: Int, visible: Bool) {
        self.total = total
        self.visible = visible
    }

    var done: Int { state.withLock { $0.done } }

    /// Marks frames already on disk before this run.
    func resume(_ n: Int) {
        state.withLock { s in
            s.done += n
            s.resumed += n
        }
    }

    /// Marks one frame done, `bytes` of it written; redraws at most ten times a second.
    func advance(bytes: Int = 0) {
        state.withLock { s in
            s.done += 1
            s.bytes += bytes
            let elapsed = ProgressBar.now() - start
            guard visible, elapsed - s.shownAt >= 0.1 || s.done == total else { return }
            s.shownAt = elapsed
            writeStandardError("\r" + ProgressBar.line(done: s.done, resumed: s.resumed, total: total, elapsed: elapsed) + "\u{1B}[K")
        }
    }

    /// Counts bytes written apart from the frames (an animated PNG, a video file).
    func add(bytes: Int) {
        state.withLock { $0.bytes += bytes }
    }

    /// Ends the bar with a summary line (on a terminal).
    func finish() {
        guard visible else { return }
        let s = state.withLock { $0 }
        writeStandardError("\r" + ProgressBar.summary(done: s.done, resumed: s.resumed, total: total, bytes: s.bytes,
                                                       elapsed: ProgressBar.now() - start) + "\u{1B}[K\n")
    }

    /// `frames [#####.....] 12/46 26%  8.3 fps  1 min 05 s left`
    static func line(done: Int, resumed: Int, total: Int, elapsed: Double) -> String {
        let width = 30, filled = min(width, done * width / max(1, total))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        var text = "frames [\(bar)] \(done)/\(total) \(done * 100 / max(1, total))%"
        let made = done - resumed
        if made > 0, elapsed > 0 {
            let rate = Double(made) / elapsed
            text += "  \(format(rate: rate)) fps  \(format(seconds: Double(total - done) / rate)) left"
        }
        return text
    }

    /// `46 frames (12 already there), 1.2 MB in 5.6 s, 6.1 fps`
    static func summary(done: Int, resumed: Int, total: Int, bytes: Int, elapsed: Double) -> String {
        let made = done - resumed
        var text = "\(made) frame\(made == 1 ? "" : "s")"
        if resumed > 0 { text += " (\(resumed) already there)" }
        if done < total { text += " of \(total - resumed)" }
        text += ", \(SceneLimits.describe(bytes: bytes)) in \(format(seconds: elapsed))"
        if made > 0, elapsed > 0 { text += ", \(format(rate: Double(made) / elapsed)) fps" }
        return text
    }

    static func format(rate: Double) -> String {
        rate >= 100 ? "\(Int(rate.rounded()))" : String(format: "%.1f", rate)
    }

    /// "0.4 s", "12 s", "3 min 05 s", "2 h 01 min".
    static func format(seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?" }
        if seconds < 10 { return String(format: "%.1f s", seconds) }
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return String(format: "%d min %02d s", s / 60, s % 60) }
        return String(format: "%d h %02d min", s / 3600, s / 60 % 60)
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
