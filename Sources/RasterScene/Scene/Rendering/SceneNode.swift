import RasterComponents
import RasterCore
import RasterLayout

/// What a scene node's common props do besides layout (padding and frame are `Padding`
/// and `Frame` inside it): decoration of the frame box, then placement after layout.
public struct SceneNodeStyle: Hashable, Sendable {
    public struct Border: Hashable, Sendable {
        public var color: ColorValue
        public var width: Double
    }

    public struct Shadow: Hashable, Sendable {
        public var color: ColorValue
        /// CSS blur radius (σ = radius / 2).
        public var radius: Double
        public var offset: Point
        public var opacity: Double
    }

    public var background: Fill?
    public var cornerRadius = 0.0
    public var smoothCorners = false
    public var clip = false
    public var border: Border?
    public var shadow: Shadow?
    /// Group opacity: the subtree is composited, then faded.
    public var opacity = 1.0
    public var hidden = false
    /// Translation after layout, in points.
    public var offset = Point.zero
    /// Scale and clockwise rotation (degrees) about the centre, after layout.
    public var scale = 1.0
    public var rotation = 0.0
    /// Drawn mirrored left to right when the layout direction is right to left
    /// (SwiftUI's `flipsForRightToLeftLayoutDirection`; layout mirrors positions, not
    /// drawings).
    public var flipsForRightToLeft = false
    /// How the node enters and leaves a container's children (run by the animation stage).
    public var appear: ChildTransition?
    public var disappear: ChildTransition?

    public init() {}

    /// Offset, rotation and scale about the anchor (the centre), as a layer transform.
    public var transform: Transform {
        var t = Transform(scaleX: scale, y: scale)
        if rotation != 0 { t = t.concatenating(Transform(rotationAngle: rotation * Double.pi / 180)) }
        if offset != .zero { t = t.concatenating(Transform(translationX: offset.x, y: offset.y)) }
        return t
    }
}

/// A scene node's content (already padded and framed) on a layer that carries the
/// node's decoration and placement. Its size is the content's: offset, scale and
/// rotation move the drawing, not the layout.
///
/// Invariant: the node's view is a `SceneNodeView` that knows the node's id and
/// offset, so the laid-out frame of every node with an id can be read back.
public struct SceneNode: CombinedComponent, LayoutTransparent {
    public typealias View = SceneNodeView
    public var layoutContent: AnyComponent<Empty> { content }

    public let id: String?
    public let content: AnyComponent<Empty>
    public let style: SceneNodeStyle

    public init(id: String?, content: AnyComponent<Empty>, style: SceneNodeStyle) {
        self.id = id
        self.content = content
        self.style = style
    }

    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<SceneNode>) -> Size {
        context.node.content(content).sizeThatFits(proposal)
    }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let node = context.component, s = node.style
            let c = child.updateAsContent(node.content, in: context)
            let view = context.view
            view.nodeID = node.id
            view.offset = s.offset
            view.appearTransition = s.appear
            view.disappearTransition = s.disappear
            let layer = view.layer
            let box = Rect(origin: .zero, size: c.size)
            context.transition.setBackground(layer: layer, paint: s.background.map { context.environment.paint($0, in: box) })
            context.transition.setCornerRadius(layer: layer, cornerRadius: s.cornerRadius)
            layer.cornerCurve = s.smoothCorners ? .continuous : .circular
            layer.masksToBounds = s.clip || s.cornerRadius > 0
            let t = context.transition
            t.setBorder(layer: layer, width: s.border?.width ?? 0,
                        color: s.border.map { context.environment.color($0.color) } ?? .clear)
            if let shadow = s.shadow {
                t.setShadow(layer: layer, color: context.environment.color(shadow.color), opacity: shadow.opacity,
                            radius: shadow.radius / 2, offset: shadow.offset)
            } else {
                t.set(layer, \.shadowOpacity, 0)
            }
            t.setAlpha(view: view, alpha: s.opacity)
            layer.isHidden = s.hidden
            var transform = s.transform
            if s.flipsForRightToLeft && context.environment.layoutDirection == .rightToLeft {
                transform = Transform(scaleX: -1, y: 1).concatenating(transform)
            }
            t.setTransform(layer: layer, transform: transform)
            return c.size
        }
    }
}

/// The view of a scene node.
public final class SceneNodeView: ComponentView {
    /// The node's `id` in the scene file.
    public internal(set) var nodeID: String?
    /// The node's offset (part of its layer transform).
    public internal(set) var offset = Point.zero

    public required init() {
        super.init()
    }
}
