import RasterCore

/// ComponentFlow's `ComponentHostView`: a view that hosts a component tree inside
/// another view tree. It owns a `ComponentHost`; the host's root view is its only
/// subview, and the component's view is that root's only subview, at the origin.
///
/// `update` skips the pass when the component, the typed environment and the container
/// size are equal to the last ones and the shared environment values the tree read are
/// unchanged (`forceUpdate` runs it anyway); a state updated inside the tree re-runs the
/// pass by itself. Hit testing passes through: the host view itself is never the result,
/// only the controls of its components.
public final class ComponentHostView<EnvironmentType>: ComponentView {
    /// The host that runs the passes (statistics, animation clock, rendering).
    public let host: ComponentHost<EnvironmentType>

    /// A view owning a new host; the first update sets its bounds to the container size
    /// unless they were set before.
    public required init() {
        host = ComponentHost<EnvironmentType>()
        super.init()
        addSubview(host.view)
    }

    /// The view of the hosted component (nil before the first update).
    public var componentView: ComponentView? { host.view.subviews.first }

    /// Updates the tree for `component` in `containerSize`; returns the size it takes.
    @discardableResult
    public func update(transition: ComponentTransition, component: AnyComponent<EnvironmentType>,
                       @EnvironmentBuilder environment: () -> Environment<EnvironmentType>, forceUpdate: Bool = false,
                       containerSize: Size) -> Size {
        let size = host.update(transition: transition, component: component, environment: environment,
                               forceUpdate: forceUpdate, containerSize: containerSize)
        if layer.bounds.size == .zero { bounds = Rect(origin: .zero, size: containerSize) }
        return size
    }

    /// Renders the hosted tree at `scale` (`ComponentHost.render`).
    public func render(scale: Double = 1, background: Color = .clear) throws -> Bitmap {
        try host.render(scale: scale, background: background)
    }
}
