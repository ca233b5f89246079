// Workflow article, "Events": one event type for UI and network events, as written, in a
// namespace (the article declares several `DemoComponent`s). Filled in where the article
// elides code: `RefreshResponse`, the state, `update` and the rendering.
enum EventsExample {
// Filled in: the response the article names.
struct RefreshResponse {
    let items: [String]
}

struct DemoComponent: Component {
    /// ...
    // Filled in:
    var items: [String] = []
    var isRefreshing = false

    mutating func update(event: Event, context: inout UpdateContext<DemoComponent>) {
        switch event {
        case .refreshButtonTapped:
            isRefreshing = true
        case .refreshRequestFinished(let response):
            items = response.items
            isRefreshing = false
        }
    }

    func render(properties: Void, sink: Sink<Event>, context: RenderContext<Event>) -> String {
        isRefreshing ? "Refreshing…" : items.joined(separator: ", ")
    }
    // End of what is filled in.

    enum Event {
        case refreshButtonTapped /// UI event
        case refreshRequestFinished(RefreshResponse) /// Network event
    }

    /// ...
}
}
