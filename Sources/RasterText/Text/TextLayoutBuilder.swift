import Foundation
import RasterCore

/// The passes of `TextLayout`, over arrays indexed by grapheme cluster.
///
/// Invariants: `clusterStart[c] ..< clusterStart[c + 1]` are cluster `c`'s scalars (a
/// cluster never crosses a span); `items` cover the clusters in order, each a run of one
/// shaping group of spans (spans differing only in paint), face, bidi level and script, and `items[i].glyphs` are its glyphs in `glyphs`,
/// in visual order as HarfBuzz gives them; `advances[c]` is the sum of the advances of
/// the glyphs that come from cluster `c` (plus its letter spacing), so a ligature's
/// whole advance counts for its first cluster; `unsafeBefore[c]` says that the text
/// cannot be split before cluster `c` without shaping both sides again.
struct TextLayoutBuilder {
    let text: AttributedText
    let style: ParagraphStyle
    /// The width lines break at; a prepared builder lays out at any (`layout(width:)`).
    private(set) var width: Double
    /// The fonts faces are chosen from; nil once a prepared builder is kept
    /// (`detachingRegistry()`), since only the passes before line breaking read it.
    private(set) var registry: FontRegistry?
    let shaper: TextShaper

    /// What a cluster is for line breaking and drawing.
    enum Kind: UInt8 {
        case visible
        /// A space that hangs at the end of a line and stretches in justified lines.
        case space
        /// A line or paragraph separator: ends its line and draws nothing.
        case newline
    }

    /// One glyph ready to place, in points (y down).
    struct Glyph {
        var glyph: UInt32
        /// The grapheme cluster it comes from.
        var cluster: Int
        var advance: Double
        var offset: Point
    }

    struct Item {
        var clusters: Range<Int>
        /// The first span of the item: its font, features, spacing and language are
        /// those of every span the item covers (their paints may differ).
        var span: Int
        var face: Int
        var rtl: Bool
        var script: UInt32
        var glyphs: Range<Int>

        /// In a cursive script, where letter spacing does not apply (CSS Text 3 §8.2).
        var isCursive: Bool { TextShaper.cursiveScripts.contains(script) }
    }

    /// The letter spacing after each cluster of `item`: its span's, none in a cursive
    /// script.
    func letterSpacing(_ item: Item) -> Double { item.isCursive ? 0 : text.spans[item.span].letterSpacing }

    var scalars: [Unicode.Scalar] = []
    /// Index of each span's first scalar, and the scalar count at the end.
    var spanStart: [Int] = []
    var clusterStart: [Int] = []
    var clusterSpan: [Int] = []
    var kinds: [Kind] = []
    /// Per scalar: its cluster.
    var scalarCluster: [Int] = []
    /// UTF-16 offset of each scalar and, last, the UTF-16 length.
    var utf16Offset: [Int] = []
    var utf16: [UInt16] = []

    /// Bidi levels per cluster (empty when every level is 0), and per cluster whether
    /// its paragraph runs right to left.
    var levels: [UInt8] = []
    var paragraphRTL: [Bool] = []
    var bidi: BidiParagraphs?

    var clusterFace: [Int] = []
    var faces: [FontFace] = []
    var primary: [FontFace] = []
    var chains: [[FontFace]] = []

    var items: [Item] = []
    var clusterItem: [Int] = []
    var glyphs: [Glyph] = []
    var advances: [Double] = []
    var unsafeBefore: [Bool] = []
    /// `breaks[c]`: may (or must) a line end after cluster `c`.
    var breaks: [Opportunity] = []

    var count: Int { clusterSpan.count }
    /// True once the passes that do not depend on the width have run.
    private(set) var isPrepared = false

    enum Opportunity: UInt8 {
        case none, allowed, mandatory
    }

    /// What a line shows, in logical order: clusters, or an ellipsis set in a span's font.
    enum Piece {
        case clusters(Range<Int>)
        case ellipsis(span: Int)
    }

    /// A line's content in visual order, left to right.
    enum VisualPiece {
        case glyphs(item: Int, [Glyph])
        case ellipsis(span: Int, face: FontFace, [Glyph])
    }

    /// Lines broken at the width: `ranges[i]` the clusters line `i` holds, `pieces[i]`
    /// what it shows, `truncated` the lines ending in an ellipsis.
    struct BrokenLines {
        var ranges: [Range<Int>]
        var pieces: [[Piece]]
        var truncated: Set<Int>
    }

    /// Broken lines measured, index for index: visual content, direction, width and
    /// line box, with the widest line's width and the total height.
    struct LineBoxes {
        let broken: BrokenLines
        var visuals: [[VisualPiece]] = []
        var rtl: [Bool] = []
        var widths: [Double] = []
        var extents: [TextMetrics.LineExtent] = []
        var exactWidth = 0.0
        var height = 0.0
    }

    init(text: AttributedText, style: ParagraphStyle, width: Double, registry: FontRegistry,
         shaper: TextShaper = .shared) throws {
        self.text = text
        self.style = style
        self.width = width.isNaN ? .infinity : max(0, width)
        self.registry = registry
        self.shaper = shaper
        for span in text.spans {
            let face = try registry.face(for: span.font)
            primary.append(face)
            chains.append(registry.fallbackChain(for: face))
        }
    }

    /// Runs every pass up to shaping and break opportunities, once: none of them reads
    /// the width, so a prepared builder lays the text out at any width.
    mutating func prepare() {
        guard !isPrepared else { return }
        guard let registry else { preconditionFailure("a builder is detached from its registry only once prepared") }
        collectClusters()
        resolveBidi()
        chooseFaces(registry)
        itemizeAndShape()
        findBreaks()
        isPrepared = true
    }

