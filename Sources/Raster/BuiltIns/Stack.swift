/// Children one after another along an axis (`VStack`, `HStack`).
///
/// Layout: each child that is not a `Spacer` is offered what is left of the main axis
/// (the available length minus the children and spacing before it) and the full cross
/// axis; spacers then share what remains (each at least its `minLength`). The stack is
/// the sum along the axis and the widest child across (the available cross length
/// when `fill` stretches children across).
public struct StackLayout: Equatable {
    public enum Axis: Equatable { case vertical, horizontal }
    public var axis: Axis
    public var spacing: Double
    /// Across the axis: 0 leading/top, 0.5 centre, 1 trailing/bottom.
    public var alignment: Double
    public var fill: Bool

    /// The spacer `c` is, looking through wrappers that lay out as their content.
    static func spacer(_ c: AnyComponent<Empty>) -> Spacer? {
        if let spacer = c.wrapped as? Spacer { return spacer }
        return (c.wrapped as? LayoutTransparent).flatMap { spacer($0.layoutContent) }
    }
    static func isSpacer(_ c: AnyComponent<Empty>) -> Bool { spacer(c) != nil }
    static func spacerMin(_ c: AnyComponent<Empty>) -> Double { spacer(c)?.minLength ?? 0 }

    func main(_ s: Size) -> Double { axis == .vertical ? s.height : s.width }
    func cross(_ s: Size) -> Double { axis == .vertical ? s.width : s.height }
    func size(main: Double, cross: Double) -> Size {
        axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }

    /// Lays out `items` with `children` holding their views.
    func layout(_ items: [AnyComponentWithIdentity<Empty>], children: ChildMap<Empty, AnyHashable>,
                available: Size, transition: ComponentTransition, add: (_UpdatedChildComponent) -> Void) -> Size {
        let availMain = main(available), availCross = cross(available)
        let gaps = spacing * Double(max(0, items.count - 1))
        var used = gaps
        var sizes = [Size?](repeating: nil, count: items.count)
        var updated = [_UpdatedChildComponent?](repeating: nil, count: items.count)
        for (i, item) in items.enumerated() where !Self.isSpacer(item.component) {
            let offer = size(main: max(0, availMain - used), cross: availCross)
            let c = children[item.id].update(component: item.component, availableSize: offer, transition: transition)
            updated[i] = c
            sizes[i] = c.size
            used += main(c.size)
        }
        var crossSize = sizes.compactMap { $0.map(cross) }.max() ?? 0
        if fill, availCross.isFinite {
            crossSize = availCross
            for (i, item) in items.enumerated() where !Self.isSpacer(item.component) {
                guard let s = sizes[i] else { continue }
                let c = children[item.id].update(component: item.component, availableSize: size(main: main(s), cross: crossSize),
                                                 transition: transition)
                updated[i] = c
                sizes[i] = size(main: main(c.size), cross: crossSize)
            }
        }
        let spacerIndices = items.indices.filter { Self.isSpacer(items[$0].component) }
        let leftover = availMain.isFinite ? max(0, availMain - used) : 0
        let share = spacerIndices.isEmpty ? 0 : leftover / Double(spacerIndices.count)
        for i in spacerIndices {
            let length = max(Self.spacerMin(items[i].component), share)
            let c = children[items[i].id].update(component: items[i].component, availableSize: size(main: length, cross: 0),
                                                 transition: transition)
            updated[i] = c
            sizes[i] = size(main: length, cross: 0)
            used += length
        }
        var offset = 0.0
        for i in items.indices {
            guard let s = sizes[i], let c = updated[i] else { continue }
            let crossOffset = ((crossSize - cross(s)) * alignment).rounded(.down)
            let origin = axis == .vertical ? Point(x: crossOffset, y: offset) : Point(x: offset, y: crossOffset)
            let frame = Rect(origin: origin, size: s)
            add(c.placed(frame).resized(s))
            offset += main(s) + spacing
        }
        return size(main: used, cross: crossSize)
    }
}

