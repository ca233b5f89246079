import RasterCore
import RasterLayout

/// The bookkeeping of one component view (ComponentFlow's `ComponentContext`): the
/// current component value, its state, what its last update saw, and the four-way
/// check that decides whether `update` runs.
///
/// Owned by its view (`ComponentView.node`); `parent` is the node of the combined
/// component that updates this one. Only the update pass touches a node, on one thread
/// and one property access at a time, so its stored properties skip the run-time
/// exclusivity checks (`@exclusivity(unchecked)`).
package final class ComponentNode {
    @exclusivity(unchecked) private(set) var component: any Component
    unowned let view: ComponentView
    let state: ComponentState
    @exclusivity(unchecked) weak var parent: ComponentNode?

    /// The typed environment values of the last update.
    @exclusivity(unchecked) private var typedValues: [AnyEquatable]?
    /// Shared values read by this node or any node below it in their last updates.
    @exclusivity(unchecked) private(set) var subtreeReads = EnvironmentReads()
    /// Shared values in which every read of `subtreeReads` gives what it gave then (the
    /// node's own values at its last update, or later values found to agree): a read is
    /// compared with its value there, and values with the same stamp
    /// (`EnvironmentValues.stamp`) need not be compared at all. Nil before the first
    /// update and while nothing was read. It keeps those values alive (one box, shared
    /// with the other nodes that updated in them) until the node is reached again with
    /// others: a value replaced above a subtree the pass skips, such as a font registry,
    /// lives on until the subtree updates or goes.
    @exclusivity(unchecked) private var readsHoldIn: EnvironmentValues?
    /// The proposal of the last update (what the four-way check compares).
    @exclusivity(unchecked) package private(set) var proposal: ProposedSize?
    /// A state somewhere below changed: the path down to it must update. (Declared
    /// here, it takes a byte the optional above leaves free.)
    @exclusivity(unchecked) var descendantNeedsUpdate = false
    /// The fractional part of the unrounded position of the last update (frames below
    /// are snapped from it).
    @exclusivity(unchecked) private(set) var originFraction: Point?
    @exclusivity(unchecked) private(set) var size: Size?
    /// While `update` runs: the node's layout node (its measurements in this pass, from
    /// the parent that measured it when there is one) and its unrounded position in
    /// the host, from which the frames of its children are snapped.
    @exclusivity(unchecked) private(set) var layout: LayoutNode?
    /// The answers of the layout node of the last update (or skipped update) that had
    /// one, and the stack axis and text measuring they were given in; see
    /// `reusableMeasurements`.
    @exclusivity(unchecked) private var measurements: KeptMeasurements?
    @exclusivity(unchecked) private(set) var origin = Point.zero
    /// The environment and position of the last update, which a local update reuses;
    /// kept only for a component with state (the only kind that asks for one), in a box
    /// so that the others carry a word for it.
    @exclusivity(unchecked) private var lastInputs: OutOfLine<LastInputs>?
    /// The body closure of a combined component, made once per view.
    @exclusivity(unchecked) var body: Any?
    /// Whether the body of the node's combined component has been made (a component
    /// that can update without it may never make it).
    package var hasBody: Bool { body != nil }
    /// Child views placed by the last update of a combined component.
    @exclusivity(unchecked) var placedChildren: [ComponentView] = []
    /// The update pass that made the node; within it the node's updates are never animated.
    @exclusivity(unchecked) var bornInPass = -1
    /// The `Child` and `ChildMap` holders its body created, held as the body closure
    /// holds them (they live exactly as long as it: a weak reference would cost each
    /// node a side table).
    @exclusivity(unchecked) var slots = ChildSlotList()

    /// What `measurements` holds. Named types rather than tuples: an optional of a
    /// tuple is copied and destroyed through the runtime's generic value witnesses.
    private struct KeptMeasurements {
        var answers: MeasuredSizes
        var stackAxis: Axis?
        var measuresTextAsCSS: Bool
    }

    /// What `lastInputs` holds.
    private struct LastInputs {
        var environment: ErasedEnvironment
        var origin: Point?
    }

    init(component: any Component, view: ComponentView, state: ComponentState) {
        self.component = component
        self.view = view
        self.state = state
    }

    /// A state kept by someone else after its view is gone no longer reaches a host.
    deinit {
        state.link = nil
        state.owner = nil
    }

    /// Runs the four-way check and, if anything changed, the component's `update`.
    /// - Returns: the size the component takes.
    /// - Parameters:
    ///   - proposal: the size the parent proposes.
    ///   - layout: the node the parent measured this one with in this pass, if any.
    ///   - origin: the unrounded position of the view in the host, when the parent
    ///     placed it by its own layout (nil: on a whole point).
    func update(component newComponent: any Component, environment: ErasedEnvironment, proposal: ProposedSize,
                layout: LayoutNode? = nil, origin: Point? = nil,
                transition: ComponentTransition, pass: UpdatePass, force: Bool = false) -> Size {
        var reasons = changes(component: newComponent, environment: environment)
        if force { reasons.insert(.forced) }
        let fraction = origin.map { PixelSnapping.fraction($0, scale: pass.displayScale) } ?? .zero
        if let old = self.proposal, old != proposal { reasons.insert(.availableSize) }
        if let old = originFraction, old != fraction { reasons.insert(.availableSize) }

        if reasons.isEmpty, let size {
            // Equal, so nothing is laid out or drawn again; the new value is still kept,
            // so what `==` leaves out (a Button's closures, which its view reads from
            // here) is never stale.
            component = newComponent
            if let layout {
                keepMeasurements(of: layout)
                layout.releaseDescendants()
            }
            pass.statistics.recordSkip(component.concreteType)
            return size
        }
        component = newComponent
        typedValues = environment.typed
        // Only a component with state can ask for a local update.
        if !(state is EmptyComponentState) {
            lastInputs = OutOfLine(LastInputs(environment: ErasedEnvironment(typed: environment.typed,
                                                                             shared: environment.shared, recorder: nil),
                                              origin: origin))
        }
        state.isUpdated = false
        descendantNeedsUpdate = false
        pass.statistics.recordUpdate(component.concreteType, reasons)
        if let layout, layout.retained == nil { layout.retained = self }
        self.proposal = proposal
        originFraction = fraction
        self.layout = layout
        self.origin = origin ?? .zero
        var reads = EnvironmentReads()
        let result = pass.withNode(self) { recorder in
            let tracked = ErasedEnvironment(typed: environment.typed, shared: environment.shared, recorder: recorder)
            let size = component.updateErased(view: view, availableSize: proposal.replacingUnspecifiedDimensions(),
                                              state: state, environment: tracked, transition: transition)
            reads = recorder.reads
            return size
        }.finite
        if let used = self.layout {
            keepMeasurements(of: used)
            used.releaseDescendants()
        } else {
            measurements = nil
        }
        self.layout = nil
        size = result
        // A read below is compared by its value in this node's own values: where an
        // override between here and the reader changed the value, what the reader saw
        // is decided by that override (its component, and the reads it records itself).
        for child in placedChildren {
            guard let node = child.node, !node.subtreeReads.isEmpty else { continue }
            reads.formUnion(node.subtreeReads)
        }
        subtreeReads = reads
        readsHoldIn = reads.isEmpty ? nil : environment.shared
        return result
    }

    /// What changed since the last update, apart from the proposal and position:
    /// `initial` before the first, then the component value, the environment values it
    /// and its subtree read, its state and the states below it.
    private func changes(component newComponent: any Component, environment: ErasedEnvironment) -> UpdateReasons {
        var reasons: UpdateReasons = size == nil ? .initial : []
        if let old = typedValues, old != environment.typed { reasons.insert(.environment) }
        if let held = readsHoldIn, environment.shared.stamp != held.stamp {
            if subtreeReads.hold(in: environment.shared, as: held) {
                readsHoldIn = environment.shared
            } else {
                reasons.insert(.environment)
            }
        }
        if state.isUpdated { reasons.insert(.state) }
        if descendantNeedsUpdate { reasons.insert(.descendant) }
        if size != nil, !Self.identical(newComponent, component), !newComponent.erasedIsEqual(to: component) {
            reasons.insert(.component)
        }
        return reasons
    }

    /// Keeps the answers `layout` gave (they hold while nothing `changes` reports has
    /// changed), with the placement they were measured in.
    private func keepMeasurements(of layout: LayoutNode) {
        measurements = KeptMeasurements(answers: layout.answers, stackAxis: layout.stackAxis,
                                        measuresTextAsCSS: layout.measuresTextAsCSS)
    }

    /// The answers of the last pass's layout node, when they still hold for a new layout
    /// node of `newComponent` in `environment` at the same place (same stack axis and
    /// text measuring): nothing `changes` reports has changed. A parent then measures an
    /// untouched subtree without walking it.
    func reusableMeasurements(for newComponent: any Component, environment: ErasedEnvironment,
                              stackAxis: Axis?, measuresTextAsCSS: Bool) -> MeasuredSizes? {
        guard let kept = measurements, !kept.answers.isEmpty, kept.stackAxis == stackAxis,
              kept.measuresTextAsCSS == measuresTextAsCSS,
              changes(component: newComponent, environment: environment).isEmpty else { return nil }
        return kept.answers
    }

    /// A local update (`ComponentState.updated(isLocal: true)`): the component's own
    /// update at its last proposal, environment and position, its ancestors untouched;
    /// its view keeps its origin and takes the size the update returns.
    /// - Returns: false when the node never updated (a full pass must run instead).
    func updateLocally(transition: ComponentTransition, pass: UpdatePass) -> Bool {
        guard let proposal, let inputs = lastInputs?.value else { return false }
        let size = update(component: component, environment: inputs.environment, proposal: proposal, origin: inputs.origin,
                          transition: transition, pass: pass)
        // Its own frame takes the new size where it is, as a ComponentFlow host view's does.
        transition.setFrame(view: view, frame: Rect(origin: view.frame.origin, size: size))
        return true
    }

    /// The layout node of this update: the parent's, else one made now.
    func layoutNode(environment: ErasedEnvironment) -> LayoutNode {
        if let layout { return layout }
        let made = LayoutNode(component: component, environment: environment, retained: self)
        made.laidOutAsMeasured = true
        layout = made
        return made
    }

    /// The node of the child view a `ChildMap` of this component keeps under `key`.
    func childNode(forKey key: ChildKey) -> ComponentNode? {
        for slot in slots {
            if let map = slot as? ChildMap<Empty, ChildKey>, let view = map.views[key] { return view.node }
        }
        return nil
    }

    /// The same `AnyComponent` (an immutable value): equal without comparing.
    private static func identical(_ a: any Component, _ b: any Component) -> Bool {
        guard let x = a.componentBox, let y = b.componentBox else { return false }
        return x === y
    }

    /// Marks the path from this node to the root as needing an update.
    func markNeedsUpdate() {
        var node = parent
        while let n = node, !n.descendantNeedsUpdate {
            n.descendantNeedsUpdate = true
            node = n.parent
        }
    }
}

