import RasterCore
import RasterLayout

/// What a flex container sees of one child: its item options, its CSS box, and either
/// the flex container it is (with that container's node) or the content a leaf
/// measures. Made once per node and kept while the node's children are (a class, so
/// reading it copies nothing).
///
/// The nodes it refers to are the node it was made for or nodes below it, held by that
/// node's child slots (both go together in `releaseDescendants`); the references are
/// unowned, as a node may refer to itself. Only a layout touches it, on one thread and
/// one property access at a time, so its stored properties skip the run-time
/// exclusivity checks.
final class FlexItemInfo {
    let item: FlexItemStyle
    /// The box with its padding physical in the box's own layout direction.
    let box: BoxStyle
    /// The container's style when the child is a flex container.
    let containerStyle: FlexContainerStyle?
    /// The direction the child reads in (a container's own, else the child node's).
    let direction: LayoutDirection
    // The small fields sit together, in the bytes after `direction`.
    /// Whether `pendingContent` is a `Text` (found when it is given: a layout asks each
    /// pass).
    @exclusivity(unchecked) private var pendingContentIsText = false
    /// `readsDefiniteness` once found (nil before).
    @exclusivity(unchecked) private var foundReadsDefiniteness: Bool?
    /// `hasNoBaseline` once found for a made content (nil before).
    @exclusivity(unchecked) private var foundNoBaseline: Bool?
    /// That container's node (the child's own node or one below it).
    unowned let containerNode: LayoutNode?
    /// The node whose size a container's layout decides (a flex item's, or a `Flex`).
    unowned let boxNode: LayoutNode
    /// The leaf's content node once made (held by `boxNode`'s slot 0, or `boxNode` itself).
    @exclusivity(unchecked) private unowned var madeContent: LayoutNode?
    /// A leaf item's content not made into a node yet: made when the container first
    /// measures it, not when it lists its children (listing then walks no content).
    @exclusivity(unchecked) private var pendingContent: AnyComponent<Empty>?

    private init(item: FlexItemStyle, box: BoxStyle, containerStyle: FlexContainerStyle?, containerNode: LayoutNode?,
                 boxNode: LayoutNode, child: LayoutNode) {
        self.item = item
        self.box = box.paddingFollowsLayoutDirection ? box.resolved(for: boxNode.environment.shared.layoutDirection) : box
        self.containerStyle = containerStyle
        self.containerNode = containerNode
        self.boxNode = boxNode
        direction = (containerNode ?? child).environment.shared.layoutDirection
    }

    /// The child `child` as an item or container whose content node exists (or that has
    /// none).
    convenience init(item: FlexItemStyle, box: BoxStyle, container: (style: FlexContainerStyle, node: LayoutNode)?,
                     content: LayoutNode?, boxNode: LayoutNode, child: LayoutNode) {
        self.init(item: item, box: box, containerStyle: container?.style, containerNode: container?.node, boxNode: boxNode,
                  child: child)
        madeContent = content
    }

    /// A leaf item whose content, a leaf component, becomes `boxNode`'s content node
    /// when first asked for.
    convenience init(item: FlexItemStyle, box: BoxStyle, leafContent: AnyComponent<Empty>, boxNode: LayoutNode,
                     child: LayoutNode) {
        self.init(item: item, box: box, containerStyle: nil, containerNode: nil, boxNode: boxNode, child: child)
        pendingContent = leafContent
        pendingContentIsText = Swift.type(of: leafContent.wrapped) == Text.self
    }

    /// The node a leaf measures (its content inside the padding); nil for a container.
    var content: LayoutNode? {
        if let madeContent { return madeContent }
        guard let pendingContent else { return nil }
        let node = boxNode.content(pendingContent)
        madeContent = node
        self.pendingContent = nil
        return node
    }

