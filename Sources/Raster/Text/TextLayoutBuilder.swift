import Foundation

/// The passes of `TextLayout`, over arrays indexed by grapheme cluster.
///
/// Invariants: `clusterScalars[c] ..< clusterScalars[c + 1]` are cluster `c`'s scalars;
/// `clusterGlyphs[c] ..< clusterGlyphs[c + 1]` its glyphs in `glyphs` (shaped in its
/// face); `advances[c]` the sum of those glyphs' advances; `faces[clusterFace[c]]` its
/// face.
import Foundation

struct TextLayoutBuilder {
    let text: AttributedText
    let style: ParagraphStyle
    let width: Double
    let registry: FontRegistry
    let shaper: any Shaper

    var scalars: [Unicode.Scalar] = []
    var clusterScalars: [Int] = []
    var clusterSpan: [Int] = []
    /// Index into `faces` per cluster.
    var clusterFace: [Int] = []
    /// The faces clusters use (each once).
    var faces: [FontFace] = []
    var clusterGlyphs: [Int] = []
    var advances: [Double] = []
    /// The part of `advances[c]` that is kerning with the next cluster.
    var pairAdjustments: [Double] = []
    var classes: [LineBreaker.BreakClass] = []
    var glyphs: [ShapedGlyph] = []
    /// The face each span asks for, and its fallback chain.
    var primary: [FontFace] = []
    var chains: [[FontFace]] = []

    var count: Int { clusterSpan.count }

    /// What a line shows: clusters, or an ellipsis set in a span's font.
    enum Piece {
        case clusters(Range<Int>)
        case ellipsis(span: Int)
    }

    init(text: AttributedText, style: ParagraphStyle, width: Double, registry: FontRegistry, shaper: any Shaper) throws {
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

    mutating func build() -> TextLayout {
        collectClusters()
        chooseFaces()
        shape()
        let opportunities = LineBreaker.opportunities(classes)
        var ranges = breakLines(opportunities)
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
        return place(ranges: ranges, pieces: pieces, truncated: truncated)
    }

    /// The widest run of clusters between break opportunities (trailing spaces
    /// excluded): the narrowest width at which no word is broken (CSS min-content).
    mutating func minContentWidth() -> Double {
        collectClusters()
        chooseFaces()
        shape()
        let opportunities = LineBreaker.opportunities(classes)
        var widest = 0.0, start = 0
        for i in 0..<count where opportunities[i] != .none {
            widest = max(widest, visibleWidth(start..<(i + 1)))
            start = i + 1
        }
        return widest
    }

    // MARK: - Pass 1: clusters and fonts

    private mutating func collectClusters() {
        for (s, span) in text.spans.enumerated() {
            let face = primary[s]
            var text = span.text
            let ascii = text.withUTF8 { bytes -> Bool in
                guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return false }
                // One cluster per byte (no CR LF pairs).
                for b in bytes {
                    clusterScalars.append(scalars.count)
                    clusterSpan.append(s)
                    scalars.append(Unicode.Scalar(b))
                }
                return true
            }
            if ascii { continue }
            for ch in span.text {
                clusterScalars.append(scalars.count)
                clusterSpan.append(s)
                let decomposed = ch.unicodeScalars
                if decomposed.count > 1 {
                    // A letter with combining marks draws as its precomposed form when the
                    // font has one (the basic shaper does not position marks).
                    let composed = String(ch).precomposedStringWithCanonicalMapping.unicodeScalars
                    if composed.count < decomposed.count, composed.allSatisfy({ face.glyph(for: $0) != 0 }) {
                        scalars.append(contentsOf: composed)
                        continue
                    }
                }
                scalars.append(contentsOf: decomposed)
            }
        }
        clusterScalars.append(scalars.count)
    }

