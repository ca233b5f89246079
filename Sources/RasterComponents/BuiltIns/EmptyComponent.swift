import RasterCore
import RasterLayout

/// Takes no space and draws nothing.
public struct EmptyComponent: Component {
    public init() {}
    public func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size { .zero }
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<EmptyComponent>) -> Size { .zero }
}
