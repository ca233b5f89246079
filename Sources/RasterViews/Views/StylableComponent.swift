import RasterComponents

/// The styling article's stylable component: a view that gathers a `Configuration` and
/// leaves its look to the style stack of its type, read with `@Style` (`StyleWrapper`).
///
/// A component that declares no `body` gets `DefaultComponentBody<Self>`: the current
/// style's body for `configuration`, with the styles inside it in effect for what that
/// body shows (so a `ComposableStyling` view made again from the configuration inside a
/// style shows the styles inside). Styles are installed with `.style(_:)` on any view,
/// given a style or a grouped one; the one applied closest to the component is the
/// outermost. `Stylable` components (`Button`, `Text`, `Toggle`) share the same stacks.
public protocol StylableComponent: Stylable, View {
    /// What the component gives its style to draw from.
    var configuration: Configuration { get }
}

/// A style whose primary body is a view: the view is resolved where the styled
/// component is, with the environment there.
public extension ComponentStyle where Body: View {
    func makeBody(configuration: Component.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        AnyComponent(ViewComponent(makeBody(configuration: configurationForPrimaryBody(configuration, base: base))))
    }
}

/// A style whose primary body is both a view and a component (`Text`): taken as the
/// component.
public extension ComponentStyle where Body: View & RasterComponents.Component, Body.EnvironmentType == Empty {
    func makeBody(configuration: Component.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        AnyComponent(makeBody(configuration: configurationForPrimaryBody(configuration, base: base)))
    }
}

public extension ComponentStyle {
    /// The style's body for `configuration` as a view (the styles inside are not
    /// shown: `base` is empty).
    func erasedBody(configuration: Component.Configuration) -> AnyView {
        AnyView(ResolvedComponent(configuration: configuration, style: self))
    }
}

/// A style's body for a configuration, as a view: evaluated when the view is resolved,
/// with the style's dynamic properties updated and its `@Environment`s reading the
/// environment there.
public struct ResolvedComponent<Style: ComponentStyle>: PrimitiveView {
    /// What the style draws from.
    public let configuration: Style.Component.Configuration
    /// The style.
    public let style: Style

    /// `style`'s body for `configuration`.
    public init(configuration: Style.Component.Configuration, style: Style) {
        self.configuration = configuration
        self.style = style
    }

    public func _component(environment: EnvironmentValues) -> AnyComponent<Empty> {
        ViewEnvironment.with(environment) {
            AnyComponentStyle(style).makeBody(configuration: configuration, base: AnyComponent(EmptyComponent()))
        }
    }
}

public extension AnyComponentStyle {
    /// The article's name for the wrapped style.
    var base: any ComponentStyle<C> { style }

    /// The wrapped style's body for `configuration` as a view.
    func erasedBody(configuration: C.Configuration) -> AnyView {
        func open<S: ComponentStyle>(_ style: S) -> AnyView where S.Component == C {
            style.erasedBody(configuration: configuration)
        }
        return open(style)
    }
}

/// The style stack of `Component` where the property is evaluated (the styling
/// article's `@Style`): the current style (the outermost, or `defaultStyle` when the
/// stack is empty) and the rest, which its body's subtree sees as the stack.
@propertyWrapper
public struct StyleWrapper<Component: Stylable>: DynamicProperty {
    /// The current style and the styles inside it.
    public struct WrappedValue {
        /// The style that draws.
        public let currentStyle: AnyComponentStyle<Component>
        /// The styles inside it, innermost first.
        public let rest: [AnyComponentStyle<Component>]

        /// The current style's body for `configuration`, its subtree seeing `rest` as
        /// `Component`'s stack.
        public func erasedBody(configuration: Component.Configuration) -> some View {
            currentStyle.erasedBody(configuration: configuration)
                .environment(\.[componentStyles: .init(Component.self)], rest)
        }
    }

    @Environment(\.[componentStyles: .init(Component.self)])
    var styles

    /// The stack read where the holder's body is evaluated.
    public var wrappedValue: WrappedValue {
        let styles = styles
        return WrappedValue(currentStyle: styles.last ?? AnyComponentStyle(base: Component.defaultStyle),
                            rest: Array(styles.dropLast()))
    }

    /// Reads the stack of `Component`.
    public init() {}
}

public extension StylableComponent {
    /// `@Style var style` in a stylable component.
    typealias Style = StyleWrapper<Self>
}

/// The body of a stylable component that declares none: the current style's body for
/// the component's configuration.
public struct DefaultComponentBody<Component: StylableComponent>: View {
    @StyleWrapper<Component>
    var style
    /// What the style draws from.
    public let configuration: Component.Configuration

    /// The body for `configuration`.
    public init(configuration: Component.Configuration) {
        self.configuration = configuration
    }

    public var body: some View {
        style.erasedBody(configuration: configuration)
    }
}

public extension StylableComponent where Body == DefaultComponentBody<Self> {
    var body: Body {
        DefaultComponentBody(configuration: configuration)
    }
}

public extension View {
    /// Wraps the styles of `S.Component` in `style` for this view's subtree (the style
    /// applied closest to the component is the outermost).
    @_disfavoredOverload
    func style<S: ComponentStyle>(_ style: S) -> ModifiedView {
        ModifiedView(self, change: .style(style))
    }

    /// Wraps the styles of `C` in the grouped style (`.style(.button(...))`).
    @_disfavoredOverload
    func style<C, S>(_ grouped: GroupedComponentStyle<C, S>) -> ModifiedView {
        ModifiedView(self, change: .style(grouped.style))
    }
}
