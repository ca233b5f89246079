/// A deferred stream of values (ReactiveSwift's name, as the Workflow article's
/// commands return it): nothing happens until it is started, then its start handler
/// sends values, and a completion or an error, to the observer. Values sent after the
/// stream ended are ignored.
public struct SignalProducer<Value, Failure: Swift.Error> {
    private let startHandler: (Observer) -> Void

    /// A producer whose `startHandler` runs on each start and sends to the observer it is given.
    public init(_ startHandler: @escaping (Observer) -> Void) {
        self.startHandler = startHandler
    }

    /// One value, then completion.
    public init(value: Value) {
        self.init { observer in
            observer.send(value: value)
            observer.sendCompleted()
        }
    }

    /// The values in order, then completion.
    public init(values: [Value]) {
        self.init { observer in
            for value in values { observer.send(value: value) }
            observer.sendCompleted()
        }
    }

    /// Completes without a value.
    public static var empty: SignalProducer { SignalProducer { $0.sendCompleted() } }

    /// Starts the producer; `value` hears each value, `completed` the end.
    public func start(value: @escaping (Value) -> Void, failed: ((Failure) -> Void)? = nil,
                      completed: (() -> Void)? = nil) {
        startHandler(Observer(value: value, failed: failed, completed: completed))
    }

    /// Where a producer sends what it makes.
    public final class Observer {
        private var onValue: ((Value) -> Void)?
        private var onFailed: ((Failure) -> Void)?
        private var onCompleted: (() -> Void)?
        /// True once a completion or an error was sent; later sends are ignored.
        public private(set) var isTerminated = false

        init(value: @escaping (Value) -> Void, failed: ((Failure) -> Void)?, completed: (() -> Void)?) {
            onValue = value
            onFailed = failed
            onCompleted = completed
        }

        /// Passes `value` on, unless the stream has ended.
        public func send(value: Value) {
            guard !isTerminated else { return }
            onValue?(value)
        }

        /// Ends the stream with `error`.
        public func send(error: Failure) {
            guard !isTerminated else { return }
            isTerminated = true
            onFailed?(error)
        }

        /// Ends the stream normally.
        public func sendCompleted() {
            guard !isTerminated else { return }
            isTerminated = true
            onCompleted?()
        }
    }
}

/// The error of a producer that cannot fail.
public enum NoError: Swift.Error {}
