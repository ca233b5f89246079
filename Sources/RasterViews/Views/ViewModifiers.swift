import RasterComponents
import RasterCore

/// A view with a change to its component or its environment (what SwiftUI's modifiers
/// return).
public struct ModifiedView: PrimitiveView {
    let content: AnyView
    let modify: (AnyComponent<Empty>, EnvironmentValues) -> AnyComponent<Empty>
    let change: EnvironmentOverride.Change?

    init<V: View>(_ content: V, environment: ((inout EnvironmentValues) -> Void)? = nil,
                  modify: @escaping (AnyComponent<Empty>, EnvironmentValues) -> AnyComponent<Empty> = { c, _ in c }) {
        self.init(content, change: environment.map { .apply($0) }, modify: modify)
    }

    /// `content` whose subtree sees `change`: the views resolved below it and, through
    /// an `EnvironmentOverride`, their components.
    init<V: View>(_ content: V, change: EnvironmentOverride.Change?,
                  modify: @escaping (AnyComponent<Empty>, EnvironmentValues) -> AnyComponent<Empty> = { c, _ in c }) {
        self.content = AnyView(content)
        self.change = change
        self.modify = modify
    }

    public func _component(environment given: EnvironmentValues) -> AnyComponent<Empty> {
        var values = given
        change?.apply(to: &values)
        let inner = content._component(environment: values)
        guard let change else { return modify(inner, values) }
        // The content's components see the changed values too.
        let changed = AnyComponent(EnvironmentOverride(content: inner, changes: [change]))
        return modify(changed, values)
    }
}

public extension View {
    /// Padding on every side (SwiftUI's default 16 points, or `length`).
    func padding(_ length: Double = 16) -> ModifiedView {
        ModifiedView(self, modify: { c, _ in c.padding(length) })
    }

    /// `background` drawn behind this view, sized as it.
    func background<B: View>(@ViewBuilder _ background: () -> B) -> ModifiedView {
        let b = AnyView(background())
        return ModifiedView(self, modify: { c, env in c.background(b._component(environment: env)) })
    }

    /// A one-point border in `color` over this view.
    func border(_ color: Color, width: Double = 1) -> ModifiedView {
        ModifiedView(self, modify: { c, _ in
            c.overlay(AnyComponent(Rectangle(fill: nil, stroke: ShapeStroke(.color(color), width: width, inside: true))))
        })
    }

    /// Runs `action` when the view is tapped.
    func onTapGesture(perform action: @escaping () -> Void) -> ModifiedView {
        ModifiedView(self, modify: { c, _ in AnyComponent(Button(content: c, automaticHighlight: false, action: action)) })
    }

    /// Sets an environment value for this view's subtree.
    func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedView {
        ModifiedView(self, environment: { $0[keyPath: keyPath] = value })
    }

    /// Changes an environment value for this view's subtree.
    func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                 transform: @escaping (inout V) -> Void) -> ModifiedView {
        ModifiedView(self, environment: { transform(&$0[keyPath: keyPath]) })
    }
}

/// The same modifiers on components, so a stack can start a modifier chain (for types
/// that are views too, the view's modifiers are chosen).
public extension Component where EnvironmentType == Empty {
    /// 16 points of padding on every side, as on a view.
    @_disfavoredOverload
    func padding() -> ModifiedView { ComponentAsView(self).padding() }
    /// `background` drawn behind this component, sized as it.
    @_disfavoredOverload
    func background<B: RasterViews.View>(@ViewBuilder _ background: () -> B) -> ModifiedView {
        ComponentAsView(self).background(background)
    }
    /// A border of `width` points in `color` inside this component's edges.
    @_disfavoredOverload
    func border(_ color: Color, width: Double = 1) -> ModifiedView { ComponentAsView(self).border(color, width: width) }
    /// Runs `action` when the component is tapped.
    @_disfavoredOverload
    func onTapGesture(perform action: @escaping () -> Void) -> ModifiedView { ComponentAsView(self).onTapGesture(perform: action) }
    /// Sets an environment value for this component's subtree.
    @_disfavoredOverload
    func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedView {
        ComponentAsView(self).environment(keyPath, value)
    }
    /// Changes an environment value for this component's subtree.
    @_disfavoredOverload
    func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                 transform: @escaping (inout V) -> Void) -> ModifiedView {
        ComponentAsView(self).transformEnvironment(keyPath, transform: transform)
    }
}
