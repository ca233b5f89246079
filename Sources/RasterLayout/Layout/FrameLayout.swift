import RasterCore

/// SwiftUI's `.frame` modifier, axis by axis.
///
/// - A fixed length (`width`/`height`) is proposed to the child and is the frame's
///   length, whatever the child takes.
/// - A flexible frame (`min…`/`max…`) proposes the parent's proposal clamped to its
///   range (an unspecified proposal stays unspecified) and becomes
///   `max(min, min(child, proposal))`, then `min(max, max(that, proposal))`: at least
///   `min` and the child, and as large as proposed up to `max`. An unspecified proposal
///   counts as the child's own length. Where `min > max`, `min` wins (CSS's rule).
/// - Neither: the child's proposal and length pass through.
///
/// The child is aligned in the frame by `alignment`.
package struct FrameLayout: Hashable {
    package var width: Double?, height: Double?
    package var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?

    package init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
                 minHeight: Double? = nil, maxHeight: Double? = nil) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
    }

    package func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: Self.propose(width, minWidth, maxWidth, proposal.width),
                     height: Self.propose(height, minHeight, maxHeight, proposal.height))
    }

    package func size(for proposal: ProposedSize, child: Size) -> Size {
        Size(width: Self.length(width, minWidth, maxWidth, proposal.width, child.width),
             height: Self.length(height, minHeight, maxHeight, proposal.height, child.height))
    }

    private static func propose(_ fixed: Double?, _ lo: Double?, _ hi: Double?, _ p: Double?) -> Double? {
        if let fixed { return fixed }
        guard lo != nil || hi != nil, var v = p else { return p }
        if let hi { v = min(v, hi) }
        if let lo { v = max(v, lo) }
        return v
    }

    private static func length(_ fixed: Double?, _ lo: Double?, _ hi: Double?, _ p: Double?, _ child: Double) -> Double {
        if let fixed { return fixed }
        guard lo != nil || hi != nil else { return child }
        let proposed = p ?? child
        var r = child
        if let lo { r = max(lo, min(r, proposed)) }
        if let hi { r = min(hi, max(r, proposed)) }
        if let lo { r = max(r, lo) }
        return r
    }
}

extension EdgeInsets {
    /// The proposal left for content inside these insets (unspecified and infinite
    /// dimensions stay so; definite ones never go below 0).
    package func inset(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: proposal.width.map { max(0, $0 - horizontal) },
                     height: proposal.height.map { max(0, $0 - vertical) })
    }
}
