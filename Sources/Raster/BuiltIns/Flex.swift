/// A CSS flexbox container: items along a main axis, optionally wrapped into lines,
/// grown or shrunk to fill it, justified along it and aligned across it.
///
/// Sizing: the container takes the available length along its main axis when it is
/// finite (as a block-level flex container takes its width; for columns, as if
/// `height: 100%`), else its content's; across, its lines' total. An item's
/// hypothetical size is its `basis`, else its own size offered the container's space.
/// Free space goes to `grow` in proportion; overflow is taken from `shrink × basis` in
/// proportion (never below zero). Item options come from a `FlexItem` wrapper.
public struct Flex: CombinedComponent {
    public enum Direction: String, Equatable, Sendable, CaseIterable { case row, column, rowReverse, columnReverse }
    public enum Justify: String, Equatable, Sendable, CaseIterable {
        case start, center, end, spaceBetween, spaceAround, spaceEvenly
    }
    public enum Align: String, Equatable, Sendable, CaseIterable { case stretch, start, center, end }

    public let items: [AnyComponentWithIdentity<Empty>]
    public var direction: Direction
    public var justify: Justify
    public var alignItems: Align
    public var wrap: Bool
    public var gap: Double

    public init(_ items: [AnyComponentWithIdentity<Empty>], direction: Direction = .row, justify: Justify = .start,
                alignItems: Align = .stretch, wrap: Bool = false, gap: Double = 0) {
        self.items = items
        self.direction = direction
        self.justify = justify
        self.alignItems = alignItems
        self.wrap = wrap
        self.gap = gap
    }

