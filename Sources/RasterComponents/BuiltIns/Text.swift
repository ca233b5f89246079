import RasterCore
import RasterLayers
import RasterLayout
import RasterText

/// Multi-line text, measured like ComponentFlow's `Text`: wrapped to the available
/// width, its size rounded up to whole points (inside a `Flex`: unrounded, as CSS keeps
/// fractions), drawn into the view's layer contents.
///
/// Stylable: text styles in the environment (`.style(...)` on a subtree,
/// `ComponentStyle<Text>`) make its body from its configuration, the plain text being
/// `configuration.label`; with none, the text draws itself.
/// Colours may be semantic; the font registry comes from the environment.
public struct Text: Component {
    /// A run of text with its own font, colour or shaping settings (nil: the
    /// component's).
    public struct Span: Hashable, Sendable {
        /// The characters of the run.
        public var text: String
        /// The run's font (nil: the component's).
        public var font: Font?
        /// The run's colour, may be semantic (nil: the component's).
        public var color: ColorValue?
        /// OpenType features of the run (nil: the component's).
        public var features: [FontFeature]?
        /// Points after every character of the run (nil: the component's).
        public var letterSpacing: Double?
        /// The BCP 47 language of the run (nil: the component's).
        public var language: String?
        /// A run of `text`; a nil setting takes the component's.
        public init(_ text: String, font: Font? = nil, color: ColorValue? = nil, features: [FontFeature]? = nil,
                    letterSpacing: Double? = nil, language: String? = nil) {
            self.text = text
            self.font = font
            self.color = color
            self.features = features
            self.letterSpacing = letterSpacing
            self.language = language
        }
    }

    /// The runs, in reading order.
    public var spans: [Span]
    /// The font of spans that set none.
    public var font: Font
    /// The colour of spans that set none; may be semantic.
    public var color: ColorValue
    /// Paragraph settings: alignment, line spacing and height, line limit, truncation.
    public var style: ParagraphStyle
    /// OpenType features for every span that sets none of its own.
    public var features: [FontFeature] = []
    /// Points after every character, for spans that set none of their own.
    public var letterSpacing: Double = 0
    /// The BCP 47 language of spans that set none of their own ("" unknown).
    public var language: String = ""
    /// Drawn as it is, whatever text styles are in the environment (the label a style
    /// is given).
    var ignoresStyles = false

    /// One run of `text`.
    public init(_ text: String, font: Font = .system(size: 17), color: ColorValue = .primary,
                style: ParagraphStyle = ParagraphStyle()) {
        self.init(spans: [Span(text)], font: font, color: color, style: style)
    }

    /// ComponentFlow's initializer: one run in a fixed colour. `tintColor`, when given,
    /// is the colour instead (ComponentFlow tints template text with it).
    public init(text: String, font: Font, color: Color, tintColor: Color? = nil) {
        self.init(spans: [Span(text)], font: font, color: .fixed(tintColor ?? color))
    }

    /// The text of all spans (ComponentFlow's `text`).
    public var text: String { spans.map(\.text).joined() }

    /// Several runs; `font` and `color` apply to spans that set none.
    public init(spans: [Span], font: Font = .system(size: 17), color: ColorValue = .primary,
                style: ParagraphStyle = ParagraphStyle()) {
        self.spans = spans
        self.font = font
        self.color = color
        self.style = style
    }

