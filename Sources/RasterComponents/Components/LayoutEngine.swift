import RasterCore
import RasterLayout

/// The layout stage on its own, without views: lays a component tree out for a
/// proposal the way an update pass measures and places it, and returns the root's
/// size. Flex containers place every item (their frames are computed), also a root
/// `Flex` inside wrappers that lay out as their content; stacks measure every child.
/// For benchmarks against other layout engines and for callers who only need sizes.
public enum LayoutEngine {
    /// The size, in points, `component` takes for `proposal`, with `environment` as the
    /// shared values it reads; each call builds a new layout tree.
    public static func layout(_ component: AnyComponent<Empty>, proposal: ProposedSize,
                              environment: EnvironmentValues = EnvironmentValues()) -> Size {
        LayoutTree(component, environment: environment).layout(proposal)
    }
}

/// A component tree's layout nodes, kept from one layout to the next as Taffy keeps its
/// tree: the nodes, their children and the styles read from their components are made
/// once, and each node's answers (sizes per proposal, flex layouts) are cached on it.
/// Laying out again for a proposal already answered is a lookup; `markDirty()` forgets
/// every answer, so that the next layout measures every node again on the same nodes.
///
/// Invariant: the component tree is immutable (components are values), so kept nodes
/// and answers never disagree with it. Not thread-safe: one layout at a time.
public final class LayoutTree {
    /// The component laid out.
    public let component: AnyComponent<Empty>
    /// The root's node (the nodes below it hang from its child slots).
    let root: LayoutNode

    /// The tree of `component`, reading `environment` as its shared values; nothing is
    /// measured until `layout`. The root is laid out as an update pass lays out its
    /// host's root (`LayoutNode.laidOutAsMeasured`): a `Flex` there, or inside wrappers
    /// that lay out as their content, places its items when it is measured.
    public init(_ component: AnyComponent<Empty>, environment: EnvironmentValues = EnvironmentValues()) {
        self.component = component
        root = LayoutNode(component: component, environment: ErasedEnvironment(typed: [], shared: environment, recorder: nil))
        root.laidOutAsMeasured = true
    }

    /// The size, in points, the component takes for `proposal`. A `Flex` at the root
    /// (or inside wrappers that lay out as their content) places every item (their
    /// frames are computed); stacks measure every child. At a proposal the root has
    /// already answered since the last `markDirty`, a wrapped `Flex` is not placed again
    /// (the wrapper's answer is a lookup; its items keep the frames of its last layout),
    /// where a bare root `Flex` is.
    public func layout(_ proposal: ProposedSize) -> Size {
        if root.holds(Flex.self) {
            return FlexLayout(tree: ComponentFlexTree()).root(root, proposal: proposal, runMode: .performLayout).size
        }
        return root.sizeThatFits(proposal)
    }

    /// Forgets every node's answers (Taffy's `mark_dirty` on every node): the next
    /// `layout` measures the whole tree again, on the nodes kept.
    public func markDirty() {
        root.markSubtreeDirty()
    }
}
