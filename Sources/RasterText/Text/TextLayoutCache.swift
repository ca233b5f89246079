import Dispatch
import RasterCore

/// Layouts keyed by text, attributes, paragraph style, available width and registry,
/// as ComponentFlow's Text keeps its last measurement on its view: measuring the same
/// text for the same width again (every layout pass of an unchanged tree, every frame of
/// an animation) is a lookup, and drawing reuses the measured layout. Measuring it for a
/// new width shapes nothing again: each paragraph (text, style, registry) is shaped and
/// split into break opportunities once, and only its lines are broken and placed per
/// width.
///
/// Measuring needs no glyphs: `metrics` gives a layout's sizes and line boxes without
/// placing any, and is what components measure with; `layout` places glyphs for drawing.
///
/// Bounded by entry count (`GenerationalCache`, each layout, width and shaped paragraph
/// costing 1 and each measurement its line count, in its own generation pair):
/// `capacity` layouts and shaped paragraphs, and measurements of 16 times as many lines,
/// which are small.
/// Thread-safe. A registry's fonts are fixed once registered, so a layout stays valid.
public final class TextLayoutCache: Sendable {
    /// The cache text components measure and draw through: up to 4096 layouts.
    public static let shared = TextLayoutCache(capacity: 4096)

    struct Key: Hashable {
        var text: AttributedText
        var style: ParagraphStyle
        var width: Double
        /// `FontRegistry.id`: never reused, so a new registry never meets an old one's layouts.
        var registry: Int
    }

    /// A paragraph whatever the width: what its shaping depends on.
    struct ParagraphKey: Hashable {
        var text: AttributedText
        var style: ParagraphStyle
        var registry: Int
    }

    private struct State {
        var layouts: GenerationalCache<Key, TextLayout>
        /// Sizes and line boxes without glyphs: small, so many more are kept (a long
        /// list's texts measured at each width they are proposed).
        var metrics: GenerationalCache<Key, TextMetrics>
        var minContentWidths: GenerationalCache<Key, Double>
        /// Paragraphs shaped and split into break opportunities, laid out again at each
        /// new width without shaping again.
        var shaped: GenerationalCache<ParagraphKey, TextLayoutBuilder>
        var hits = 0
        var misses = 0
        var shapingNanoseconds = 0

        init(capacity: Int) {
            layouts = GenerationalCache(limit: capacity)
            metrics = GenerationalCache(limit: capacity * TextLayoutCache.metricsPerLayout)
            minContentWidths = GenerationalCache(limit: capacity * TextLayoutCache.metricsPerLayout)
            shaped = GenerationalCache(limit: capacity)
        }
    }

    /// The most layouts held.
    public let capacity: Int
    /// How many measured lines (`metrics`) and widths (`minContentWidth`) are kept per
    /// layout held.
    static let metricsPerLayout = 16
    private let state: Locked<State>

    /// `capacity` in layouts, raised to at least 2.
    public init(capacity: Int) {
        self.capacity = max(capacity, 2)
        state = Locked(State(capacity: self.capacity))
    }

    /// Layouts held, paragraphs held shaped, and the layout hits and misses so far.
    public var statistics: (entries: Int, shaped: Int, hits: Int, misses: Int) {
        state.withLock { ($0.layouts.count, $0.shaped.count, $0.hits, $0.misses) }
    }

    /// Time spent shaping paragraphs and finding their break opportunities (the work
    /// every width shares), in nanoseconds, since the cache was made or emptied.
    public var shapingNanoseconds: Int { state.withLock { $0.shapingNanoseconds } }

    /// Lines held measured (`metrics`): at most 16 × `capacity`, plus, until the next
    /// turnover, one measurement of more than half of that (see `GenerationalCache`).
    package var measuredLines: Int { state.withLock { $0.metrics.cost } }

    /// Drops the layouts made with the registry `id` (a registry that went away: its
    /// layouts can no longer be asked for, and they keep its font faces alive).
    func removeAll(registry id: Int) {
        state.withLock {
            $0.layouts.removeAll { $0.registry == id }
            $0.metrics.removeAll { $0.registry == id }
            $0.minContentWidths.removeAll { $0.registry == id }
            $0.shaped.removeAll { $0.registry == id }
        }
    }

    /// Drops every cached layout and width, and resets the hit and miss counts.
    public func removeAll() {
        let capacity = self.capacity
        state.withLock {
            $0 = State(capacity: capacity)
        }
    }

    /// The layout of `text` for `width`, from the cache or laid out (and kept).
    public func layout(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), width: Double = .infinity,
                       registry: FontRegistry = .shared) throws -> TextLayout {
        let key = Key(text: text, style: style, width: width.isNaN ? .infinity : width,
                      registry: registry.id)
        let found = state.withLock { s -> TextLayout? in
            let layout = s.layouts.value(for: key)
            if layout == nil { s.misses += 1 } else { s.hits += 1 }
            return layout
        }
        if let found { return found }
        let layout = try shaped(text, style: style, registry: registry).layout(width: width)
        state.withLock { $0.layouts.insert(layout, for: key, cost: 1) }
        return layout
    }

    /// The sizes and line boxes of `text` laid out for `width`, from the cache or measured
    /// (and kept): those of `layout` with the same arguments, without placing glyphs.
    public func metrics(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), width: Double = .infinity,
                        registry: FontRegistry = .shared) throws -> TextMetrics {
        let key = Key(text: text, style: style, width: width.isNaN ? .infinity : width,
                      registry: registry.id)
        if let found = state.withLock({ $0.metrics.value(for: key) }) { return found }
        let metrics = try shaped(text, style: style, registry: registry).metrics(width: width)
        // A measurement costs its lines (at least 1), so a few long texts cannot hold
        // what many short ones would.
        state.withLock { $0.metrics.insert(metrics, for: key, cost: max(1, metrics.lines.count)) }
        return metrics
    }

    /// `text` shaped and split into break opportunities, from the cache or made now (and
    /// kept): the work a layout at any width shares.
    private func shaped(_ text: AttributedText, style: ParagraphStyle, registry: FontRegistry) throws -> TextLayoutBuilder {
        let key = ParagraphKey(text: text, style: style, registry: registry.id)
        if let found = state.withLock({ $0.shaped.value(for: key) }) { return found }
        let start = DispatchTime.now().uptimeNanoseconds
        let builder = try TextLayoutBuilder(text: text, style: style, width: .infinity, registry: registry).detachingRegistry()
        let spent = Int(DispatchTime.now().uptimeNanoseconds - start)
        state.withLock {
            $0.shaped.insert(builder, for: key, cost: 1)
            $0.shapingNanoseconds += spent
        }
        return builder
    }

    /// The widest unbreakable run of `text` (its min-content width), from the cache or
    /// measured (and kept).
    public func minContentWidth(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle(),
                                registry: FontRegistry = .shared) throws -> Double {
        let key = Key(text: text, style: style, width: -1, registry: registry.id)
        if let found = state.withLock({ $0.minContentWidths.value(for: key) }) { return found }
        var builder = try shaped(text, style: style, registry: registry)
        let width = builder.minContentWidth()
        state.withLock { $0.minContentWidths.insert(width, for: key, cost: 1) }
        return width
    }

    /// The size ComponentFlow's Text reports for `text` in `width`: the laid-out width
    /// and height, each rounded up to a whole point.
    public func measure(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), width: Double = .infinity,
                        registry: FontRegistry = .shared) throws -> Size {
        try layout(text, style: style, width: width, registry: registry).size
    }
}
