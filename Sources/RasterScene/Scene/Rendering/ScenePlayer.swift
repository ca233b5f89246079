import RasterComponents
import RasterCore

/// Plays a scene's timeline: frame N is the tree at N / fps, with every event up to
/// that time applied with its transition.
///
/// Each event edits the scene's decoded node model (`set` merges props into nodes,
/// `insert` and `remove` edit a container's children), the component tree is built again
/// where the edit reached (every other subtree keeps its components), and the host
/// updates with the event's transition, so unchanged subtrees are skipped and changed
/// properties animate from what they present. A `tap` presses the topmost enabled
/// Button at a node's centre or a point, holds it for `tapDuration` (highlighted), then
/// releases it and runs its `onTap` actions; a `press` holds it down until a `release`
/// of the same target, a `hold` for its duration; a `drag` moves a pointer from point to
/// point at an even speed, heard by the pan gesture where it starts.
///
/// Invariant: the state at a time depends only on the events before it, never on
/// which frames were rendered on the way, so a frame range rendered alone equals the
/// same frames of a full run.
public final class ScenePlayer {
    /// The scene as decoded, before any event.
    public let scene: Scene
    /// The renderer whose host the events update.
    public let renderer: SceneRenderer
    /// How long a tap holds the button down.
    public static let tapDuration = 0.1

    /// The player's own copy of the scene's decoded node model.
    private let model: SceneModel?
    private var time = 0.0
    /// Timeline events and tap releases not yet applied, by time then order of arrival.
    private var queue: [(at: Double, order: Int, step: Step)] = []
    private var order = 0

    private enum Step {
        case action(SceneAction)
        case release(ComponentView?, [SceneAction])
        case dragEnd(Int)
    }

    /// Presses made by `press` events and not yet released, by their target.
    private var held: [SceneAction.TapTarget: (control: ComponentView, actions: [SceneAction])] = [:]
    /// Drags in progress, by number: the session, its line and its time span.
    private var drags: [Int: (session: DragSession, from: Point, to: Point, start: Double, duration: Double)] = [:]
    private var dragCount = 0

    /// A player at time 0, with the timeline's events queued.
    public init(scene: Scene) {
        self.scene = scene
        renderer = SceneRenderer(scene: scene)
        model = scene.model?.copy()
        for event in scene.timeline?.events ?? [] { enqueue(event.at, .action(event.action)) }
    }

    private func enqueue(_ at: Double, _ step: Step) {
        queue.append((at, order, step))
        order += 1
        queue.sort { ($0.at, $0.order) < ($1.at, $1.order) }
    }

    /// Moves the scene to `time` (not before the last time asked) and returns the frame.
    /// - Throws: `SceneError` when an event leaves the tree invalid (at the event's path),
    ///   or the canvas is too large.
    public func frame(at time: Double) throws -> Bitmap {
        try frameInPlace(at: time).frame.copy()
    }

    /// Moves the scene to `time` and returns the frame as the renderer's retained bitmap
    /// with the device rectangles drawn again since the last frame
    /// (`SceneRenderer.renderInPlace`).
    public func frameInPlace(at time: Double, redrawAll: Bool = false) throws -> (frame: Bitmap, damage: [PixelRect]) {
        try advance(to: time)
        return try renderer.renderInPlace(redrawAll: redrawAll)
    }

    /// Applies every event up to `time` and moves the animation clock there.
    public func advance(to target: Double) throws {
        renderer.layoutTree()
        while let next = queue.first, next.at <= target {
            queue.removeFirst()
            moveDrags(to: next.at)
            renderer.host.advance(to: next.at)
            time = next.at
            try run(next.step)
        }
        moveDrags(to: target)
        renderer.host.advance(to: target)
        time = max(time, target)
    }

    /// Moves every drag in progress to where its line puts it at `time`.
    private func moveDrags(to time: Double) {
        for id in drags.keys.sorted() {
            guard let d = drags[id], time > d.start else { continue }
            let f = d.duration > 0 ? min(1, (time - d.start) / d.duration) : 1
            renderer.host.moveDrag(d.session, to: Point(x: d.from.x + (d.to.x - d.from.x) * f,
                                                       y: d.from.y + (d.to.y - d.from.y) * f))
        }
    }

    private func run(_ step: Step) throws {
        switch step {
        case .action(let action):
            try apply(action)
        case .release(let control, let actions):
            renderer.host.endPress(control, inside: true)
            for action in actions { try apply(action) }
        case .dragEnd(let id):
            guard let d = drags.removeValue(forKey: id) else { return }
            renderer.host.endDrag(d.session, at: d.to)
        }
    }

    private func apply(_ action: SceneAction) throws {
        guard let model else { return }
        switch action.change {
        case .set(let targets):
            for (id, props) in targets.sorted(by: { $0.key < $1.key }) { model.set(id, props) }
        case .insert(let parent, let index, let node):
            model.insert(node, into: parent, at: index)
        case .remove(let id):
            model.remove(id)
        case .tap(let target):
            if let (control, actions) = press(target) { enqueue(time + Self.tapDuration, .release(control, actions)) }
            return
        case .press(let target):
            if held[target] == nil, let pressed = press(target) { held[target] = pressed }
            return
        case .release(let target):
            guard let (control, actions) = held.removeValue(forKey: target) else { return }
            try run(.release(control, actions))
            return
        case .hold(let target, let duration):
            if let (control, actions) = press(target) { enqueue(time + duration, .release(control, actions)) }
            return
        case .drag(let from, let to, let duration):
            guard let session = renderer.host.beginDrag(at: from) else { return }
            dragCount += 1
            drags[dragCount] = (session, from, to, time, duration)
            enqueue(time + duration, .dragEnd(dragCount))
            return
        }
        renderer.update(root: try model.build(), transition: action.transition.map(Self.transition) ?? .immediate)
    }

    /// Presses the control at `target` (the topmost enabled Button at a node's centre or
    /// a point) and returns it with the `onTap` actions its release runs; nil when there
    /// is none.
    private func press(_ target: SceneAction.TapTarget) -> (ComponentView, [SceneAction])? {
        let host = renderer.host
        let control: ComponentView?
        switch target {
        case .point(let p):
            control = host.beginPress(at: p)
        case .node(let id):
            // The node's centre; when a stretched box leaves its button elsewhere, the
            // first enabled button inside the node.
            guard let frame = renderer.layout()[id] else { return nil }
            if let hit = host.beginPress(at: Point(x: frame.midX, y: frame.midY)) {
                control = hit
            } else if let inside = renderer.nodeView(id: id).flatMap(Self.firstControl) {
                inside.press()
                control = inside
            } else {
                control = nil
            }
        }
        guard let control else { return nil }
        var view: ComponentView? = control
        var actions: [SceneAction] = []
        while let v = view {
            if let scene = v as? SceneControlView { actions = scene.onTap; break }
            view = v.superview
        }
        return (control, actions)
    }

    private static func firstControl(in view: ComponentView) -> ControlView? {
        if let control = view as? ControlView, control.isEnabled, control.isUserInteractionEnabled { return control }
        for sub in view.subviews.reversed() where sub.isUserInteractionEnabled && !sub.layer.isHidden {
            if let found = firstControl(in: sub) { return found }
        }
        return nil
    }

    /// The component transition of a scene transition.
    public static func transition(_ t: SceneTransition) -> ComponentTransition {
        .curve(duration: t.duration, curve: t.curve)
    }
}
