import RasterCore
import RasterComponents

/// SwiftUI's `PrimitiveButtonStyle`: makes a button's look as a view from its
/// configuration; `Button(configuration)` inside shows what the styles inside this one
/// made. Installed with `.buttonStyle(_:)`, it joins `Button`'s style stack.
public protocol PrimitiveButtonStyle {
    /// The view a style makes.
    associatedtype Body: View
    /// The button's configuration the style is given.
    typealias Configuration = PrimitiveButtonStyleConfiguration
    /// The button's look for `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// SwiftUI's name for what a `PrimitiveButtonStyle` is given: `Button`'s configuration
/// (`Button(configuration)` shows what the styles inside made for it).
public typealias PrimitiveButtonStyleConfiguration = Button.Configuration

/// A `PrimitiveButtonStyle` in `Button`'s style stack. Styles without equality compare
/// unequal, so a button under one updates on every pass.
struct PrimitiveButtonStyleAdapter<S: PrimitiveButtonStyle>: ComponentStyle {
    typealias Component = Button
    let style: S

    func makeBody(configuration: Button.Configuration) -> AnyComponent<Empty> {
        AnyComponent(ViewComponent(style.makeBody(configuration: configuration)))
    }

    static func == (lhs: Self, rhs: Self) -> Bool { false }
}

public extension View {
    /// Installs `style` for the buttons of this subtree (the first one applied is the
    /// outermost).
    func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> ModifiedView {
        ModifiedView(self, modify: { c, _ in c.style(PrimitiveButtonStyleAdapter(style: style)) })
    }
}

public extension Component where EnvironmentType == Empty {
    /// Installs `style` for the buttons of this component and its subtree, as on a view.
    @_disfavoredOverload
    func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> ModifiedView { ComponentAsView(self).buttonStyle(style) }
}

public extension Button {
    /// SwiftUI's `Button("Title") { action }`: a text label in the primary colour.
    init(_ title: String, action: @escaping () -> Void) {
        self.init(content: AnyComponent(Text(title)), action: action)
    }
}

public extension HStack where ChildEnvironment == Empty {
    /// SwiftUI's `HStack { ... }`: the views of the block side by side.
    init<Content: RasterViews.View>(alignment: VerticalAlignment = .center, spacing: Double? = nil,
                        @ViewBuilder content: () -> Content) {
        self.init(ViewList.children(of: content()), spacing: spacing ?? 8, alignment: alignment)
    }
}

public extension VStack where ChildEnvironment == Empty {
    /// SwiftUI's `VStack { ... }`: the views of the block top to bottom.
    init<Content: RasterViews.View>(alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                        @ViewBuilder content: () -> Content) {
        self.init(ViewList.children(of: content()), spacing: spacing ?? 8, alignment: alignment)
    }
}
