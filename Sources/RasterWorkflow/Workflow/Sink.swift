/// Where a rendering sends its events.
public struct Sink<Event> {
    private let receive: (Event) -> Void

    /// A sink handing each event to `receive`.
    public init(_ receive: @escaping (Event) -> Void) { self.receive = receive }

    /// Delivers `event`.
    public func send(_ event: Event) { receive(event) }

    /// A sink for another event type, mapped into this one (a child's output as a parent's event).
    public func contramap<Other>(_ transform: @escaping (Other) -> Event) -> Sink<Other> {
        Sink<Other> { self.send(transform($0)) }
    }
}