    /// Lays the text out for the view's proposal as `sizeThatFits` does and sets it as the
    /// layer's drawing; returns its size (zero when it cannot be laid out).
    public func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        if isStyled(environment) {
            view.layer.drawing = nil
            return StyledText(text: self).update(view: view, availableSize: availableSize, state: state,
                                                 environment: environment, transition: transition)
        }
        if !view.subviews.isEmpty { view.setSubviews([]) }
        let proposal = view.node?.proposal ?? ProposedSize(available: availableSize)
        let drawing = self.drawing(proposal, text: attributed(environment), environment: environment,
                                   css: view.node?.layout?.measuresTextAsCSS ?? false)
        guard let layout = drawing.layout else {
            view.layer.drawing = nil
            return .zero
        }
        view.layer.drawing = drawing
        return drawing.size(of: layout)
    }

    /// A text only draws (unless a text style draws it: `leafDrawing` then gives nothing).
    public var isDrawingLeaf: Bool { true }

    /// The text laid out for `proposal`, as `update` sets it, when no text style draws it
    /// and its size is the box's.
    public func leafDrawing(environment: Environment<Empty>, proposal: ProposedSize, layout: () -> LayoutNode,
                            fillingBox box: () -> Size?) -> (any LayerDrawing)? {
        if isStyled(environment) { return nil }
        guard let size = box() else { return nil }
        let drawing = self.drawing(proposal, text: attributed(environment), environment: environment,
                                   css: layout().measuresTextAsCSS)
        guard let metrics = drawing.metrics, drawing.size(of: metrics) == size else { return nil }
        return drawing
    }

    /// One line per paragraph when the width is unspecified, infinite or at least the
    /// text's one-line width; else wrapped to the width as SwiftUI's `Text` is (UIKit's
    /// word wrapping): at break opportunities, and a word longer than the line inside the
    /// word between grapheme clusters, so the text is never wider than the proposal (but
    /// for its rounding up to whole points, and a line holds at least one cluster). A
    /// proposed height keeps the lines that fit in it, at least one, the last truncated by
    /// `truncation` (as if `maxLines` said so; a smaller `maxLines` wins).
    ///
    /// Inside a `Flex` (the nearest stack or Flex above is a Flex) the text measures as
    /// text in a CSS block with `white-space: normal` and `overflow-wrap: normal`: lines
    /// end only at break opportunities, so a word wider than the proposal stays whole and
    /// the text is as wide as its widest line (at least its longest unbreakable run, CSS
    /// min-content) unless `maxLines` lets it truncate (then down to the ellipsis); heights
    /// are not proposed, and the size keeps its fractions.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Text>) -> Size {
        // Measuring records no read: the update that follows does.
        if !ignoresStyles, !context.environment.untrackedValues.styleStack(for: Text.self).isEmpty {
            return StyledText(text: self).sizeThatFits(proposal, context: MeasureContext<StyledText>(node: context.node))
        }
        let drawing = self.drawing(proposal, text: attributed(memoIn: context.node), environment: context.environment,
                                   css: context.node.measuresTextAsCSS)
        return drawing.metrics.map(drawing.size(of:)) ?? .zero
    }

    /// Whether text styles in `environment` draw this text (a style's own label never is).
    private func isStyled(_ environment: Environment<Empty>) -> Bool {
        !ignoresStyles && !environment.styles(for: Text.self).isEmpty
    }

    /// The baseline of the first line from the top of the text's box, for `proposal`
    /// (nil for text without lines).
    func firstBaseline(_ proposal: ProposedSize, node: LayoutNode) -> Double? {
        let environment = Environment<Empty>(erased: node.environment)
        return drawing(proposal, text: attributed(memoIn: node), environment: environment,
                       css: node.measuresTextAsCSS).metrics?.lines.first?.baseline
    }

    /// The attributed text, made once per pass and kept in the node.
    private func attributed(memoIn node: LayoutNode) -> AttributedText {
        if let made = node.memo as? AttributedText { return made }
        let made = attributed(Environment<Empty>(erased: node.environment))
        node.memo = made
        return made
    }

    /// The spans with their fonts, resolved colours and shaping settings.
    func attributed(_ environment: Environment<Empty>) -> AttributedText {
        AttributedText(spans.map {
            TextSpan($0.text, font: $0.font ?? font, color: environment.color($0.color ?? color),
                     features: $0.features ?? features, letterSpacing: $0.letterSpacing ?? letterSpacing,
                     language: $0.language ?? language)
        })
    }

    /// The spans as fonts see them (colours left out).
    package var attributedForFonts: AttributedText {
        AttributedText(spans.map {
            TextSpan($0.text, font: $0.font ?? font, features: $0.features ?? features,
                     letterSpacing: $0.letterSpacing ?? letterSpacing, language: $0.language ?? language)
        })
    }

    func drawing(_ proposal: ProposedSize, text: AttributedText, environment: Environment<Empty>,
                 css: Bool) -> TextDrawing {
        let registry = environment[key: FontRegistryKey.self]
        var style = self.style
        style.layoutDirection = environment[key: LayoutDirectionKey.self]
        // CSS: a word wider than the line overflows it (truncation still needs a width).
        if css && style.maxLines == 0 { style.breaksWithinWords = false }
        if css { style.browserBaselines = true }
        let width = layoutWidth(proposal.width, text: text, style: style, registry: registry, css: css)
        if !css, let height = proposal.height, height.isFinite,
           let lines = linesFitting(height, text: text, style: style, width: width, registry: registry) {
            style.maxLines = lines
        }
        return TextDrawing(text: text, style: style, width: width, registry: registry, exact: css)
    }

    /// How many lines to keep for a proposed `height` (at least one), or nil when every
    /// line of the layout at `width` fits.
    private func linesFitting(_ height: Double, text: AttributedText, style: ParagraphStyle, width: Double,
                              registry: FontRegistry) -> Int? {
        guard let layout = try? TextLayoutCache.shared.metrics(text, style: style, width: width + 1e-9, registry: registry),
              layout.lines.count > 1, layout.exactSize.height > height + 1e-9 else { return nil }
        let fitting = layout.lines.prefix { $0.top + $0.height <= height + 1e-9 }.count
        return max(1, fitting)
    }

    private func layoutWidth(_ proposed: Double?, text: AttributedText, style: ParagraphStyle,
                             registry: FontRegistry, css: Bool) -> Double {
        guard let width = proposed, width.isFinite else { return .infinity }
        // Room for every paragraph on one line: the same layout as no limit.
        if let ideal = try? TextLayoutCache.shared.metrics(text, style: style, width: .infinity, registry: registry),
           width + 1e-9 >= ideal.exactSize.width {
            return .infinity
        }
        guard css, style.maxLines > 0 else { return max(0, width) }
        let ellipsis = AttributedText("\u{2026}", font: text.spans.first?.font ?? font)
        let least = (try? TextLayoutCache.shared.metrics(ellipsis, registry: registry).exactSize.width) ?? 0
        return max(width, least)
    }
}

