import RasterCore
import RasterLayout

/// A component's place in one layout pass: what measuring it needs (its component
/// value, environment and state), the answers it gave, and the nodes of the children
/// measured through it.
///
/// Measuring is pure: it never touches views. A parent makes a node per child, asks it
/// `sizeThatFits` for as many proposals as its algorithm needs (each answered once per
/// pass), then places the child, handing the same node to the child's update so that
/// the child's own children are not measured again. In an update pass nodes live for
/// one pass; the answers outlive it in the child's view (`ComponentNode`), and a node
/// made for an untouched view starts with them, so an unchanged subtree is not walked
/// again. A `LayoutTree` (no views) keeps its nodes from one layout to the next instead,
/// and `markSubtreeDirty` forgets their answers.
///
/// Invariant: `component` is never an `AnyComponent` (wrappers are looked through), and
/// a child node is reused only for the identical child component. The stored properties
/// are read and written one access at a time by the pass that owns the node, so they
/// skip the run-time exclusivity checks.
public final class LayoutNode {
    let component: any Component
    /// The component's type, read once (layout asks it of every node it walks through).
    let componentType: any Component.Type
    /// The `AnyComponent` the node was made for (identity decides reuse).
    let source: AnyObject?
    let environment: ErasedEnvironment
    /// The view that shows the component from earlier passes (its state is used).
    @exclusivity(unchecked) var retained: ComponentNode?
    /// The axis of the nearest stack above, through wrappers that lay out as their
    /// content (what a `Spacer` stretches along).
    @exclusivity(unchecked) var stackAxis: Axis?
    /// Whether the nearest container above that is a stack or a `Flex` is a `Flex`:
    /// there a `Text` measures as CSS does (never narrower than its longest word, heights
    /// not proposed), elsewhere as SwiftUI does. Set when the node is made: a `Flex`'s
    /// children get true, a stack's false, anything else's what its parent has.
    @exclusivity(unchecked) var measuresTextAsCSS = false
    /// Whether the update that follows gives the component the proposal it is first
    /// measured for: true for a node no parent measured (the host's root), and for the
    /// content of a wrapper that has it. A `Flex` measured then lays itself out at
    /// once, and its update finds that layout cached, instead of running the algorithm
    /// twice. (A wrong guess costs time, never a different result.)
    @exclusivity(unchecked) var laidOutAsMeasured = false

    /// The proposals answered, in the order asked (seeded from the retained view's
    /// last pass when its subtree is untouched).
    @exclusivity(unchecked) private(set) var answers = MeasuredSizes()
    /// The child in slot 0 (a wrapper's only child), and those in slots 1 and up.
    @exclusivity(unchecked) private var firstSlot: LayoutNode?
    @exclusivity(unchecked) private var laterSlots: [LayoutNode?] = []
    /// What few nodes hold (keyed children, what measuring made), made when first set:
    /// most nodes never need it, and a node is made and dropped in every pass.
    @exclusivity(unchecked) private var extras: Extras?

    /// See `extras`.
    private final class Extras {
        @exclusivity(unchecked) var keyedSlots: [AnyHashable: LayoutNode] = [:]
        @exclusivity(unchecked) var memo: Any?
        @exclusivity(unchecked) var scratchState: ComponentState?
        @exclusivity(unchecked) var scratch: ComponentView?
        @exclusivity(unchecked) var scratchBody: Any?
    }

    /// `extras`, made if it is not yet.
    private var madeExtras: Extras {
        if let extras { return extras }
        let made = Extras()
        extras = made
        return made
    }

    /// Anything a component computes once per pass for both measuring and updating.
    package var memo: Any? {
        get { extras?.memo }
        set { if newValue != nil || extras != nil { madeExtras.memo = newValue } }
    }
    /// The body closure a combined component measures with when it has no view yet.
    var scratchBody: Any? {
        get { extras?.scratchBody }
        set { if newValue != nil || extras != nil { madeExtras.scratchBody = newValue } }
    }

    // Flexbox bookkeeping (see `FlexLayout`).
    @exclusivity(unchecked) var flexItem: FlexItemInfo?
    /// What the node keeps of flex layout, made when flex layout first stores something
    /// on it (a size, a frame, a container's ordered children): nodes outside flexbox (a
    /// leaf item's content, a stack's children) never need it, and inline it would add
    /// 300 bytes to every node.
    @exclusivity(unchecked) private(set) var flexState: FlexLayoutState?

