import Foundation
import Raster
import Synchronization

/// Set by the SIGINT and SIGTERM handler: an atomic store, which is all a signal handler
/// may safely do.
private let signalled = Atomic<Bool>(false)

/// Ctrl-C and SIGTERM turned into a flag that a long export checks between frames, so it
/// stops after the frames being written instead of dying in the middle of one. Active from
/// `init` until `end()`, which fixes the answer of `requested`; the signals stay caught
/// after it, so a second Ctrl-C cannot cut short the clean-up that follows an interruption.
///
/// The handlers are installed with `sigaction` in `init`, before it returns: they need no
/// file descriptor or thread, so a process that has run out of descriptors still stops.
final class Interruption: Sendable {
    private let flag = Atomic<Bool>(false)
    private let ended = Atomic<Bool>(false)

    init() {
        signalled.store(false, ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in signalled.store(true, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    var requested: Bool {
        flag.load(ordering: .relaxed) || (!ended.load(ordering: .relaxed) && signalled.load(ordering: .relaxed))
    }

    /// Stops as a signal would (after a failure elsewhere).
    func request() { flag.store(true, ordering: .relaxed) }

    /// Marks the end of the work the interruption guards: `requested` keeps the answer it
    /// has now, and later signals change nothing.
    func end() {
        if requested { flag.store(true, ordering: .relaxed) }
        ended.store(true, ordering: .relaxed)
    }
}
