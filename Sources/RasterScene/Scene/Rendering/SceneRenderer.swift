import RasterComponents
import RasterCore

/// Lays out a scene's component tree on its canvas and renders it.
///
/// The root is offered the canvas size and placed by `canvas.alignment`. Rendering
/// goes through a `ComponentHost` and its compositor, so the same renderer can draw
/// further frames of the same tree cheaply.
public final class SceneRenderer {
    /// The scene rendered (its canvas, limits and first tree).
    public let scene: Scene
    /// The host holding the laid-out views and their layers.
    public let host: ComponentHost<Empty>
    private var isLaidOut = false
    /// The tree shown: the scene's root until the timeline replaces it.
    private var root: AnyComponent<Empty>

    /// A renderer of `scene` in its environment and at its canvas scale; nothing is laid
    /// out until first needed.
    public init(scene: Scene) {
        self.scene = scene
        root = scene.root
        host = ComponentHost<Empty>(environmentValues: scene.environment)
        host.displayScale = scene.canvas.scale
    }

    /// The root placed on the canvas.
    var placedRoot: AnyComponent<Empty> {
        let c = scene.canvas
        return root.frame(width: c.width, height: c.height, alignment: c.alignment)
    }

    private var canvasSize: Size { Size(width: scene.canvas.width, height: scene.canvas.height) }

    /// Runs the update pass (once; later calls reuse the tree).
    public func layoutTree() {
        guard !isLaidOut else { return }
        host.update(component: placedRoot, containerSize: canvasSize)
        isLaidOut = true
    }

    /// Shows `root` instead, changing the tree with `transition`.
    public func update(root: AnyComponent<Empty>, transition: ComponentTransition) {
        layoutTree()
        self.root = root
        host.update(transition: transition, component: placedRoot, containerSize: canvasSize)
    }

    /// The canvas as pixels.
    /// - Throws: `SceneError` when the canvas exceeds `SceneCanvas.maxPixels`, or when
    ///   drawing the laid-out tree would need more memory than `scene.limits.memory` or
    ///   rasterize more pixels than `scene.limits.pixels` (checked before anything is
    ///   rasterized).
    public func render() throws -> Bitmap {
        try renderInPlace().frame.copy()
    }

    /// The canvas as the host's retained frame, not copied, with the device rectangles
    /// drawn again since the last call (`ComponentHost.renderInPlace`); the next render
    /// updates the bitmap in place.
    /// - Throws: as `render()`.
    public func renderInPlace(redrawAll: Bool = false) throws -> (frame: Bitmap, damage: [PixelRect]) {
        try scene.canvas.checkSize()
        layoutTree()
        try checkMemory()
        return try host.renderInPlace(scale: scene.canvas.scale, background: scene.canvas.background, redrawAll: redrawAll)
    }

    /// Throws when drawing the current tree would need more than `scene.limits.memory`
    /// or rasterize more than `scene.limits.pixels`. When compositing on the host's
    /// `compositorThreads` would need more memory than the limit and one thread would
    /// not, the host composites on one thread: a limit refuses the same scenes on every
    /// machine.
    public func checkMemory() throws {
        var estimate = host.estimatedRender(scale: scene.canvas.scale)
        if estimate.bytes > scene.limits.memory, host.compositorThreads > 1 {
            let chosen = host.compositorThreads
            host.compositorThreads = 1
            estimate = host.estimatedRender(scale: scene.canvas.scale)
            if estimate.bytes > scene.limits.memory { host.compositorThreads = chosen }
        }
        let limits = scene.limits
        guard estimate.bytes <= limits.memory else {
            throw SceneError(path: "", message: "drawing the scene needs about \(SceneLimits.describe(bytes: estimate.bytes)) of pixel memory; the limit is \(SceneLimits.describe(bytes: limits.memory)) (raise it with --max-memory)")
        }
        guard estimate.pixels <= limits.pixels else {
            throw SceneError(path: "", message: "drawing the scene rasterizes about \(SceneLimits.describe(count: estimate.pixels)) pixels; the limit is \(SceneLimits.describe(count: limits.pixels)) (raise it with --max-pixels)")
        }
    }

    /// The frame of every node with an `id`, in canvas points: after layout and
    /// `offset` (its own and its ancestors'), before rotation and scale.
    public func layout() -> [String: Rect] {
        layoutTree()
        var frames: [String: Rect] = [:]
        collect(host.view, origin: .zero, into: &frames)
        return frames
    }

    /// The view of the node with `id` (nil when no node has it now).
    public func nodeView(id: String) -> SceneNodeView? {
        layoutTree()
        func find(_ view: ComponentView) -> SceneNodeView? {
            if let node = view as? SceneNodeView, node.nodeID == id, !node.isDisappearing { return node }
            for sub in view.subviews { if let found = find(sub) { return found } }
            return nil
        }
        return find(host.view)
    }

    private func collect(_ view: ComponentView, origin: Point, into frames: inout [String: Rect]) {
        for sub in view.subviews {
            let layer = sub.layer
            let size = layer.bounds.size
            var o = Point(x: origin.x + layer.position.x - size.width * layer.anchorPoint.x - view.layer.bounds.minX,
                          y: origin.y + layer.position.y - size.height * layer.anchorPoint.y - view.layer.bounds.minY)
            if let node = sub as? SceneNodeView {
                o = Point(x: o.x + node.offset.x, y: o.y + node.offset.y)
                if let id = node.nodeID { frames[id] = Rect(origin: o, size: size) }
            }
            collect(sub, origin: o, into: &frames)
        }
    }
}
