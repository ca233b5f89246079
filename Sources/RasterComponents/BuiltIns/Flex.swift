import RasterCore
import RasterLayout

/// A CSS flex container (CSS Flexible Box Layout Level 1, as Chrome and Taffy lay it
/// out; see `FlexContainerAlgorithm`): items along a main axis, wrapped into lines,
/// grown or shrunk, justified along the axis and aligned across it.
///
/// `box` is the container's own CSS box (size, limits, padding): inside another Flex
/// the container is an item of that size; elsewhere it is a block-level flex container,
/// as wide as proposed (unless its width says otherwise) and as tall as its content
/// (unless its height says otherwise). Its items' options and boxes come from `FlexItem`
/// wrappers; a child without one is an item with default options whose content is its
/// own size.
public struct Flex: CombinedComponent {
    /// `flex-direction`: the main axis and the end it starts from.
    public typealias Direction = FlexDirection
    /// `justify-content`: where a line's free space goes along the main axis.
    public typealias Justify = FlexJustify
    /// `align-items` and `align-self` (start and end are flex-start and flex-end).
    public typealias Align = FlexAlign
    /// `align-content`: where the free space across a wrapped container goes.
    public typealias AlignContent = FlexAlignContent
    /// `flex-wrap`: one line, or lines forward or backward across.
    public typealias Wrap = FlexWrap

    /// The children, identified by `id`; a `FlexItem` wrapper gives one its item options.
    public let items: [AnyComponentWithIdentity<Empty>]
    /// The container's flex properties: direction, wrap, justify, alignment, gaps.
    public var style: FlexContainerStyle
    /// The container's own CSS box: size, limits, padding.
    public var box: BoxStyle

    /// Identified items with every container property given in `style`.
    public init(_ items: [AnyComponentWithIdentity<Empty>], style: FlexContainerStyle, box: BoxStyle = BoxStyle()) {
        self.items = items
        self.style = style
        self.box = box
    }

    /// `box`: the container's own CSS size and padding.
    public init(_ items: [AnyComponentWithIdentity<Empty>], direction: Direction = .row, justify: Justify = .start,
                alignItems: Align = .stretch, wrap: Bool = false, gap: Double = 0, box: BoxStyle = BoxStyle()) {
        var style = FlexContainerStyle()
        style.direction = direction
        style.justify = justify
        style.alignItems = alignItems
        style.wrap = wrap ? .wrap : .noWrap
        style.rowGap = .points(gap)
        style.columnGap = .points(gap)
        self.init(items, style: style, box: box)
    }

    /// Children identified by their position; the rest as the initializer above.
    public init(_ children: [AnyComponent<Empty>], direction: Direction = .row, justify: Justify = .start,
                alignItems: Align = .stretch, wrap: Bool = false, gap: Double = 0, box: BoxStyle = BoxStyle()) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  direction: direction, justify: justify, alignItems: alignItems, wrap: wrap, gap: gap, box: box)
    }

    /// The container's size for `proposal`, from a measuring run of the flex layout (a
    /// full layout when the update is expected to propose the same, see
    /// `LayoutNode.laidOutAsMeasured`).
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Flex>) -> Size {
        let node = context.node
        return FlexLayout(tree: ComponentFlexTree()).root(node, proposal: proposal,
                                                          runMode: node.laidOutAsMeasured ? .performLayout : .computeSize).size
    }

    /// Lays out the items (or takes the size and frames an enclosing Flex assigned) and
    /// updates each item in its frame.
    public static var body: Body {
        let children = ChildMap(environment: Empty.self, keyedBy: ChildKey.self)
        return { context in
            let flex = context.component
            let node = context.layoutNode
            // Inside a flex container, the container's layout already placed the items.
            let size = node.assignedSize
                ?? FlexLayout(tree: ComponentFlexTree()).root(node, proposal: context.proposal, runMode: .performLayout).size
            context.reserveChildren(flex.items.count)
            children.reserveCapacity(flex.items.count)
            // Each child's layout node goes once the child is updated.
            var queue = node.takeFlexChildren(flex)
            while let (index, child) = queue.next() {
                let item = flex.items[index]
                let frame = child.flexFrame ?? Rect(origin: .zero, size: .zero)
                let c = children[item.key].update(component: item.component, proposal: ProposedSize(frame.size),
                                                 layout: child, origin: context.childOrigin(frame.origin),
                                                 transition: context.transition)
                context.add(c.resized(frame.size), at: frame.origin)
            }
            return size
        }
    }
}

/// A flex item's options (CSS `flex-grow`, `flex-shrink`, `flex-basis`, `align-self`,
/// `order`, `position` and insets, margins) and its CSS box (`width`/`height` and limits
/// of the border box, padding inside, aspect ratio), around its content. In a Flex it
/// takes the size the container's layout gives it and places its content inside its
/// padding (at `contentAlignment`, top-leading by default). Outside a Flex it is a box
/// of its own size, else its content's plus padding.
public struct FlexItem: CombinedComponent, LayoutTransparent {
    public var layoutContent: AnyComponent<Empty> { content }

