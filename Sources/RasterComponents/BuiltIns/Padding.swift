import RasterCore
import RasterLayout

/// Insets its content (SwiftUI's `padding`): the content is proposed what is left
/// inside the insets and the padding is the content's size plus them. Insets given by
/// reading direction (`LayoutInsets`) swap their left and right edges right to left.
public struct Padding: CombinedComponent {
    public let content: AnyComponent<Empty>
    /// The insets; when `followsLayoutDirection`, `left` is the leading edge.
    public let insets: EdgeInsets
    public let followsLayoutDirection: Bool

    public init(_ content: AnyComponent<Empty>, insets: EdgeInsets) {
        self.init(content, insets: LayoutInsets(insets))
    }

    public init(_ content: AnyComponent<Empty>, insets: LayoutInsets) {
        self.content = content
        self.insets = insets.insets
        followsLayoutDirection = insets.followsLayoutDirection
    }

    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Padding>) -> Size {
        let c = context.node.content(content).sizeThatFits(insets.inset(proposal))
        return Size(width: c.width + insets.horizontal, height: c.height + insets.vertical)
    }

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
    public let content: AnyComponent<Empty>
    public var width: Double?, height: Double?
    public var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
    public var alignment: Alignment

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

    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Frame>) -> Size {
        let f = layout
        return f.size(for: proposal, child: context.node.content(content).sizeThatFits(f.childProposal(proposal)))
    }

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
    func padding(_ insets: EdgeInsets) -> AnyComponent<Empty> { AnyComponent(Padding(self, insets: insets)) }
    /// Padding that may follow the layout direction (`LayoutInsets(leading:…)`).
    func padding(_ insets: LayoutInsets) -> AnyComponent<Empty> { AnyComponent(Padding(self, insets: insets)) }
    func padding(_ all: Double) -> AnyComponent<Empty> { padding(EdgeInsets(all: all)) }

    func frame(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
               minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) -> AnyComponent<Empty> {
        AnyComponent(Frame(self, width: width, height: height, minWidth: minWidth, maxWidth: maxWidth,
                           minHeight: minHeight, maxHeight: maxHeight, alignment: alignment))
    }
}