    /// This builder, prepared, without its reference to the registry: a cache keeps it
    /// without keeping the registry alive (a registry's deinit clears its entries).
    func detachingRegistry() -> TextLayoutBuilder {
        var builder = self
        builder.prepare()
        builder.registry = nil
        return builder
    }

    /// The layout at `width`, from this builder's shaping (run now if it has not been).
    func layout(width: Double) -> TextLayout {
        var builder = self
        builder.width = width.isNaN ? .infinity : max(0, width)
        return builder.build()
    }

    /// The sizes and line boxes of the layout at `width`, from this builder's shaping,
    /// without placing glyphs: what `layout(width:)` gives, measured the same way.
    func metrics(width: Double) -> TextMetrics {
        var builder = self
        builder.width = width.isNaN ? .infinity : max(0, width)
        builder.prepare()
        let boxes = builder.lineBoxes(builder.brokenLines())
        return TextMetrics(size: Size(width: TextLayoutBuilder.roundUp(boxes.exactWidth),
                                      height: TextLayoutBuilder.roundUp(boxes.height)),
                           exactSize: Size(width: boxes.exactWidth, height: boxes.height),
                           lines: boxes.extents)
    }

    mutating func build() -> TextLayout {
        prepare()
        return place(lineBoxes(brokenLines()))
    }

    /// The lines at the builder's width: the clusters each holds, what it shows (the
    /// last kept one truncated to `maxLines`), and which are truncated.
    private func brokenLines() -> BrokenLines {
        var ranges = breakLines()
        var pieces = ranges.map { [Piece.clusters($0)] }
        var truncated = Set<Int>()
        if style.maxLines > 0 && ranges.count > style.maxLines {
            let last = style.maxLines - 1
            pieces = Array(pieces.prefix(style.maxLines))
            pieces[last] = truncate(from: ranges[last].lowerBound)
            ranges = Array(ranges.prefix(style.maxLines))
            ranges[last] = ranges[last].lowerBound..<count
            truncated.insert(last)
        }
        return BrokenLines(ranges: ranges, pieces: pieces, truncated: truncated)
    }

    /// The widest run of clusters between break opportunities (trailing spaces
    /// excluded): the narrowest width at which no word is broken (CSS min-content).
    mutating func minContentWidth() -> Double {
        prepare()
        var widest = 0.0, start = 0
        for i in 0..<count where breaks[i] != .none {
            widest = max(widest, exactWidth(start..<visibleEnd(start..<(i + 1))))
            start = i + 1
        }
        return widest
    }

    /// The faces the clusters fall back to and the characters none has.
    mutating func fontUse() -> FontUse {
        guard let registry else { preconditionFailure("fontUse is asked of a builder made with its registry") }
        collectClusters()
        chooseFaces(registry)
        var use = FontUse()
        var seenMissing = Set<UInt32>()
        var problems: [String: FontError] = [:]
        var regions = [PinnedFonts.Region?](repeating: nil, count: text.spans.count)
        for c in 0..<count where kinds[c] == .visible {
            let face = faces[clusterFace[c]]
            if face !== primary[clusterSpan[c]] && !use.fallbacks.contains(where: { $0 === face }) {
                use.fallbacks.append(face)
            }
            let cluster = scalars[clusterStart[c]..<clusterStart[c + 1]]
            let lacking = cluster.filter { !$0.isDefaultIgnorable && face.glyph(for: $0) == 0 }
            guard !lacking.isEmpty else { continue }
            for s in lacking where seenMissing.insert(s.value).inserted { use.missing.append(s) }
            if registry.fontSet == .bundled {
                let problem: FontError?
                if FontRegistry.wantsEmoji(cluster) {
                    problem = PinnedFonts.shared.emojiFace().failure
                } else if lacking[0].isCJK {
                    let span = text.spans[clusterSpan[c]]
                    let region = PinnedFonts.region(language: span.language)
                        ?? TextLayoutBuilder.guessedRegion(span, memo: &regions[clusterSpan[c]])
                    problem = PinnedFonts.shared.cjkFace(region: region, weight: span.font.weight).failure
                } else {
                    problem = nil
                }
                if let problem { problems[problem.description] = problem }
            }
        }
        use.problems = problems.keys.sorted().compactMap { problems[$0] }
        return use
    }

    /// The end of every cluster and the break opportunities (offsets a line may end
    /// at, with whether it must), in scalars.
    mutating func segmentation() -> (clusterEnds: [Int], breaks: [(offset: Int, mandatory: Bool)]) {
        prepare()
        let ends = Array(clusterStart.dropFirst())
        // The end of the text must end a line, but as a break it is only mandatory
        // after a separator (as ICU reports it).
        let found = (0..<count).compactMap { c -> (Int, Bool)? in
            breaks[c] == .none ? nil : (clusterStart[c + 1], breaks[c] == .mandatory && (c < count - 1 || kinds[c] == .newline))
        }
        return (ends, found)
    }

    // MARK: - Pass 1: clusters

