import Synchronization
import RasterCore
import RasterLayout

/// A component made of child components, laid out by a static `body` closure that
/// returns the component's size (ComponentFlow's `CombinedComponent`).
///
/// The body is evaluated once per view: the `Child` and `ChildMap` values it creates
/// hold that view's children across updates. Inside the closure, update children with
/// `child.update(...)` and place them with `context.add(...)`; children not added are
/// removed, and children not updated lose their view (and state).
public protocol CombinedComponent: Component {
    /// Updates and places the children from the context and returns the component's size.
    typealias Body = (CombinedComponentContext<Self>) -> Size
    /// The body, made once per view: state captured by the closure (`Child`, `ChildMap`)
    /// lasts as long as the view.
    static var body: Body { get }
}

public extension CombinedComponent {
    func makeView() -> View { View() }

    func update(view: View, availableSize: Size, state: State, environment: Environment<EnvironmentType>,
                transition: ComponentTransition) -> Size {
        updateBody(view: view, availableSize: availableSize, state: state, environment: environment, transition: transition)
    }

    /// The update every combined component runs unless it has its own: the body, made
    /// the first time, run on a context of this update, then the children it added put
    /// in place (`update` calls it; a component with its own `update` may too).
    package func updateBody(view: View, availableSize: Size, state: State, environment: Environment<EnvironmentType>,
                            transition: ComponentTransition) -> Size {
        guard let node = view.node, let pass = UpdatePass.current else {
            preconditionFailure("\(Self.self) must be updated by a ComponentHost or a parent component")
        }
        let body: Body
        if let made = node.body as? Body {
            body = made
        } else {
            pass.registeringSlots = ChildSlotList()
            body = Self.body
            node.slots = pass.registeringSlots ?? ChildSlotList()
            pass.registeringSlots = nil
            node.body = body
        }
        let frame = CombinedFrame(node: node, shared: environment.shared)
        let context = CombinedComponentContext(component: self, view: view, availableSize: availableSize, state: state,
                                               environment: environment, transition: transition, frame: frame)
        pass.frames.append(frame)
        let size = body(context)
        pass.frames.removeLast()
        frame.finish(transition: transition, animator: pass.animator)
        return size
    }

    /// What this update of `view` would give its body's context (its layout node, its
    /// proposal, its unrounded position), for a component that can do without running
    /// its body; nil once the view's body has been made (its children then live in
    /// it, and only the body updates them) or outside an update pass.
    package func updateWithoutBody(view: View, availableSize: Size,
                                   environment: Environment<EnvironmentType>) -> BodylessUpdate? {
        guard let node = view.node, node.body == nil, UpdatePass.current != nil else { return nil }
        return BodylessUpdate(layout: node.layoutNode(environment: environment.erased),
                              proposal: node.proposal ?? ProposedSize(available: availableSize), origin: node.origin)
    }

    /// Runs the body with its children measured instead of updated: the size it returns
    /// for `proposal` (unspecified dimensions offered as infinite, ComponentFlow's
    /// "as large as you like").
    func sizeThatFits(_ proposal: ProposedSize, context measure: MeasureContext<Self>) -> Size {
        let node = measure.node
        let body: Body
        if let made = node.retained?.body as? Body {
            body = made
        } else if let made = node.scratchBody as? Body {
            body = made
        } else {
            body = Self.body
            node.scratchBody = body
        }
        let view = node.scratchView(make: { makeView() }) as? View ?? makeView()
        let frame = CombinedFrame(measuring: node, shared: node.environment.shared)
        let context = CombinedComponentContext(component: self, view: view,
                                               availableSize: proposal.replacingUnspecifiedDimensions(),
                                               state: measure.state, environment: measure.environment,
                                               transition: .immediate, frame: frame)
        return CombinedFrame.measuringBinding.withValue(frame) { body(context) }
    }
}

/// The inputs of an update of a combined component that does not run its body
/// (`CombinedComponent.updateWithoutBody`): what its context would have given.
package struct BodylessUpdate {
    /// The node the parent measured the component with in this pass, or a new one.
    package let layout: LayoutNode
    /// The proposal the component is updated for.
    package let proposal: ProposedSize
    /// The unrounded position of the component's view in the host.
    package let origin: Point
}

/// What a combined component's body works with.
public final class CombinedComponentContext<C: CombinedComponent> {
    /// The component value being updated.
    public let component: C
    /// The component's view (a scratch view when the body runs to measure).
    public let view: C.View
    /// The size offered by the parent, in points; infinite in a dimension left to the component.
    public let availableSize: Size
    /// The state of the component's view.
    public let state: C.State
    /// The environment the component is updated with.
    public let environment: Environment<C.EnvironmentType>
    /// The transition of this update; `.immediate` when measuring.
    public let transition: ComponentTransition
    let frame: CombinedFrame

    /// The proposal the component is updated for (the available size with unspecified
    /// dimensions kept apart).
    var proposal: ProposedSize { frame.node?.proposal ?? ProposedSize(available: availableSize) }

    /// This update's layout node: the one the parent measured the component with, or a
    /// new one.
    package var layoutNode: LayoutNode {
        if let node = frame.node { return node.layoutNode(environment: environment.erased) }
        return frame.measured ?? LayoutNode(component: component, environment: environment.erased)
    }

    /// The unrounded position of the component's view in the host.
    var origin: Point { frame.node?.origin ?? .zero }

    init(component: C, view: C.View, availableSize: Size, state: C.State, environment: Environment<C.EnvironmentType>,
         transition: ComponentTransition, frame: CombinedFrame) {
        self.component = component
        self.view = view
        self.availableSize = availableSize
        self.state = state
        self.environment = environment
        self.transition = transition
        self.frame = frame
    }

