/// Mutable state that lives as long as a component's view. Call `updated(transition:)`
/// after changing it: the host re-runs the update pass, and this component's `update`
/// runs even if nothing else changed.
open class ComponentState {
    /// Set by the host: runs a new update pass.
    var onUpdated: ((ComponentTransition) -> Void)?
    /// True from `updated` until the component's next `update`.
    public internal(set) var isUpdated = false

    public init() {}

    public final func updated(transition: ComponentTransition = .immediate) {
        isUpdated = true
        onUpdated?(transition)
    }
}

public final class EmptyComponentState: ComponentState {}
