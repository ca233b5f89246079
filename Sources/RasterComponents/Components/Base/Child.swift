import RasterCore
import RasterLayout

/// Holds the view of one child component across updates of a combined component.
public final class Child<C: Component> {
    var view: ComponentView?

    /// Create in a `body`: `let title = Child(Text.self)`.
    public init(_ type: C.Type) {
        UpdatePass.current?.registeringSlots?.append(self)
    }

    /// Updates (or first makes) the child's view and returns it with its size, ready for
    /// modifiers and `context.add`.
    public func update(component: C, @EnvironmentBuilder environment: () -> Environment<C.EnvironmentType>,
                       availableSize: Size, transition: ComponentTransition) -> UpdatedChildComponent {
        update(component: component, typed: environment().typed, proposal: ProposedSize(available: availableSize),
               transition: transition)
    }

    /// Updates the child for `proposal`; `layout` is the node it was measured with in
    /// this pass, `origin` its unrounded position in the host.
    func update(component: C, typed: [AnyEquatable] = [], proposal: ProposedSize, layout: LayoutNode? = nil,
                origin: Point? = nil, transition: ComponentTransition) -> UpdatedChildComponent {
        let updated = updateChild(existing: view, key: ObjectIdentifier(self), component: component, typed: typed,
                                  proposal: proposal, layout: layout, origin: origin, transition: transition)
        if !updated.isMeasurement { view = updated.view }
        return updated
    }
}

public extension Child where C.EnvironmentType == Empty {
    func update(component: C, availableSize: Size, transition: ComponentTransition) -> UpdatedChildComponent {
        update(component: component, environment: {}, availableSize: availableSize, transition: transition)
    }
}

extension Child: ChildSlots {
    func prune(keepingMark mark: UInt64) {
        if let v = view, v.updateMark != mark { view = nil }
    }
}

/// Holds the views of a keyed collection of child components: the same key gets the
/// same view (and state) on every update, as a `key` does in React. Only the update
/// pass touches the table, on one thread and one access at a time, so it skips the
/// run-time exclusivity checks.
public final class ChildMap<EnvironmentType, Key: Hashable> {
    @exclusivity(unchecked) var views: [Key: ComponentView] = [:]

    /// Create in a `body`: `let items = ChildMap(environment: Empty.self, keyedBy: AnyHashable.self)`.
    public init(environment: EnvironmentType.Type, keyedBy: Key.Type) {
        UpdatePass.current?.registeringSlots?.append(self)
    }

    public subscript(key: Key) -> ChildMapEntry<EnvironmentType, Key> {
        ChildMapEntry(map: self, key: key)
    }

    /// Makes room for `count` views (a container that knows how many children it
    /// updates), so a first update of many children does not grow the table again and
    /// again.
    package func reserveCapacity(_ count: Int) {
        if views.count < count { views.reserveCapacity(count) }
    }
}

extension ChildMap: ChildSlots {
    /// Drops the views not updated; the table is rebuilt only when one is dropped (most
    /// passes keep every child, and rebuilding hashes every key again).
    func prune(keepingMark mark: UInt64) {
        guard views.values.contains(where: { $0.updateMark != mark }) else { return }
        views = views.filter { $0.value.updateMark == mark }
    }
}

/// One key of a `ChildMap`.
public struct ChildMapEntry<EnvironmentType, Key: Hashable> {
    let map: ChildMap<EnvironmentType, Key>
    let key: Key

    public func update(component: AnyComponent<EnvironmentType>,
                       @EnvironmentBuilder environment: () -> Environment<EnvironmentType>,
                       availableSize: Size, transition: ComponentTransition) -> UpdatedChildComponent {
        update(component: component, typed: environment().typed, proposal: ProposedSize(available: availableSize),
               transition: transition)
    }