    private mutating func collectClusters() {
        var ascii = true
        for span in text.spans {
            var t = span.text
            ascii = ascii && t.withUTF8 { $0.allSatisfy { $0 < 0x80 && $0 != 0x0D } }
        }
        for span in text.spans {
            spanStart.append(scalars.count)
            scalars.append(contentsOf: span.text.unicodeScalars)
        }
        spanStart.append(scalars.count)
        scalarCluster = [Int](repeating: 0, count: scalars.count)
        if ascii {
            // One cluster and one UTF-16 unit per scalar (no CR LF pairs).
            utf16 = scalars.map { UInt16($0.value) }
            utf16Offset = Array(0...scalars.count)
            for (s, _) in text.spans.enumerated() {
                for k in spanStart[s]..<spanStart[s + 1] { addCluster(at: k, span: s) }
            }
        } else {
            utf16.reserveCapacity(scalars.count)
            utf16Offset.reserveCapacity(scalars.count + 1)
            for s in scalars {
                utf16Offset.append(utf16.count)
                utf16.append(contentsOf: UTF16.encode(s)!)
            }
            utf16Offset.append(utf16.count)
            for s in 0..<text.spans.count {
                let first = spanStart[s], end = spanStart[s + 1]
                guard end > first else { continue }
                let base = utf16Offset[first]
                let ends = utf16.withUnsafeBufferPointer {
                    TextSegmentation.graphemeEnds(UnsafeBufferPointer(rebasing: $0[base..<utf16Offset[end]]))
                }
                var k = first
                for e in ends {
                    addCluster(at: k, span: s)
                    let limit = base + Int(e)
                    while k < end && utf16Offset[k] < limit {
                        scalarCluster[k] = count - 1
                        k += 1
                    }
                }
            }
        }
        clusterStart.append(scalars.count)
    }

    private mutating func addCluster(at scalar: Int, span: Int) {
        scalarCluster[scalar] = clusterSpan.count
        clusterStart.append(scalar)
        clusterSpan.append(span)
        kinds.append(TextLayoutBuilder.kind(of: scalars[scalar]))
    }