    public init(_ children: [AnyComponent<Empty>], direction: Direction = .row, justify: Justify = .start,
                alignItems: Align = .stretch, wrap: Bool = false, gap: Double = 0) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  direction: direction, justify: justify, alignItems: alignItems, wrap: wrap, gap: gap)
    }

    var isRow: Bool { direction == .row || direction == .rowReverse }
    var isReversed: Bool { direction == .rowReverse || direction == .columnReverse }
    func main(_ s: Size) -> Double { isRow ? s.width : s.height }
    func cross(_ s: Size) -> Double { isRow ? s.height : s.width }
    func size(main: Double, cross: Double) -> Size { isRow ? Size(width: main, height: cross) : Size(width: cross, height: main) }

    /// Start offset and spacing between items for `free` space over `count` items.
    func distribution(free: Double, count: Int) -> (start: Double, between: Double) {
        let n = Double(count)
        switch justify {
        case .start: return (0, gap)
        case .center: return (free / 2, gap)
        case .end: return (free, gap)
        case .spaceBetween: return count > 1 ? (0, gap + max(0, free) / (n - 1)) : (0, gap)
        case .spaceAround: return (max(0, free) / n / 2, gap + max(0, free) / n)
        case .spaceEvenly: return (max(0, free) / (n + 1), gap + max(0, free) / (n + 1))
        }
    }

    public static var body: Body {
        let children = ChildMap(environment: Empty.self, keyedBy: AnyHashable.self)
        return { context in
            let flex = context.component
            let available = context.availableSize
            let mainAvail = flex.main(available), crossAvail = flex.cross(available)
            let items = flex.items
            let options = items.map { FlexItem.options(of: $0.component) ?? FlexItem(AnyComponent(EmptyComponent())) }
            // Hypothetical main sizes.
            var basis: [Double] = []
            for (i, item) in items.enumerated() {
                if let b = options[i].basis {
                    basis.append(max(0, b))
                } else {
                    let c = children[item.id].update(component: item.component, availableSize: available,
                                                     transition: context.transition)
                    basis.append(flex.main(c.size))
                }
            }
            // Lines.
            var lines: [[Int]] = []
            var line: [Int] = [], lineMain = 0.0
            for i in items.indices {
                let extra = line.isEmpty ? basis[i] : flex.gap + basis[i]
                if flex.wrap, !line.isEmpty, mainAvail.isFinite, lineMain + extra > mainAvail + 1e-9 {
                    lines.append(line)
                    line = []
                    lineMain = 0
                }
                lineMain += line.isEmpty ? basis[i] : flex.gap + basis[i]
                line.append(i)
            }
            if !line.isEmpty { lines.append(line) }
            let contentMain = lines.map { l in l.map { basis[$0] }.reduce(0, +) + flex.gap * Double(max(0, l.count - 1)) }
            let containerMain = mainAvail.isFinite ? mainAvail : (contentMain.max() ?? 0)
            // Resolve lengths, then lay out each item at its length.
            var placed: [(index: Int, child: _UpdatedChildComponent, main: Double, cross: Double)] = []
            var lineCross: [Double] = []
            var lineItems: [[Int]] = []
            for (l, indices) in lines.enumerated() {
                var lengths = indices.map { basis[$0] }
                let free = containerMain - contentMain[l]
                let grow = indices.map { options[$0].grow }.reduce(0, +)
                let shrink = indices.map { options[$0].shrink * basis[$0] }.reduce(0, +)
                if free > 0, grow > 0 {
                    for (k, i) in indices.enumerated() { lengths[k] += free * options[i].grow / grow }
                } else if free < 0, shrink > 0 {
                    for (k, i) in indices.enumerated() {
                        lengths[k] = max(0, lengths[k] + free * options[i].shrink * basis[i] / shrink)
                    }
                }
                var crossMax = 0.0
                var first = placed.count
                for (k, i) in indices.enumerated() {
                    let c = children[items[i].id].update(component: items[i].component,
                                                         availableSize: flex.size(main: lengths[k], cross: crossAvail),
                                                         transition: context.transition)
                    placed.append((i, c, lengths[k], flex.cross(c.size)))
                    crossMax = max(crossMax, flex.cross(c.size))
                }
                // Stretched items are laid out again at the line's cross size.
                for p in first..<placed.count where (options[placed[p].index].alignSelf ?? flex.alignItems) == .stretch {
                    let i = placed[p].index
                    let c = children[items[i].id].update(component: items[i].component,
                                                         availableSize: flex.size(main: placed[p].main, cross: crossMax),
                                                         transition: context.transition)
                    placed[p] = (i, c, placed[p].main, crossMax)
                }
                first = placed.count
                lineCross.append(crossMax)
                lineItems.append(Array(indices))
            }
            let containerCross = lineCross.reduce(0, +) + flex.gap * Double(max(0, lineCross.count - 1))
            var byIndex: [Int: (child: _UpdatedChildComponent, main: Double, cross: Double)] = [:]
            for p in placed { byIndex[p.index] = (p.child, p.main, p.cross) }
            var crossOffset = 0.0
            for (l, indices) in lineItems.enumerated() {
                let used = indices.compactMap { byIndex[$0]?.main }.reduce(0, +)
                let free = containerMain - used - flex.gap * Double(max(0, indices.count - 1))
                let (start, between) = flex.distribution(free: free, count: indices.count)
                var offset = start
                for i in indices {
                    guard let p = byIndex[i] else { continue }
                    let align = options[i].alignSelf ?? flex.alignItems
                    let inLine: Double
                    switch align {
                    case .stretch, .start: inLine = 0
                    case .center: inLine = ((lineCross[l] - p.cross) / 2).rounded(.down)
                    case .end: inLine = lineCross[l] - p.cross
                    }
                    let mainPos = flex.isReversed ? containerMain - offset - p.main : offset
                    let s = flex.size(main: p.main, cross: p.cross)
                    let origin = flex.isRow ? Point(x: mainPos, y: crossOffset + inLine)
                                            : Point(x: crossOffset + inLine, y: mainPos)
                    context.add(p.child.placed(Rect(origin: origin, size: s)).resized(s))
                    offset += p.main + between
                }
                crossOffset += lineCross[l] + flex.gap
            }
            return flex.size(main: containerMain, cross: containerCross)
        }
    }
}

/// Flex options for one item of a `Flex` (CSS `flex-grow`, `flex-shrink`,
/// `flex-basis`, `align-self`). Outside a `Flex` it is just its content. A `Flex`
/// finds it through `LayoutTransparent` wrappers, so a wrapper that draws the item's
/// box (a background, a border) is the one sized to the flexed length.
public struct FlexItem: CombinedComponent, LayoutTransparent {
    public var layoutContent: AnyComponent<Empty> { content }

    /// The options of `component`: itself, or the first `FlexItem` inside wrappers that
    /// lay out as their content.
    static func options(of component: AnyComponent<Empty>) -> FlexItem? {
        if let item = component.wrapped as? FlexItem { return item }
        return (component.wrapped as? LayoutTransparent).flatMap { options(of: $0.layoutContent) }
    }

    public let content: AnyComponent<Empty>
    public var grow: Double
    public var shrink: Double
    public var basis: Double?
    public var alignSelf: Flex.Align?

    public init(_ content: AnyComponent<Empty>, grow: Double = 0, shrink: Double = 1, basis: Double? = nil,
                alignSelf: Flex.Align? = nil) {
        self.content = content
        self.grow = grow
        self.shrink = shrink
        self.basis = basis
        self.alignSelf = alignSelf
    }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let c = child.update(component: context.component.content, availableSize: context.availableSize,
                                 transition: context.transition)
            context.add(c.placed(Rect(origin: .zero, size: c.size)))
            return c.size
        }
    }
}
