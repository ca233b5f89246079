// ComponentFlow article, "CombinedComponent: Composite Layouts": VStack, as written.
// Filled in (the article elides them): the initializer and `==`, marked below.

// VStack.swift
public final class VStack<ChildEnvironment: Equatable>: CombinedComponent {
    public typealias EnvironmentType = ChildEnvironment

    private let items: [AnyComponentWithIdentity<ChildEnvironment>]
    private let alignment: VStackAlignment
    private let spacing: CGFloat
    private let fillWidth: Bool

    // Filled in: the article elides the initializer and `==`.
    public init(_ items: [AnyComponentWithIdentity<ChildEnvironment>], alignment: VStackAlignment = .center,
                spacing: CGFloat = 0.0, fillWidth: Bool = false) {
        self.items = items
        self.alignment = alignment
        self.spacing = spacing
        self.fillWidth = fillWidth
    }

    public static func ==(lhs: VStack<ChildEnvironment>, rhs: VStack<ChildEnvironment>) -> Bool {
        return lhs.items == rhs.items && lhs.alignment == rhs.alignment && lhs.spacing == rhs.spacing
            && lhs.fillWidth == rhs.fillWidth
    }
    // End of what is filled in.

    public static var body: Body {
        let children = ChildMap(environment: ChildEnvironment.self,
                                keyedBy: AnyHashable.self)

        return { context in
            // 1. Update all children, getting their sizes
            let updatedChildren = context.component.items.map { item in
                return children[item.id].update(
                    component: item.component,
                    environment: {
                        context.environment[ChildEnvironment.self]
                    },
                    availableSize: context.availableSize,
                    transition: context.transition
                )
            }

            // 2. Calculate total size
            var size = CGSize(width: 0.0, height: 0.0)
            for child in updatedChildren {
                size.height += child.size.height
                size.width = max(size.width, child.size.width)
            }
            size.height += context.component.spacing
                * CGFloat(updatedChildren.count - 1)

            // 3. Position children with alignment
            var nextY = 0.0
            for child in updatedChildren {
                let childFrame: CGRect
                switch context.component.alignment {
                case .left:
                    childFrame = CGRect(
                        origin: CGPoint(x: 0.0, y: nextY),
                        size: child.size)
                case .center:
                    childFrame = CGRect(
                        origin: CGPoint(
                            x: floor((size.width - child.size.width) * 0.5),
                            y: nextY),
                        size: child.size)
                case .right:
                    childFrame = CGRect(
                        origin: CGPoint(
                            x: size.width - child.size.width, y: nextY),
                        size: child.size)
                }

                // 4. Add child with enter/exit animations
                context.add(child
                    .position(childFrame.center)
                    .appear(.default(scale: true, alpha: true))
                    .disappear(.default(scale: true, alpha: true))
                )

                nextY += child.size.height + context.component.spacing
            }

            return size
        }
    }
}
