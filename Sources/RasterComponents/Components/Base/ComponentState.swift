/// Mutable state that lives as long as a component's view. Call
/// `updated(transition:isLocal:)` after changing it: the host re-runs the update pass,
/// and this component's `update` runs even if nothing else changed.
open class ComponentState {
    /// Set by the host: runs a new update pass.
    var onUpdated: ((ComponentTransition) -> Void)?
    /// ComponentFlow's hook, called by `updated` after the host has been told, with the
    /// transition and `isLocal` (a hosting view may set it to hear every update).
    open var _updated: ((ComponentTransition, Bool) -> Void)?
    /// True from `updated` until the component's next `update`.
    public internal(set) var isUpdated = false
    /// Whether the last `updated` call was local (see `updated(transition:isLocal:)`).
    public private(set) var lastUpdateWasLocal = false

    /// A state that is not yet attached to a host; `updated` reaches only `_updated` until it is.
    public init() {}

    /// Marks the state changed and asks for an update pass with `transition`.
    /// `isLocal` is ComponentFlow's flag for a change that only this component's own
    /// view shows; the pass still runs down the path from the root to this component
    /// (parents whose inputs did not change are skipped by the four-way check either
    /// way), and the flag reaches `_updated`.
    public final func updated(transition: ComponentTransition = .immediate, isLocal: Bool = false) {
        isUpdated = true
        lastUpdateWasLocal = isLocal
        onUpdated?(transition)
        _updated?(transition, isLocal)
    }
}

/// The state of components that keep none.
public final class EmptyComponentState: ComponentState {}