    /// Whether the content has no baseline: a leaf content not made yet that is not a
    /// `Text` (a leaf has nothing inside to look through; a box whose sizes are both set
    /// is laid out without measuring its content, and this makes no node for it either),
    /// or a made content with no `Text` where `contentText` looks. Found once for a
    /// made content: its nodes are kept as long as this record.
    var hasNoBaseline: Bool {
        if madeContent == nil, pendingContent != nil { return !pendingContentIsText }
        if let foundNoBaseline { return foundNoBaseline }
        let none = contentText == nil
        foundNoBaseline = none
        return none
    }

    /// The `Text` whose first line is the content's baseline, through wrappers that lay
    /// out as their content; nil when there is none (a container, or content that draws
    /// no text).
    var contentText: LayoutNode? {
        guard let content else { return nil }
        var inner = content
        while !inner.holds(Text.self), let next = inner.transparentContent { inner = next }
        return inner.holds(Text.self) ? inner : nil
    }

    var isContainer: Bool { containerStyle != nil }

    /// Whether the child's layout, or its container's through it, can depend on how
    /// definite the sizes are: its own styles read it (`BoxStyle.readsDefiniteness` and
    /// the item's: its percentages resolve against its container's definite size), or,
    /// for a container, a child's styles or layout do (found as the container lists its
    /// children). A leaf's content is measured by proposals, which carry no
    /// definiteness. Found once per pass.
    var readsDefiniteness: Bool {
        if let foundReadsDefiniteness { return foundReadsDefiniteness }
        var reads = box.readsDefiniteness || item.readsDefiniteness
        if !reads, let containerStyle, let containerNode {
            reads = containerStyle.readsDefiniteness || containerNode.flexChildrenReadDefiniteness()
        }
        foundReadsDefiniteness = reads
        return reads
    }
}

extension LayoutNode {
    /// How a flex container sees this child (looked up once per pass): through wrappers
    /// that lay out as their content to a flex item (`asFlexItem`) or a `Flex`; anything
    /// else is a leaf with default item options.
    var flexInfo: FlexItemInfo {
        if let flexItem { return flexItem }
        let info = resolveFlexInfo()
        flexItem = info
        return info
    }

    private func resolveFlexInfo() -> FlexItemInfo {
        var node = self
        while true {
            if let flex = node.component(as: Flex.self) {
                return FlexItemInfo(item: FlexItemStyle(), box: flex.box,
                                    container: flex.items.isEmpty ? nil : (flex.style, node), content: nil, boxNode: node,
                                    child: self)
            }
            if let item = node.component.asFlexItem {
                let wrapped = item.content.wrapped
                if Swift.type(of: wrapped) != Flex.self, wrapped.asFlexItem == nil, wrapped.transparentLayoutContent == nil {
                    return FlexItemInfo(item: item.item, box: item.box, leafContent: item.content, boxNode: node,
                                        child: self)
                }
                let content = node.content(item.content)
                var inner = content
                while !inner.holds(Flex.self), inner.component.asFlexItem == nil, let next = inner.transparentContent {
                    inner = next
                }
                if let flex = inner.component(as: Flex.self) {
                    var box = flex.box
                    if let ratio = item.box.aspectRatio { box.aspectRatio = ratio }
                    return FlexItemInfo(item: item.item, box: box,
                                        container: flex.items.isEmpty ? nil : (flex.style, inner), content: nil,
                                        boxNode: inner, child: self)
                }
                return FlexItemInfo(item: item.item, box: item.box, container: nil, content: content, boxNode: node,
                                    child: self)
            }
            guard let next = node.transparentContent else {
                return FlexItemInfo(item: FlexItemStyle(), box: BoxStyle(), container: nil, content: self, boxNode: self,
                                    child: self)
            }
            node = next
        }
    }