extension _UpdatedChildComponent {
    /// The child with its frame stretched to `size` (the view's bounds; its content keeps
    /// the layout it computed).
    func resized(_ size: Size) -> _UpdatedChildComponent {
        if size == self.size { return self }
        var c = _UpdatedChildComponent(view: view, size: size, transition: transition)
        c.position = position
        c.anchorPoint = anchorPoint
        c.scale = scale
        c.opacity = opacity
        c.cornerRadius = cornerRadius
        c.clipsToBounds = clipsToBounds
        c.shadow = shadow
        c.updates = updates
        return c.withTransitions(appear: appear, disappear: disappear)
    }

    func withTransitions(appear: ChildTransition?, disappear: ChildTransition?) -> _UpdatedChildComponent {
        var c = self
        if let appear { c = c.appear(appear) }
        if let disappear { c = c.disappear(disappear) }
        return c
    }
}

/// Children top to bottom.
public struct VStack: CombinedComponent {
    public enum HorizontalAlignment: Double, Equatable { case leading = 0, center = 0.5, trailing = 1 }
    public let items: [AnyComponentWithIdentity<Empty>]
    public let spacing: Double
    public let alignment: HorizontalAlignment
    public let fill: Bool

    public init(_ items: [AnyComponentWithIdentity<Empty>], spacing: Double = 0, alignment: HorizontalAlignment = .center,
                fill: Bool = false) {
        self.items = items
        self.spacing = spacing
        self.alignment = alignment
        self.fill = fill
    }

    /// Children identified by their position.
    public init(_ children: [AnyComponent<Empty>], spacing: Double = 0, alignment: HorizontalAlignment = .center,
                fill: Bool = false) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  spacing: spacing, alignment: alignment, fill: fill)
    }

    public static var body: Body {
        let children = ChildMap(environment: Empty.self, keyedBy: AnyHashable.self)
        return { context in
            let c = context.component
            let layout = StackLayout(axis: .vertical, spacing: c.spacing, alignment: c.alignment.rawValue, fill: c.fill)
            return layout.layout(c.items, children: children, available: context.availableSize,
                                 transition: context.transition, add: context.add)
        }
    }
}

/// Children leading to trailing.
public struct HStack: CombinedComponent {
    public enum VerticalAlignment: Double, Equatable { case top = 0, center = 0.5, bottom = 1 }
    public let items: [AnyComponentWithIdentity<Empty>]
    public let spacing: Double
    public let alignment: VerticalAlignment
    public let fill: Bool

    public init(_ items: [AnyComponentWithIdentity<Empty>], spacing: Double = 0, alignment: VerticalAlignment = .center,
                fill: Bool = false) {
        self.items = items
        self.spacing = spacing
        self.alignment = alignment
        self.fill = fill
    }

    public init(_ children: [AnyComponent<Empty>], spacing: Double = 0, alignment: VerticalAlignment = .center,
                fill: Bool = false) {
        self.init(children.enumerated().map { AnyComponentWithIdentity(id: $0.offset, component: $0.element) },
                  spacing: spacing, alignment: alignment, fill: fill)
    }

    public static var body: Body {
        let children = ChildMap(environment: Empty.self, keyedBy: AnyHashable.self)
        return { context in
            let c = context.component
            let layout = StackLayout(axis: .horizontal, spacing: c.spacing, alignment: c.alignment.rawValue, fill: c.fill)
            return layout.layout(c.items, children: children, available: context.availableSize,
                                 transition: context.transition, add: context.add)
        }
    }
}

/// A wrapper whose size is its content's, so a stack treats it as its content (a
/// `Spacer` inside stays flexible).
public protocol LayoutTransparent {
    var layoutContent: AnyComponent<Empty> { get }
}

/// Flexible space along its stack's axis (at least `minLength`). Outside a stack it
/// takes no space.
public struct Spacer: Component {
    public let minLength: Double
    public init(minLength: Double = 0) { self.minLength = minLength }
    public func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        Size(width: LayoutMath.finite(availableSize.width), height: LayoutMath.finite(availableSize.height))
    }
}
