import RasterCore
import RasterLayout

/// Changes shared environment values for its content's subtree: a theme or some of its
/// colours, or the styles of a stylable component type.
public struct EnvironmentOverride: CombinedComponent, LayoutTransparent {
    /// One change to the shared values, applied in order. Equal when of the same kind with
    /// equal values (style changes by component type and style); `custom` is never equal.
    public enum Change: Equatable {
        case theme(Theme)
        /// Replaces some semantic colours of the current theme.
        case colors([String: Color])
        /// The direction the subtree reads in (SwiftUI's `\.layoutDirection`): right to
        /// left mirrors stacks, alignments, directional insets and Flex rows.
        case layoutDirection(LayoutDirection)
        /// Makes semantic colours take the current value of others (`["primary": "onAccent"]`),
        /// so the subtree follows the theme.
        case colorAliases([String: String])
        /// Wraps the current styles of a component type with one more (outermost).
        case pushStyle(ObjectIdentifier, AnyEquatable, (inout EnvironmentValues) -> Void)
        /// Replaces the style stack of a component type.
        case setStyles(ObjectIdentifier, AnyEquatable, (inout EnvironmentValues) -> Void)
        /// Any change (a view's `.environment` or `.transformEnvironment`); never equal
        /// to another, so the override always updates.
        case custom((inout EnvironmentValues) -> Void)

        /// Any change to the values.
        public static func apply(_ change: @escaping (inout EnvironmentValues) -> Void) -> Change { .custom(change) }

        public static func == (lhs: Change, rhs: Change) -> Bool {
            switch (lhs, rhs) {
            case let (.theme(a), .theme(b)): return a == b
            case let (.colors(a), .colors(b)): return a == b
            case let (.layoutDirection(a), .layoutDirection(b)): return a == b
            case let (.colorAliases(a), .colorAliases(b)): return a == b
            case let (.pushStyle(t1, s1, _), .pushStyle(t2, s2, _)): return t1 == t2 && s1 == s2
            case let (.setStyles(t1, s1, _), .setStyles(t2, s2, _)): return t1 == t2 && s1 == s2
            default: return false
            }
        }

        /// Wraps the styles of `C` in `style`.
        public static func style<S: ComponentStyle>(_ style: S) -> Change {
            let erased = AnyComponentStyle<S.Component>(style)
            return .pushStyle(ObjectIdentifier(S.Component.self), AnyEquatable(erased)) { $0.push(erased) }
        }

        /// Replaces the styles of `C` with `stack` (innermost first).
        public static func styles<C: Stylable>(_ stack: [AnyComponentStyle<C>]) -> Change {
            .setStyles(ObjectIdentifier(C.self), AnyEquatable(stack)) { $0.setStyles(stack) }
        }

        package func apply(to values: inout EnvironmentValues) {
            switch self {
            case .theme(let t): values.theme = t
            case .colors(let c): values.theme.colors.merge(c) { _, new in new }
            case .layoutDirection(let d): values.layoutDirection = d
            case .colorAliases(let aliases):
                let colors = values.theme.colors
                for (name, source) in aliases { values.theme.colors[name] = colors[source] ?? .clear }
            case .pushStyle(_, _, let f), .setStyles(_, _, let f), .custom(let f): f(&values)
            }
        }
    }

    /// The subtree that sees the changed values.
    public let content: AnyComponent<Empty>
    /// The changes, applied in order.
    public let changes: [Change]

    /// `content` with `changes` applied, in order, to the values its subtree sees.
    public init(content: AnyComponent<Empty>, changes: [Change]) {
        self.content = content
        self.changes = changes
    }

    public var layoutContent: AnyComponent<Empty> { content }

    /// `values` with `changes` applied, in order: what the content sees.
    public func contentEnvironmentValues(_ values: EnvironmentValues) -> EnvironmentValues? { applyingChanges(to: values) }

    private func applyingChanges(to values: EnvironmentValues) -> EnvironmentValues {
        var changed = values
        for change in changes { change.apply(to: &changed) }
        return changed
    }

    /// The content's size for `proposal`, measured under the changed values.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<EnvironmentOverride>) -> Size {
        context.node.content(content, environment: layoutContentEnvironment(context.node.environment)).sizeThatFits(proposal)
    }

    /// Applies the changes for the subtree and updates the content at the override's
    /// proposal and origin; its size is the content's.
    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            // Aliased colours follow their sources in the environment given here.
            for case .colorAliases(let aliases) in context.component.changes {
                for source in aliases.values { _ = context.environment.color(.semantic(SemanticColor(source))) }
            }
            context.overrideEnvironment { values in values = context.component.applyingChanges(to: values) }
            let environment = context.component.layoutContentEnvironment(context.layoutNode.environment)
            return child.updateAsContent(context.component.content, in: context, environment: environment).size
        }
    }
}

public extension AnyComponent where EnvironmentType == Empty {
    /// This component with its subtree laid out in `direction` (SwiftUI's
    /// `.environment(\.layoutDirection, …)`).
    func layoutDirection(_ direction: LayoutDirection) -> AnyComponent<Empty> {
        AnyComponent(EnvironmentOverride(content: self, changes: [.layoutDirection(direction)]))
    }

    /// This component with `theme` for its subtree.
    func theme(_ theme: Theme) -> AnyComponent<Empty> {
        AnyComponent(EnvironmentOverride(content: self, changes: [.theme(theme)]))
    }

    /// This component with `style` wrapped around the styles of its type for the subtree.
    func style<S: ComponentStyle>(_ style: S) -> AnyComponent<Empty> {
        AnyComponent(EnvironmentOverride(content: self, changes: [.style(style)]))
    }

    /// This component with a grouped style (`.style(.button(FilledButtonStyle()))`).
    func style<C, S>(_ grouped: GroupedComponentStyle<C, S>) -> AnyComponent<Empty> {
        style(grouped.style)
    }
}

public extension Component where EnvironmentType == Empty {
    /// This component with `style` wrapped around the styles of its type for the subtree.
    func style<S: ComponentStyle>(_ style: S) -> AnyComponent<Empty> {
        AnyComponent(self).style(style)
    }

    /// This component with a grouped style (`.style(.button(FilledButtonStyle()))`).
    func style<C, S>(_ grouped: GroupedComponentStyle<C, S>) -> AnyComponent<Empty> {
        AnyComponent(self).style(grouped.style)
    }
}
