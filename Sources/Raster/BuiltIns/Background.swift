/// A content with another component behind it (or in front, `overlay`) sized to the
/// content: the decoration is offered exactly the content's size.
public struct Background: CombinedComponent {
    public let content: AnyComponent<Empty>
    public let background: AnyComponent<Empty>
    public let overlay: Bool

    public init(_ content: AnyComponent<Empty>, background: AnyComponent<Empty>, overlay: Bool = false) {
        self.content = content
        self.background = background
        self.overlay = overlay
    }

    public static var body: Body {
        let content = Child(AnyComponent<Empty>.self)
        let decoration = Child(AnyComponent<Empty>.self)
        return { context in
            let c = content.update(component: context.component.content, availableSize: context.availableSize,
                                   transition: context.transition)
            let d = decoration.update(component: context.component.background, availableSize: c.size,
                                      transition: context.transition)
            let box = Rect(origin: .zero, size: c.size)
            let placedContent = c.placed(box)
            let placedDecoration = d.placed(LayoutMath.place(d.size, in: box, alignment: .center))
            if context.component.overlay {
                context.add(placedContent)
                context.add(placedDecoration)
            } else {
                context.add(placedDecoration)
                context.add(placedContent)
            }
            return c.size
        }
    }
}

public extension AnyComponent where EnvironmentType == Empty {
    /// This component with `background` behind it, sized to it.
    func background(_ background: AnyComponent<Empty>) -> AnyComponent<Empty> {
        AnyComponent(Background(self, background: background))
    }

    /// This component with `overlay` in front of it, sized to it.
    func overlay(_ overlay: AnyComponent<Empty>) -> AnyComponent<Empty> {
        AnyComponent(Background(self, background: overlay, overlay: true))
    }
}