    /// Updates the child for `proposal`; `layout` is the node it was measured with in
    /// this pass, `origin` its unrounded position in the host.
    func update(component: AnyComponent<EnvironmentType>, typed: [AnyEquatable] = [], proposal: ProposedSize,
                layout: LayoutNode? = nil, origin: Point? = nil,
                transition: ComponentTransition) -> UpdatedChildComponent {
        let existing = map.views[key]
        let updated = updateChild(existing: existing, key: ChildMapKey(map: ObjectIdentifier(map), key: key),
                                  component: component, typed: typed, proposal: proposal, layout: layout,
                                  origin: origin, transition: transition)
        if !updated.isMeasurement, existing !== updated.view { map.views[key] = updated.view }
        return updated
    }
}

/// Where a `ChildMap` entry is measured (its map and key).
struct ChildMapKey: Hashable {
    let map: ObjectIdentifier
    let key: AnyHashable
}

public extension ChildMapEntry where EnvironmentType == Empty {
    func update(component: AnyComponent<Empty>, availableSize: Size, transition: ComponentTransition) -> UpdatedChildComponent {
        update(component: component, environment: {}, availableSize: availableSize, transition: transition)
    }
}

/// Child holders a node prunes after each body run.
protocol ChildSlots: AnyObject {
    /// Drops the views the run with `mark` did not update.
    func prune(keepingMark mark: UInt64)
}

/// The `Child` and `ChildMap` holders one body created, in the order created: the first
/// kept inline, since most bodies create one (a wrapper's content), so listing them
/// allocates nothing.
struct ChildSlotList: Sequence {
    private var first: (any ChildSlots)?
    private var rest: [any ChildSlots] = []

    struct Iterator: IteratorProtocol {
        fileprivate var first: (any ChildSlots)?
        fileprivate var rest: IndexingIterator<[any ChildSlots]>

        mutating func next() -> (any ChildSlots)? {
            if let slot = first {
                first = nil
                return slot
            }
            return rest.next()
        }
    }

    func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }

    init() {}

    mutating func append(_ slot: any ChildSlots) {
        if first == nil { first = slot } else { rest.append(slot) }
    }

    /// Drops, in each holder, the views the run with `mark` did not update.
    func prune(keepingMark mark: UInt64) {
        guard let first else { return }
        first.prune(keepingMark: mark)
        for slot in rest { slot.prune(keepingMark: mark) }
    }
}

/// The shared path of `Child` and `ChildMap`: reuse the view when the component type is
/// the same, otherwise make a new one (whose first update is never animated). While a
/// body runs to measure its component, the child is measured instead (no view is made
/// or touched); `key` (made only then) keeps its answers for the pass.
func updateChild(existing: ComponentView?, key: @autoclosure () -> AnyHashable, component: any Component, typed: [AnyEquatable],
                 proposal: ProposedSize, layout: LayoutNode?, origin: Point?,
                 transition: ComponentTransition) -> UpdatedChildComponent {
    if let measuring = CombinedFrame.measuring, let parent = measuring.measured {
        let environment = ErasedEnvironment(typed: typed, shared: measuring.shared, recorder: nil)
        let node = parent.child(key: key(), component, environment: environment, retained: existing?.node)
        var measured = UpdatedChildComponent(view: ComponentView(), size: node.sizeThatFits(proposal),
                                              transition: transition)
        measured.isMeasurement = true
        return measured
    }
    guard let pass = UpdatePass.current, let frame = pass.frames.last else {
        preconditionFailure("Child.update must be called inside a CombinedComponent body")
    }
    var transition = transition
    let view: ComponentView
    let node: ComponentNode
    if let existing, let n = existing.node, n.component.concreteType == component.concreteType {
        view = existing
        node = n
        // Updated again in the pass that made it (a stack's second layout pass): still
        // nothing to animate from.
        if n.bornInPass == pass.number { transition = .immediate }
    } else {
        view = component.makeErasedView()
        node = ComponentNode(component: component, view: view, state: component.makeErasedState())
        view.node = node
        node.bornInPass = pass.number
        pass.connect(node.state, to: node)
        transition = .immediate
    }
    node.parent = frame.node
    let environment = ErasedEnvironment(typed: typed, shared: frame.shared, recorder: nil)
    let size = node.update(component: component, environment: environment, proposal: proposal, layout: layout,
                           origin: origin, transition: transition, pass: pass)
    view.updateMark = frame.mark
    return UpdatedChildComponent(view: view, size: size, transition: transition)
}
