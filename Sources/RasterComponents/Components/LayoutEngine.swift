import RasterCore
import RasterLayout

/// The layout stage on its own, without views: lays a component tree out for a
/// proposal the way an update pass measures and places it, and returns the root's
/// size. Flex containers place every item (their frames are computed); stacks measure
/// every child. For benchmarks against other layout engines and for callers who only
/// need sizes.
public enum LayoutEngine {
    /// The size, in points, `component` takes for `proposal`, with `environment` as the
    /// shared values it reads; each call builds a new layout tree.
    public static func layout(_ component: AnyComponent<Empty>, proposal: ProposedSize,
                              environment: EnvironmentValues = EnvironmentValues()) -> Size {
        let node = LayoutNode(component: component, environment: ErasedEnvironment(typed: [], shared: environment, recorder: nil))
        if node.holds(Flex.self) {
            return FlexLayout(tree: ComponentFlexTree()).root(node, proposal: proposal, runMode: .performLayout).size
        }
        return node.sizeThatFits(proposal)
    }
}
