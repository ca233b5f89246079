import RasterCore

/// A size whose dimensions may be unknown.
///
/// Stored as two plain doubles (`OptionalLength`): 16 bytes instead of 25, in every flex
/// item's working values and every cached flex answer.
package struct OptionalSize: Hashable, Sendable, BitwiseCopyable {
    private var storedWidth: Double
    private var storedHeight: Double

    package var width: Double? {
        get { OptionalLength.read(storedWidth) }
        set { storedWidth = OptionalLength.stored(newValue) }
    }
    package var height: Double? {
        get { OptionalLength.read(storedHeight) }
        set { storedHeight = OptionalLength.stored(newValue) }
    }

    package init(_ width: Double?, _ height: Double?) {
        storedWidth = OptionalLength.stored(width)
        storedHeight = OptionalLength.stored(height)
    }

    /// Equal as a pair of optionals.
    package static func == (a: OptionalSize, b: OptionalSize) -> Bool {
        OptionalLength.same(a.storedWidth, b.storedWidth) && OptionalLength.same(a.storedHeight, b.storedHeight)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
    }

    static let none = OptionalSize(nil, nil)

    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(_ axis: Axis, main: Double?, cross: Double?) {
        self = axis == .horizontal ? OptionalSize(main, cross) : OptionalSize(cross, main)
    }

    /// Each known dimension clamped by the known limits (the minimum wins over the maximum).
    package func clamped(_ lo: OptionalSize, _ hi: OptionalSize) -> OptionalSize {
        OptionalSize(width.map { FlexMath.clamp($0, lo.width, hi.width) },
                     height.map { FlexMath.clamp($0, lo.height, hi.height) })
    }

    /// Known dimensions with the other filled in from `aspectRatio` (width / height).
    package func applyingAspectRatio(_ ratio: Double?) -> OptionalSize {
        guard let ratio else { return self }
        switch (width, height) {
        case let (w?, nil): return OptionalSize(w, FixedPoint.height(ofWidth: w, ratio))
        case let (nil, h?): return OptionalSize(FixedPoint.width(ofHeight: h, ratio), h)
        default: return self
        }
    }

    /// Known dimensions plus `size`.
    func adding(_ size: Size) -> OptionalSize {
        OptionalSize(width.map { $0 + size.width }, height.map { $0 + size.height })
    }

    /// Each dimension: this one if known, else `other`'s.
    func or(_ other: OptionalSize) -> OptionalSize { OptionalSize(width ?? other.width, height ?? other.height) }

    /// Known dimensions floored at `size`.
    func atLeast(_ size: Size) -> OptionalSize {
        OptionalSize(width.map { max($0, size.width) }, height.map { max($0, size.height) })
    }
}

/// The room a node is laid out in, per axis: a definite length, or sizing under a
/// min-content or max-content constraint.
package enum AvailableSpace: Hashable, BitwiseCopyable {
    case definite(Double)
    case minContent
    case maxContent

    var value: Double? {
        if case .definite(let v) = self { return v }
        return nil
    }

    func minus(_ d: Double) -> AvailableSpace {
        if case .definite(let v) = self { return .definite(v - d) }
        return self
    }

    /// The value replaced by `v` when `v` is known.
    func or(_ v: Double?) -> AvailableSpace {
        if let v { return .definite(v) }
        return self
    }

    func clamped(_ lo: Double?, _ hi: Double?) -> AvailableSpace {
        if case .definite(let v) = self { return .definite(FlexMath.clamp(v, lo, hi)) }
        return self
    }

    /// Equal, definite lengths within a float's precision.
    func isRoughlyEqual(_ other: AvailableSpace) -> Bool {
        switch (self, other) {
        case let (.definite(a), .definite(b)): return abs(a - b) < 1.1920929e-7
        case (.minContent, .minContent), (.maxContent, .maxContent): return true
        default: return false
        }
    }
}

