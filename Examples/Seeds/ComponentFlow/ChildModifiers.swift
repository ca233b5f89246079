// ComponentFlow article, the fluent modifiers of `context.add()`, as written, inside a
// combined component whose body declares the `context` and `child` the block uses.
public final class ChildModifierShowcase: CombinedComponent {
    public init() {}
    public static func ==(lhs: ChildModifierShowcase, rhs: ChildModifierShowcase) -> Bool { true }

    public static var body: Body {
        let square = Child(RoundedRectangle.self)
        return { context in
            let child = square.update(
                component: RoundedRectangle(cornerRadius: 0.0, fill: .color(.accent), width: 80.0, height: 60.0),
                availableSize: context.availableSize, transition: context.transition)
            // The article block:
            context.add(child
                .position(CGPoint(x: 100, y: 100))
                .scale(1.2)
                .opacity(0.8)
                .cornerRadius(10.0)
                .clipsToBounds(true)
                .appear(.default(scale: true, alpha: true))
                .disappear(.default(scale: true, alpha: true))
            )
            // End of the article block.
            return CGSize(width: 200.0, height: 200.0)
        }
    }
}
