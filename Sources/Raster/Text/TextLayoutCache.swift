import Synchronization

/// Layouts keyed by text, attributes, paragraph style, available width and registry,
/// as ComponentFlow's Text keeps its last measurement on its view: measuring the same
/// text for the same width again (every layout pass of an unchanged tree, every frame of
/// an animation) is a lookup, and drawing reuses the measured layout.
///
/// Bounded by entry count with the same two-generation scheme as `GlyphCache`.
/// Thread-safe. A registry's fonts are fixed once registered, so a layout stays valid.
public final class TextLayoutCache: Sendable {
    public static let shared = TextLayoutCache(capacity: 4096)

    struct Key: Hashable {
        var text: AttributedText
        var style: ParagraphStyle
        var width: Double
        var registry: ObjectIdentifier
    }

    private struct State {
        var current: [Key: TextLayout] = [:]
        var previous: [Key: TextLayout] = [:]
        var hits = 0
        var misses = 0
    }

    /// The most layouts held.
    public let capacity: Int
    private let state = Mutex(State())

    public init(capacity: Int) {
        self.capacity = max(capacity, 2)
    }

    /// Layouts held, hits and misses so far.
    public var statistics: (entries: Int, hits: Int, misses: Int) {
        state.withLock { ($0.current.count + $0.previous.count, $0.hits, $0.misses) }
    }

    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The layout of `text` for `width`, from the cache or laid out (and kept).
    public func layout(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), width: Double = .infinity,
                       registry: FontRegistry = .shared) throws -> TextLayout {
        let key = Key(text: text, style: style, width: width.isNaN ? .infinity : width,
                      registry: ObjectIdentifier(registry))
        let found = state.withLock { s -> TextLayout? in
            if let layout = s.current[key] {
                s.hits += 1
                return layout
            }
            if let layout = s.previous.removeValue(forKey: key) {
                s.hits += 1
                insert(layout, for: key, into: &s)
                return layout
            }
            s.misses += 1
            return nil
        }
        if let found { return found }
        let layout = try TextLayout(text, style: style, width: width, registry: registry)
        state.withLock { s in insert(layout, for: key, into: &s) }
        return layout
    }

    /// The size ComponentFlow's Text reports for `text` in `width`: the laid-out width
    /// and height, each rounded up to a whole point.
    public func measure(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), width: Double = .infinity,
                        registry: FontRegistry = .shared) throws -> Size {
        try layout(text, style: style, width: width, registry: registry).size
    }

    private func insert(_ layout: TextLayout, for key: Key, into s: inout State) {
        if s.current.count >= capacity / 2 {
            s.previous = s.current
            s.current = [:]
        }
        s.current[key] = layout
    }
}