/// Why a component's `update` ran.
public struct UpdateReasons: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// First update of a new view.
    public static let initial = UpdateReasons(rawValue: 1)
    /// An environment value it reads (or a typed value) changed.
    public static let environment = UpdateReasons(rawValue: 2)
    /// Its state called `updated`.
    public static let state = UpdateReasons(rawValue: 4)
    /// The component value is not equal to the last one.
    public static let component = UpdateReasons(rawValue: 8)
    /// The available size changed.
    public static let availableSize = UpdateReasons(rawValue: 16)
    /// A state below it changed (the path to it is updated).
    public static let descendant = UpdateReasons(rawValue: 32)
    /// The host was asked to force an update.
    public static let forced = UpdateReasons(rawValue: 64)

    public var description: String {
        let names: [(UpdateReasons, String)] = [(.initial, "initial"), (.environment, "environment"), (.state, "state"),
                                                (.component, "component"), (.availableSize, "availableSize"),
                                                (.descendant, "descendant"), (.forced, "forced")]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}

/// Counts of `update` calls and skips, by component type name. Counted by type and
/// named only when read (naming a type is slow).
public struct UpdateStatistics: Sendable, Equatable {
    /// The `update` calls counted, in every pass so far.
    public var updates = 0
    /// The updates skipped because no input changed, in every pass so far.
    public var skips = 0
    /// The counts of one component type (found with one lookup per update or skip).
    private var counts: [ObjectIdentifier: TypeCounts] = [:]
    private var pass: [(type: ObjectIdentifier, reasons: UpdateReasons)] = []