    /// What the item shows, inside its padding.
    public let content: AnyComponent<Empty>
    /// The item's flex options: grow, shrink, basis, align-self, order, position, insets, margins.
    public var item: FlexItemStyle
    /// The item's CSS box: border-box size and limits, padding, aspect ratio.
    public var box: BoxStyle
    /// Where the content sits inside the padding, mirrored right to left.
    public var contentAlignment: Alignment

    /// `item` and `box` default to CSS's initial values (no growth, shrink 1, auto basis
    /// and size, no padding).
    public init(_ content: AnyComponent<Empty>, item: FlexItemStyle = FlexItemStyle(), box: BoxStyle = BoxStyle(),
                contentAlignment: Alignment = .topLeading) {
        self.content = content
        self.item = item
        self.box = box
        self.contentAlignment = contentAlignment
    }

    /// The common options: `basis` in points (nil: auto), `alignSelf` nil for the
    /// container's `alignItems`.
    public init(_ content: AnyComponent<Empty>, grow: Double = 0, shrink: Double = 1, basis: Double? = nil,
                alignSelf: Flex.Align? = nil) {
        var item = FlexItemStyle()
        item.grow = grow
        item.shrink = shrink
        item.basis = basis.map(Dimension.points) ?? .auto
        item.alignSelf = alignSelf
        self.init(content, item: item)
    }

    /// The box outside a flex container: its own size where set, else the content's
    /// plus padding, within its limits.
    func standaloneSize(_ proposal: ProposedSize, content node: LayoutNode) -> Size {
        let parent = OptionalSize(proposal.width.flatMap { $0.isFinite ? $0 : nil },
                                  proposal.height.flatMap { $0.isFinite ? $0 : nil })
        let own = box.size(parent).applyingAspectRatio(box.aspectRatio)
        let inner = ProposedSize(width: (own.width ?? proposal.width).map { max(0, $0 - box.padding.horizontal) },
                                 height: (own.height ?? proposal.height).map { max(0, $0 - box.padding.vertical) })
        let c = node.sizeThatFits(inner)
        let size = OptionalSize(own.width ?? c.width + box.padding.horizontal, own.height ?? c.height + box.padding.vertical)
            .clamped(box.minSize(parent), box.maxSize(parent))
        return Size(width: max(size.width ?? 0, box.padding.horizontal), height: max(size.height ?? 0, box.padding.vertical))
    }

    /// Itself.
    public var asFlexItem: FlexItem? { self }

    /// When the content is a flex container, its size (the box is the container's);
    /// else its standalone box: its own size where set, else the content's plus padding.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<FlexItem>) -> Size {
        measure(proposal, node: context.node)
    }

    /// The item's size for `proposal`, measured through `node` (the node of the
    /// component that is this item: the `FlexItem` or a wrapper that carries it).
    package func measure(_ proposal: ProposedSize, node: LayoutNode) -> Size {
        if node.flexInfo.isContainer { return node.content(content).sizeThatFits(proposal) }
        return standaloneSize(proposal, content: node.content(content))
    }

    /// Takes the size a containing Flex assigned (else its standalone size) and places the
    /// content, proposed the space inside the padding, at `contentAlignment`.
    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in context.component.update(content: child, in: context) }
    }

    /// The update of the component that is this item (the `FlexItem`, or a wrapper that
    /// carries it, whose view then holds the content directly): the size a containing
    /// Flex assigned to `context`'s node, else the standalone size, with `content`
    /// placed inside the padding. Returns the item's size.
    package func update<Parent>(content child: Child<AnyComponent<Empty>>, in context: CombinedComponentContext<Parent>,
                                clipsContent: Bool = false) -> Size where Parent.EnvironmentType == Empty {
        guard let placement = placement(node: context.layoutNode, proposal: context.proposal,
                                        environment: context.environment) else {
            // The content is a flex container: the box is its own.
            return child.updateAsContent(content, in: context).size
        }
        context.place(placement, child: child, clipsContent: clipsContent)
        return placement.size
    }

    /// Where the component that is this item, measured through `node` for `proposal`,
    /// puts the content: the size a containing Flex assigned (else the standalone
    /// size), the content proposed the space inside the padding and aligned there at
    /// `contentAlignment` (both resolved for the layout direction of `environment`).
    /// Nil when the content is a flex container (the box is its own).
    package func placement(node: LayoutNode, proposal: ProposedSize, environment: Environment<Empty>) -> ContentPlacement? {
        if node.flexInfo.isContainer { return nil }
        let size = node.assignedSize ?? standaloneSize(proposal, content: node.content(content))
        let direction = environment.layoutDirection
        let padding = box.resolved(for: direction).padding
        let inner = Size(width: max(0, size.width - padding.horizontal), height: max(0, size.height - padding.vertical))
        let offer = ProposedSize(inner)
        let measured = content.wrapped.sizeWithoutLayout(offer) ?? node.content(content).sizeThatFits(offer)
        let aligned = LayoutMath.aligned(measured, in: inner, alignment: contentAlignment.resolved(for: direction))
        return ContentPlacement(size: size, wrapper: node, content: content, proposal: offer, measured: measured,
                                position: Point(x: padding.left + aligned.x, y: padding.top + aligned.y),
                                placedSize: node.placedSize, parentSnaps: node.assignedSize != nil)
    }
}
