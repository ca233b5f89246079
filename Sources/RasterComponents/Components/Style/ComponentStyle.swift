import Foundation

/// Anything whose look is made by a style from the environment: the component gathers
/// its `Configuration`, and the style stack for its type turns that into a body. A
/// component (`Button`, `Text`, `Toggle`) resolves the stack in its update
/// (`styledBody`); a view conforms through `StylableComponent` (RasterViews, the
/// styling article's protocol), whose body reads the stack with `@Style`.
///
/// Resolution: the stack in the environment, innermost first, each style wrapping the
/// body of the ones inside it; the type's `defaultStyle` is the base of the innermost
/// (and the whole look when the stack is empty). A subtree override pushes or replaces
/// styles with `EnvironmentOverride` (`.style(...)` on a component or a view).
public protocol Stylable {
    /// What the component gathers for its style to draw from.
    associatedtype Configuration
    /// The style at the base of the stack: the whole look when the environment holds none.
    static var defaultStyle: any ComponentStyle<Self> { get }
    /// `configuration` carrying `base`, the body the styles inside the current one made
    /// (what `ComposableStyling`'s `init(_:)` shows). The default drops it.
    static func configuration(_ configuration: Configuration, base: AnyComponent<Empty>) -> Configuration
}

public extension Stylable {
    static func configuration(_ configuration: Configuration, base: AnyComponent<Empty>) -> Configuration {
        configuration
    }
}

/// A configuration that carries what the styles inside the current one made, so that
/// the component made again from it (`ComposableStyling`'s `init(_:)`) shows that.
public protocol ComposableConfiguration {
    /// What the styles inside the current one made (nil: none).
    var base: AnyComponent<Empty>? { get set }
}

public extension Stylable where Configuration: ComposableConfiguration {
    /// `configuration` carrying `base` (nil when the styles inside made nothing).
    static func configuration(_ configuration: Configuration, base: AnyComponent<Empty>) -> Configuration {
        var c = configuration
        c.base = base.concreteType == EmptyComponent.self ? nil : base
        return c
    }
}

/// A stylable type that a style can make again from its configuration, showing
/// what the styles inside the current one made (SwiftUI's `Button(configuration)` in a
/// `PrimitiveButtonStyle`): styles compose through it.
public protocol ComposableStyling: Stylable {
    /// The component made again from a style's `configuration`, showing what the styles
    /// inside the current one made.
    init(_ configuration: Configuration)
}

/// Makes the body of a stylable type from its configuration (the styling seed's
/// `ComponentStyle<Component>`; `ComponentStyle<Button>` is a button style).
///
/// A style implements one of the two `makeBody` methods. `makeBody(configuration:)` is
/// the primary form: a composable style reaches the styles inside it through the
/// component's `ComposableStyling` initializer (`Button(configuration)`).
/// `makeBody(configuration:base:)` hands that inner body over explicitly instead.
///
/// The primary form returns a component that reads no typed environment, or (with
/// RasterViews) a view; `makeBody(configuration:base:)` comes with either. A `Body` that
/// is neither leaves the style without `makeBody(configuration:base:)`, which the
/// compiler reports.
///
/// A style need not be `Equatable`: two styles of one type compare equal when their
/// stored properties do (those that are `Equatable`; dynamic properties count as equal,
/// and anything else, a closure say, as different), the styling article's `Mirror`
/// comparison. An `Equatable` style is compared with its own `==`.
public protocol ComponentStyle<Component> {
    /// The type the style draws.
    associatedtype Component: Stylable
    /// What `makeBody(configuration:)` returns: a component with an `Empty` environment
    /// or a view.
    associatedtype Body = AnyComponent<Empty>
    /// The body for `configuration` (the primary form).
    func makeBody(configuration: Component.Configuration) -> Body
    /// `base` is the body the styles inside this one made; a style may wrap it
    /// (composable) or ignore it.
    func makeBody(configuration: Component.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty>
}

public extension ComponentStyle {
    /// The former name of `Component`.
    typealias Target = Component

