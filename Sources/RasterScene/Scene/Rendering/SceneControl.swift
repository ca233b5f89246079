import RasterComponents
import RasterCore
import RasterLayout

/// A scene's control (a Button, a Toggle) with the timeline actions its `onTap` runs.
/// The actions live on the view, so whoever taps the control (the timeline) finds them
/// from the hit view. A Toggle shows its `isOn` prop, so a tap's actions flip it
/// (`{"set": {"wifi": {"isOn": true}}}`).
public struct SceneControl<Control: Component>: CombinedComponent, LayoutTransparent
    where Control.EnvironmentType == Empty {
    /// The view that keeps the tap actions.
    public typealias View = SceneControlView

    /// The control shown.
    public let control: Control
    /// The timeline actions a tap runs, in order.
    public let onTap: [SceneAction]
    /// The control, which layout sees through this wrapper.
    public let layoutContent: AnyComponent<Empty>

    /// Wraps `control` with the actions its taps run.
    public init(control: Control, onTap: [SceneAction]) {
        self.control = control
        self.onTap = onTap
        layoutContent = AnyComponent(control)
    }

    /// The control's size.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<SceneControl>) -> Size {
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

/// A scene's Button with the timeline actions its `onTap` runs.
public typealias SceneButton = SceneControl<Button>

public extension SceneControl where Control == Button {
    /// The button shown.
    var button: Button { control }

    /// Wraps `button` with the actions its taps run.
    init(button: Button, onTap: [SceneAction]) {
        self.init(control: button, onTap: onTap)
    }
}

/// The view of a `SceneControl`, holding the actions its taps run.
public final class SceneControlView: ComponentView {
    /// What tapping the control inside runs.
    public internal(set) var onTap: [SceneAction] = []

    public required init() {
        super.init()
    }
}

/// The former name of `SceneControlView`, from when only Buttons had one.
public typealias SceneButtonView = SceneControlView
