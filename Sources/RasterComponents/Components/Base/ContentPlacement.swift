import RasterCore
import RasterLayout

/// Where a wrapper that lays out its one content itself (a flex item, a padding and
/// frame) puts that content in this update: worked out once, then either drawn on the
/// wrapper's layer (`DrawingLeafPolicy.drawing(_:environment:...)`) or updated as a
/// child view at `position` (`CombinedComponentContext.place`).
///
/// Invariant: `measured` is the content's size for `proposal` (its layout node's
/// answer, or a shape's own, `Component.sizeWithoutLayout`), and `size` is the size the
/// wrapper's update returns.
package struct ContentPlacement {
    /// The wrapper's size: the box the content is placed in.
    package var size: Size
    /// The wrapper's layout node in this pass.
    package var wrapper: LayoutNode
    /// The content.
    package var content: AnyComponent<Empty>
    /// What the content is proposed.
    package var proposal: ProposedSize
    /// The content's size for `proposal`.
    package var measured: Size
    /// The content's position in the wrapper's box, before snapping.
    package var position: Point
    /// The size the wrapper's parent gives the wrapper's frame (`LayoutNode.placedSize`).
    package var placedSize: Size?
    /// The wrapper's own frame is snapped by its parent from its unrounded origin (a
    /// `Flex` places its items so).
    package var parentSnaps: Bool

    /// Whether the content fills the wrapper's box exactly, at its origin: the only
    /// placement in which a leaf can be drawn on the wrapper's layer.
    var fillsBox: Bool { position == .zero && measured == size }

    /// The content's layout node in this pass (made when first asked for: a shape
    /// measured without one and drawn on the wrapper's layer never has one).
    var layout: LayoutNode { wrapper.content(content) }
}