    private mutating func chooseFaces() {
        clusterFace.reserveCapacity(count)
        classes.reserveCapacity(count)
        var primaryIndex = [Int](repeating: -1, count: primary.count)
        var lastFace: FontFace?
        var lastIndex = 0
        for c in 0..<count {
            let first = scalars[clusterScalars[c]]
            classes.append(LineBreaker.breakClass(first))
            let span = clusterSpan[c]
            let face = primary[span]
            // Fast path: a one-scalar cluster the span's own font has.
            if clusterScalars[c + 1] - clusterScalars[c] == 1, face.glyph(for: first) != 0 || BasicShaper.isInvisible(first) {
                if primaryIndex[span] < 0 { primaryIndex[span] = index(of: face) }
                clusterFace.append(primaryIndex[span])
                continue
            }
            let chosen = fallbackFace(for: c)
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

    /// The first face in the span's chain that has every visible scalar of cluster `c`
    /// (colour faces first for emoji presentation); else the first with its first visible
    /// scalar; else the span's own face (which then draws its missing-glyph box).
    private func fallbackFace(for c: Int) -> FontFace {
        let range = clusterScalars[c]..<clusterScalars[c + 1]
        let visible = scalars[range].filter { !BasicShaper.isInvisible($0) }
        var chain = chains[clusterSpan[c]]
        guard let lead = visible.first else { return chain[0] }
        let wantsText = scalars[range].contains("\u{FE0E}")
        let wantsEmoji = !wantsText && (scalars[range].contains("\u{FE0F}") || lead.properties.isEmojiPresentation
            || scalars[range].contains { $0.properties.isEmojiModifier } || scalars[range].contains("\u{200D}"))
        if wantsEmoji {
            chain = chain.filter(\.isColor) + chain.filter { !$0.isColor }
        }
        if let all = chain.first(where: { f in visible.allSatisfy { f.glyph(for: $0) != 0 } }) { return all }
        return chain.first { $0.glyph(for: lead) != 0 } ?? chain[0]
    }

    // MARK: - Pass 2: shaping

    private mutating func shape() {
        advances = [Double](repeating: 0, count: count)
        pairAdjustments = [Double](repeating: 0, count: count)
        clusterGlyphs = [Int](repeating: 0, count: count + 1)
        glyphs.reserveCapacity(scalars.count)
        var scalarCluster = [Int](repeating: 0, count: scalars.count)
        for c in 0..<count {
            for s in clusterScalars[c]..<clusterScalars[c + 1] { scalarCluster[s] = c }
        }
        var start = 0
        while start < count {
            var end = start + 1
            while end < count && clusterSpan[end] == clusterSpan[start] && clusterFace[end] == clusterFace[start] {
                end += 1
            }
            let first = glyphs.count
            let span = text.spans[clusterSpan[start]]
            shaper.shape(scalars[clusterScalars[start]..<clusterScalars[end]], face: faces[clusterFace[start]],
                         size: span.font.size, into: &glyphs)
            var cluster = start
            clusterGlyphs[start] = first
            for g in first..<glyphs.count {
                let c = min(max(scalarCluster[min(max(glyphs[g].cluster, 0), scalars.count - 1)], cluster), end - 1)
                while cluster < c {
                    cluster += 1
                    clusterGlyphs[cluster] = g
                }
                advances[c] += glyphs[g].advance
                pairAdjustments[c] = glyphs[g].pairAdjustment
            }
            while cluster < end - 1 {
                cluster += 1
                clusterGlyphs[cluster] = glyphs.count
            }
            start = end
        }
        clusterGlyphs[count] = glyphs.count
    }

    // MARK: - Pass 3: lines

    /// Greedy filling. Each range ends after a break opportunity, a newline (kept in the
    /// line) or, for a run of clusters wider than the line, before the cluster that
    /// overflows; every line holds at least one cluster.
    private func breakLines(_ opportunities: [LineBreaker.Opportunity]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        let limit = width + 1e-9
        while start < count {
            var used = 0.0
            var lastBreak: Int?
            var end = count
            var i = start
            while i < count {
                let cls = classes[i]
                if cls == .mandatory {
                    end = i + 1
                    break
                }
                let w = advances[i]
                // Kerning with the next cluster does not count if the line ends here.
                if cls != .space && i > start && used + w - pairAdjustments[i] > limit {
                    end = (lastBreak ?? (i - 1)) + 1
                    break
                }
                used += w
                if opportunities[i] == .allowed { lastBreak = i }
                i += 1
            }
            lines.append(start..<end)
            start = end
        }
        // Text ending in a newline has an empty last line, as a text view shows.
        if let last = classes.last, last == .mandatory { lines.append(count..<count) }
        return lines
    }

    /// Width of clusters `range` without trailing spaces and newlines, and without the
    /// last cluster's kerning with whatever follows it.
    private func visibleWidth(_ range: Range<Int>) -> Double {
        var end = range.upperBound
        while end > range.lowerBound && (classes[end - 1] == .space || classes[end - 1] == .mandatory) { end -= 1 }
        guard end > range.lowerBound else { return 0 }
        var w = -pairAdjustments[end - 1]
        for c in range.lowerBound..<end { w += advances[c] }
        return w
    }

    // MARK: - Pass 4: truncation

    private func ellipsisWidth(span: Int) -> Double {
        let (face, scalars) = ellipsisGlyphs(span: span)
        var shaped: [ShapedGlyph] = []
        shaper.shape(scalars[...], face: face, size: text.spans[span].font.size, into: &shaped)
        return shaped.reduce(0) { $0 + $1.advance }
    }

    /// The ellipsis for a span: U+2026 from the first face in its chain that has it,
    /// else three full stops.
    func ellipsisGlyphs(span: Int) -> (FontFace, [Unicode.Scalar]) {
        if let f = chains[span].first(where: { $0.glyph(for: "\u{2026}") != 0 }) { return (f, ["\u{2026}"]) }
        return (primary[span], [".", ".", "."])
    }

    /// The pieces of the last shown line when the text from cluster `start` on does not
    /// fit: the most clusters that fit beside the ellipsis, by `style.truncation`.
    private func truncate(from start: Int) -> [Piece] {
        let shown = (start..<count).filter { classes[$0] != .mandatory }
        guard !shown.isEmpty else { return [] }
        switch style.truncation {
        case .end:
            // The text up to the first newline, cut at the end.
            var end = start
            while end < count && classes[end] != .mandatory { end += 1 }
            let span = clusterSpan[max(start, min(end, count) - 1)]
            let room = width - ellipsisWidth(span: span)
            guard room >= -1e-9 else { return [] }
            var used = 0.0, fit = start
            for c in start..<end {
                if classes[c] != .space && used + advances[c] > room + 1e-9 { break }
                used += advances[c]
                fit = c + 1
            }
            while fit > start && classes[fit - 1] == .space { fit -= 1 }
            return [.clusters(start..<fit), .ellipsis(span: clusterSpan[max(start, fit - 1)])]
        case .start:
            let span = clusterSpan[shown.last!]
            let room = width - ellipsisWidth(span: span)
            guard room >= -1e-9 else { return [] }
            var used = 0.0, from = count
            for c in stride(from: count - 1, through: start, by: -1) {
                if classes[c] == .mandatory { break }
                if used + advances[c] > room + 1e-9 { break }
                used += advances[c]
                from = c
            }
            while from < count && classes[from] == .space { from += 1 }
            return [.ellipsis(span: clusterSpan[min(from, count - 1)]), .clusters(from..<count)]
        case .middle:
            let span = clusterSpan[start]
            let room = width - ellipsisWidth(span: span)
            guard room >= -1e-9 else { return [] }
            var head = start, tail = count, used = 0.0
            var headOpen = true, tailOpen = true
            while (headOpen || tailOpen) && head < tail {
                if headOpen {
                    if classes[head] == .mandatory || used + advances[head] > room + 1e-9 { headOpen = false } else {
                        used += advances[head]
                        head += 1
                    }
                }
                if tailOpen && head < tail {
                    if classes[tail - 1] == .mandatory || used + advances[tail - 1] > room + 1e-9 { tailOpen = false } else {
                        used += advances[tail - 1]
                        tail -= 1
                    }
                }
            }
            var headEnd = head
            while headEnd > start && classes[headEnd - 1] == .space { headEnd -= 1 }
            while tail < count && classes[tail] == .space { tail += 1 }
            return [.clusters(start..<headEnd), .ellipsis(span: span), .clusters(tail..<count)]
        }
    }

    // MARK: - Pass 5: placement

    private struct Metrics {
        var ascent = 0.0, descent = 0.0, gap = 0.0
        mutating func add(_ face: FontFace, size: Double) {
            let s = size / face.unitsPerEm
            ascent = max(ascent, face.ascender * s)
            descent = max(descent, face.descender * s)
            gap = max(gap, face.lineGap * s)
        }
    }

    private func place(ranges: [Range<Int>], pieces: [[Piece]], truncated: Set<Int>) -> TextLayout {
        // Widths first: the box is the widest line.
        var widths: [Double] = []
        for line in pieces {
            var w = 0.0
            for (k, piece) in line.enumerated() {
                switch piece {
                case .clusters(let r):
                    w += k == line.count - 1 || r.isEmpty ? visibleWidth(r) : r.reduce(-pairAdjustments[r.upperBound - 1]) { $0 + advances[$1] }
                case .ellipsis(let span):
                    w += ellipsisWidth(span: span)
                }
            }
            widths.append(w)
        }
        let exactWidth = widths.max() ?? 0
        let boxWidth = TextLayoutBuilder.roundUp(exactWidth)

        var lines: [TextLayout.Line] = []
        var runs: RunList = []
        var top = 0.0
        for (i, line) in pieces.enumerated() {
            // Vertical metrics from the spans' own fonts on this line.
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
            if lastSpan < 0 && count > 0 { add(clusterSpan[min(ranges[i].lowerBound, count - 1)]) }
            let height: Double
            let baseline: Double
            if let fixed = style.lineHeight {
                height = fixed
                baseline = top + (fixed - (m.ascent + m.descent)) / 2 + m.ascent
            } else {
                height = m.ascent + m.descent + m.gap
                baseline = top + m.ascent
            }

            let w = widths[i]
            var x: Double
            var spaceExtra = 0.0
            switch style.alignment {
            case .left: x = 0
            case .center: x = (boxWidth - w) / 2
            case .right: x = boxWidth - w
            case .justified:
                x = 0
                let endsParagraph = i == pieces.count - 1 || (ranges[i].upperBound > 0
                    && classes[ranges[i].upperBound - 1] == .mandatory)
                if !endsParagraph && !truncated.contains(i), line.count == 1, case .clusters(let r) = line[0] {
                    var end = r.upperBound
                    while end > r.lowerBound && (classes[end - 1] == .space || classes[end - 1] == .mandatory) { end -= 1 }
                    let spaces = (r.lowerBound..<end).filter { classes[$0] == .space }.count
                    if spaces > 0 { spaceExtra = (boxWidth - w) / Double(spaces) }
                }
            }
            let lineX = x
            var segments: [TextLayout.Segment] = []
            for piece in line {
                switch piece {
                case .clusters(let r):
                    for c in r {
                        appendGlyphs(of: c, x: x, baseline: baseline, to: &runs)
                        x += advances[c]
                        if classes[c] == .space { x += spaceExtra }
                    }
                    // What follows a piece (an ellipsis) is not what the kerning was for.
                    if !r.isEmpty { x -= pairAdjustments[r.upperBound - 1] }
                    var shown = r.upperBound
                    while shown > r.lowerBound && classes[shown - 1] == .mandatory { shown -= 1 }
                    if shown > r.lowerBound { segments.append(.source(clusterScalars[r.lowerBound]..<clusterScalars[shown])) }
                case .ellipsis(let span):
                    let (face, ell) = ellipsisGlyphs(span: span)
                    var shaped: [ShapedGlyph] = []
                    let spanStyle = text.spans[span]
                    shaper.shape(ell[...], face: face, size: spanStyle.font.size, into: &shaped)
                    for g in shaped {
                        append(g.glyph, face: face, span: span, at: Point(x: x + g.offset.x, y: baseline + g.offset.y), to: &runs)
                        x += g.advance
                    }
                    segments.append(.ellipsis(ell))
                }
            }
            let visible = spaceExtra > 0 ? boxWidth : w
            lines.append(TextLayout.Line(range: ranges[i], top: top, height: height, baseline: baseline, x: lineX,
                                         width: visible, isTruncated: truncated.contains(i), segments: segments))
            top += height
            if i < pieces.count - 1 { top += style.lineSpacing }
        }
        let exact = Size(width: exactWidth, height: top)
        return TextLayout(size: Size(width: boxWidth, height: TextLayoutBuilder.roundUp(top)), exactSize: exact,
                          lines: lines, runs: runs.map(\.run), clusterCount: count, scalars: scalars)
    }

    /// Up to the next whole point; a value within 1e-7 of an integer is that integer.
    static func roundUp(_ v: Double) -> Double {
        guard v > 0, v.isFinite else { return 0 }
        return (v - 1e-7).rounded(.up)
    }

    private func appendGlyphs(of c: Int, x: Double, baseline: Double, to runs: inout RunList) {
        // Newlines and spaces draw nothing.
        guard classes[c] != .mandatory && classes[c] != .space else { return }
        var pen = x
        for g in clusterGlyphs[c]..<clusterGlyphs[c + 1] {
            let shaped = glyphs[g]
            if shaped.glyph != 0 || !BasicShaper.isInvisible(scalars[min(shaped.cluster, scalars.count - 1)]) {
                append(shaped.glyph, face: faces[clusterFace[c]], span: clusterSpan[c],
                       at: Point(x: pen + shaped.offset.x, y: baseline + shaped.offset.y), to: &runs)
            }
            pen += shaped.advance
        }
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