    /// A component type, its counts and, once asked, its name.
    private struct TypeCounts: @unchecked Sendable, Equatable {
        let type: Any.Type
        var updates = 0
        var skips = 0
        var name: String { String(describing: type) }

        init(type: Any.Type) { self.type = type }

        static func == (a: TypeCounts, b: TypeCounts) -> Bool {
            a.type == b.type && a.updates == b.updates && a.skips == b.skips
        }
    }

    /// `updates` by component type name.
    public var updatesByType: [String: Int] { named(\.updates) }
    /// `skips` by component type name.
    public var skipsByType: [String: Int] { named(\.skips) }

    /// Every update of the last pass: component type and why it ran.
    public var lastPass: [(component: String, reasons: UpdateReasons)] {
        get { pass.map { (counts[$0.type]?.name ?? "", $0.reasons) } }
        set { pass = [] }
    }

    private func named(_ count: KeyPath<TypeCounts, Int>) -> [String: Int] {
        var result: [String: Int] = [:]
        for entry in counts.values where entry[keyPath: count] > 0 {
            result[entry.name, default: 0] += entry[keyPath: count]
        }
        return result
    }

    mutating func recordUpdate(_ type: Any.Type, _ reasons: UpdateReasons) {
        let id = ObjectIdentifier(type)
        updates += 1
        counts[id, default: TypeCounts(type: type)].updates += 1
        pass.append((id, reasons))
    }

