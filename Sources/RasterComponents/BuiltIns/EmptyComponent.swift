import RasterCore
import RasterLayout

/// Takes no space and draws nothing.
public struct EmptyComponent: Component {
    /// The empty component; it has no settings.
    public init() {}
    /// Leaves the view as it is and takes no space.
    public func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size { .zero }
    /// Zero, whatever is proposed.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<EmptyComponent>) -> Size { .zero }
}
