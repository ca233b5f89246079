import RasterCore
import RasterLayout

/// What `VStack` and `HStack` share: SwiftUI's stack algorithm (`StackAlgorithm`) over
/// their children, with `fill` stretching every child across to the stack's proposed
/// thickness. Children enter and leave with ComponentFlow's stack transition (scale and
/// alpha) unless the child's view or the caller says otherwise.
struct StackBody {
    /// ComponentFlow's stack children's `.appear`/`.disappear`: `.default(scale: true, alpha: true)`.
    static let childTransition = ChildTransition.default(scale: true, alpha: true)
    /// `childTransition` as both defaults, in the box every child without rarer
    /// modifiers shares.
    static let childTransitions = OutOfLine(RareChildModifiers(defaultAppear: childTransition,
                                                               defaultDisappear: childTransition))

    let axis: Axis
    let spacing: Double
    /// Across the axis: 0 leading/top, 0.5 centre, 1 trailing/bottom.
    let alignment: Double
    let fill: Bool

    /// The children's layout nodes under `node` (each knows the stack's axis).
    /// Specialised for the usual untyped environment: stacks are generic over their
    /// children's environment, and the generic code pays a type-metadata lookup per call.
    @_specialize(where E == Empty)
    func childNodes<E>(_ items: [AnyComponentWithIdentity<E>], of node: LayoutNode) -> [LayoutNode] {
        items.enumerated().map { index, item in
            node.child(index, item.component, stackAxis: axis, retained: node.retained?.childNode(forKey: item.key))
        }
    }

    func layout(_ children: [LayoutNode], proposal: ProposedSize) -> StackLayoutResult {
        var result = StackAlgorithm(axis: axis, spacing: spacing).layout(children, proposal: proposal)
        guard fill, let thickness = proposal[axis.cross], thickness.isFinite else { return result }
        result.size[axis.cross] = thickness
        for i in children.indices {
            result.proposals[i][axis.cross] = thickness
            result.sizes[i] = children[i].sizeThatFits(result.proposals[i])
            result.sizes[i][axis.cross] = thickness
        }
        return result
    }

    @_specialize(where C == VStack<Empty>, E == Empty)
    @_specialize(where C == HStack<Empty>, E == Empty)
    func update<C, E>(_ items: [AnyComponentWithIdentity<E>], children: ChildMap<E, ChildKey>,
                      context: CombinedComponentContext<C>) -> Size {
        let nodes = childNodes(items, of: context.layoutNode)
        let result = layout(nodes, proposal: context.proposal)
        var positions = StackAlgorithm(axis: axis, spacing: spacing).positions(result, alignment: alignment)
        if context.environment.layoutDirection == .rightToLeft {
            // Right to left, the stack is mirrored: an HStack runs from the right, a
            // VStack's leading edge is its right one.
            positions = positions.indices.map { i in LayoutMath.mirrored(positions[i], size: result.sizes[i], in: result.size) }
        }
        context.reserveChildren(items.count)
        children.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            if fill { nodes[i].placedSize = result.sizes[i] }
            var c = children[item.key].update(component: item.component, typed: context.environment.typed,
                                             proposal: result.proposals[i], layout: nodes[i],
                                             origin: context.childOrigin(positions[i]), transition: context.transition)
            if fill { c = c.resized(result.sizes[i]) }
            context.add(c.transitionsByDefault(Self.childTransitions), at: positions[i])
        }
        return result.size
    }
}

/// A `VStack`'s alignment: `HorizontalAlignment` (ComponentFlow's `left`, `center`,
/// `right`, with SwiftUI's `leading` and `trailing`).
public typealias VStackAlignment = HorizontalAlignment

/// Children top to bottom (SwiftUI's `VStack`, ComponentFlow's `VStack<ChildEnvironment>`):
/// the children take the stack's typed environment.
public struct VStack<ChildEnvironment: Equatable>: CombinedComponent {
    /// The stack's typed environment, which its children take.
    public typealias EnvironmentType = ChildEnvironment
    /// ComponentFlow's name for the alignment type.
    public typealias HorizontalAlignment = RasterCore.HorizontalAlignment
    /// The children top to bottom, each with the identity that keeps its view across updates.
    public let items: [AnyComponentWithIdentity<ChildEnvironment>]
    /// Points between neighbouring children.
    public let spacing: Double
    /// Where children narrower than the stack sit across it (mirrored right to left).
    public let alignment: HorizontalAlignment
    /// Stretches every child to the stack's proposed width, when that is finite.
    public let fill: Bool

