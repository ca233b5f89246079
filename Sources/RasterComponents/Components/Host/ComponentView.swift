import RasterCore
import RasterLayers

/// A layer-backed node of the view tree that components update (UIView's role).
///
/// Invariants: `layer.sublayers` are exactly the subviews' layers, in order; a view has at
/// most one superview. Hit testing walks subviews front to back and returns the topmost
/// view that is interactive and enabled. The bookkeeping the update pass writes (the
/// tree links, node, applied modifiers, gestures, transitions, disappearing state) is
/// written one access at a time on one thread, so it skips the run-time exclusivity
/// checks.
open class ComponentView {
    /// The layer that shows the view; its sublayers are the subviews' layers.
    public let layer: Layer
    /// The view this one is a subview of. Not owned: a view owns its subviews, and
    /// clears this when it goes (unowned, so that views need no weak-reference side
    /// tables).
    @exclusivity(unchecked) public private(set) unowned var superview: ComponentView?
    /// The child views, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [ComponentView] = []
    /// The component bookkeeping of the view (set when a component makes it).
    @exclusivity(unchecked) package var node: ComponentNode?
    /// The state of the component that updates this view.
    public var componentState: ComponentState? { node?.state }
    /// Child modifiers the parent applied in its last update (reset when dropped).
    @exclusivity(unchecked) var appliedModifiers: ChildModifierKind = []
    /// How the view enters and leaves its parent when the parent's update is animated:
    /// the parent's `appear`/`disappear` modifiers, else these (a component may set them
    /// on its own view).
    public var appearTransition: ChildTransition? {
        get { transitions?.appear }
        set { transitions(writing: newValue)?.appear = newValue }
    }
    /// How the view leaves its parent (see `appearTransition`).
    public var disappearTransition: ChildTransition? {
        get { transitions?.disappear }
        set { transitions(writing: newValue)?.disappear = newValue }
    }
    /// The disappear transition in effect, recorded when the view was last placed.
    var placedDisappear: ChildTransition? {
        get { transitions?.placedDisappear }
        set { transitions(writing: newValue)?.placedDisappear = newValue }
    }

    /// The three transitions, boxed once one is set: most views have none, and inline
    /// they would add 150 bytes to every view.
    private final class Transitions {
        @exclusivity(unchecked) var appear: ChildTransition?
        @exclusivity(unchecked) var disappear: ChildTransition?
        @exclusivity(unchecked) var placedDisappear: ChildTransition?
    }
    @exclusivity(unchecked) private var transitions: Transitions?

    /// The box to write `value` into: made for a value, nil (nothing to write) when
    /// there is no box and the value is nil.
    private func transitions(writing value: ChildTransition?) -> Transitions? {
        if let transitions { return transitions }
        guard value != nil else { return nil }
        let made = Transitions()
        transitions = made
        return made
    }
    /// Bookkeeping of other view systems (DCFlight's props and node id).
    @exclusivity(unchecked) package var dcfStorage: AnyObject?
    /// True while the view animates out after its parent dropped it.
    @exclusivity(unchecked) public internal(set) var isDisappearing = false
    /// The mark of the last body run that updated this view (`CombinedFrame.mark`): the
    /// children a run kept are those with its mark.
    @exclusivity(unchecked) var updateMark: UInt64 = 0
    /// The mark of the last body run that placed this view among its subviews.
    @exclusivity(unchecked) var placeMark: UInt64 = 0

    /// Whether `ancestor` is this view or one of its superviews.
    func isInTree(of ancestor: ComponentView) -> Bool {
        var view: ComponentView? = self
        while let v = view {
            if v === ancestor { return true }
            view = v.superview
        }
        return false
    }

    /// A view outside any tree, with a new layer anchored at its centre.
    public required init() {
        layer = Layer()
        layer.anchorPoint = Point(x: 0.5, y: 0.5)
    }

    /// Subviews that outlive the view no longer point to it.
    deinit {
        for view in subviews { view.superview = nil }
    }

    /// False hides the view and its subtree from hit testing.
    public var isUserInteractionEnabled = true

    /// Whether this view itself can be the result of hit testing (a button, a control).
    open var isInteractive: Bool { false }
    /// The gestures its parent set on it when it added it (`UpdatedChildComponent.gesture`);
    /// a view with any takes presses.
    @exclusivity(unchecked) public internal(set) var gestures: [Gesture] = []
    /// Interactive views that are disabled are passed through.
    open var isEnabled: Bool { true }

    /// The layer's frame, in the superview's coordinates.
    public var frame: Rect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The layer's bounds: the view's own coordinates and size.
    public var bounds: Rect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    // MARK: - Tree

    /// Adds `view` in front of the other subviews, taking it from any superview it had.
    public func addSubview(_ view: ComponentView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        layer.addSublayer(view.layer)
    }

    /// Takes the view and its layer out of its superview, if it has one.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// Replaces the subviews with `views`, in order; views already present keep their layers.
    public func setSubviews(_ views: [ComponentView]) {
        if views.count == subviews.count, zip(views, subviews).allSatisfy({ $0 === $1 }) { return }
        if subviews.isEmpty {
            for view in views where view.superview !== self { view.removeFromSuperview() }
            subviews = views
            for view in views { view.superview = self }
            layer.setSublayers(views.map(\.layer))
            return
        }
        let keep = Set(views.map(ObjectIdentifier.init))
        for old in subviews where !keep.contains(ObjectIdentifier(old)) { old.superview = nil }
        for view in views where view.superview !== self { view.removeFromSuperview() }
        subviews = views
        for view in views { view.superview = self }
        layer.setSublayers(views.map(\.layer))
    }

    // MARK: - Tags

    /// The tag of the component that made this view (a `Button`'s `tag`), compared by
    /// identity.
    open var tag: AnyObject? { nil }

    /// The first view in this subtree (depth first, this view first) whose tag is `tag`.
    public func findTaggedView(tag: AnyObject) -> ComponentView? {
        if let own = self.tag, own === tag { return self }
        for sub in subviews {
            if let found = sub.findTaggedView(tag: tag) { return found }
        }
        return nil
    }

    // MARK: - Hit testing

    /// Whether `point` (bounds coordinates) is inside the view.
    open func point(inside point: Point) -> Bool {
        layer.bounds.contains(point)
    }

    /// The topmost interactive, enabled view under `point` (bounds coordinates), honouring
    /// hidden and transparent views, clipping and every transform on the way.
    public func hitTest(_ point: Point) -> ComponentView? {
        guard isUserInteractionEnabled, !layer.isHidden, layer.opacity > 0.01 else { return nil }
        if layer.masksToBounds {
            guard self.point(inside: point) else { return nil }
            if layer.cornerRadius > 0 {
                let outline = Path(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius,
                                   style: layer.cornerCurve)
                guard outline.contains(point) else { return nil }
            }
        }
        for sub in subviews.reversed() {
            guard let inverse = sub.layer.localTransform.inverted() else { continue }
            if let hit = sub.hitTest(inverse.apply(point)) { return hit }
        }
        if isInteractive || !gestures.isEmpty, isEnabled, self.point(inside: point) { return self }
        return nil
    }

    /// Converts `point` from this view's bounds coordinates to the root view's.
    public func convertToRoot(_ point: Point) -> Point {
        layer.transformToRoot().apply(point)
    }
}
