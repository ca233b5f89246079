/// The label alone, in its own colours (text that reads `primary` stays `primary`;
/// give the content `.accent` for a tinted plain button).
public struct PlainButtonStyle: ComponentStyle {
    /// Styles buttons.
    public typealias Component = Button
    /// The style; it has no settings.
    public init() {}
    public func makeBody(configuration: Button.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        configuration.label
    }
}

/// The label on a rounded accent fill, in `onAccent`. Replaces the styles inside it.
public struct FilledButtonStyle: ComponentStyle {
    /// Styles buttons.
    public typealias Component = Button
    /// Radius of the fill's continuous corners.
    public var cornerRadius: Double
    /// What paints the shape behind the label.
    public var fill: Fill

    /// A fill of `fill` (the accent colour by default) with continuous corners of `cornerRadius`.
    public init(cornerRadius: Double = 12, fill: Fill = .color(.accent)) {
        self.cornerRadius = cornerRadius
        self.fill = fill
    }

    public func makeBody(configuration: Button.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        let label = AnyComponent(EnvironmentOverride(content: configuration.label,
                                                     changes: [.colorAliases(["primary": "onAccent"])]))
        return label.background(AnyComponent(RoundedRectangle(cornerRadius: cornerRadius, smoothCorners: true, fill: fill)))
    }
}

/// A rounded outline in the accent colour drawn over the styles inside it (by default,
/// the plain label): composable, so `[filled, bordered]` is a filled button with a ring.
public struct BorderedButtonStyle: ComponentStyle {
    /// Styles buttons.
    public typealias Component = Button
    /// Radius of the outline's continuous corners.
    public var cornerRadius: Double
    /// Width of the outline, drawn inside the button's box.
    public var lineWidth: Double
    /// Colour of the outline; may be semantic.
    public var color: ColorValue

    /// An outline `lineWidth` wide in `color`, with continuous corners of `cornerRadius`.
    public init(cornerRadius: Double = 12, lineWidth: Double = 1.5, color: ColorValue = .accent) {
        self.cornerRadius = cornerRadius
        self.lineWidth = lineWidth
        self.color = color
    }

    public func makeBody(configuration: Button.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        let ring = RoundedRectangle(cornerRadius: cornerRadius, smoothCorners: true, fill: nil,
                                    stroke: ShapeStroke(.color(color), width: lineWidth, inside: true))
        return base.overlay(AnyComponent(ring))
    }
}

public extension Button {
    /// The names of the built-in styles, as scene files use them.
    static let styleNames = ["plain", "filled", "bordered"]

    /// The built-in style called `name`.
    static func namedStyle(_ name: String) -> AnyComponentStyle<Button>? {
        switch name {
        case "plain": return AnyComponentStyle(PlainButtonStyle())
        case "filled": return AnyComponentStyle(FilledButtonStyle())
        case "bordered": return AnyComponentStyle(BorderedButtonStyle())
        default: return nil
        }
    }
}