    /// `flexState`, made if it is not yet.
    var flex: FlexLayoutState {
        if let flexState { return flexState }
        let made = FlexLayoutState()
        flexState = made
        return made
    }
    /// The border box a flex container gave this node (a `FlexItem` or `Flex`) in its
    /// last layout.
    var assignedSize: Size? { flexState?.assignedSize }
    /// This child's frame in its flex container's last layout (unrounded, relative to
    /// the container's border box).
    var flexFrame: Rect? { flexState?.frame }
    /// The size the parent's update gives the component's frame whatever size the
    /// component returns (a filling stack stretches its children across); nil: the size
    /// it returns.
    @exclusivity(unchecked) var placedSize: Size?

    /// Generic so that a caller holding an `AnyComponent` (most do) unwraps it without a
    /// dynamic cast: the check folds away once specialized.
    init<C: Component>(component: C, environment: ErasedEnvironment, retained: ComponentNode? = nil) {
        if let box = component as? AnyComponent<C.EnvironmentType> {
            self.component = box.wrapped
            componentType = Swift.type(of: box.wrapped)
            source = box
        } else {
            self.component = component
            componentType = C.self
            source = nil
        }
        self.environment = environment
        self.retained = retained
    }

    /// The size the component takes for `proposal`, computed once per proposal.
    public func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let answer = answers.size(for: proposal) { return answer }
        let size = component.sizeThatFitsErased(proposal, node: self).sanitized
        answers.append(proposal, size)
        return size
    }

    /// The node of the child in `slot`, reused when it was made for the same component
    /// (`retained` is looked up only for a new node).
    func child<C: Component>(_ slot: Int, _ component: C, environment: ErasedEnvironment? = nil,
               stackAxis: Axis? = nil, retained: @autoclosure () -> ComponentNode? = nil) -> LayoutNode {
        if let existing = slotNode(slot), existing.matches(component) { return existing }
        let node = LayoutNode(component: component, environment: environment ?? self.environment, retained: retained())
        node.stackAxis = stackAxis
        node.measuresTextAsCSS = holds(Flex.self) || (stackAxis == nil && measuresTextAsCSS)
        node.reuseMeasurements(of: component)
        setSlot(slot, node)
        return node
    }

    private func slotNode(_ slot: Int) -> LayoutNode? {
        if slot == 0 { return firstSlot }
        return slot - 1 < laterSlots.count ? laterSlots[slot - 1] : nil
    }

    private func setSlot(_ slot: Int, _ node: LayoutNode) {
        if slot == 0 {
            firstSlot = node
            return
        }
        if slot - 1 >= laterSlots.count { laterSlots.append(contentsOf: repeatElement(nil, count: slot - laterSlots.count)) }
        laterSlots[slot - 1] = node
    }

    /// The node of the child under `key` (children that custom components update).
    func child<C: Component>(key: AnyHashable, _ component: C, environment: ErasedEnvironment,
               retained: ComponentNode?) -> LayoutNode {
        if let existing = extras?.keyedSlots[key], existing.matches(component) { return existing }
        let node = LayoutNode(component: component, environment: environment, retained: retained)
        node.measuresTextAsCSS = measuresTextAsCSS
        node.reuseMeasurements(of: component)
        madeExtras.keyedSlots[key] = node
        return node
    }

    /// The child node of a wrapper that lays out as its content (slot 0), keeping the
    /// stack axis.
    package func content<C: Component>(_ component: C, environment: ErasedEnvironment? = nil) -> LayoutNode {
        let node = child(0, component, environment: environment, stackAxis: stackAxis,
                         retained: retained?.placedChildren.first?.node)
        node.laidOutAsMeasured = laidOutAsMeasured
        return node
    }

    /// Takes the retained view's answers from the last pass when nothing below it
    /// changed (see `ComponentNode.reusableMeasurements`).
    private func reuseMeasurements<C: Component>(of component: C) {
        guard let retained, let kept = retained.reusableMeasurements(
            for: component, environment: environment, stackAxis: stackAxis, measuresTextAsCSS: measuresTextAsCSS)
        else { return }
        answers = kept
    }

    private func matches<C: Component>(_ other: C) -> Bool {
        if let box = other as? AnyComponent<C.EnvironmentType> {
            if let source { return source === box }
            return false
        }
        return source == nil && component.erasedIsEqual(to: other)
    }

    /// Drops the nodes below this one, and what refers to them, once the component's
    /// update is over: a large tree then never holds every node of the pass at once.
    /// Its own answers, flex sizes and frame stay for the parent. The full layout in
    /// `flexState` goes too (its frames were set on the nodes dropped), so a second
    /// update in the same pass lays the children out again on new nodes.
    func releaseDescendants() {
        releaseChildren()
        flexItem = nil
        forgetPassScratch()
    }

    /// Drops the nodes of the children, and the full flex layout whose frames are set
    /// on them (see `releaseDescendants`).
    func releaseChildren() {
        firstSlot = nil
        if !laterSlots.isEmpty { laterSlots = [] }
        if let extras, !extras.keyedSlots.isEmpty { extras.keyedSlots = [:] }
        if let flexState {
            flexState.orderedChildren = nil
            flexState.cache.forgetLayout()
        }
    }

    /// Forgets what components computed or made for measuring in this pass.
    private func forgetPassScratch() {
        guard let extras else { return }
        extras.memo = nil
        extras.scratch = nil
        extras.scratchState = nil
        extras.scratchBody = nil
    }

    /// Forgets every answer of this node and the nodes below it (the sizes asked, flex
    /// layouts, frames, and what components computed for the pass), keeping the nodes,
    /// their children and what they read of their components' styles: the next pass
    /// measures everything again on the same nodes. Walks with a stack of its own, so a
    /// deep tree cannot exhaust the thread's.
    func markSubtreeDirty() {
        var pending: [LayoutNode] = [self]
        while let node = pending.popLast() {
            node.answers.removeAll()
            if let flex = node.flexState {
                flex.cache.removeAll()
                flex.assignedSize = nil
                flex.frame = nil
            }
            node.placedSize = nil
            node.forgetPassScratch()
            if let first = node.firstSlot { pending.append(first) }
            for case let later? in node.laterSlots { pending.append(later) }
            if let extras = node.extras { pending.append(contentsOf: extras.keyedSlots.values) }
        }
    }

    /// The scratch view, made once.
    func scratchView(make: () -> ComponentView) -> ComponentView {
        if let scratch = extras?.scratch { return scratch }
        let made = make()
        madeExtras.scratch = made
        return made
    }

    /// The state measuring sees: the view's, else a fresh one made once.
    func state(make: () -> ComponentState) -> ComponentState {
        if let retained { return retained.state }
        if let scratchState = extras?.scratchState { return scratchState }
        let made = make()
        madeExtras.scratchState = made
        return made
    }
}

