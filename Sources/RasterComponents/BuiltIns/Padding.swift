import RasterCore
import RasterLayout

/// Insets its content (SwiftUI's `padding`): the content is proposed what is left
/// inside the insets and the padding is the content's size plus them. Insets given by
/// reading direction (`LayoutInsets`) swap their left and right edges right to left.
public struct Padding: CombinedComponent {
    /// The inset component.
    public let content: AnyComponent<Empty>
    /// The insets; when `followsLayoutDirection`, `left` is the leading edge.
    public let insets: EdgeInsets
    /// True swaps the left and right insets in a right-to-left layout.
    public let followsLayoutDirection: Bool

    /// Insets by fixed edges, the same in either direction.
    public init(_ content: AnyComponent<Empty>, insets: EdgeInsets) {
        self.init(content, insets: LayoutInsets(insets))
    }

    /// Insets that may follow the reading direction.
    public init(_ content: AnyComponent<Empty>, insets: LayoutInsets) {
        self.content = content
        self.insets = insets.insets
        followsLayoutDirection = insets.followsLayoutDirection
    }

    /// The content's size for the proposal less the insets, plus the insets.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Padding>) -> Size {
        let c = context.node.content(content).sizeThatFits(insets.inset(proposal))
        return Size(width: c.width + insets.horizontal, height: c.height + insets.vertical)
    }

    /// Places the content at the top and left insets as resolved for the layout direction.
    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let padding = context.component
            let i = LayoutInsets(padding.insets, followsLayoutDirection: padding.followsLayoutDirection)
                .resolved(for: context.environment.layoutDirection)
            let position = Point(x: i.left, y: i.top)
            let c = child.update(component: padding.content, proposal: i.inset(context.proposal),
                                 layout: context.layoutNode.content(padding.content),
                                 origin: context.childOrigin(position), transition: context.transition)
            context.add(c, at: position)
            return Size(width: c.size.width + i.horizontal, height: c.size.height + i.vertical)
        }
    }
}

/// Gives its content a fixed or flexible size and aligns it inside (SwiftUI's
/// `frame`; see `FrameLayout`).
public struct Frame: CombinedComponent {
    /// The framed component.
    public let content: AnyComponent<Empty>
    /// Fixed lengths, proposed to the content and taken by the frame (nil: not fixed).
    public var width: Double?, height: Double?
    /// A flexible frame's limits: at least the minimum and the content, as large as
    /// proposed up to the maximum (nil: no limit).
    public var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
    /// Where the content sits in the frame, mirrored right to left.
    public var alignment: Alignment

    /// Fixed lengths or limits per axis; nil leaves that constraint out (see `FrameLayout`).
    public init(_ content: AnyComponent<Empty>, width: Double? = nil, height: Double? = nil,
                minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
                alignment: Alignment = .center) {
        self.content = content
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    var layout: FrameLayout {
        FrameLayout(width: width, height: height, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
                    maxHeight: maxHeight)
    }

    /// The frame's size for `proposal`, given the content's size for what the frame
    /// proposes it.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Frame>) -> Size {
        let f = layout
        return f.size(for: proposal, child: context.node.content(content).sizeThatFits(f.childProposal(proposal)))
    }

    /// Sizes the frame, then places the content at `alignment` inside it.
    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let c = context.component, f = c.layout
            let node = context.layoutNode.content(c.content)
            let offer = f.childProposal(context.proposal)
            let measured = node.sizeThatFits(offer)
            let size = f.size(for: context.proposal, child: measured)
            let position = LayoutMath.aligned(measured, in: size,
                                              alignment: c.alignment.resolved(for: context.environment.layoutDirection))
            let updated = child.update(component: c.content, proposal: offer, layout: node,
                                       origin: context.childOrigin(position), transition: context.transition)
            context.add(updated, at: position)
            return size
        }
    }
}

public extension AnyComponent where EnvironmentType == Empty {
    /// This component inset by `insets`.
    func padding(_ insets: EdgeInsets) -> AnyComponent<Empty> { AnyComponent(Padding(self, insets: insets)) }
    /// Padding that may follow the layout direction (`LayoutInsets(leading:…)`).
    func padding(_ insets: LayoutInsets) -> AnyComponent<Empty> { AnyComponent(Padding(self, insets: insets)) }
    /// This component inset by `all` on every side.
    func padding(_ all: Double) -> AnyComponent<Empty> { padding(EdgeInsets(all: all)) }

    /// This component in a `Frame` with these lengths, limits and alignment.
    func frame(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
               minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) -> AnyComponent<Empty> {
        AnyComponent(Frame(self, width: width, height: height, minWidth: minWidth, maxWidth: maxWidth,
                           minHeight: minHeight, maxHeight: maxHeight, alignment: alignment))
    }
}
