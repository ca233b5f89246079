import RasterCore
import RasterLayout

/// SwiftUI's `padding` and then `frame` around a content, laid out by the component that
/// carries them (a scene node) instead of by a `Padding` inside a `Frame`: the same
/// proposals, sizes and positions, with no view, layer or layout node of their own.
///
/// Invariant: `size(_:content:)` and `update(content:child:in:)` agree, as a `Frame`'s
/// measuring and update do (the update returns the size measured for its proposal).
package struct PaddingAndFrame: Hashable {
    /// The insets around the content (`Padding`); nil: none.
    package var padding: LayoutInsets?
    /// The frame around the padded content (`Frame`); nil: none.
    package var frame: FrameLayout?
    /// Where the padded content sits in the frame, mirrored right to left.
    package var alignment: Alignment

    package init(padding: LayoutInsets?, frame: FrameLayout?, alignment: Alignment = .center) {
        self.padding = padding
        self.frame = frame
        self.alignment = alignment
    }

    /// `content` in a `Padding` inside a `Frame` (each only when set): the components
    /// this lays out as, for a content whose padding and frame no scene node carries.
    package func wrapping(_ content: AnyComponent<Empty>) -> AnyComponent<Empty> {
        var c = content
        if let padding { c = c.padding(padding) }
        if let f = frame {
            c = c.frame(width: f.width, height: f.height, minWidth: f.minWidth, maxWidth: f.maxWidth,
                        minHeight: f.minHeight, maxHeight: f.maxHeight, alignment: alignment)
        }
        return c
    }

    /// The frame's size for `proposal` (the padded size when there is no frame), the
    /// content measured through `content`.
    package func size(_ proposal: ProposedSize, content: LayoutNode) -> Size {
        guard let frame else { return padded(proposal, content) }
        return frame.size(for: proposal, child: padded(frame.childProposal(proposal), content))
    }

    /// The content's size for `proposal` less the insets, plus the insets (`Padding`).
    private func padded(_ proposal: ProposedSize, _ content: LayoutNode) -> Size {
        guard let padding else { return content.sizeThatFits(proposal) }
        let c = content.sizeThatFits(padding.insets.inset(proposal))
        return Size(width: c.width + padding.insets.horizontal, height: c.height + padding.insets.vertical)
    }

    /// The update of the component that carries this padding and frame: `content`
    /// (through `child`) placed as `placement` puts it. Returns the frame's size.
    package func update<Parent>(content: AnyComponent<Empty>, child: Child<AnyComponent<Empty>>,
                                in context: CombinedComponentContext<Parent>, clipsContent: Bool = false) -> Size
        where Parent.EnvironmentType == Empty {
        let placement = placement(content: content, wrapper: context.layoutNode, proposal: context.proposal,
                                  direction: context.environment.layoutDirection)
        context.place(placement, child: child, clipsContent: clipsContent)
        return placement.size
    }

    /// Where the component that carries this padding and frame, measured through
    /// `wrapper` for `proposal`, puts `content`: proposed what the frame and the insets
    /// leave, and placed at the frame's alignment and inside the insets as resolved
    /// for `direction`, in a box of the frame's size.
    package func placement(content: AnyComponent<Empty>, wrapper: LayoutNode, proposal: ProposedSize,
                           direction: LayoutDirection) -> ContentPlacement {
        let node = wrapper.content(content)
        let offer = frame?.childProposal(proposal) ?? proposal
        let paddedSize = padded(offer, node)
        let size = frame?.size(for: proposal, child: paddedSize) ?? paddedSize
        var position = frame == nil ? Point.zero
            : LayoutMath.aligned(paddedSize, in: size, alignment: alignment.resolved(for: direction))
        var contentOffer = offer
        if let padding {
            let insets = padding.resolved(for: direction)
            position = Point(x: position.x + insets.left, y: position.y + insets.top)
            contentOffer = insets.inset(offer)
        }
        return ContentPlacement(size: size, wrapper: wrapper, content: content, proposal: contentOffer,
                                measured: node.sizeThatFits(contentOffer),
                                position: position, placedSize: wrapper.placedSize, parentSnaps: false)
    }
}
