import RasterCore
import RasterLayout

/// Alignment of a child in a larger box (the ZStack and frame alignment names).
public typealias ComponentAlignment = Alignment

/// Helpers the built-in containers share.
enum LayoutMath {
    /// The origin of a `size` child aligned by `alignment` in a `box`-sized parent.
    static func aligned(_ size: Size, in box: Size, alignment: Alignment) -> Point {
        Point(x: (box.width - size.width) * alignment.x, y: (box.height - size.height) * alignment.y)
    }

    /// The origin of a `size` child at `position` in a `box`-sized parent, mirrored
    /// left to right (how a right-to-left layout places what a left-to-right one
    /// computed).
    static func mirrored(_ position: Point, size: Size, in box: Size) -> Point {
        Point(x: box.width - position.x - size.width, y: position.y)
    }
}

/// A wrapper whose layout is its content's: a stack looks through it for the content's
/// `layoutPriority`, a `Spacer` inside still stretches along the stack, a `Flex` finds
/// an item's options inside.
public protocol LayoutTransparent {
    /// The content whose layout the wrapper takes.
    var layoutContent: AnyComponent<Empty> { get }
}

public extension LayoutTransparent where Self: Component {
    /// `layoutContent`, for layout code that holds the component type-erased.
    var transparentLayoutContent: AnyComponent<Empty>? { layoutContent }
}

extension LayoutNode: LayoutChild {
    /// The node of the content of a `LayoutTransparent` component (nil for others).
    var transparentContent: LayoutNode? {
        guard let wrapped = component.transparentLayoutContent else { return nil }
        return content(wrapped, environment: component.layoutContentEnvironment(environment))
    }

    /// The priority set by a `LayoutPriority` wrapper, looking through transparent ones;
    /// a `Spacer`'s is minus infinity (as in SwiftUI), anything else's 0.
    package var layoutPriority: Double {
        var component = self.component
        while true {
            let type = Swift.type(of: component)
            if type == LayoutPriority.self, let p = component as? LayoutPriority { return p.priority }
            if type == Spacer.self { return -.infinity }
            guard let content = component.transparentLayoutContent else { return 0 }
            component = content.wrapped
        }
    }
}

extension CombinedComponentContext {
    /// Adds `child` at `position` (unrounded, in this component's coordinates) with its
    /// frame snapped to whole points from its position in the host.
    func add(_ child: UpdatedChildComponent, at position: Point) {
        let snapped = PixelSnapping.snap(Rect(origin: position, size: child.size), parentOrigin: origin,
                                         scale: UpdatePass.current?.displayScale ?? 1)
        add(child.placed(snapped).resized(snapped.size))
    }

    /// The unrounded position in the host of a child at `position` in this component.
    func childOrigin(_ position: Point) -> Point {
        Point(x: origin.x + position.x, y: origin.y + position.y)
    }
}

extension Child where C == AnyComponent<Empty> {
    /// Updates the content of a wrapper that lays out as it: the wrapper's proposal, its
    /// node's content node, at the wrapper's origin.
    package func updateAsContent<Parent>(_ content: AnyComponent<Empty>, in context: CombinedComponentContext<Parent>,
                                 environment: ErasedEnvironment? = nil) -> UpdatedChildComponent {
        let node = context.layoutNode.content(content, environment: environment)
        let c = update(component: content, proposal: context.proposal, layout: node, origin: context.origin,
                       transition: context.transition)
        context.add(c.placed(Rect(origin: .zero, size: c.size)))
        return c
    }
}

extension UpdatedChildComponent {
    /// Places the child with its frame at `frame` (its centre at the frame's centre).
    func placed(_ frame: Rect) -> UpdatedChildComponent {
        position(frame.center)
    }

    /// The child with its frame resized to `size` (the view's bounds; its content keeps
    /// the layout it computed).
    func resized(_ size: Size) -> UpdatedChildComponent {
        if size == self.size { return self }
        var c = self
        c.size = size
        return c
    }
}

/// Its content, with the priority a stack serves it by (SwiftUI's `layoutPriority`).
public struct LayoutPriority: CombinedComponent, LayoutTransparent {
    /// The wrapped component, laid out as it is.
    public let content: AnyComponent<Empty>
    /// A stack serves higher priorities first; 0 is the default.
    public let priority: Double
    public var layoutContent: AnyComponent<Empty> { content }

    /// `content` served by stacks at `priority`.
    public init(_ content: AnyComponent<Empty>, priority: Double) {
        self.content = content
        self.priority = priority
    }

    /// The content's size for `proposal`.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<LayoutPriority>) -> Size {
        context.node.content(content).sizeThatFits(proposal)
    }

    /// Updates the content at the wrapper's proposal and origin.
    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in child.updateAsContent(context.component.content, in: context).size }
    }
}

/// Its content at its ideal size on the fixed axes, whatever is proposed (SwiftUI's
/// `fixedSize`).
public struct FixedSize: CombinedComponent {
    /// The wrapped component.
    public let content: AnyComponent<Empty>
    /// True proposes no width, so the content takes its ideal width.
    public let horizontal: Bool
    /// True proposes no height, so the content takes its ideal height.
    public let vertical: Bool

    /// Fixes the axes given as true (both by default).
    public init(_ content: AnyComponent<Empty>, horizontal: Bool = true, vertical: Bool = true) {
        self.content = content
        self.horizontal = horizontal
        self.vertical = vertical
    }

    func childProposal(_ proposal: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    /// The content's size for `proposal` with the fixed axes unspecified.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<FixedSize>) -> Size {
        context.node.content(content).sizeThatFits(childProposal(proposal))
    }

    /// Updates the content at the proposal with the fixed axes unspecified; its size is the
    /// content's.
    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let f = context.component
            let c = child.update(component: f.content, proposal: f.childProposal(context.proposal),
                                 layout: context.layoutNode.content(f.content), origin: context.origin,
                                 transition: context.transition)
            context.add(c.placed(Rect(origin: .zero, size: c.size)))
            return c.size
        }
    }
}

public extension AnyComponent where EnvironmentType == Empty {
    /// This component served by a stack with `priority` (default 0; higher first).
    func layoutPriority(_ priority: Double) -> AnyComponent<Empty> { AnyComponent(LayoutPriority(self, priority: priority)) }

    /// This component at its ideal size on the given axes.
    func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> AnyComponent<Empty> {
        AnyComponent(FixedSize(self, horizontal: horizontal, vertical: vertical))
    }
}
