/// A component made of child components, laid out by a static `body` closure that
/// returns the component's size (ComponentFlow's `CombinedComponent`).
///
/// The body is evaluated once per view: the `Child` and `ChildMap` values it creates
/// hold that view's children across updates. Inside the closure, update children with
/// `child.update(...)` and place them with `context.add(...)`; children not added are
/// removed, and children not updated lose their view (and state).
public protocol CombinedComponent: Component {
    typealias Body = (CombinedComponentContext<Self>) -> Size
    static var body: Body { get }
}

public extension CombinedComponent {
    func makeView() -> View { View() }

    func update(view: View, availableSize: Size, state: State, environment: Environment<EnvironmentType>,
                transition: ComponentTransition) -> Size {
        guard let node = view.node, let pass = UpdatePass.current else {
            preconditionFailure("\(Self.self) must be updated by a ComponentHost or a parent component")
        }
        let body: Body
        if let made = node.body as? Body {
            body = made
        } else {
            pass.registeringSlots = []
            body = Self.body
            node.slots = pass.registeringSlots ?? []
            pass.registeringSlots = nil
            node.body = body
        }
        let frame = CombinedFrame(node: node, shared: environment.shared)
        let context = CombinedComponentContext(component: self, view: view, availableSize: availableSize, state: state,
                                               environment: environment, transition: transition, frame: frame)
        pass.frames.append(frame)
        let size = body(context)
        pass.frames.removeLast()
        frame.finish()
        return size
    }
}

/// What a combined component's body works with.
public final class CombinedComponentContext<C: CombinedComponent> {
    public let component: C
    public let view: C.View
    public let availableSize: Size
    public let state: C.State
    public let environment: Environment<C.EnvironmentType>
    public let transition: ComponentTransition
    let frame: CombinedFrame

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
    public func add(_ child: _UpdatedChildComponent) {
        frame.added.append(child)
    }

    /// Changes the shared environment values for the children updated after this call
    /// (a subtree override: a theme, a style).
    public func overrideEnvironment(_ transform: (inout EnvironmentValues) -> Void) {
        transform(&frame.shared)
    }
}

/// The bookkeeping of one running body.
final class CombinedFrame {
    let node: ComponentNode
    var shared: EnvironmentValues
    var added: [_UpdatedChildComponent] = []
    var updated: Set<ObjectIdentifier> = []

    init(node: ComponentNode, shared: EnvironmentValues) {
        self.node = node
        self.shared = shared
    }

    /// Puts the added children in place and forgets the children that were not updated.
    func finish() {
        var views: [ComponentView] = []
        var seen = Set<ObjectIdentifier>()
        for child in added where seen.insert(ObjectIdentifier(child.view)).inserted {
            child.apply()
            views.append(child.view)
        }
        node.view.setSubviews(views)
        node.placedChildren = views
        for slot in node.slots { slot.object?.prune(keeping: updated) }
    }
}
