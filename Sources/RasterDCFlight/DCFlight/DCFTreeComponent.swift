import RasterComponents
import RasterCore
import RasterLayout

/// A DCFlight node tree shown as a component: a `DCFTree` kept with the component's view
/// mounts `root` (updating only the nodes whose props changed), takes its colours from
/// the environment's theme and its fonts from the environment, and is laid out in the
/// size the component is offered. Its width is the offer's (or the root's `width`), its
/// height the root's content at that width unless the offer or the root's `height` fixes
/// it, as a block-level flex container's is.
///
/// Invariant: `root` passed `DCFTree`'s check when the component was made
/// (`init(root:registry:)` throws otherwise), so mounting it cannot fail.
public struct DCFTreeComponent: Component {
    /// The view holding the tree's views.
    public final class View: ComponentView {
        var tree: DCFTree?

        public required init() {
            super.init()
        }
    }

    /// The node tree shown.
    public let root: DCFNode
    /// The component types the nodes name.
    public let registry: DCFComponentRegistry

    /// A tree of `root`.
    /// - Throws: `DCFError` when a node names a type `registry` does not hold, or two
    ///   children share a key.
    public init(root: DCFNode, registry: DCFComponentRegistry = .standard) throws {
        try DCFTree.check(root, registry: registry, path: "root")
        self.root = root
        self.registry = registry
    }

    public static func == (lhs: DCFTreeComponent, rhs: DCFTreeComponent) -> Bool {
        DCFNode.equal(lhs.root, rhs.root) && lhs.registry.names == rhs.registry.names
    }

    public func makeView() -> View { View() }

    /// The size the tree takes for `proposal` (see the type's description).
    /// The tree measured in a pass is kept in the layout node, so measuring it again for
    /// another proposal mounts nothing new.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<DCFTreeComponent>) -> Size {
        let tree: DCFTree
        if let kept = context.node.memo as? DCFTree {
            tree = kept
        } else {
            tree = DCFTree(registry: registry, theme: context.environment.theme, fonts: context.environment.untrackedValues.fonts)
            context.node.memo = tree
        }
        return tree.size(of: root, fitting: proposal)
    }

    public func update(view: View, availableSize: Size, state: EmptyComponentState, environment: Environment<Empty>,
                       transition: ComponentTransition) -> Size {
        let tree = view.tree ?? DCFTree(registry: registry, theme: environment.theme, fonts: environment.untrackedValues.fonts)
        if view.tree == nil {
            view.tree = tree
            view.addSubview(tree.view)
        }
        tree.theme = environment.theme
        let size = tree.size(of: root, fitting: view.node?.proposal ?? ProposedSize(available: availableSize))
        try? tree.update(root, size: size)
        return size
    }
}
