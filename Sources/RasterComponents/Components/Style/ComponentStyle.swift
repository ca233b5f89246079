import Foundation

/// A component whose look is made by a style from the environment (the styling seed's
/// `StylableComponent`): the component gathers its `Configuration`, and the style
/// stack for its type turns that into a body.
///
/// Resolution: the stack in the environment, innermost first, each style wrapping the
/// body of the ones inside it; the component type's `defaultStyle` is the base of the
/// innermost (and the whole look when the stack is empty). A subtree override pushes or
/// replaces styles with `EnvironmentOverride` (`.style(...)` on a component).
public protocol StylableComponent: Component {
    /// What the component gathers for its style to draw from.
    associatedtype Configuration
    /// The style at the base of the stack: the whole look when the environment holds none.
    static var defaultStyle: AnyComponentStyle<Self> { get }
    /// `configuration` carrying `base`, the body the styles inside the current one made
    /// (what `ComposableStyling`'s `init(_:)` shows). The default drops it.
    static func configuration(_ configuration: Configuration, base: AnyComponent<Empty>) -> Configuration
}

public extension StylableComponent {
    static func configuration(_ configuration: Configuration, base: AnyComponent<Empty>) -> Configuration {
        configuration
    }
}

/// A stylable component that a style can make again from its configuration, showing
/// what the styles inside the current one made (SwiftUI's `Button(configuration)` in a
/// `PrimitiveButtonStyle`): styles compose through it.
public protocol ComposableStyling: StylableComponent {
    /// The component made again from a style's `configuration`, showing what the styles
    /// inside the current one made.
    init(_ configuration: Configuration)
}

/// Makes the body of a `Component`-typed stylable component from its configuration
/// (the styling seed's `ComponentStyle<Component>`; `ComponentStyle<Button>` is a
/// button style).
///
/// A style implements one of the two `makeBody` methods. `makeBody(configuration:)` is
/// the primary form: a composable style reaches the styles inside it through the
/// component's `ComposableStyling` initializer (`Button(configuration)`).
/// `makeBody(configuration:base:)` hands that inner body over explicitly instead.
public protocol ComponentStyle<Component>: Equatable {
    /// The component type the style draws.
    associatedtype Component: StylableComponent
    /// What `makeBody(configuration:)` returns.
    associatedtype Body: RasterComponents.Component = AnyComponent<Empty> where Body.EnvironmentType == Empty
    /// The component's body for `configuration` (the primary form).
    func makeBody(configuration: Component.Configuration) -> Body
    /// `base` is the body the styles inside this one made; a style may wrap it
    /// (composable) or ignore it.
    func makeBody(configuration: Component.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty>
}

public extension ComponentStyle {
    /// The former name of `Component`.
    typealias Target = Component

    func makeBody(configuration: Component.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        // Called straight from the other default: the style implements neither form.
        // Said here, at once, instead of as a stack overflow.
        precondition(!DefaultStyleBody.takeCall(from: Self.self),
                     "\(Self.self) implements neither makeBody(configuration:) nor makeBody(configuration:base:); a ComponentStyle implements one of them")
        return AnyComponent(makeBody(configuration: Component.configuration(configuration, base: base)))
    }
}

public extension ComponentStyle where Body == AnyComponent<Empty> {
    /// Styles written with `makeBody(configuration:base:)` get this form from it: the
    /// base is whatever `configuration` carries (nothing unless the component keeps it).
    func makeBody(configuration: Component.Configuration) -> AnyComponent<Empty> {
        DefaultStyleBody.markCall(from: Self.self)
        return makeBody(configuration: configuration, base: AnyComponent(EmptyComponent()))
    }
}

/// How the two default `makeBody` forms notice that a style implements neither: the
/// default `makeBody(configuration:)` marks the style type on its thread just before it
/// calls `makeBody(configuration:base:)`; the default of that form takes the mark as it
/// starts. Finding its own type there means it was called straight from the other
/// default. A style's own `makeBody(configuration:base:)` never takes the mark, and the
/// next default of any type clears it, so a stale mark names a type whose default
/// `makeBody(configuration:base:)` cannot run.
enum DefaultStyleBody {
    /// The thread's mark: the marked type's identity as a pointer, or nil.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static func mark(_ style: Any.Type) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(style)))
    }

    static func markCall(from style: Any.Type) {
        pthread_setspecific(key, mark(style))
    }

    static func takeCall(from style: Any.Type) -> Bool {
        guard let marked = pthread_getspecific(key) else { return false }
        pthread_setspecific(key, nil)
        return UnsafeRawPointer(marked) == mark(style)
    }
}

/// A type-erased style for `C`; equal when the styles are of the same type and equal.
public struct AnyComponentStyle<C: StylableComponent>: Equatable {
    let base: AnyEquatable
    let body: (C.Configuration, AnyComponent<Empty>) -> AnyComponent<Empty>

    /// Wraps `style`.
    public init<S: ComponentStyle>(_ style: S) where S.Component == C {
        base = AnyEquatable(style)
        body = { style.makeBody(configuration: $0, base: $1) }
    }

    /// The article's spelling: `AnyComponentStyle(base: style)`.
    public init<S: ComponentStyle>(base style: S) where S.Component == C {
        self.init(style)
    }

    /// The wrapped style.
    public var style: any Equatable { base.base }

    public func makeBody(configuration: C.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        body(configuration, base)
    }

    public static func == (lhs: AnyComponentStyle, rhs: AnyComponentStyle) -> Bool { lhs.base == rhs.base }
}

/// A style grouped by the component it styles, so `.style(.button(...))` offers only
/// button styles (the styling seed's `GroupedComponentStyle`).
public struct GroupedComponentStyle<C: StylableComponent, S: ComponentStyle> where S.Component == C {
    /// The grouped style.
    public let style: S
    /// Groups `style` under the component it styles.
    public init(style: S) { self.style = style }
}

public extension GroupedComponentStyle where C == Button {
    /// A button style, for `.style(.button(...))`.
    static func button(_ style: S) -> Self { .init(style: style) }
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
