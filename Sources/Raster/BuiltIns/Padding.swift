/// Insets its content: the content is offered the available size less the insets and
/// the padding is the content's size plus them.
public struct Padding: CombinedComponent {
    public let content: AnyComponent<Empty>
    public let insets: EdgeInsets

    public init(_ content: AnyComponent<Empty>, insets: EdgeInsets) {
        self.content = content
        self.insets = insets
    }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let i = context.component.insets
            let offer = Size(width: max(0, context.availableSize.width - i.horizontal),
                             height: max(0, context.availableSize.height - i.vertical))
            let c = child.update(component: context.component.content, availableSize: offer, transition: context.transition)
            context.add(c.placed(Rect(origin: Point(x: i.left, y: i.top), size: c.size)))
            return Size(width: c.size.width + i.horizontal, height: c.size.height + i.vertical)
        }
    }
}

/// Gives its content a fixed or limited size and aligns it inside (SwiftUI's `frame`).
///
/// The content is offered `width`/`height` when given, else the available length
/// limited to `min…max`. The frame is `width`/`height` when given; else the content's
/// length limited to `min…max`, or the whole available length when `max` is infinite.
public struct Frame: CombinedComponent {
    public let content: AnyComponent<Empty>
    public var width: Double?, height: Double?
    public var minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?
    public var alignment: Alignment

    public init(_ content: AnyComponent<Empty>, width: Double? = nil, height: Double? = nil,
                minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
                alignment: Alignment = .center) {
        self.content = content
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    func length(_ fixed: Double?, _ lo: Double?, _ hi: Double?, available: Double, content: Double) -> Double {
        if let fixed { return fixed }
        if let hi, hi == .infinity, available.isFinite { return LayoutMath.clamp(available, lo, nil) }
        return LayoutMath.clamp(content, lo, hi)
    }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let f = context.component, a = context.availableSize
            let offer = Size(width: f.width ?? LayoutMath.clamp(a.width, f.minWidth, f.maxWidth),
                             height: f.height ?? LayoutMath.clamp(a.height, f.minHeight, f.maxHeight))
            let c = child.update(component: f.content, availableSize: offer, transition: context.transition)
            let size = Size(width: f.length(f.width, f.minWidth, f.maxWidth, available: a.width, content: c.size.width),
                            height: f.length(f.height, f.minHeight, f.maxHeight, available: a.height, content: c.size.height))
            context.add(c.placed(LayoutMath.place(c.size, in: Rect(origin: .zero, size: size), alignment: f.alignment)))
            return size
        }
    }
}

public extension AnyComponent where EnvironmentType == Empty {
    func padding(_ insets: EdgeInsets) -> AnyComponent<Empty> { AnyComponent(Padding(self, insets: insets)) }
    func padding(_ all: Double) -> AnyComponent<Empty> { padding(EdgeInsets(all: all)) }

    func frame(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
               minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) -> AnyComponent<Empty> {
        AnyComponent(Frame(self, width: width, height: height, minWidth: minWidth, maxWidth: maxWidth,
                           minHeight: minHeight, maxHeight: maxHeight, alignment: alignment))
    }
}
