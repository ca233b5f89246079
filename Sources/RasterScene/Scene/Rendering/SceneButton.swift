import RasterComponents
import RasterCore
import RasterLayout

/// A scene's Button with the timeline actions its `onTap` runs. The actions live on
/// the view, so whoever taps the button (the timeline) finds them from the hit view.
public struct SceneButton: CombinedComponent, LayoutTransparent {
    public typealias View = SceneButtonView

    public let button: Button
    public let onTap: [SceneAction]
    public let layoutContent: AnyComponent<Empty>

    public init(button: Button, onTap: [SceneAction]) {
        self.button = button
        self.onTap = onTap
        layoutContent = AnyComponent(button)
    }

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

public final class SceneButtonView: ComponentView {
    /// What tapping the button inside runs.
    public internal(set) var onTap: [SceneAction] = []

    public required init() {
        super.init()
    }
}