    /// Places an updated child, in front of those added before it.
    public func add(_ child: UpdatedChildComponent) {
        frame.added.append(child)
    }

    /// Makes room for `count` more children (a container that knows how many it adds).
    package func reserveChildren(_ count: Int) {
        frame.added.reserveCapacity(frame.added.count + count)
    }

    /// Changes the shared environment values for the children updated after this call
    /// (a subtree override: a theme, a style).
    public func overrideEnvironment(_ transform: (inout EnvironmentValues) -> Void) {
        transform(&frame.shared)
    }
}

/// The bookkeeping of one running body: updating its node, or measuring (`measured`).
/// A body runs on one thread, and its frame is touched one access at a time, so its
/// lists skip the run-time exclusivity checks.
final class CombinedFrame: @unchecked Sendable {
    let node: ComponentNode?
    let measured: LayoutNode?
    @exclusivity(unchecked) var shared: EnvironmentValues
    @exclusivity(unchecked) var added: [UpdatedChildComponent] = []
    /// A number no other run has: the views this run updates and places carry it
    /// (`ComponentView.updateMark`, `placeMark`), which a set of them would otherwise hold.
    let mark = CombinedFrame.nextMark()

    private static let marks = Atomic<UInt64>(0)
    private static func nextMark() -> UInt64 { marks.wrappingAdd(1, ordering: .relaxed).newValue }

    /// Binds the frame of a body running to measure on this thread.
    static let measuringBinding = ThreadBinding<CombinedFrame>()
    /// The frame of a body running to measure on this thread, if one is running.
    static var measuring: CombinedFrame? { measuringBinding.current }

    init(node: ComponentNode, shared: EnvironmentValues) {
        self.node = node
        measured = nil
        self.shared = shared
    }

    init(measuring node: LayoutNode, shared: EnvironmentValues) {
        self.node = nil
        measured = node
        self.shared = shared
    }

    /// Puts the added children in place and forgets the children that were not updated.
    /// Under an animated transition, new children run their appear transition and
    /// dropped children with a disappear transition stay, animating out, until it ends.
    func finish(transition: ComponentTransition, animator: Animator?) {
        guard let node else { return }
        let previous = node.view.subviews
        // The common case, a first update of a wrapper: one child and nothing before it.
        if previous.isEmpty, added.count <= 1, !(transition.isAnimated && animator != nil) {
            for child in added { child.apply() }
            let views = added.map(\.view)
            node.view.setSubviews(views)
            node.placedChildren = views
            node.slots.prune(keepingMark: mark)
            return
        }
        var views: [ComponentView] = []
        views.reserveCapacity(added.count)
        for child in added where child.view.placeMark != mark {
            child.view.placeMark = mark
            child.apply()
            views.append(child.view)
        }
        if let animator, transition.isAnimated {
            let wasPlaced = Set(node.placedChildren.map(ObjectIdentifier.init))
            for child in added where !wasPlaced.contains(ObjectIdentifier(child.view)) {
                if let appear = child.effectiveAppear {
                    Self.animateIn(child.view, appear, transition, animator)
                }
            }
        }
        // Views leaving now, and views still animating out from earlier passes, keep
        // their place among the subviews (behind the view that followed them).
        var result = views
        for (index, old) in previous.enumerated().reversed() where old.placeMark != mark {
            let leaving: Bool
            if old.isDisappearing {
                leaving = true
            } else if let animator, transition.isAnimated, let disappear = old.placedDisappear {
                Self.animateOut(old, disappear, transition, animator)
                leaving = true
            } else {
                leaving = false
            }
            guard leaving else { continue }
            let follower = previous[(index + 1)...].first { $0.placeMark == mark }
            let at = follower.flatMap { f in result.firstIndex { $0 === f } } ?? result.count
            result.insert(old, at: at)
        }
        node.view.setSubviews(result)
        node.placedChildren = views
        node.slots.prune(keepingMark: mark)
    }

    /// Sets the layer to the transition's start and animates it to where it was placed.
    static func animateIn(_ view: ComponentView, _ t: ChildTransition, _ transition: ComponentTransition, _ animator: Animator) {
        let layer = view.layer
        let opacity = layer.opacity, transform = layer.transform, position = layer.position
        if let o = t.opacity {
            layer.opacity = opacity * o
            animator.set(layer, \.opacity, to: opacity, animation: transition.animation)
        }
        if let s = t.scale {
            layer.transform = Transform(scaleX: s, y: s).concatenating(transform)
            animator.set(layer, \.transform, to: transform, animation: transition.animation)
        }
        if let d = t.offset {
            layer.position = Point(x: position.x + d.x, y: position.y + d.y)
            animator.set(layer, \.position, to: position, animation: transition.animation)
        }
    }

    /// Animates the layer to the transition's end, then removes the view.
    static func animateOut(_ view: ComponentView, _ t: ChildTransition, _ transition: ComponentTransition, _ animator: Animator) {
        let layer = view.layer
        view.isDisappearing = true
        view.isUserInteractionEnabled = false
        let animation = transition.animation
        if let o = t.opacity { animator.set(layer, \.opacity, to: layer.opacity * o, animation: animation) }
        if let s = t.scale { animator.set(layer, \.transform, to: Transform(scaleX: s, y: s).concatenating(layer.transform), animation: animation) }
        if let d = t.offset {
            animator.set(layer, \.position, to: Point(x: layer.position.x + d.x, y: layer.position.y + d.y), animation: animation)
        }
        animator.schedule(after: transition.duration) { [weak view] in
            guard let view, view.isDisappearing else { return }
            view.removeFromSuperview()
        }
    }
}