    /// The configuration `makeBody(configuration:)` gets in the default
    /// `makeBody(configuration:base:)`. It stops at once, instead of with a stack
    /// overflow, when called from the default `makeBody(configuration:)`: the style
    /// implements neither form.
    package func configurationForPrimaryBody(_ configuration: Component.Configuration,
                                     base: AnyComponent<Empty>) -> Component.Configuration {
        precondition(!DefaultStyleBody.takeCall(from: Self.self),
                     "\(Self.self) implements neither makeBody(configuration:) nor makeBody(configuration:base:); a ComponentStyle implements one of them")
        return Component.configuration(configuration, base: base)
    }
}

public extension ComponentStyle where Body: RasterComponents.Component, Body.EnvironmentType == Empty {
    /// The primary form's component, for a configuration carrying `base`.
    func makeBody(configuration: Component.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        AnyComponent(makeBody(configuration: configurationForPrimaryBody(configuration, base: base)))
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

/// A type-erased style for `C`; equal when the styles are of the same type and equal
/// (see `ComponentStyle` for how styles that are not `Equatable` compare).
public struct AnyComponentStyle<C: Stylable>: Equatable {
    /// The wrapped style.
    public let style: any ComponentStyle<C>
    let body: (C.Configuration, AnyComponent<Empty>) -> AnyComponent<Empty>

    /// Wraps `style` (an `any ComponentStyle<C>` is opened).
    public init<S: ComponentStyle>(_ style: S) where S.Component == C {
        self.style = style
        body = { configuration, base in
            var style = style
            updateDynamicProperties(of: style)
            style.updateForBody()
            return style.makeBody(configuration: configuration, base: base)
        }
    }

    /// The article's spelling: `AnyComponentStyle(base: style)`.
    public init<S: ComponentStyle>(base style: S) where S.Component == C {
        self.init(style)
    }

    public func makeBody(configuration: C.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        body(configuration, base)
    }

    public static func == (lhs: AnyComponentStyle, rhs: AnyComponentStyle) -> Bool {
        StyleComparison.equal(lhs.style, rhs.style)
    }
}

extension ComponentStyle {
    /// A style that is itself a dynamic property is updated too.
    mutating func updateForBody() {
        guard var dynamic = self as? any DynamicProperty else { return }
        dynamic.update()
        if let updated = dynamic as? Self { self = updated }
    }
}

/// The styling article's equality of type-erased styles: the same type, and then the
/// style's own `==` when it is `Equatable`, else every stored property equal (an
/// `Equatable` one by `==`, a dynamic property always, anything else never).
enum StyleComparison {
    static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        guard type(of: lhs) == type(of: rhs) else { return false }
        if let equal = AnyEquatable.compare(lhs, rhs) { return equal }
        let left = Mirror(reflecting: lhs).children, right = Mirror(reflecting: rhs).children
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { l, r in l.label == r.label && property(l.value, r.value) }
    }

    private static func property(_ lhs: Any, _ rhs: Any) -> Bool {
        if let equal = AnyEquatable.compare(lhs, rhs) { return equal }
        return lhs is any DynamicProperty && rhs is any DynamicProperty
    }
}

/// A style grouped by the component it styles, so `.style(.button(...))` offers only
/// button styles (the styling seed's `GroupedComponentStyle`).
public struct GroupedComponentStyle<C: Stylable, S: ComponentStyle> where S.Component == C {
    /// The grouped style.
    public let style: S
    /// Groups `style` under the component it styles.
    public init(style: S) { self.style = style }
}

public extension GroupedComponentStyle where C == Button {
    /// A button style, for `.style(.button(...))`.
    static func button(_ style: S) -> Self { .init(style: style) }
}

public extension Stylable where Self: Component {
    /// The body for `configuration` under the styles in `environment`.
    func styledBody(_ configuration: Configuration, environment: Environment<EnvironmentType>) -> AnyComponent<Empty> {
        var body = AnyComponentStyle(Self.defaultStyle).makeBody(configuration: configuration, base: AnyComponent(EmptyComponent()))
        for style in environment.styles(for: Self.self) {
            body = style.makeBody(configuration: configuration, base: body)
        }
        return body
    }
}