    mutating func recordSkip(_ type: Any.Type) {
        skips += 1
        counts[ObjectIdentifier(type), default: TypeCounts(type: type)].skips += 1
    }

    /// Updates of components whose type name starts with `prefix` (generic types print
    /// their parameters).
    public func updates(of prefix: String) -> Int {
        updatesByType.filter { $0.key == prefix || $0.key.hasPrefix(prefix + "<") }.values.reduce(0, +)
    }

    public static func == (lhs: UpdateStatistics, rhs: UpdateStatistics) -> Bool {
        lhs.updates == rhs.updates && lhs.skips == rhs.skips && lhs.counts == rhs.counts
    }
}

/// The state of one update pass: the statistics it adds to and the stack of nodes being
/// updated, so that `Child.update` inside a body knows its parent. Used by one pass at a
/// time on one thread, so its stored properties skip the run-time exclusivity checks.
final class UpdatePass: @unchecked Sendable {
    @exclusivity(unchecked) var statistics = UpdateStatistics()
    /// Animates the property changes of animated transitions during this pass.
    @exclusivity(unchecked) var animator: Animator?
    /// Counts passes (a node made in the current pass is not animated until the next).
    @exclusivity(unchecked) var number = 0
    /// Pixels per point of the output: laid-out frames are snapped to this grid.
    @exclusivity(unchecked) var displayScale = 1.0
    @exclusivity(unchecked) private(set) var stack: [ComponentNode] = []
    /// The read recorders of the updates on `stack`, by depth (kept for reuse).
    @exclusivity(unchecked) private var recorders: [EnvironmentReadRecorder] = []
    /// Frames of the combined components whose bodies are running.
    @exclusivity(unchecked) var frames: [CombinedFrame] = []
    /// Collects the `Child` and `ChildMap` holders a body creates while it is evaluated.
    @exclusivity(unchecked) var registeringSlots: ChildSlotList?
    /// Called when a component's state is updated (with `isLocal`).
    @exclusivity(unchecked) var onStateUpdated: ((ComponentNode, ComponentTransition, Bool) -> Void)?

    /// Wires `state.updated` to the host (which marks the path to `node` and starts a
    /// pass, or updates `node` alone).
    func connect(_ state: ComponentState, to node: ComponentNode) {
        // The node owns the state and disconnects it when it goes (`deinit`).
        state.link = link
        state.owner = node
    }

    /// What every state this pass connects tells it through.
    private lazy var link = StateLink(self)

    /// The pass running on this thread (bound by `ComponentHost` around each pass).
    static let binding = ThreadBinding<UpdatePass>()
    /// The pass running on this thread, nil outside one.
    static var current: UpdatePass? { binding.current }

    /// Runs `body` (the update of `node`) with `node` on the stack, handing it the
    /// recorder of its depth, emptied: an update nested in it runs one level deeper, so
    /// no two running updates share one.
    func withNode<R>(_ node: ComponentNode, _ body: (EnvironmentReadRecorder) -> R) -> R {
        let depth = stack.count
        if depth == recorders.count { recorders.append(EnvironmentReadRecorder()) }
        let recorder = recorders[depth]
        recorder.reset()
        stack.append(node)
        defer { stack.removeLast() }
        return body(recorder)
    }

    var currentNode: ComponentNode? { stack.last }
}
