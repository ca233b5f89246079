import RasterCore
import RasterLayout

/// Children on top of each other, later ones in front, each aligned in the stack's box
/// (SwiftUI's `ZStack`; sizing by `OverlayAlgorithm`).
public struct ZStack: CombinedComponent {
    public let items: [AnyComponentWithIdentity<Empty>]
    public let alignment: Alignment

    public init(_ items: [AnyComponentWithIdentity<Empty>], alignment: Alignment = .center) {
        self.items = items
        self.alignment = alignment
    }

    public init(_ children: [AnyComponent<Empty>], alignment: Alignment = .center) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  alignment: alignment)
    }

    func childNodes(of node: LayoutNode) -> [LayoutNode] {
        items.enumerated().map { index, item in
            node.child(index, item.component, retained: node.retained?.childNode(forKey: item.id))
        }
    }

    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<ZStack>) -> Size {
        OverlayAlgorithm().layout(childNodes(of: context.node), proposal: proposal).size
    }

    public static var body: Body {
        let children = ChildMap(environment: Empty.self, keyedBy: AnyHashable.self)
        return { context in
            let z = context.component
            let nodes = z.childNodes(of: context.layoutNode)
            let result = OverlayAlgorithm().layout(nodes, proposal: context.proposal)
            let alignment = z.alignment.resolved(for: context.environment.layoutDirection)
            for (i, item) in z.items.enumerated() {
                let position = LayoutMath.aligned(result.sizes[i], in: result.size, alignment: alignment)
                let c = children[item.id].update(component: item.component, proposal: result.proposals[i],
                                                 layout: nodes[i], origin: context.childOrigin(position),
                                                 transition: context.transition)
                context.add(c, at: position)
            }
            return result.size
        }
    }
}
