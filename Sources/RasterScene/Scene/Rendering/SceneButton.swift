import RasterComponents
import RasterCore
import RasterLayout

/// A scene's Button with the timeline actions its `onTap` runs. The actions live on
/// the view, so whoever taps the button (the timeline) finds them from the hit view.
public struct SceneButton: CombinedComponent, LayoutTransparent {
    /// The view that keeps the tap actions.
    public typealias View = SceneButtonView

    /// The button shown.
    public let button: Button
    /// The timeline actions a tap runs, in order.
    public let onTap: [SceneAction]
    /// The button, which layout sees through this wrapper.
    public let layoutContent: AnyComponent<Empty>

    /// Wraps `button` with the actions its taps run.
    public init(button: Button, onTap: [SceneAction]) {
        self.button = button
        self.onTap = onTap
        layoutContent = AnyComponent(button)
    }

    /// The button's size.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<SceneButton>) -> Size {
        context.node.content(layoutContent).sizeThatFits(proposal)
    }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            context.view.onTap = context.component.onTap
            return child.updateAsContent(context.component.layoutContent, in: context).size
        }
    }
}

/// The view of a `SceneButton`, holding the actions its taps run.
public final class SceneButtonView: ComponentView {
    /// What tapping the button inside runs.
    public internal(set) var onTap: [SceneAction] = []

    public required init() {
        super.init()
    }
}

/// A scene's Toggle with the timeline actions its `onTap` runs (on a `SceneButtonView`, as
/// a `SceneButton` keeps them): the toggle shows its `isOn` prop, so a tap's actions flip
/// it (`{"set": {"wifi": {"isOn": true}}}`).
public struct SceneToggle: CombinedComponent, LayoutTransparent {
    /// The view that keeps the tap actions.
    public typealias View = SceneButtonView

    /// The toggle shown.
    public let toggle: Toggle
    /// The timeline actions a tap runs, in order.
    public let onTap: [SceneAction]
    /// The toggle, which layout sees through this wrapper.
    public let layoutContent: AnyComponent<Empty>

    /// Wraps `toggle` with the actions its taps run.
    public init(toggle: Toggle, onTap: [SceneAction]) {
        self.toggle = toggle
        self.onTap = onTap
        layoutContent = AnyComponent(toggle)
    }

    /// The toggle's size.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<SceneToggle>) -> Size {
        context.node.content(layoutContent).sizeThatFits(proposal)
    }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            context.view.onTap = context.component.onTap
            return child.updateAsContent(context.component.layoutContent, in: context).size
        }
    }
}
