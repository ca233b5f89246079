import RasterCore

/// A child that has been updated, with the modifiers that place it in its parent.
/// Unset modifiers leave the view's layer as its own component left it (and a modifier
/// dropped since the last update is reset to the layer default).
///
/// Containers copy a child several times between its update and `add`, so the value is
/// kept small: the modifiers most children never get live in one shared box
/// (`RareChildModifiers`), which a modifier that sets one of them replaces.
public struct UpdatedChildComponent {
    /// The child's view (a placeholder when the body runs to measure).
    public let view: ComponentView
    /// The size the child returned from its update, in points; its bounds get this size.
    public internal(set) var size: Size
    var transition: ComponentTransition
    var position: Point?
    var opacity: Double?
    /// True when the child was measured for a body running to measure (`view` is a
    /// placeholder).
    var isMeasurement = false
    /// The modifiers below, when any is set.
    private var rare: OutOfLine<RareChildModifiers>?

    init(view: ComponentView, size: Size, transition: ComponentTransition) {
        self.view = view
        self.size = size
        self.transition = transition
    }

    var anchorPoint: Point? { rare?.value.anchorPoint }
    var scale: Double? { rare?.value.scale }
    var cornerRadius: Double? { rare?.value.cornerRadius }
    var clipsToBounds: Bool? { rare?.value.clipsToBounds }
    /// The transition set with `appear(_:)`, if any.
    public var appear: ChildTransition? { rare?.value.appear }
    /// The transition set with `disappear(_:)`, if any.
    public var disappear: ChildTransition? { rare?.value.disappear }
    /// The container's default entrance, used when neither the parent's `appear(_:)`
    /// nor the view's own `appearTransition` says how the child enters.
    public var defaultAppear: ChildTransition? { rare?.value.defaultAppear }
    /// The container's default exit (see `defaultAppear`).
    public var defaultDisappear: ChildTransition? { rare?.value.defaultDisappear }

    /// A copy with `edit` applied to the rare modifiers (boxed anew).
    private func editingRare(_ edit: (inout RareChildModifiers) -> Void) -> Self {
        var values = rare?.value ?? RareChildModifiers()
        edit(&values)
        var c = self
        c.rare = OutOfLine(values)
        return c
    }

    /// Where the child's anchor point (its centre by default) sits in the parent.
    public func position(_ p: Point) -> Self { var c = self; c.position = p; return c }
    /// The point of the child that `position` places, in unit coordinates of its bounds
    /// ((0.5, 0.5) when unset).
    public func anchorPoint(_ p: Point) -> Self { editingRare { $0.anchorPoint = p } }
    /// A uniform scale of the child's layer about its anchor point (1 when unset).
    public func scale(_ s: Double) -> Self { editingRare { $0.scale = s } }
    /// The layer's opacity, 0 to 1 (1 when unset).
    public func opacity(_ o: Double) -> Self { var c = self; c.opacity = o; return c }
    /// Rounds the layer's corners by this radius in points (0 when unset).
    public func cornerRadius(_ r: Double) -> Self { editingRare { $0.cornerRadius = r } }
    /// Whether the layer clips its contents to its (rounded) bounds (false when unset).
    public func clipsToBounds(_ b: Bool) -> Self { editingRare { $0.clipsToBounds = b } }
    /// The shadow the layer casts; nil (or unset) for none.
    public func shadow(_ s: ChildShadow?) -> Self { editingRare { $0.shadow = s } }
    /// How the child enters when its key first appears (run by the animation stage).
    public func appear(_ t: ChildTransition) -> Self { editingRare { $0.appear = t } }
    /// How the child leaves when its key disappears (run by the animation stage).
    public func disappear(_ t: ChildTransition) -> Self { editingRare { $0.disappear = t } }
    /// How the child enters unless `appear(_:)` or its view says otherwise (a stack's
    /// default for every child).
    public func appearByDefault(_ t: ChildTransition) -> Self { editingRare { $0.defaultAppear = t } }
    /// How the child leaves unless `disappear(_:)` or its view says otherwise.
    public func disappearByDefault(_ t: ChildTransition) -> Self { editingRare { $0.defaultDisappear = t } }
    /// The default transitions of `defaults` (a box of nothing else, made once by the
    /// container): a child with no other rare modifier shares the box itself.
    func transitionsByDefault(_ defaults: OutOfLine<RareChildModifiers>) -> Self {
        guard rare != nil else {
            var c = self
            c.rare = defaults
            return c
        }
        return editingRare {
            $0.defaultAppear = defaults.value.defaultAppear
            $0.defaultDisappear = defaults.value.defaultDisappear
        }
    }

    /// The entrance in effect: the parent's `appear`, else the view's own, else the
    /// container's default.
    var effectiveAppear: ChildTransition? { appear ?? view.appearTransition ?? defaultAppear }
    /// Adds a gesture the child's view answers (a tap, or a pan a drag reports to).
    public func gesture(_ g: Gesture) -> Self { editingRare { $0.gestures.append(g) } }
    /// Runs `body` on the view after the child is placed.
    public func update(_ body: @escaping (ComponentView, ComponentTransition) -> Void) -> Self {
        editingRare { $0.updates.append(body) }
    }