package struct AvailableSize: Hashable {
    package var width: AvailableSpace
    var height: AvailableSpace

    subscript(axis: Axis) -> AvailableSpace {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    static let maxContent = AvailableSize(width: .maxContent, height: .maxContent)

    init(width: AvailableSpace, height: AvailableSpace) {
        self.width = width
        self.height = height
    }

    /// `main` along `axis` and `cross` across it.
    init(_ axis: Axis, main: AvailableSpace, cross: AvailableSpace) {
        self = axis == .horizontal ? AvailableSize(width: main, height: cross) : AvailableSize(width: cross, height: main)
    }

    var values: OptionalSize { OptionalSize(width.value, height.value) }
}

/// Whether a node's own size properties apply (`inherent`) or only its content counts
/// (`content`: how a flex container measures an item whose size it decides).
enum SizingMode { case inherent, content }

/// Whether only the size is wanted, or the children's frames as well.
package enum RunMode { case computeSize, performLayout }

/// Per axis, a yes or no (which known sizes are definite).
struct AxisFlags: Hashable {
    var width: Bool
    var height: Bool

    static let none = AxisFlags(width: false, height: false)

    subscript(axis: Axis) -> Bool {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

/// What a node is laid out for.
package struct FlexInput {
    var known: OptionalSize
    /// Which of `known`'s dimensions are definite in CSS's sense (§9.8): the node's
    /// children resolve percentages against them. A size the parent's layout found
    /// from content (a column's height, a stretched item in a content-sized line) is
    /// known but not definite, so a percentage inside it behaves as auto, as in Chrome.
    var definite: AxisFlags
    /// The size the node's own percentages resolve against (its container's definite
    /// content box).
    var parentSize: OptionalSize
    var available: AvailableSize
    var sizingMode: SizingMode
    var runMode: RunMode
}

/// What laying out a node gives: its border-box size and first baseline (from its top).
package struct FlexOutput {
    package var size: Size
    var baseline: Double?

    init(size: Size, baseline: Double? = nil) {
        self.size = size
        self.baseline = baseline
    }
}

/// Answers a node gave in one pass, matched as Taffy matches them: an answer serves an
/// input with the same known dimensions (or a known dimension equal to the size it
/// gave) and, where a dimension is not known, the same available space, under the same
/// sizing mode (a box measured for its content ignores its own limits; a box without
/// sizes, limits or ratio sizes alike in both, and its caller says so when it stores an
/// answer, `sizesAlike`: both modes are then kept and matched as `inherent`); answers are
/// tried in Taffy's order of kinds (both dimensions known first, min-content ones
/// last). Unlike Taffy, which keeps one answer per kind, every size answer of the pass
/// is kept (newest first within a kind), so a node asked alternately for two sizes of
/// one kind is not laid out again each time, which makes nested wrapping containers
/// exponential in their depth. The last full layout is kept on its own (the children's
/// frames are those of that layout).
///
/// How definite a known size is matters only to percentages, aspect ratios and absolute
/// boxes in the node's subtree: for a node without any (its caller says so when it
/// stores an answer, `definitenessAlike`), known sizes match whatever their
/// definiteness, so the final layout of a container, where sizes measured as content
/// become definite, reuses the answers its children gave while it was measured (except
/// those measured under a min-content constraint, see `matches`).
package struct FlexCache {
    private struct Entry<T> {
        var kind: Int
        var known: OptionalSize
        var definite: AxisFlags
        var available: AvailableSize
        var sizingMode: SizingMode
        var value: T
    }

    /// The sizes stored: the first inline (most nodes are sized under one input in a
    /// pass), the later ones in an array ordered by kind, smallest first, and newest
    /// first within a kind, so that the first match found there is the best of them.
    private var firstSize: Entry<Size>?
    private var laterSizes: [Entry<Size>] = []
    private var layout: Entry<FlexOutput>?
    /// Whether the node's box sizes alike in both sizing modes, as its stores said (a
    /// cache holds nothing to match before its first store).
    private var sizesAlike = false
    /// Whether the node lays out alike however definite its sizes are, as its stores said.
    private var definitenessAlike = false

    package init() {}

    @inline(__always)
    private static func matches<T>(_ input: FlexInput, _ mode: SizingMode, anyDefiniteness: Bool, _ e: Entry<T>,
                                   _ size: Size) -> Bool {
        /// A known dimension matches the same known one (equally definite), or an open
        /// one that came out at that size, unless it is definite: a percentage inside
        /// resolves against a definite size and behaves as auto in an open one. Where
        /// nothing inside reads it (`anyDefiniteness`), definiteness is not compared, but
        /// a definite size still does not match one that came out under a min-content
        /// constraint: there text breaks at every opportunity, where at a definite width
        /// of the same length it fills its lines (or keeps one line when it may not shrink).
        @inline(__always)
        func same(_ axis: Axis) -> Bool {
            guard let known = input.known[axis] else {
                return e.known[axis] == nil && e.available[axis].isRoughlyEqual(input.available[axis])
            }
            if let entry = e.known[axis] {
                return entry == known && (anyDefiniteness || e.definite[axis] == input.definite[axis])
            }
            guard known == size[axis] else { return false }
            return !input.definite[axis] || (anyDefiniteness && e.available[axis] != .minContent)
        }
        return mode == e.sizingMode && same(.horizontal) && same(.vertical)
    }

    /// `mutating` although it changes nothing: a cache stored in a class is then read
    /// in place, where a non-mutating call would copy it (and its array) first.
    package mutating func get(_ input: FlexInput) -> FlexOutput? {
        let mode = sizesAlike ? .inherent : input.sizingMode
        let anyDefiniteness = definitenessAlike
        switch input.runMode {
        case .performLayout:
            guard let e = layout, Self.matches(input, mode, anyDefiniteness: anyDefiniteness, e, e.value.size) else {
                return nil
            }
            return e.value
        case .computeSize:
            // The newest match of the smallest kind. The first size is the oldest: a
            // later one of its kind or a smaller one beats it, one of a larger kind not.
            var bound = Int.max, best: Size?
            if let e = firstSize, Self.matches(input, mode, anyDefiniteness: anyDefiniteness, e, e.value) {
                bound = e.kind
                best = e.value
            }
            laterSizes.withUnsafeBufferPointer { entries in
                for i in entries.indices {
                    if entries[i].kind > bound { break }
                    if Self.matches(input, mode, anyDefiniteness: anyDefiniteness, entries[i], entries[i].value) {
                        best = entries[i].value
                        break
                    }
                }
            }
            return best.map { FlexOutput(size: $0) }
        }
    }

    /// Forgets every answer, keeping the room they took for the next pass's.
    package mutating func removeAll() {
        firstSize = nil
        laterSizes.removeAll(keepingCapacity: true)
        layout = nil
    }

    /// Forgets the full layout (its children's frames are gone), keeping the sizes.
    package mutating func forgetLayout() { layout = nil }

    /// Keeps `output` as the answer for `input`. `sizesAlike`: the node's box sizes alike
    /// in both sizing modes (`BoxStyle.sizesAlikeInEitherMode`); `definitenessAlike`:
    /// the node lays out alike however definite its sizes are (nothing in its subtree
    /// reads it, see `BoxStyle.readsDefiniteness`).
    package mutating func store(_ input: FlexInput, _ output: FlexOutput, sizesAlike: Bool, definitenessAlike: Bool) {
        self.sizesAlike = sizesAlike
        self.definitenessAlike = definitenessAlike
        let mode = sizesAlike ? .inherent : input.sizingMode
        switch input.runMode {
        case .performLayout:
            layout = Entry(kind: 0, known: input.known, definite: input.definite, available: input.available,
                           sizingMode: mode, value: output)
        case .computeSize:
            let entry = Entry(kind: Self.kind(input), known: input.known, definite: input.definite,
                              available: input.available, sizingMode: mode, value: output.size)
            if firstSize == nil {
                firstSize = entry
            } else {
                // Before the others of its kind (newest first), after the smaller kinds:
                // appended, then moved down past the larger or equal kinds.
                laterSizes.append(entry)
                var i = laterSizes.count - 1
                while i > 0, laterSizes[i - 1].kind >= entry.kind {
                    laterSizes.swapAt(i - 1, i)
                    i -= 1
                }
            }
        }
    }

    /// Taffy's slot for an input: which dimensions are known, and which are sized under
    /// a min-content constraint.
    private static func kind(_ input: FlexInput) -> Int {
        let k = input.known, a = input.available
        switch (k.width != nil, k.height != nil) {
        case (true, true): return 0
        case (true, false): return a.height == .minContent ? 2 : 1
        case (false, true): return a.width == .minContent ? 4 : 3
        case (false, false):
            switch (a.width == .minContent, a.height == .minContent) {
            case (false, false): return 5
            case (false, true): return 6
            case (true, false): return 7
            case (true, true): return 8
            }
        }
    }
}

extension DimensionEdges {
    /// Left and right swapped.
    var mirrored: DimensionEdges { DimensionEdges(top: top, left: right, bottom: bottom, right: left) }
}

extension FlexItemStyle {
    /// The item's insets and margins with left and right swapped (how a right-to-left
    /// container lays an item out mirrored).
    var mirrored: FlexItemStyle {
        var item = self
        item.insets = insets.mirrored
        item.margin = margin.mirrored
        return item
    }
}

/// Arithmetic on optional lengths as CSS sizing needs it.
enum FlexMath {
    /// The indices of `range` in order, or last to first when `reversed` (without
    /// making an array).
    static func indices(_ range: Range<Int>, reversed: Bool) -> StrideThrough<Int> {
        reversed ? stride(from: range.upperBound - 1, through: range.lowerBound, by: -1)
                 : stride(from: range.lowerBound, through: range.upperBound - 1, by: 1)
    }

    /// `v` limited by `lo` and `hi` where known; `lo` wins when `lo > hi`.
    static func clamp(_ v: Double, _ lo: Double?, _ hi: Double?) -> Double {
        var x = v
        if let hi, x > hi { x = hi }
        if let lo, x < lo { x = lo }
        return x
    }

    /// The sum of the gaps between `count` items.
    static func gaps(_ gap: Double, _ count: Int) -> Double { count > 1 ? gap * Double(count - 1) : 0 }
}
