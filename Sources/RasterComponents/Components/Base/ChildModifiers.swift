import RasterCore

/// A child that has been updated, with the modifiers that place it in its parent.
/// Unset modifiers leave the view's layer as its own component left it (and a modifier
/// dropped since the last update is reset to the layer default).
public struct _UpdatedChildComponent {
    public let view: ComponentView
    public internal(set) var size: Size
    let transition: ComponentTransition
    var position: Point?
    var anchorPoint: Point?
    var scale: Double?
    var opacity: Double?
    var cornerRadius: Double?
    var clipsToBounds: Bool?
    var shadow: ChildShadow?
    public private(set) var appear: ChildTransition?
    public private(set) var disappear: ChildTransition?
    var updates: [(ComponentView, ComponentTransition) -> Void] = []
    /// True when the child was measured for a body running to measure (`view` is a
    /// placeholder).
    var isMeasurement = false

    init(view: ComponentView, size: Size, transition: ComponentTransition) {
        self.view = view
        self.size = size
        self.transition = transition
    }

    /// Where the child's anchor point (its centre by default) sits in the parent.
    public func position(_ p: Point) -> Self { var c = self; c.position = p; return c }
    public func anchorPoint(_ p: Point) -> Self { var c = self; c.anchorPoint = p; return c }
    public func scale(_ s: Double) -> Self { var c = self; c.scale = s; return c }
    public func opacity(_ o: Double) -> Self { var c = self; c.opacity = o; return c }
    public func cornerRadius(_ r: Double) -> Self { var c = self; c.cornerRadius = r; return c }
    public func clipsToBounds(_ b: Bool) -> Self { var c = self; c.clipsToBounds = b; return c }
    public func shadow(_ s: ChildShadow?) -> Self { var c = self; c.shadow = s; return c }
    /// How the child enters when its key first appears (run by the animation stage).
    public func appear(_ t: ChildTransition) -> Self { var c = self; c.appear = t; return c }
    /// How the child leaves when its key disappears (run by the animation stage).
    public func disappear(_ t: ChildTransition) -> Self { var c = self; c.disappear = t; return c }
    /// Runs `body` on the view after the child is placed.
    public func update(_ body: @escaping (ComponentView, ComponentTransition) -> Void) -> Self {
        var c = self
        c.updates.append(body)
        return c
    }

    /// The frame the child gets: its size around `position`.
    var frame: Rect {
        let a = anchorPoint ?? Point(x: 0.5, y: 0.5)
        let p = position ?? Point(x: size.width * a.x, y: size.height * a.y)
        return Rect(x: p.x - size.width * a.x, y: p.y - size.height * a.y, width: size.width, height: size.height)
    }

    func apply() {
        let layer = view.layer
        var applied: Set<ChildModifierKind> = []
        let t = transition
        t.set(layer, \.anchorPoint, anchorPoint ?? Point(x: 0.5, y: 0.5))
        t.setBounds(view: view, bounds: Rect(origin: layer.bounds.origin, size: size))
        let a = anchorPoint ?? Point(x: 0.5, y: 0.5)
        t.setPosition(view: view, position: position ?? Point(x: size.width * a.x, y: size.height * a.y))
        func set<V>(_ kind: ChildModifierKind, _ value: V?, _ reset: V, _ write: (V) -> Void) {
            if let value {
                write(value)
                applied.insert(kind)
            } else if view.appliedModifiers.contains(kind) {
                write(reset)
            }
        }
        set(.scale, scale, 1) { t.setScale(view: view, scale: $0) }
        set(.opacity, opacity, 1) { t.setAlpha(view: view, alpha: $0) }
        set(.cornerRadius, cornerRadius, 0) { t.setCornerRadius(layer: layer, cornerRadius: $0) }
        set(.clipsToBounds, clipsToBounds, false) { layer.masksToBounds = $0 }
        set(.shadow, shadow, ChildShadow(color: .black, radius: 3, offset: Point(0, -3), opacity: 0)) { s in
            t.setShadow(layer: layer, color: s.color, opacity: s.opacity, radius: s.radius, offset: s.offset)
        }
        view.appliedModifiers = applied
        for body in updates { body(view, t) }
        view.placedDisappear = disappear ?? view.disappearTransition
    }
}

enum ChildModifierKind: Hashable {
    case scale, opacity, cornerRadius, clipsToBounds, shadow
}

/// A shadow cast by a child (Core Animation's parameters; `radius` is the blur's
/// standard deviation in points).
public struct ChildShadow: Hashable, Sendable {
    public var color: Color
    public var radius: Double
    public var offset: Point
    public var opacity: Double

    public init(color: Color = .black, radius: Double, offset: Point = .zero, opacity: Double = 1) {
        self.color = color
        self.radius = radius
        self.offset = offset
        self.opacity = opacity
    }
}

/// How a child enters or leaves: fade, scale and offset from or to its resting place.
public struct ChildTransition: Hashable, Sendable {
    public var opacity: Double?
    public var scale: Double?
    public var offset: Point?

    public init(opacity: Double? = nil, scale: Double? = nil, offset: Point? = nil) {
        self.opacity = opacity
        self.scale = scale
        self.offset = offset
    }

    /// ComponentFlow's `.default(scale:alpha:)`: from scale 0.01 and/or opacity 0.
    public static func `default`(scale: Bool = false, alpha: Bool = false) -> ChildTransition {
        ChildTransition(opacity: alpha ? 0 : nil, scale: scale ? 0.01 : nil)
    }
}