    /// The frame the child gets: its size around `position`.
    var frame: Rect {
        let a = anchorPoint ?? Point(x: 0.5, y: 0.5)
        let p = position ?? Point(x: size.width * a.x, y: size.height * a.y)
        return Rect(x: p.x - size.width * a.x, y: p.y - size.height * a.y, width: size.width, height: size.height)
    }

    func apply() {
        // The rare modifiers, read out of their box once.
        let rare = self.rare?.value ?? RareChildModifiers()
        let layer = view.layer
        var applied: ChildModifierKind = []
        let t = transition
        t.setAnchorPoint(layer: layer, anchorPoint: rare.anchorPoint ?? Point(x: 0.5, y: 0.5))
        t.setBounds(view: view, bounds: Rect(origin: layer.bounds.origin, size: size))
        let a = rare.anchorPoint ?? Point(x: 0.5, y: 0.5)
        t.setPosition(view: view, position: position ?? Point(x: size.width * a.x, y: size.height * a.y))
        func set<V>(_ kind: ChildModifierKind, _ value: V?, _ reset: V, _ write: (V) -> Void) {
            if let value {
                write(value)
                applied.insert(kind)
            } else if view.appliedModifiers.contains(kind) {
                write(reset)
            }
        }
        set(.scale, rare.scale, 1) { t.setScale(view: view, scale: $0) }
        set(.opacity, opacity, 1) { t.setAlpha(view: view, alpha: $0) }
        set(.cornerRadius, rare.cornerRadius, 0) { t.setCornerRadius(layer: layer, cornerRadius: $0) }
        set(.clipsToBounds, rare.clipsToBounds, false) { layer.masksToBounds = $0 }
        set(.shadow, rare.shadow, ChildShadow(color: .black, radius: 3, offset: Point(0, -3), opacity: 0)) { s in
            t.setShadow(layer: layer, color: s.color, opacity: s.opacity, radius: s.radius, offset: s.offset)
        }
        view.appliedModifiers = applied
        if !rare.gestures.isEmpty || !view.gestures.isEmpty { view.gestures = rare.gestures }
        for body in rare.updates { body(view, t) }
        view.placedDisappear = rare.disappear ?? view.disappearTransition ?? rare.defaultDisappear
    }
}

/// The modifiers of an `UpdatedChildComponent` that most children never get, kept out of
/// line (`OutOfLine`) so that the child value stays small.
///
/// Invariant: a boxed value is never changed (a modifier boxes an edited copy), so one
/// box may be shared, across threads too: its closures run only in the update pass that
/// places the child.
struct RareChildModifiers: @unchecked Sendable {
    var anchorPoint: Point?
    var scale: Double?
    var cornerRadius: Double?
    var clipsToBounds: Bool?
    var shadow: ChildShadow?
    var appear: ChildTransition?
    var disappear: ChildTransition?
    var defaultAppear: ChildTransition?
    var defaultDisappear: ChildTransition?
    var updates: [(ComponentView, ComponentTransition) -> Void] = []
    var gestures: [Gesture] = []
}

/// The child modifiers a parent applied to a view, as bits (what a later update without
/// them resets).
struct ChildModifierKind: OptionSet {
    let rawValue: UInt8
    static let scale = ChildModifierKind(rawValue: 1)
    static let opacity = ChildModifierKind(rawValue: 2)
    static let cornerRadius = ChildModifierKind(rawValue: 4)
    static let clipsToBounds = ChildModifierKind(rawValue: 8)
    static let shadow = ChildModifierKind(rawValue: 16)
}

/// A shadow cast by a child (Core Animation's parameters; `radius` is the blur's
/// standard deviation in points).
public struct ChildShadow: Hashable, Sendable {
    /// The shadow's colour, before `opacity` is applied.
    public var color: Color
    /// The blur's standard deviation in points; 0 for a hard edge.
    public var radius: Double
    /// How far the shadow is moved from the layer, in points.
    public var offset: Point
    /// The shadow's opacity, 0 to 1.
    public var opacity: Double

    /// A black shadow, unmoved and fully opaque, unless told otherwise.
    public init(color: Color = .black, radius: Double, offset: Point = .zero, opacity: Double = 1) {
        self.color = color
        self.radius = radius
        self.offset = offset
        self.opacity = opacity
    }
}

/// How a child enters or leaves: fade, scale and offset from or to its resting place.
public struct ChildTransition: Hashable, Sendable {
    /// The factor the resting opacity is multiplied by at the transition's far end; nil
    /// leaves opacity alone.
    public var opacity: Double?
    /// The scale at the transition's far end, applied on top of the layer's transform; nil
    /// for none.
    public var scale: Double?
    /// How far from its resting position the child starts or ends, in points; nil for none.
    public var offset: Point?

    /// Nil parameters leave that property unanimated.
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