    /// Children with explicit identities; a child keeps its view while its identity stays.
    public init(_ items: [AnyComponentWithIdentity<ChildEnvironment>], spacing: Double = 0,
                alignment: HorizontalAlignment = .center, fill: Bool = false) {
        self.items = items
        self.spacing = spacing
        self.alignment = alignment
        self.fill = fill
    }

    /// Children identified by their position.
    public init(_ children: [AnyComponent<ChildEnvironment>], spacing: Double = 0, alignment: HorizontalAlignment = .center,
                fill: Bool = false) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  spacing: spacing, alignment: alignment, fill: fill)
    }

    /// ComponentFlow's name for `fill`.
    public var fillWidth: Bool { fill }

    var stack: StackBody { StackBody(axis: .vertical, spacing: spacing, alignment: alignment.rawValue, fill: fill) }

    @_specialize(where ChildEnvironment == Empty)
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<VStack>) -> Size {
        stack.layout(stack.childNodes(items, of: context.node), proposal: proposal).size
    }

    public static var body: Body {
        let children = ChildMap(environment: ChildEnvironment.self, keyedBy: ChildKey.self)
        return { context in context.component.stack.update(context.component.items, children: children, context: context) }
    }
}

/// An `HStack`'s alignment: `VerticalAlignment`.
public typealias HStackAlignment = VerticalAlignment

/// Children leading to trailing (SwiftUI's `HStack`; generic over the children's
/// environment like `VStack`).
public struct HStack<ChildEnvironment: Equatable>: CombinedComponent {
    /// The stack's typed environment, which its children take.
    public typealias EnvironmentType = ChildEnvironment
    /// ComponentFlow's name for the alignment type.
    public typealias VerticalAlignment = RasterCore.VerticalAlignment
    /// The children leading to trailing, each with the identity that keeps its view across
    /// updates.
    public let items: [AnyComponentWithIdentity<ChildEnvironment>]
    /// Points between neighbouring children.
    public let spacing: Double
    /// Where children shorter than the stack sit across it.
    public let alignment: VerticalAlignment
    /// Stretches every child to the stack's proposed height, when that is finite.
    public let fill: Bool

    /// Children with explicit identities; a child keeps its view while its identity stays.
    public init(_ items: [AnyComponentWithIdentity<ChildEnvironment>], spacing: Double = 0,
                alignment: VerticalAlignment = .center, fill: Bool = false) {
        self.items = items
        self.spacing = spacing
        self.alignment = alignment
        self.fill = fill
    }

    /// Children identified by their position.
    public init(_ children: [AnyComponent<ChildEnvironment>], spacing: Double = 0, alignment: VerticalAlignment = .center,
                fill: Bool = false) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  spacing: spacing, alignment: alignment, fill: fill)
    }

    var stack: StackBody { StackBody(axis: .horizontal, spacing: spacing, alignment: alignment.rawValue, fill: fill) }

    @_specialize(where ChildEnvironment == Empty)
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<HStack>) -> Size {
        stack.layout(stack.childNodes(items, of: context.node), proposal: proposal).size
    }

    public static var body: Body {
        let children = ChildMap(environment: ChildEnvironment.self, keyedBy: ChildKey.self)
        return { context in context.component.stack.update(context.component.items, children: children, context: context) }
    }
}

/// Flexible space (SwiftUI's `Spacer`): in a stack, as long as proposed along the
/// stack's axis (at least its minimum length) and 0 across; elsewhere as large as
/// proposed on both axes. Its ideal length is the minimum. Its layout priority is minus
/// infinity (unless a `layoutPriority` wrapper sets one), so a stack serves every other
/// child first, holding back only the Spacer's minimum.
public struct Spacer: Component {
    /// The system spacing SwiftUI gives a Spacer without a minimum length (8 points).
    public static let defaultMinLength = 8.0
    /// The least length it takes; nil: `defaultMinLength`.
    public let minLength: Double?
    /// `minLength`: the least length; nil or not finite: `defaultMinLength`, below 0: 0.
    public init(minLength: Double? = nil) { self.minLength = minLength }

    /// The minimum length in effect.
    public var resolvedMinLength: Double {
        guard let minLength, minLength.isFinite else { return Spacer.defaultMinLength }
        return max(0, minLength)
    }

    func size(for proposal: ProposedSize, axis: Axis?) -> Size {
        let least = resolvedMinLength
        func length(_ p: Double?) -> Double { max(least, p ?? least) }
        guard let axis else { return Size(width: length(proposal.width), height: length(proposal.height)) }
        return Size(axis, main: length(proposal[axis]), cross: 0)
    }

    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Spacer>) -> Size {
        size(for: proposal, axis: context.node.stackAxis)
    }

    public func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        size(for: view.node?.proposal ?? ProposedSize(available: availableSize), axis: view.node?.layout?.stackAxis)
    }
}
