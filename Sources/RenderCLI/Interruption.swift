import Dispatch
import Foundation
import Raster

/// Ctrl-C and SIGTERM turned into a flag that a long export checks between frames, so it
/// stops after the frames being written instead of dying in the middle of one. Active from
/// `init` until `end()`.
///
/// Invariant: `sources` is touched only by `init` and `end()`, on the thread that made
/// the interruption; other threads read and set the flag.
final class Interruption: @unchecked Sendable {
    private let flag = Locked(false)
    private let sources: [any DispatchSourceSignal]

    init() {
        let flag = self.flag
        sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            signal(number, SIG_IGN)
            source.setEventHandler { flag.withLock { $0 = true } }
            source.resume()
            return source
        }
    }

    var requested: Bool { flag.withLock { $0 } }

    /// Stops as a signal would (after a failure elsewhere).
    func request() { flag.withLock { $0 = true } }

    func end() { for source in sources { source.cancel() } }
}
