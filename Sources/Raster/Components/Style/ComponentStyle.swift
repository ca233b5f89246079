/// A component whose look is made by a style from the environment (the styling seed's
/// `StylableComponent`): the component gathers its `Configuration`, and the style
/// stack for its type turns that into a body.
///
/// Resolution: the stack in the environment, innermost first, each style wrapping the
/// body of the ones inside it; the component type's `defaultStyle` is the base of the
/// innermost (and the whole look when the stack is empty). A subtree override pushes or
/// replaces styles with `EnvironmentOverride`.
public protocol StylableComponent: Component {
    associatedtype Configuration
    static var defaultStyle: AnyComponentStyle<Self> { get }
}

/// Makes the body of a `Target` component from its configuration. `base` is the body the
/// styles inside this one made; a style may wrap it (composable) or ignore it.
public protocol ComponentStyle: Equatable {
    associatedtype Target: StylableComponent
    func makeBody(configuration: Target.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty>
}

/// A type-erased style for `C`; equal when the styles are of the same type and equal.
public struct AnyComponentStyle<C: StylableComponent>: Equatable {
    let base: AnyEquatable
    let body: (C.Configuration, AnyComponent<Empty>) -> AnyComponent<Empty>

    public init<S: ComponentStyle>(_ style: S) where S.Target == C {
        base = AnyEquatable(style)
        body = { style.makeBody(configuration: $0, base: $1) }
    }

    public func makeBody(configuration: C.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        body(configuration, base)
    }

    public static func == (lhs: AnyComponentStyle, rhs: AnyComponentStyle) -> Bool { lhs.base == rhs.base }
}

public extension StylableComponent {
    /// The body for `configuration` under the styles in `environment`.
    func styledBody(_ configuration: Configuration, environment: Environment<EnvironmentType>) -> AnyComponent<Empty> {
        var body = Self.defaultStyle.makeBody(configuration: configuration, base: AnyComponent(EmptyComponent()))
        for style in environment.styles(for: Self.self) {
            body = style.makeBody(configuration: configuration, base: body)
        }
        return body
    }
}