    /// The children of a flex container's node with their indices in `flex.items`, in
    /// `order` (stable).
    func flexChildren(_ flex: Flex) -> [(index: Int, node: LayoutNode)] {
        if let ordered = flexState?.orderedChildren { return ordered.indexed }
        var nodes: [(index: Int, node: LayoutNode)] = []
        nodes.reserveCapacity(flex.items.count)
        var reordered = false, readDefiniteness = false
        let retained = self.retained
        for index in flex.items.indices {
            let item = flex.items[index].component
            let node = child(index, item, retained: retained?.childNode(forKey: flex.items[index].key))
            let info = node.flexInfo
            reordered = reordered || info.item.order != 0
            readDefiniteness = readDefiniteness || info.readsDefiniteness
            nodes.append((index, node))
        }
        if reordered {
            let orders = nodes.map { $0.node.flexInfo.item.order }
            nodes.sort { a, b in orders[a.index] != orders[b.index] ? orders[a.index] < orders[b.index] : a.index < b.index }
        }
        self.flex.orderedChildren = FlexChildren(indexed: nodes, nodes: nodes.map { $0.node },
                                                 readDefiniteness: readDefiniteness)
        return nodes
    }

    /// Whether a child of this flex container's node reads how definite its sizes are
    /// (`FlexItemInfo.readsDefiniteness`), found as the children are listed.
    func flexChildrenReadDefiniteness() -> Bool {
        if let ordered = flexState?.orderedChildren { return ordered.readDefiniteness }
        _ = flexChildNodes()
        return flexState?.orderedChildren?.readDefiniteness ?? false
    }

    /// The children of `flexChildren(flex)`, handed over to the caller: the node keeps
    /// none of them, nor its full layout (whose frames are on them), as after
    /// `releaseDescendants`. A container's update then lets each child's node go once
    /// the child is updated, so a large container never holds every child's layout node
    /// and every child's view at once.
    func takeFlexChildren(_ flex: Flex) -> FlexChildQueue {
        let children = flexChildren(flex)
        releaseChildren()
        return FlexChildQueue(children)
    }

    /// The children of a flex container's node in `order` (none when the node is not a
    /// `Flex`); the component is cast only when they are not kept yet.
    func flexChildNodes() -> [AnyObject] {
        if let ordered = flexState?.orderedChildren { return ordered.nodes }
        guard let flex = component(as: Flex.self) else { return [] }
        _ = flexChildren(flex)
        return flexState?.orderedChildren?.nodes ?? []
    }
}

/// A flex container's children in `order`, each given out once and then no longer
/// held (`LayoutNode.takeFlexChildren`).
struct FlexChildQueue: IteratorProtocol {
    private var children: [(index: Int, node: LayoutNode?)]
    private var position = 0

    init(_ children: [(index: Int, node: LayoutNode)]) {
        self.children = children.map { ($0.index, $0.node) }
    }

    /// The next child with its index in the container's items; the queue lets go of it.
    mutating func next() -> (index: Int, node: LayoutNode)? {
        while position < children.count {
            defer { position += 1 }
            let index = children[position].index
            guard let node = children[position].node else { continue }
            children[position].node = nil
            return (index, node)
        }
        return nil
    }
}

/// A flex container's children in `order`, kept for the pass.
final class FlexChildren {
    let indexed: [(index: Int, node: LayoutNode)]
    /// The nodes as the flex tree hands them to the algorithm.
    let nodes: [AnyObject]
    /// Whether any of them reads how definite its sizes are.
    let readDefiniteness: Bool

    init(indexed: [(index: Int, node: LayoutNode)], nodes: [AnyObject], readDefiniteness: Bool) {
        self.indexed = indexed
        self.nodes = nodes
        self.readDefiniteness = readDefiniteness
    }
}

/// The flexbox algorithm's view of a component tree: layout nodes, their components'
/// CSS styles, and leaf contents measured through the proposal protocol (CSS
/// min-content is the size proposed width 0, max-content the ideal size, fit-content
/// between them; the height is the content's at the width chosen).
///
/// Its nodes are `LayoutNode`s, handed to the algorithm as objects and back as they
/// came (`layoutNode(_:)`).
struct ComponentFlexTree: FlexLayoutTree {
    /// The layout node the algorithm hands back (it only ever holds this tree's nodes).
    @inline(__always)
    private func layoutNode(_ node: Node) -> LayoutNode { unsafeDowncast(node, to: LayoutNode.self) }

