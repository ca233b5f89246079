import Foundation

/// A value behind a lock: `withLock` gives the closure exclusive access to it.
///
/// Used instead of the standard library's `Mutex`, whose futex-based lock on Linux
/// ThreadSanitizer does not see, so every correctly locked access would be reported as a
/// race; a pthread mutex (through `NSLock`) is understood by the sanitizer, which keeps
/// `scripts/sanitize thread` meaningful. Not reentrant.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// Guards `value`; reach it through `withLock`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
