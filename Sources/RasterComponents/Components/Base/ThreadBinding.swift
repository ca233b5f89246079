#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An object bound to the current thread for the duration of a synchronous call, as a
/// task-local value is bound to a task: `withValue` binds it, `current` reads it (nil
/// outside), and a nested `withValue` restores the outer binding when it returns.
///
/// For values that only synchronous code reads (the running update pass, the body being
/// measured), this is what `@TaskLocal` gives, at the cost of one `pthread_getspecific`
/// per read instead of a walk of the task's bindings (a task-local read cost about 240
/// instructions, and an update pass reads the pass once per layer property it sets).
///
/// Invariant: the thread's slot holds an unretained pointer to a value that `withValue`
/// keeps alive until it restores the previous pointer.
package final class ThreadBinding<Value: AnyObject>: @unchecked Sendable {
    /// Constant once made, so reading it needs no exclusivity check.
    private let key: pthread_key_t

    /// A new slot, empty on every thread.
    package init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The slot goes with the binding (the process has a limited number of them).
    deinit {
        pthread_key_delete(key)
    }

    /// The value bound on this thread, nil when none is.
    @inline(__always)
    package var current: Value? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with `value` bound on this thread (nil unbinds), then restores the
    /// binding that was there before.
    package func withValue<R>(_ value: Value?, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, value.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
        defer { pthread_setspecific(key, previous) }
        return try withExtendedLifetime(value) { try body() }
    }
}
