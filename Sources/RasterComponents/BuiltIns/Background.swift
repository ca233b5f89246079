import RasterCore
import RasterLayout

/// A content with another component behind it (or in front, `overlay`) sized to the
/// content: the decoration is proposed exactly the content's size and centred on it.
public struct Background: CombinedComponent, LayoutTransparent {
    /// What is shown; it sets the size.
    public let content: AnyComponent<Empty>
    /// The decoration: behind the content, or in front of it when `overlay`.
    public let background: AnyComponent<Empty>
    /// True draws `background` in front of the content instead of behind it.
    public let overlay: Bool
    public var layoutContent: AnyComponent<Empty> { content }

    /// `background` is drawn behind `content`, or in front of it when `overlay`.
    public init(_ content: AnyComponent<Empty>, background: AnyComponent<Empty>, overlay: Bool = false) {
        self.content = content
        self.background = background
        self.overlay = overlay
    }

    /// The content's size for `proposal`; the decoration does not count.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Background>) -> Size {
        context.node.content(content).sizeThatFits(proposal)
    }

    /// Places the content at the origin and the decoration, proposed the content's size,
    /// centred on it.
    public static var body: Body {
        let content = Child(AnyComponent<Empty>.self)
        let decoration = Child(AnyComponent<Empty>.self)
        return { context in
            let b = context.component
            let node = context.layoutNode
            let c = content.update(component: b.content, proposal: context.proposal, layout: node.content(b.content),
                                   origin: context.origin, transition: context.transition)
            let decorationNode = node.child(1, b.background)
            let offer = ProposedSize(c.size)
            let position = LayoutMath.aligned(decorationNode.sizeThatFits(offer), in: c.size, alignment: .center)
            let d = decoration.update(component: b.background, proposal: offer, layout: decorationNode,
                                      origin: context.childOrigin(position), transition: context.transition)
            if b.overlay {
                context.add(c, at: .zero)
                context.add(d, at: position)
            } else {
                context.add(d, at: position)
                context.add(c, at: .zero)
            }
            return c.size
        }
    }
}

public extension AnyComponent where EnvironmentType == Empty {
    /// This component with `background` behind it, sized to it.
    func background(_ background: AnyComponent<Empty>) -> AnyComponent<Empty> {
        AnyComponent(Background(self, background: background))
    }

    /// This component with `overlay` in front of it, sized to it.
    func overlay(_ overlay: AnyComponent<Empty>) -> AnyComponent<Empty> {
        AnyComponent(Background(self, background: overlay, overlay: true))
    }
}
