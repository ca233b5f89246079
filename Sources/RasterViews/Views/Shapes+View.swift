import RasterComponents
import RasterCore
import RasterLayout

/// What fills a shape (SwiftUI's `ShapeStyle`): a colour, or a semantic colour of the
/// theme such as `.background`.
public protocol ShapeStyle {
    /// The fill for the theme in effect.
    func _fill(environment: EnvironmentValues) -> Fill
}

extension Color: ShapeStyle {
    public func _fill(environment: EnvironmentValues) -> Fill { .color(self) }
}

/// The theme's background colour as a shape style.
public struct BackgroundStyle: ShapeStyle {
    public init() {}
    public func _fill(environment: EnvironmentValues) -> Fill { .color(.fixed(environment.theme[.background])) }
}

public extension ShapeStyle where Self == BackgroundStyle {
    /// The theme's background colour (`.background` where a shape style is expected).
    static var background: BackgroundStyle { BackgroundStyle() }
}

/// A colour is a view that fills the space it is offered.
extension Color: PrimitiveView {
    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> {
        AnyComponent(Rectangle(fill: .color(self)))
    }
}

/// A shape whose corners are fully round (SwiftUI's `Capsule`), as large as offered.
public struct Capsule: PrimitiveView {
    let fill: ShapeStyle?

    public init() { fill = nil }
    init(fill: ShapeStyle) { self.fill = fill }

    /// The capsule filled with `style`.
    public func fill<S: ShapeStyle>(_ style: S) -> Capsule { Capsule(fill: style) }

    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> {
        AnyComponent(CapsuleShape(fill: fill?._fill(environment: environment) ?? .color(.primary)))
    }
}

/// A rounded rectangle whose corner radius is half its shorter side.
struct CapsuleShape: Component {
    let fill: Fill

    func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<CapsuleShape>) -> Size {
        proposal.replacingUnspecifiedDimensions()
    }

    func update(view: ComponentView, availableSize: Size, state: EmptyComponentState, environment: Environment<Empty>,
                transition: ComponentTransition) -> Size {
        let size = view.node?.proposal?.replacingUnspecifiedDimensions() ?? availableSize
        view.layer.backgroundPaint = environment.paint(fill, in: Rect(origin: .zero, size: size))
        view.layer.cornerRadius = min(size.width, size.height) / 2
        return size
    }
}
