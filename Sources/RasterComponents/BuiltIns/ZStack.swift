import RasterCore
import RasterLayout

/// Children on top of each other, later ones in front, each aligned in the stack's box
/// (SwiftUI's `ZStack`; sizing by `OverlayAlgorithm`).
public struct ZStack: CombinedComponent {
    /// The children, back to front, identified by `id`.
    public let items: [AnyComponentWithIdentity<Empty>]
    /// Where each child sits in the stack's box, mirrored right to left.
    public let alignment: Alignment

    /// Identified children, back to front.
    public init(_ items: [AnyComponentWithIdentity<Empty>], alignment: Alignment = .center) {
        self.items = items
        self.alignment = alignment
    }

    /// Children identified by their position, back to front.
    public init(_ children: [AnyComponent<Empty>], alignment: Alignment = .center) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  alignment: alignment)
    }

    func childNodes(of node: LayoutNode) -> [LayoutNode] {
        items.enumerated().map { index, item in
            node.child(index, item.component, retained: node.retained?.childNode(forKey: item.key))
        }
    }

    /// The largest size on each axis of the highest-priority children for `proposal`.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<ZStack>) -> Size {
        OverlayAlgorithm().layout(childNodes(of: context.node), proposal: proposal).size
    }

    /// Updates each child at the proposal the overlay layout gives it, aligned in the
    /// stack's box.
    public static var body: Body {
        let children = ChildMap(environment: Empty.self, keyedBy: ChildKey.self)
        return { context in
            let z = context.component
            let nodes = z.childNodes(of: context.layoutNode)
            let result = OverlayAlgorithm().layout(nodes, proposal: context.proposal)
            let alignment = z.alignment.resolved(for: context.environment.layoutDirection)
            for (i, item) in z.items.enumerated() {
                let position = LayoutMath.aligned(result.sizes[i], in: result.size, alignment: alignment)
                let c = children[item.key].update(component: item.component, proposal: result.proposals[i],
                                                 layout: nodes[i], origin: context.childOrigin(position),
                                                 transition: context.transition)
                context.add(c, at: position)
            }
            return result.size
        }
    }
}
