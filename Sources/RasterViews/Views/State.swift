import RasterComponents

/// SwiftUI's `@State`: a value the view owns and can change from its body or actions
/// (`nonmutating set`).
///
/// Under a `ViewComponent`, a state lives as long as the view's identity, not its value:
/// a parent's body makes its views again on every update, and each new `State` is linked
/// (before the view's body runs) to the storage the `ViewComponent` keeps for that place
/// in the view tree (`ViewStateStore`). Setting it updates the `ViewComponent`. Outside
/// one (a view resolved on its own), the value lives in a box made with the view value
/// and shared by its copies.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private final class Box {
        var value: Value
        var stored: ViewStateStore.Slot<Value>?
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    /// A state holding `wrappedValue` until it is linked to its view's storage.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// Same as `init(wrappedValue:)` (SwiftUI's older spelling).
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    public var wrappedValue: Value {
        get { box.stored?.value ?? box.value }
        nonmutating set {
            if let stored = box.stored { stored.set(newValue) } else { box.value = newValue }
        }
    }
}

extension State: LinkableState {
    func link(to store: ViewStateStore, key: String) {
        guard box.stored == nil else { return }
        box.stored = store.slot(for: key, initial: box.value)
    }
}

/// A state that can be linked to a `ViewStateStore`.
protocol LinkableState {
    func link(to store: ViewStateStore, key: String)
}

/// The `@State` storage of one `ViewComponent`: a slot per state, kept by the place of its
/// view in the view tree (the types and positions from the root, SwiftUI's structural
/// identity) and the property's name; setting a slot updates the component.
///
/// Invariant: while a view tree is resolved, `frames` holds the path of every view being
/// resolved, root first, with how many children each has resolved so far, so the same
/// tree resolves to the same keys on every update. A store is used by the thread that
/// updates its component (which is why it may be handed to `TaskLocal`).
public final class ViewStateStore: ComponentState, @unchecked Sendable {
    /// One state's value; setting it asks the store's component to update.
    final class Slot<Value> {
        private(set) var value: Value
        weak var store: ViewStateStore?
        init(_ value: Value) { self.value = value }

        func set(_ newValue: Value) {
            value = newValue
            store?.updated()
        }
    }

    private var slots: [String: AnyObject] = [:]
    private var frames: [(path: String, children: Int)] = []

    /// The store of the view tree being resolved on this thread, if any.
    @TaskLocal static var current: ViewStateStore?

    public override init() {}

    func slot<Value>(for key: String, initial: Value) -> Slot<Value> {
        if let existing = slots[key] as? Slot<Value> { return existing }
        let slot = Slot(initial)
        slot.store = self
        slots[key] = slot
        return slot
    }

    /// Resolves `body` with this store current and a fresh path stack.
    func resolving<R>(_ body: () -> R) -> R {
        let saved = frames
        frames = []
        defer { frames = saved }
        return Self.$current.withValue(self, operation: body)
    }

    /// Enters the next child of the view being resolved, a view of `type`; returns its
    /// path.
    func enter(_ type: Any.Type) -> String {
        var parent = ""
        if !frames.isEmpty {
            parent = frames[frames.count - 1].path + "/" + String(frames[frames.count - 1].children)
            frames[frames.count - 1].children += 1
        }
        let path = parent + ":" + String(describing: type)
        frames.append((path, 0))
        return path
    }

    func leave() { frames.removeLast() }

    /// Links every `@State` that `holder` stores (inside its dynamic properties too) to
    /// this store's slots under `path`.
    func linkStates(of holder: Any, path: String) {
        for (index, child) in Mirror(reflecting: holder).children.enumerated() {
            let key = path + "." + (child.label ?? String(index))
            if let state = child.value as? any LinkableState {
                state.link(to: self, key: key)
            } else if child.value is any DynamicProperty {
                linkStates(of: child.value, path: key)
            }
        }
    }
}
