import Dispatch

/// Hands the indices `0..<count` out to up to `threads` threads, each taking the next
/// index as it frees up, so that uneven pieces of work even out.
public enum IndexQueue {
    /// Calls `body` once for every index in `0..<count`, on the calling thread and up to
    /// `threads − 1` others, and returns when every call has returned. `body` runs
    /// concurrently with itself: what it shares must be safe to share.
    public static func forEach(_ count: Int, threads: Int, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        guard threads > 1, count > 1 else {
            for i in 0..<count { body(i) }
            return
        }
        let next = Locked(0)
        withoutActuallyEscaping(body) { body in
            // Shared by the threads as the contract above says.
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
                while true {
                    let i = next.withLock { n -> Int in
                        defer { n += 1 }
                        return n
                    }
                    guard i < count else { return }
                    body(i)
                }
            }
        }
    }
}
