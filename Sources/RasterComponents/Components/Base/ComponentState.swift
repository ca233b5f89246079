/// Mutable state that lives as long as a component's view. Call
/// `updated(transition:isLocal:)` after changing it: the host re-runs the update pass,
/// and this component's `update` runs even if nothing else changed.
///
/// Its own flags are read and written one access at a time (every pass reads
/// `isUpdated`), so they skip the run-time exclusivity checks.
open class ComponentState {
    /// Set by the host: the pass that `updated` tells (to run a new update pass, or only
    /// this component's own update when the flag is true) and the node that owns the
    /// state. The node holds the state and clears both when it goes (`deinit`), so
    /// `owner` is never read dangling; one link per pass, so connecting a state makes
    /// nothing.
    @exclusivity(unchecked) var link: StateLink?
    @exclusivity(unchecked) unowned(unsafe) var owner: ComponentNode?
    /// ComponentFlow's hook, called by `updated` after the host has been told, with the
    /// transition and `isLocal` (a hosting view may set it to hear every update).
    open var _updated: ((ComponentTransition, Bool) -> Void)?
    /// True from `updated` until the component's next `update`.
    @exclusivity(unchecked) public internal(set) var isUpdated = false
    /// Whether the last `updated` call was local (see `updated(transition:isLocal:)`).
    @exclusivity(unchecked) public private(set) var lastUpdateWasLocal = false

    /// A state that is not yet attached to a host; `updated` reaches only `_updated` until it is.
    public init() {}

    /// Marks the state changed and asks for an update with `transition`.
    ///
    /// Not local (the default), the host runs an update pass down the path from the
    /// root to this component (parents whose inputs did not change are skipped by the
    /// four-way check), so a change of the component's size reaches the layout around
    /// it. Local (ComponentFlow's `isLocal`), only this component updates, at the size it
    /// was last offered and the place it has: its ancestors do not run, and whatever
    /// size it takes, its parent does not lay out again (the change stays inside its
    /// view). A local update asked during a pass joins that pass. The flag also reaches
    /// `_updated`.
    public final func updated(transition: ComponentTransition = .immediate, isLocal: Bool = false) {
        isUpdated = true
        lastUpdateWasLocal = isLocal
        if let owner, let pass = link?.pass { pass.onStateUpdated?(owner, transition, isLocal) }
        _updated?(transition, isLocal)
    }
}

/// The state of components that keep none.
public final class EmptyComponentState: ComponentState {}

/// How a state reaches the pass of its host: one per pass, held weakly so that a state
/// kept after its host is gone reaches nothing.
final class StateLink {
    weak var pass: UpdatePass?

    init(_ pass: UpdatePass) { self.pass = pass }
}