extension LayoutNode {
    /// The component as a `T` when that is its type. Comparing the type first makes a
    /// miss cost no dynamic cast: layout asks this of every node it walks through.
    @inline(__always)
    func component<T: Component>(as type: T.Type) -> T? {
        componentType == T.self ? component as? T : nil
    }

    /// Whether the component is a `T` (a type comparison, no dynamic cast).
    @inline(__always)
    func holds<T: Component>(_ type: T.Type) -> Bool {
        componentType == T.self
    }
}

/// What a node that takes part in flex layout keeps of it for the pass (or, in a
/// `LayoutTree`, until `markSubtreeDirty`).
final class FlexLayoutState {
    /// The answers of the flex algorithm (sizes, and the last full layout).
    @exclusivity(unchecked) var cache = FlexCache()
    /// A flex container's children in `order` (see `flexChildren`).
    @exclusivity(unchecked) var orderedChildren: FlexChildren?
    /// The border box a flex container gave the node in its last layout.
    @exclusivity(unchecked) var assignedSize: Size?
    /// The node's frame in its flex container's last layout (unrounded, relative to the
    /// container's border box).
    @exclusivity(unchecked) var frame: Rect?
}

/// The sizes a node answered, by proposal, in the order asked: the first two kept
/// inline (most nodes are asked once or twice: a flex item's base size, then its line's
/// cross size), the others in an array.
struct MeasuredSizes {
    private var first: (proposal: ProposedSize, size: Size)?
    private var second: (proposal: ProposedSize, size: Size)?
    private var others: [(proposal: ProposedSize, size: Size)] = []

    var isEmpty: Bool { first == nil }

    /// The size answered for `proposal`, if it was asked.
    func size(for proposal: ProposedSize) -> Size? {
        guard let first else { return nil }
        if first.proposal == proposal { return first.size }
        guard let second else { return nil }
        if second.proposal == proposal { return second.size }
        for (asked, answer) in others where asked == proposal { return answer }
        return nil
    }

    /// Forgets every answer, keeping the room they took.
    mutating func removeAll() {
        first = nil
        second = nil
        others.removeAll(keepingCapacity: true)
    }

    mutating func append(_ proposal: ProposedSize, _ size: Size) {
        if first == nil {
            first = (proposal, size)
        } else if second == nil {
            second = (proposal, size)
        } else {
            others.append((proposal, size))
        }
    }
}