/// Laid-out text as layer contents (the layout comes from `TextLayoutCache.shared`).
package struct TextDrawing: LayerDrawing {
    let text: AttributedText
    let style: ParagraphStyle
    let width: Double
    let registry: FontRegistry
    /// True when the text's size keeps its fractions (CSS sizing inside a `Flex`).
    var exact = false

    package init(text: AttributedText, style: ParagraphStyle, width: Double, registry: FontRegistry, exact: Bool = false) {
        self.text = text
        self.style = style
        self.width = width
        self.registry = registry
        self.exact = exact
    }

    /// The size the text takes: the layout's, rounded up to whole points unless `exact`.
    func size(of layout: TextLayout) -> Size { exact ? layout.exactSize : layout.size }
    /// The same from the layout's measurements.
    func size(of metrics: TextMetrics) -> Size { exact ? metrics.exactSize : metrics.size }

    /// The laid-out text, glyphs placed (for drawing).
    package var layout: TextLayout? {
        try? TextLayoutCache.shared.layout(text, style: style, width: width + 1e-9, registry: registry)
    }

    /// The layout's sizes and line boxes, without placing glyphs (for measuring).
    package var metrics: TextMetrics? {
        try? TextLayoutCache.shared.metrics(text, style: style, width: width + 1e-9, registry: registry)
    }

    package func draw(in canvas: Canvas, size: Size) {
        guard let layout else { return }
        canvas.draw(layout, at: .zero)
    }

    /// Glyphs overhang their advances (italics, accents, emoji): allow half the largest
    /// font size on every side.
    package func visualBounds(size: Size) -> Rect {
        let m = (text.spans.map(\.font.size).max() ?? 0) / 2
        return Rect(origin: .zero, size: size).insetBy(dx: -m, dy: -m)
    }
}