    func children(of node: Node) -> [Node] {
        layoutNode(node).flexInfo.containerNode?.flexChildNodes() ?? []
    }

    func isFlexContainer(_ node: Node) -> Bool { layoutNode(node).flexInfo.isContainer }

    /// The box with its padding physical in the box's own direction.
    func boxStyle(_ node: Node) -> BoxStyle { layoutNode(node).flexInfo.box }

    func itemStyle(_ node: Node) -> FlexItemStyle { layoutNode(node).flexInfo.item }

    func margin(_ node: Node) -> DimensionEdges { layoutNode(node).flexInfo.item.margin }

    func container(_ node: Node) -> (style: FlexContainerStyle, box: BoxStyle, margin: DimensionEdges,
                                      direction: LayoutDirection) {
        let info = layoutNode(node).flexInfo
        return (info.containerStyle ?? FlexContainerStyle(), info.box, info.item.margin, info.direction)
    }

    func item(_ node: Node) -> (item: FlexItemStyle, box: BoxStyle) {
        let info = layoutNode(node).flexInfo
        return (info.item, info.box)
    }

    func measureContent(_ node: Node, known: OptionalSize, available: AvailableSize) -> Size {
        guard let content = layoutNode(node).flexInfo.content else { return .zero }
        let width: Double
        if let w = known.width {
            width = w
        } else {
            let least = content.sizeThatFits(ProposedSize(width: 0, height: nil)).width
            let ideal = content.sizeThatFits(.unspecified).width
            switch available.width {
            case .minContent: width = least
            case .maxContent: width = ideal
            case .definite(let room): width = min(ideal, max(least, room))
            }
        }
        let height = known.height ?? content.sizeThatFits(ProposedSize(width: width, height: nil)).height
        return Size(width: width.isFinite ? width : 0, height: height.isFinite ? height : 0)
    }

    /// A `Text`'s first line (through wrappers that lay out as their content), where the
    /// item's `contentAlignment` puts the text in its content box.
    func contentBaseline(_ node: Node, size: Size) -> Double? {
        let n = layoutNode(node)
        let info = n.flexInfo
        guard !info.hasNoBaseline, let content = info.content, let inner = info.contentText,
              let text = inner.component(as: Text.self) else { return nil }
        let proposal = ProposedSize(size)
        guard let baseline = text.firstBaseline(proposal, node: inner) else { return nil }
        var top = 0.0
        if let item = n.flexInfo.boxNode.component.asFlexItem {
            let measured = content.sizeThatFits(proposal)
            let direction = n.flexInfo.boxNode.environment.shared.layoutDirection
            top = LayoutMath.aligned(measured, in: size, alignment: item.contentAlignment.resolved(for: direction)).y
        }
        return top + baseline
    }

    func cachedLayout(_ node: Node, _ input: FlexInput) -> FlexOutput? {
        layoutNode(node).flexState?.cache.get(input)
    }

    /// (The node's info exists by then: a layout asks `isFlexContainer` first.)
    func storeLayout(_ node: Node, _ input: FlexInput, _ output: FlexOutput) {
        let n = layoutNode(node)
        let info = n.flexInfo
        let sizesAlike = info.box.sizesAlikeInEitherMode
        // A leaf's own layout reads no definiteness (its percentages resolve against
        // the size its container passes, and its content is measured by proposals).
        let definitenessAlike = !info.isContainer || !info.readsDefiniteness
        n.flex.cache.store(input, output, sizesAlike: sizesAlike, definitenessAlike: definitenessAlike)
    }

    /// A size below zero (margins larger than the line) is 0, as a box cannot be smaller.
    func setFrame(_ node: Node, _ frame: Rect) {
        let size = Size(width: max(0, frame.width), height: max(0, frame.height))
        let n = layoutNode(node)
        n.flex.frame = Rect(origin: frame.origin, size: size)
        n.flexInfo.boxNode.flex.assignedSize = size
    }
}
