import RasterCore

/// What measuring a paragraph needs of its layout: the sizes and the line boxes, without
/// glyphs placed. For the same text, style, width and registry it holds exactly the
/// `size`, `exactSize` and line tops, heights and baselines of the `TextLayout`
/// (`TextLayoutCache.metrics` and `layout` break and measure the lines the same way).
public struct TextMetrics: Sendable, Equatable {
    /// The vertical extent of one line box.
    public struct LineExtent: Sendable, Equatable {
        /// The y of the line box's top edge.
        public var top: Double
        /// The height of the line box.
        public var height: Double
        /// The y of the line's baseline, from the top of the layout box.
        public var baseline: Double
    }

    /// The widest line and the total line height, each rounded up to a whole point.
    public var size: Size
    /// The same before rounding.
    public var exactSize: Size
    /// The lines, top to bottom.
    public var lines: [LineExtent]
}
