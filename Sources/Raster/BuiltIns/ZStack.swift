/// Children on top of each other, later ones in front, each aligned in the box of the
/// largest.
public struct ZStack: CombinedComponent {
    public let items: [AnyComponentWithIdentity<Empty>]
    public let alignment: Alignment

    public init(_ items: [AnyComponentWithIdentity<Empty>], alignment: Alignment = .center) {
        self.items = items
        self.alignment = alignment
    }

    public init(_ children: [AnyComponent<Empty>], alignment: Alignment = .center) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  alignment: alignment)
    }

    public static var body: Body {
        let children = ChildMap(environment: Empty.self, keyedBy: AnyHashable.self)
        return { context in
            let updated = context.component.items.map {
                children[$0.id].update(component: $0.component, availableSize: context.availableSize,
                                       transition: context.transition)
            }
            let size = Size(width: updated.map(\.size.width).max() ?? 0, height: updated.map(\.size.height).max() ?? 0)
            for c in updated {
                context.add(c.placed(LayoutMath.place(c.size, in: Rect(origin: .zero, size: size),
                                                      alignment: context.component.alignment)))
            }
            return size
        }
    }
}