    static func kind(of s: Unicode.Scalar) -> Kind {
        switch s.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return .newline
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return .space
        default: return .visible
        }
    }

    // MARK: - Pass 2: bidi

    /// Levels from ICU unless the text is all left to right: no character from the
    /// Hebrew block on, no bidi controls, and a paragraph direction that comes out
    /// left to right.
    private mutating func resolveBidi() {
        let direction = style.direction
        let fallsBackRTL = direction == .auto && style.layoutDirection == .rightToLeft
        let simple = direction != .rtl && !scalars.contains { $0.value >= 0x0590 } && !fallsBackRTL
        paragraphRTL = [Bool](repeating: false, count: count)
        guard !simple, count > 0 else { return }
        guard let bidi = utf16.withUnsafeBufferPointer({
            BidiParagraphs($0, direction: direction, fallback: style.layoutDirection)
        }) else { return }
        self.bidi = bidi
        let unitLevels = bidi.levels()
        levels = (0..<count).map { unitLevels[utf16Offset[clusterStart[$0]]] }
        for p in bidi.paragraphs() {
            let first = scalarCluster[scalarIndex(utf16: p.range.lowerBound)]
            let last = p.range.isEmpty ? first : scalarCluster[scalarIndex(utf16: p.range.upperBound - 1)]
            for c in first...last { paragraphRTL[c] = p.rtl }
        }
    }

    /// The scalar a UTF-16 offset falls in.
    private func scalarIndex(utf16 offset: Int) -> Int {
        var lo = 0, hi = scalars.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if utf16Offset[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    // MARK: - Pass 3: fonts

    private mutating func chooseFaces(_ registry: FontRegistry) {
        clusterFace.reserveCapacity(count)
        var primaryIndex = [Int](repeating: -1, count: primary.count)
        var lastFace: FontFace?
        var lastIndex = 0
        var regions = [PinnedFonts.Region?](repeating: nil, count: text.spans.count)
        for c in 0..<count {
            let first = scalars[clusterStart[c]]
            let span = clusterSpan[c]
            let face = primary[span]
            // Fast path: a one-scalar cluster the span's own font has (emoji excepted).
            if clusterStart[c + 1] - clusterStart[c] == 1,
               (face.glyph(for: first) != 0 && (first.value < 0x2000 || !first.properties.isEmojiPresentation))
                || first.isDefaultIgnorable || kinds[c] == .newline {
                if primaryIndex[span] < 0 { primaryIndex[span] = index(of: face) }
                clusterFace.append(primaryIndex[span])
                continue
            }
            let cluster = scalars[clusterStart[c]..<clusterStart[c + 1]]
            let spanText = text.spans[span]
            let chosen = registry.face(for: cluster, chain: chains[span], language: spanText.language, region: {
                TextLayoutBuilder.guessedRegion(spanText, memo: &regions[span])
            })
                ?? registry.partialFace(for: cluster, chain: chains[span])
            if chosen !== lastFace {
                lastFace = chosen
                lastIndex = index(of: chosen)
            }
            clusterFace.append(lastIndex)
        }
    }

    private mutating func index(of face: FontFace) -> Int {
        if let i = faces.firstIndex(where: { $0 === face }) { return i }
        faces.append(face)
        return faces.count - 1
    }

    // MARK: - Pass 4: items and shaping

    /// For each span, the first of the consecutive spans it shapes with: spans that
    /// differ only in paint are shaped as one text, so a colour change inside a word
    /// keeps its joining, conjuncts, ligatures and kerning (as browsers do).
    private func shapingGroups() -> [Int] {
        var group = Array(text.spans.indices)
        for s in text.spans.indices.dropFirst() {
            let a = text.spans[s - 1], b = text.spans[s]
            if a.font == b.font && a.features == b.features && a.letterSpacing == b.letterSpacing
                && a.language == b.language {
                group[s] = group[s - 1]
            }
        }
        return group
    }

    /// The CJK region `span`'s text suggests, guessed once per span (the guess reads the
    /// whole span, so it is kept in `memo`, never made per cluster).
    static func guessedRegion(_ span: TextSpan, memo: inout PinnedFonts.Region?) -> PinnedFonts.Region {
        if let known = memo { return known }
        let guess = FontRegistry.guessRegion(span.text)
        memo = guess
        return guess
    }

    private mutating func itemizeAndShape() {
        let scripts = TextShaper.scripts(scalars[...])
        let group = shapingGroups()
        advances = [Double](repeating: 0, count: count)
        unsafeBefore = [Bool](repeating: false, count: count)
        clusterItem = [Int](repeating: 0, count: count)
        glyphs.reserveCapacity(scalars.count)
        var start = 0
        while start < count {
            var end = start + 1
            let level = levels.isEmpty ? 0 : levels[start]
            let script = scripts[clusterStart[start]]
            if kinds[start] != .newline {
                while end < count && kinds[end] != .newline && group[clusterSpan[end]] == group[clusterSpan[start]]
                    && clusterFace[end] == clusterFace[start] && (levels.isEmpty || levels[end] == level)
                    && scripts[clusterStart[end]] == script {
                    end += 1
                }
            }
            var item = Item(clusters: start..<end, span: clusterSpan[start], face: clusterFace[start],
                            rtl: level & 1 == 1, script: script, glyphs: glyphs.count..<glyphs.count)
            if kinds[start] != .newline {
                let shaped = shape(item, clusters: start..<end, context: contextRange(around: start..<end))
                glyphs.append(contentsOf: shaped.glyphs)
                item.glyphs = item.glyphs.lowerBound..<glyphs.count
                recordAdvances(item, unsafe: shaped.unsafe)
            }
            for c in start..<end { clusterItem[c] = items.count }
            items.append(item)
            start = end
        }
    }

    /// Up to `TextShaper.contextLength` clusters' scalars on each side of `range`, within
    /// its paragraph.
    private func contextRange(around range: Range<Int>, within limit: Range<Int>? = nil) -> Range<Int> {
        let bound = limit ?? 0..<count
        var lo = range.lowerBound, hi = range.upperBound
        var n = 0
        while lo > bound.lowerBound && kinds[lo - 1] != .newline && n < TextShaper.contextLength {
            lo -= 1
            n += 1
        }
        n = 0
        while hi < bound.upperBound && kinds[hi] != .newline && n < TextShaper.contextLength {
            hi += 1
            n += 1
        }
        return lo..<hi
    }

    /// Shapes clusters `range` of `item` with the text of `context` around them, and
    /// returns the glyphs in points, each naming its cluster, with whether each is unsafe
    /// to break before.
    private func shape(_ item: Item, clusters range: Range<Int>, context: Range<Int>) -> (glyphs: [Glyph], unsafe: [Bool]) {
        let span = text.spans[item.span]
        let face = faces[item.face]
        let window = clusterStart[context.lowerBound]..<clusterStart[context.upperBound]
        let run = clusterStart[range.lowerBound]..<clusterStart[range.upperBound]
        let request = ShapeRequest(text: scalars[window].map(TextLayoutBuilder.shapingValue),
                                   run: (run.lowerBound - window.lowerBound)..<(run.upperBound - window.lowerBound),
                                   face: face.id, features: span.shapingFeatures(spaced: !item.isCursive), rtl: item.rtl, script: item.script,
                                   language: span.language)
        let scale = span.font.size / face.unitsPerEm
        let shaped = shaper.shape(request, face: face)
        let glyphs = shaped.map { g in
            let scalar = min(max(run.lowerBound + Int(g.cluster), run.lowerBound), run.upperBound - 1)
            return Glyph(glyph: g.glyph, cluster: scalarCluster[scalar], advance: Double(g.advance) * scale,
                         offset: Point(x: Double(g.xOffset) * scale, y: -Double(g.yOffset) * scale))
        }
        return (glyphs, shaped.map(\.unsafeToBreak))
    }

    /// What HarfBuzz is given for a scalar: tabs shape as spaces, other controls and
    /// separators as zero-width spaces (never a missing-glyph box).
    static func shapingValue(_ s: Unicode.Scalar) -> UInt32 {
        let v = s.value
        if v == 0x09 { return 0x20 }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029 { return 0x200B }
        return v
    }

    private mutating func recordAdvances(_ item: Item, unsafe flags: [Bool]) {
        let spacing = letterSpacing(item)
        var hasGlyph = [Bool](repeating: false, count: item.clusters.count)
        for (k, g) in glyphs[item.glyphs].enumerated() {
            advances[g.cluster] += g.advance
            let local = g.cluster - item.clusters.lowerBound
            if !hasGlyph[local] {
                hasGlyph[local] = true
                advances[g.cluster] += spacing
            }
            if k < flags.count && flags[k] { unsafeBefore[g.cluster] = true }
        }
        // A cluster inside a ligature (no glyph of its own) cannot start a line either.
        for (k, has) in hasGlyph.enumerated() where !has && k > 0 {
            unsafeBefore[item.clusters.lowerBound + k] = true
        }
        unsafeBefore[item.clusters.lowerBound] = false
    }

    // MARK: - Pass 5: break opportunities

    private mutating func findBreaks() {
        breaks = [Opportunity](repeating: .none, count: count)
        guard count > 0 else { return }
        let locale = text.spans.first?.language ?? ""
        let found = utf16.withUnsafeBufferPointer { TextSegmentation.lineBreaks($0, locale: locale) }
        for (offset, hard) in found where offset > 0 {
            guard offset < utf16.count else { continue }
            let s = scalarIndex(utf16: offset)
            guard utf16Offset[s] == offset, clusterStart[scalarCluster[s]] == s else { continue }
            let c = scalarCluster[s] - 1
            breaks[c] = hard ? .mandatory : .allowed
        }
        // A separator always ends its line (also where ICU joins CR LF or spans split it).
        for c in 0..<count where kinds[c] == .newline { breaks[c] = .mandatory }
        breaks[count - 1] = .mandatory
    }

    // MARK: - Pass 6: lines

    /// Greedy filling. Each range ends after a break opportunity, a newline (kept in the
    /// line) or, for a run of clusters wider than the line, before the cluster that
    /// overflows (unless `breaksWithinWords` is off: then the run stays whole and the
    /// line ends at the next opportunity); every line holds at least one cluster. A line
    /// that ends where the text shapes differently when split is measured shaped as split.
    private func breakLines() -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        let limit = width + 1e-9
        while start < count {
            var used = 0.0
            var lastBreak: Int?
            var end = count
            var i = start
            while i < count {
                if kinds[i] == .newline {
                    end = i + 1
                    break
                }
                let w = advances[i]
                if kinds[i] != .space && i > start && used + w > limit
                    && (lastBreak != nil || style.breaksWithinWords) {
                    end = (lastBreak ?? (i - 1)) + 1
                    break
                }
                used += w
                if breaks[i] == .allowed { lastBreak = i }
                if breaks[i] == .mandatory {
                    end = i + 1
                    break
                }
                i += 1
            }
            // Split shaping can make the line wider than the sum of its clusters.
            while end - start > 1 && end < count && kinds[end - 1] != .newline {
                let visible = visibleEnd(start..<end)
                guard visible > start, unsafeBefore[visible] || unsafeBefore[start],
                      exactWidth(start..<visible) > limit else { break }
                let earlier = (start..<(end - 1)).last { breaks[$0] == .allowed }
                guard earlier != nil || style.breaksWithinWords else { break }
                end = (earlier ?? (end - 2)) + 1
            }
            lines.append(start..<end)
            start = end
        }
        // Text ending in a newline has an empty last line, as a text view shows.
        if let last = kinds.last, last == .newline { lines.append(count..<count) }
        return lines
    }

    /// The end of `range` without trailing spaces and separators.
    private func visibleEnd(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound && kinds[end - 1] != .visible { end -= 1 }
        return end
    }

    /// The width of clusters `range` set alone: the sum of their advances, with the
    /// items it cuts where splitting changes shaping shaped again as cut.
    func exactWidth(_ range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        var w = 0.0
        var c = range.lowerBound
        while c < range.upperBound {
            let item = items[clusterItem[c]]
            let piece = c..<min(range.upperBound, item.clusters.upperBound)
            if needsReshaping(piece, of: item) {
                let spacing = letterSpacing(item)
                var seen = Set<Int>()
                for g in shape(item, clusters: piece, context: contextRange(around: piece, within: range)).glyphs {
                    w += g.advance
                    if seen.insert(g.cluster).inserted { w += spacing }
                }
            } else {
                for k in piece { w += advances[k] }
            }
            c = piece.upperBound
        }
        return w
    }

    /// Whether `piece` of `item` must be shaped on its own: it cuts the item where the
    /// text shapes differently when split.
    private func needsReshaping(_ piece: Range<Int>, of item: Item) -> Bool {
        guard !item.glyphs.isEmpty else { return false }
        let cutStart = piece.lowerBound > item.clusters.lowerBound && unsafeBefore[piece.lowerBound]
        let cutEnd = piece.upperBound < item.clusters.upperBound && unsafeBefore[piece.upperBound]
        return cutStart || cutEnd
    }

    // MARK: - Pass 7: truncation

    private func ellipsisWidth(span: Int) -> Double {
        ellipsisGlyphs(span: span).glyphs.reduce(0) { $0 + $1.advance }
    }

    /// The ellipsis for a span: U+2026 from the first face in its chain that has it,
    /// else three full stops, shaped.
    func ellipsisGlyphs(span: Int) -> (face: FontFace, scalars: [Unicode.Scalar], glyphs: [Glyph]) {
        let face: FontFace
        let scalars: [Unicode.Scalar]
        if let f = chains[span].first(where: { $0.glyph(for: "\u{2026}") != 0 }) {
            (face, scalars) = (f, ["\u{2026}"])
        } else {
            (face, scalars) = (primary[span], [".", ".", "."])
        }
        let s = text.spans[span]
        let request = ShapeRequest(text: scalars.map(\.value), run: 0..<scalars.count, face: face.id,
                                   features: s.shapingFeatures(spaced: true), rtl: false, script: TextShaper.scripts([scalars[0]][...])[0],
                                   language: s.language)
        let scale = s.font.size / face.unitsPerEm
        let glyphs = shaper.shape(request, face: face).map {
            Glyph(glyph: $0.glyph, cluster: -1, advance: Double($0.advance) * scale + s.letterSpacing,
                  offset: Point(x: Double($0.xOffset) * scale, y: -Double($0.yOffset) * scale))
        }
        return (face, scalars, glyphs)
    }

    /// The pieces of the last shown line when the text from cluster `start` on does not
    /// fit: the most clusters that fit beside the ellipsis, by `style.truncation`.
    private func truncate(from start: Int) -> [Piece] {
        let shown = (start..<count).filter { kinds[$0] != .newline }
        guard let lastShown = shown.last else { return [] }
        switch style.truncation {
        case .end:
            // The text up to the first newline, cut at the end.
            var end = start
            while end < count && kinds[end] != .newline { end += 1 }
            let span = clusterSpan[max(start, min(end, count) - 1)]
            let room = width - ellipsisWidth(span: span)
            guard room >= -1e-9 else { return [] }
            var used = 0.0, fit = start
            for c in start..<end {
                if kinds[c] != .space && used + advances[c] > room + 1e-9 { break }
                used += advances[c]
                fit = c + 1
            }
            while fit > start && kinds[fit - 1] == .space { fit -= 1 }
            while fit > start && exactWidth(start..<fit) > room + 1e-9 { fit -= 1 }
            return [.clusters(start..<fit), .ellipsis(span: clusterSpan[max(start, fit - 1)])]
        case .start:
            let span = clusterSpan[lastShown]
            let room = width - ellipsisWidth(span: span)
            guard room >= -1e-9 else { return [] }
            var used = 0.0, from = count
            for c in stride(from: count - 1, through: start, by: -1) {
                if kinds[c] == .newline { break }
                if used + advances[c] > room + 1e-9 { break }
                used += advances[c]
                from = c
            }
            while from < count && kinds[from] == .space { from += 1 }
            while from < count && exactWidth(from..<count) > room + 1e-9 { from += 1 }
            return [.ellipsis(span: clusterSpan[min(from, count - 1)]), .clusters(from..<count)]
        case .middle:
            let span = clusterSpan[start]
            let room = width - ellipsisWidth(span: span)
            guard room >= -1e-9 else { return [] }
            var head = start, tail = count, used = 0.0
            var headOpen = true, tailOpen = true
            while (headOpen || tailOpen) && head < tail {
                if headOpen {
                    if kinds[head] == .newline || used + advances[head] > room + 1e-9 { headOpen = false } else {
                        used += advances[head]
                        head += 1
                    }
                }
                if tailOpen && head < tail {
                    if kinds[tail - 1] == .newline || used + advances[tail - 1] > room + 1e-9 { tailOpen = false } else {
                        used += advances[tail - 1]
                        tail -= 1
                    }
                }
            }
            var headEnd = head
            while headEnd > start && kinds[headEnd - 1] == .space { headEnd -= 1 }
            while tail < count && kinds[tail] == .space { tail += 1 }
            return [.clusters(start..<headEnd), .ellipsis(span: span), .clusters(tail..<count)]
        }
    }

    // MARK: - Pass 8: visual order

    /// The glyphs of clusters `range` in visual order: bidi runs left to right, each cut
    /// into its items (right-to-left runs take their items last first), each item's
    /// glyphs as shaped, or shaped again within `line` where the range cuts it.
    private func visualPieces(_ range: Range<Int>, line: Range<Int>) -> [VisualPiece] {
        var out: [VisualPiece] = []
        for (run, rtl) in bidiRuns(range) {
            var pieces: [VisualPiece] = []
            var c = run.lowerBound
            while c < run.upperBound {
                let i = clusterItem[c]
                let item = items[i]
                let piece = c..<min(run.upperBound, item.clusters.upperBound)
                pieces.append(.glyphs(item: i, glyphs(of: piece, in: item, line: line)))
                c = piece.upperBound
            }
            out += rtl ? pieces.reversed() : pieces
        }
        return out
    }

    /// The bidi runs of clusters `range` (inside one paragraph) left to right, each with
    /// whether it runs right to left.
    private func bidiRuns(_ range: Range<Int>) -> [(Range<Int>, Bool)] {
        guard !range.isEmpty else { return [] }
        guard let bidi else { return [(range, false)] }
        let units = utf16Offset[clusterStart[range.lowerBound]]..<utf16Offset[clusterStart[range.upperBound]]
        return bidi.lineRuns(units).map { run in
            let first = scalarCluster[scalarIndex(utf16: run.range.lowerBound)]
            let last = scalarCluster[scalarIndex(utf16: run.range.upperBound - 1)]
            return (first..<(last + 1), run.rtl)
        }
    }

    /// A line's source text as visual runs, left to right, in scalar offsets.
    private func visualRuns(_ line: [Piece], rtl: Bool) -> [TextLayout.VisualRun] {
        var parts: [[TextLayout.VisualRun]] = []
        for piece in line {
            guard case .clusters(let r) = piece else { continue }
            let end = line.count == 1 ? visibleEnd(r) : r.upperBound
            parts.append(bidiRuns(r.lowerBound..<end).map {
                TextLayout.VisualRun(scalars: clusterStart[$0.0.lowerBound]..<clusterStart[$0.0.upperBound], isRightToLeft: $0.1)
            })
        }
        return (rtl ? parts.reversed() : parts).flatMap { $0 }
    }

    private func glyphs(of piece: Range<Int>, in item: Item, line: Range<Int>) -> [Glyph] {
        if piece == item.clusters { return Array(glyphs[item.glyphs]) }
        if needsReshaping(piece, of: item) {
            return shape(item, clusters: piece, context: contextRange(around: piece, within: line)).glyphs
        }
        return Array(glyphs[glyphRange(of: piece, in: item)])
    }

    /// The glyphs of `item` that come from clusters `piece`: contiguous, as clusters
    /// rise along a left-to-right item's glyphs and fall along a right-to-left one.
    private func glyphRange(of piece: Range<Int>, in item: Item) -> Range<Int> {
        // The first glyph index whose cluster is past `bound` in the item's direction.
        func firstBeyond(_ bound: Int, inclusive: Bool) -> Int {
            var lo = item.glyphs.lowerBound, hi = item.glyphs.upperBound
            while lo < hi {
                let mid = (lo + hi) / 2
                let c = glyphs[mid].cluster
                let beyond = item.rtl ? (inclusive ? c <= bound : c < bound) : (inclusive ? c >= bound : c > bound)
                if beyond { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        if item.rtl {
            return firstBeyond(piece.upperBound - 1, inclusive: true)..<firstBeyond(piece.lowerBound, inclusive: false)
        }
        return firstBeyond(piece.lowerBound, inclusive: true)..<firstBeyond(piece.upperBound - 1, inclusive: false)
    }

    // MARK: - Pass 9: placement

    private struct Metrics {
        var ascent = 0.0, descent = 0.0, gap = 0.0
        mutating func add(_ face: FontFace, size: Double) {
            let s = size / face.unitsPerEm
            ascent = max(ascent, face.ascender * s)
            descent = max(descent, face.descender * s)
            gap = max(gap, face.lineGap * s)
        }
    }

    /// A line's pieces in visual order.
    private func visualLine(_ line: [Piece], range: Range<Int>, rtl: Bool) -> [VisualPiece] {
        var parts: [[VisualPiece]] = []
        for piece in line {
            switch piece {
            case .clusters(let r):
                let end = line.count == 1 ? visibleEnd(r) : r.upperBound
                parts.append(visualPieces(r.lowerBound..<end, line: range))
            case .ellipsis(let span):
                let e = ellipsisGlyphs(span: span)
                parts.append([.ellipsis(span: span, face: e.face, e.glyphs)])
            }
        }
        return (rtl ? parts.reversed() : parts).flatMap { $0 }
    }

    /// Sets the lines one below another: each line's box from the fonts it uses, its start
    /// from the alignment, then its glyphs from that start.
    /// Broken lines with their visual content, directions, widths and line boxes: what
    /// measuring ends with and placing glyphs starts from.
    private func lineBoxes(_ broken: BrokenLines) -> LineBoxes {
        // Visual content and widths first: the box is the widest line.
        var boxes = LineBoxes(broken: broken)
        for (i, line) in broken.pieces.enumerated() {
            let first = min(broken.ranges[i].lowerBound, max(count - 1, 0))
            let rtl = count > 0 && paragraphRTL[first]
            let visual = visualLine(line, range: broken.ranges[i], rtl: rtl)
            boxes.visuals.append(visual)
            boxes.rtl.append(rtl)
            boxes.widths.append(width(of: visual, spaceExtra: 0))
        }
        boxes.exactWidth = boxes.widths.max() ?? 0
        var top = 0.0
        for (i, line) in broken.pieces.enumerated() {
            let metrics = lineMetrics(line, visual: boxes.visuals[i], range: broken.ranges[i])
            let (height, baseline) = lineBox(metrics, top: top)
            boxes.extents.append(TextMetrics.LineExtent(top: top, height: height, baseline: baseline))
            top += height
            if i < broken.pieces.count - 1 { top += style.lineSpacing }
        }
        boxes.height = top
        return boxes
    }

    private func place(_ boxes: LineBoxes) -> TextLayout {
        let broken = boxes.broken
        let boxWidth = TextLayoutBuilder.roundUp(boxes.exactWidth)
        var lines: [TextLayout.Line] = []
        var runs: RunList = []
        for (i, line) in broken.pieces.enumerated() {
            let extent = boxes.extents[i]
            let rtl = boxes.rtl[i]
            let range = broken.ranges[i]
            let endsParagraph = i == broken.pieces.count - 1 || (range.upperBound > 0
                && kinds[range.upperBound - 1] == .newline)
            let start = lineStart(line, width: boxes.widths[i], boxWidth: boxWidth, rtl: rtl,
                                  justifies: !endsParagraph && !broken.truncated.contains(i))
            appendGlyphs(of: boxes.visuals[i], x: start.x, baseline: extent.baseline, spaceExtra: start.spaceExtra,
                         to: &runs)
            lines.append(TextLayout.Line(range: range, top: extent.top, height: extent.height, baseline: extent.baseline,
                                         x: start.x, width: start.width, isTruncated: broken.truncated.contains(i),
                                         isRightToLeft: rtl, visualRuns: visualRuns(line, rtl: rtl),
                                         segments: segments(of: line)))
        }
        let exact = Size(width: boxes.exactWidth, height: boxes.height)
        return TextLayout(size: Size(width: boxWidth, height: TextLayoutBuilder.roundUp(boxes.height)), exactSize: exact,
                          lines: lines, runs: runs.map(\.run), clusterCount: count, scalars: scalars)
    }

    /// The vertical metrics of a line: those of the fonts of the spans on it, and of the
    /// faces its glyphs fell back to, as CSS sizes a line box (a line of CJK or Devanagari
    /// set through Inter is as tall as those fonts need).
    private func lineMetrics(_ line: [Piece], visual: [VisualPiece], range: Range<Int>) -> Metrics {
        var m = Metrics()
        var lastSpan = -1
        func add(_ span: Int) {
            guard span != lastSpan, span < primary.count else { return }
            lastSpan = span
            m.add(primary[span], size: text.spans[span].font.size)
        }
        for piece in line {
            switch piece {
            case .clusters(let r): for c in r { add(clusterSpan[c]) }
            case .ellipsis(let span): add(span)
            }
        }
        if lastSpan < 0 && count > 0 { add(clusterSpan[min(range.lowerBound, count - 1)]) }
        for piece in visual {
            switch piece {
            case .glyphs(let item, let glyphs) where !glyphs.isEmpty:
                let it = items[item]
                if faces[it.face] !== primary[it.span] { m.add(faces[it.face], size: text.spans[it.span].font.size) }
            case .ellipsis(let span, let face, _):
                if face !== primary[span] { m.add(face, size: text.spans[span].font.size) }
            default:
                break
            }
        }
        return m
    }

    /// The height and baseline of a line box starting at `top`: a browser's (half-leading
    /// on rounded ascent and descent), a fixed `lineHeight` centred on the glyphs, or the
    /// fonts' own.
    private func lineBox(_ m: Metrics, top: Double) -> (height: Double, baseline: Double) {
        if style.browserBaselines {
            let height = style.lineHeight ?? m.ascent + m.descent + m.gap
            let ascent = m.ascent.rounded(), descent = m.descent.rounded()
            return (height, top + ascent + ((height - ascent - descent) / 2).rounded(.down))
        }
        if let fixed = style.lineHeight {
            return (fixed, top + (fixed - (m.ascent + m.descent)) / 2 + m.ascent)
        }
        return (m.ascent + m.descent + m.gap, top + m.ascent)
    }

    /// Where a line of `width` starts in the box, and, when it is justified (`justifies`:
    /// not a paragraph's last line, not truncated), the width it then takes and the room
    /// added after each space.
    private func lineStart(_ line: [Piece], width: Double, boxWidth: Double, rtl: Bool,
                           justifies: Bool) -> (x: Double, width: Double, spaceExtra: Double) {
        switch style.alignment {
        case .left: return (0, width, 0)
        case .center: return ((boxWidth - width) / 2, width, 0)
        case .right: return (boxWidth - width, width, 0)
        case .leading: return (rtl ? boxWidth - width : 0, width, 0)
        case .trailing: return (rtl ? 0 : boxWidth - width, width, 0)
        case .justified:
            let plain = (x: rtl ? boxWidth - width : 0, width: width, spaceExtra: 0.0)
            guard justifies, line.count == 1, case .clusters(let r) = line[0] else { return plain }
            let spaces = (r.lowerBound..<visibleEnd(r)).filter { kinds[$0] == .space }.count
            guard spaces > 0 else { return plain }
            return (0, boxWidth, (boxWidth - width) / Double(spaces))
        }
    }

    /// Appends a line's glyphs from `x` on its baseline: letter spacing (and
    /// justification after spaces) follows the last glyph of each cluster.
    private func appendGlyphs(of visual: [VisualPiece], x start: Double, baseline: Double, spaceExtra: Double,
                              to runs: inout RunList) {
        var x = start
        for piece in visual {
            switch piece {
            case .glyphs(let item, let glyphs):
                let face = faces[items[item].face]
                let spacing = letterSpacing(items[item])
                for (k, g) in glyphs.enumerated() {
                    let kind = kinds[g.cluster]
                    if kind == .visible {
                        append(g.glyph, face: face, span: clusterSpan[g.cluster],
                               at: Point(x: x + g.offset.x, y: baseline + g.offset.y), to: &runs)
                    }
                    x += g.advance
                    if k == glyphs.count - 1 || glyphs[k + 1].cluster != g.cluster {
                        x += spacing
                        if kind == .space { x += spaceExtra }
                    }
                }
            case .ellipsis(let span, let face, let glyphs):
                for g in glyphs {
                    append(g.glyph, face: face, span: span, at: Point(x: x + g.offset.x, y: baseline + g.offset.y), to: &runs)
                    x += g.advance
                }
            }
        }
    }

    /// The advance of a line's visual content, letter spacing included.
    private func width(of visual: [VisualPiece], spaceExtra: Double) -> Double {
        var w = 0.0
        for piece in visual {
            switch piece {
            case .glyphs(let item, let glyphs):
                let spacing = letterSpacing(items[item])
                for (k, g) in glyphs.enumerated() {
                    w += g.advance
                    if k == glyphs.count - 1 || glyphs[k + 1].cluster != g.cluster { w += spacing }
                }
            case .ellipsis(_, _, let glyphs):
                w += glyphs.reduce(0) { $0 + $1.advance }
            }
        }
        return w
    }

    /// What a line shows in logical order, for `TextLayout.lineTexts`.
    private func segments(of line: [Piece]) -> [TextLayout.Segment] {
        var out: [TextLayout.Segment] = []
        for piece in line {
            switch piece {
            case .clusters(let r):
                var shown = r.upperBound
                while shown > r.lowerBound && kinds[shown - 1] == .newline { shown -= 1 }
                if shown > r.lowerBound { out.append(.source(clusterStart[r.lowerBound]..<clusterStart[shown])) }
            case .ellipsis(let span):
                out.append(.ellipsis(ellipsisGlyphs(span: span).scalars))
            }
        }
        return out
    }

    /// Up to the next whole point; a value within 1e-7 of an integer is that integer.
    static func roundUp(_ v: Double) -> Double {
        guard v > 0, v.isFinite else { return 0 }
        return (v - 1e-7).rounded(.up)
    }

    /// Glyph runs being built, each with the span it belongs to.
    typealias RunList = [(span: Int, run: TextLayout.GlyphRun)]

    private func append(_ glyph: UInt32, face: FontFace, span: Int, at p: Point, to runs: inout RunList) {
        if let last = runs.indices.last, runs[last].span == span, runs[last].run.face === face {
            runs[last].run.glyphs.append(glyph)
            runs[last].run.positions.append(p)
        } else {
            let s = text.spans[span]
            runs.append((span, TextLayout.GlyphRun(face: face, fontSize: s.font.size, paint: s.paint,
                                                   glyphs: [glyph], positions: [p])))
        }
    }
}
