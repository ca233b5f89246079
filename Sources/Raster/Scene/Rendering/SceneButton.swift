/// A scene's Button with the timeline actions its `onTap` runs. The actions live on
/// the view, so whoever taps the button (the timeline) finds them from the hit view.
public struct SceneButton: CombinedComponent, LayoutTransparent {
    public typealias View = SceneButtonView

    public let button: Button
    public let onTap: [SceneAction]
    public var layoutContent: AnyComponent<Empty> { AnyComponent(button) }

    public init(button: Button, onTap: [SceneAction]) {
        self.button = button
        self.onTap = onTap
    }

    public static var body: Body {
        let child = Child(Button.self)
        return { context in
            context.view.onTap = context.component.onTap
            let c = child.update(component: context.component.button, availableSize: context.availableSize,
                                 transition: context.transition)
            context.add(c.placed(Rect(origin: .zero, size: c.size)))
            return c.size
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
