import RasterComponents
import RasterCore
import RasterLayout

/// What a scene node's common props do besides layout (padding and frame are `Padding`
/// and `Frame` inside it): decoration of the frame box, then placement after layout.
public struct SceneNodeStyle: Hashable, Sendable, SlotPicking {
    /// A line along the frame box, inside its edge.
    public struct Border: Hashable, Sendable {
        /// The stroke colour.
        public var color: ColorValue
        /// The stroke width in points.
        public var width: Double
    }

    /// A drop shadow of the frame box.
    public struct Shadow: Hashable, Sendable {
        /// The shadow colour.
        public var color: ColorValue
        /// CSS blur radius (σ = radius / 2).
        public var radius: Double
        /// The shadow's displacement in points.
        public var offset: Point
        /// Multiplies the colour's alpha (0 to 1).
        public var opacity: Double
    }

    /// Fill of the frame box; nil draws none.
    public var background: Fill?
    /// Radius of the frame box's corners; above 0 it also clips the content.
    public var cornerRadius = 0.0
    /// Continuous (squircle) corners instead of circular arcs.
    public var smoothCorners = false
    /// Clips the content to the frame box.
    public var clip = false
    /// The border; nil draws none.
    public var border: Border?
    /// The shadow; nil casts none.
    public var shadow: Shadow?
    /// Group opacity: the subtree is composited, then faded.
    public var opacity = 1.0
    /// Leaves the node out of drawing (it still takes its place in layout).
    public var hidden = false
    /// Translation after layout, in points.
    public var offset = Point.zero
    /// Scale and clockwise rotation (degrees) about the centre, after layout.
    public var scale = 1.0
    /// Clockwise rotation in degrees, about the centre after layout.
    public var rotation = 0.0
    /// Drawn mirrored left to right when the layout direction is right to left
    /// (SwiftUI's `flipsForRightToLeftLayoutDirection`; layout mirrors positions, not
    /// drawings).
    public var flipsForRightToLeft = false
    /// How the node enters and leaves a container's children (run by the animation stage).
    public var appear: ChildTransition?
    /// The transition of leaving (see `appear`).
    public var disappear: ChildTransition?

    public init() {}

    /// A slot picked by the style's numbers and flags and which optional parts are set
    /// (its fills and colours are left to `==`).
    func slot(among count: Int) -> Int {
        var mix = SlotMix()
        mix.add(cornerRadius)
        mix.add(opacity)
        mix.add(scale)
        mix.add(rotation)
        mix.add(offset.x)
        mix.add(offset.y)
        mix.add(smoothCorners)
        mix.add(clip)
        mix.add(hidden)
        mix.add(flipsForRightToLeft)
        mix.add(background != nil)
        mix.add(border != nil)
        mix.add(shadow != nil)
        mix.add(appear != nil)
        mix.add(disappear != nil)
        return mix.slot(among: count)
    }

    /// Offset, rotation and scale about the anchor (the centre), as a layer transform.
    public var transform: Transform {
        var t = Transform(scaleX: scale, y: scale)
        if rotation != 0 { t = t.concatenating(Transform(rotationAngle: rotation * Double.pi / 180)) }
        if offset != .zero { t = t.concatenating(Transform(translationX: offset.x, y: offset.y)) }
        return t
    }
}

/// What a `SceneNode` in a Flex keeps of its `FlexItem` besides the content (which is
/// the node's own): the item's options, its CSS box and where its content sits.
package struct FlexItemLayout: Sendable, SlotPicking {
    var item: FlexItemStyle
    var box: BoxStyle
    var contentAlignment: Alignment

    init(_ item: FlexItem) {
        self.item = item.item
        box = item.box
        contentAlignment = item.contentAlignment
    }

    /// A slot picked by the sizes, limits, grow, shrink and basis (the other options
    /// are left to `==`).
    func slot(among count: Int) -> Int {
        var mix = SlotMix()
        mix.add(box.width)
        mix.add(box.height)
        mix.add(box.minWidth)
        mix.add(box.maxWidth)
        mix.add(box.minHeight)
        mix.add(box.maxHeight)
        mix.add(item.basis)
        mix.add(item.grow)
        mix.add(item.shrink)
        return mix.slot(among: count)
    }
}

/// A scene node's content (already padded and framed) on a layer that carries the
/// node's decoration and placement. Its size is the content's, or in a `Flex` the
/// item's box: offset, scale and rotation move the drawing, not the layout.
///
/// A node is one component however many of these it has: in a Flex it is the flex item
/// itself (`flexItem`: its options, its CSS box and the content inside the padding), and
/// elsewhere it lays out its SwiftUI padding and frame itself (`paddingAndFrame`),
/// instead of wrapping a `FlexItem`, `Padding` or `Frame` that would each add a view, a
/// layer and a layout node.
///
/// Invariant: the node's view is a `SceneNodeView` that knows the node's id and
/// offset, so the laid-out frame of every node with an id can be read back. When
/// `flexItem` is set, its content is `content`; `flexItem` and `paddingAndFrame` are
/// never both set.
public struct SceneNode: CombinedComponent, LayoutTransparent {
    /// The view that records the node's id and offset.
    public typealias View = SceneNodeView
    /// The content, which layout sees through this wrapper.
    public var layoutContent: AnyComponent<Empty> { content }
    /// The content, unless the node pads or frames it: a stack then sees the node as
    /// it saw the `Padding` or `Frame` around the content (no `Spacer`, no priority).
    public var transparentLayoutContent: AnyComponent<Empty>? { paddingAndFrameBox == nil ? content : nil }

    /// The node's `id` in the scene file, if it has one.
    public let id: String?
    /// The node's component, padded and framed (in a Flex, inside the item's padding).
    public let content: AnyComponent<Empty>
    // The style, item, padding and frame are kept out of line: a node value stays a few
    // words however much it sets, and most nodes share the one default style.
    private let styleBox: OutOfLine<SceneNodeStyle>
    private let flexLayoutBox: OutOfLine<FlexItemLayout>?
    private let paddingAndFrameBox: OutOfLine<PaddingAndFrame>?

    /// Decoration and placement applied to the node's layer.
    public var style: SceneNodeStyle { styleBox.value }
    /// The flex item the node is in a Flex; nil elsewhere.
    public var flexItem: FlexItem? {
        guard let flexLayoutBox else { return nil }
        let layout = flexLayoutBox.value
        return FlexItem(content, item: layout.item, box: layout.box, contentAlignment: layout.contentAlignment)
    }
    /// The node's SwiftUI padding and frame around `content`, outside a Flex; nil: none.
    package var paddingAndFrame: PaddingAndFrame? { paddingAndFrameBox?.value }

    /// The box every node with the default style shares.
    package static let defaultStyle = OutOfLine(SceneNodeStyle())

    /// `style` boxed (the shared box when it is the default style).
    package static func boxed(_ style: SceneNodeStyle) -> OutOfLine<SceneNodeStyle> {
        style == defaultStyle.value ? defaultStyle : OutOfLine(style)
    }

    /// A node showing `content` with `style`.
    public init(id: String?, content: AnyComponent<Empty>, style: SceneNodeStyle) {
        self.init(id: id, content: content, styleBox: Self.boxed(style))
    }

    /// A node that pads and frames `content` itself (SwiftUI's `padding`, then `frame`).
    package init(id: String?, content: AnyComponent<Empty>, paddingAndFrame: PaddingAndFrame, style: SceneNodeStyle) {
        self.init(id: id, content: content, styleBox: Self.boxed(style), paddingAndFrame: paddingAndFrame)
    }

    /// A Flex's child: the item `flexItem` (around its content) with `style`.
    public init(id: String?, flexItem: FlexItem, style: SceneNodeStyle) {
        self.init(id: id, content: flexItem.content, styleBox: Self.boxed(style), flexItem: flexItem)
    }

    /// A node with its style already boxed (nodes with equal styles may share a box),
    /// carrying `flexItem` (whose content is `content`) or `paddingAndFrame`, not both.
    package init(id: String?, content: AnyComponent<Empty>, styleBox: OutOfLine<SceneNodeStyle>, flexItem: FlexItem? = nil,
                 paddingAndFrame: PaddingAndFrame? = nil) {
        self.init(id: id, content: content, styleBox: styleBox, flexLayoutBox: flexItem.map { OutOfLine(FlexItemLayout($0)) },
                  paddingAndFrame: paddingAndFrame)
    }

    /// A Flex's child whose item is its content laid out by `flexLayoutBox` (nodes laid
    /// out alike may share the box).
    package init(id: String?, content: AnyComponent<Empty>, styleBox: OutOfLine<SceneNodeStyle>,
                 flexLayoutBox: OutOfLine<FlexItemLayout>?, paddingAndFrame: PaddingAndFrame? = nil) {
        self.id = id
        self.content = content
        self.styleBox = styleBox
        self.flexLayoutBox = flexLayoutBox
        paddingAndFrameBox = paddingAndFrame.map(OutOfLine.init)
    }

    /// Whether this node's style is the very box `other`'s is (decoding gives nodes
    /// with equal styles one box).
    package func sharesStyle(with other: SceneNode) -> Bool {
        styleBox.sharesBox(with: other.styleBox)
    }

    /// The item a Flex lays out, when the node is one.
    public var asFlexItem: FlexItem? { flexItem }

    /// The content's size (the item's box in a Flex; padded and framed when the node
    /// has padding or a frame).
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<SceneNode>) -> Size {
        if let flexItem { return flexItem.measure(proposal, node: context.node) }
        let contentNode = context.node.content(content)
        if let paddingAndFrame { return paddingAndFrame.size(proposal, content: contentNode) }
        return contentNode.sizeThatFits(proposal)
    }

    public static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let node = context.component
            let clips = node.clipsContent
            let size: Size
            if let item = node.flexItem {
                size = item.update(content: child, in: context, clipsContent: clips)
            } else if let paddingAndFrame = node.paddingAndFrame {
                size = paddingAndFrame.update(content: node.content, child: child, in: context, clipsContent: clips)
            } else {
                size = context.placeAsContent(node.content, child: child, clipsContent: clips)
            }
            node.decorate(context.view, size: size, environment: context.environment, transition: context.transition)
            return size
        }
    }

    /// The body's update, or, while the node's content is a leaf that only draws and
    /// fills the node's box (a framed shape, a Flex item's text), the same update
    /// without the body: the leaf's drawing set on the node's layer and the layer
    /// decorated, with no context, child slot or body made for the node. The body is
    /// made the first time the content needs a view of its own, and runs from then on.
    public func update(view: SceneNodeView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        if content.wrapped.isDrawingLeaf, SceneNode.drawsLeavesWithoutBody,
           let inputs = updateWithoutBody(view: view, availableSize: availableSize, environment: environment),
           let size = drawContent(on: view, inputs, environment: environment) {
            decorate(view, size: size, environment: environment, transition: transition)
            return size
        }
        return updateBody(view: view, availableSize: availableSize, state: state, environment: environment,
                          transition: transition)
    }

    /// Sets the content's drawing on `view`'s layer and returns the node's size, when
    /// the body would draw the content there (`CombinedComponentContext.place`,
    /// `placeAsContent`); nil, with nothing set, otherwise.
    private func drawContent(on view: SceneNodeView, _ inputs: BodylessUpdate, environment: Environment<Empty>) -> Size? {
        let clips = clipsContent
        let placement: ContentPlacement
        if let item = flexItem {
            guard let p = item.placement(node: inputs.layout, proposal: inputs.proposal, environment: environment)
            else { return nil }
            placement = p
        } else if let paddingAndFrame {
            placement = paddingAndFrame.placement(content: content, wrapper: inputs.layout, proposal: inputs.proposal,
                                                  direction: environment.layoutDirection)
        } else {
            var size = Size.zero
            guard let drawing = DrawingLeafPolicy.drawingAsContent(
                content, wrapper: inputs.layout, proposal: inputs.proposal, environment: environment, clipsContent: clips,
                wrapperOrigin: inputs.origin, measured: &size) else { return nil }
            view.layer.drawing = drawing
            return size
        }
        guard let drawing = DrawingLeafPolicy.drawing(placement, environment: environment,
                                                      clipsContent: clips, wrapperOrigin: inputs.origin) else { return nil }
        view.layer.drawing = drawing
        return placement.size
    }

    /// Whether updates may skip the body of a node whose content draws on its layer;
    /// a test binds `runningBodies` to render the same tree through the body alone.
    private static var drawsLeavesWithoutBody: Bool { bodyBinding.current == nil }
    private static let bodyBinding = ThreadBinding<RunBodies>()
    package final class RunBodies {}

    /// Runs `body` with every scene node updated through its body.
    package static func runningBodies<R>(_ body: () throws -> R) rethrows -> R {
        try bodyBinding.withValue(RunBodies(), body)
    }

    /// The layer clips what the node draws: a clip, or rounded corners.
    private var clipsContent: Bool { style.clip || style.cornerRadius > 0 }

    /// Sets the node's id, offset and transitions on its view, and its decoration and
    /// placement (background, corners, clip, border, shadow, opacity, visibility,
    /// transform) on its layer, for a box of `size`, through `transition`.
    private func decorate(_ view: SceneNodeView, size: Size, environment: Environment<Empty>,
                          transition t: ComponentTransition) {
        let s = style
        view.nodeID = id
        view.offset = s.offset
        view.appearTransition = s.appear
        view.disappearTransition = s.disappear
        let layer = view.layer
        let box = Rect(origin: .zero, size: size)
        t.setBackground(layer: layer, paint: s.background.map { environment.paint($0, in: box) })
        t.setCornerRadius(layer: layer, cornerRadius: s.cornerRadius)
        layer.cornerCurve = s.smoothCorners ? .continuous : .circular
        layer.masksToBounds = clipsContent
        t.setBorder(layer: layer, width: s.border?.width ?? 0,
                    color: s.border.map { environment.color($0.color) } ?? .clear)
        if let shadow = s.shadow {
            t.setShadow(layer: layer, color: environment.color(shadow.color), opacity: shadow.opacity,
                        radius: shadow.radius / 2, offset: shadow.offset)
        } else {
            t.setShadowOpacity(layer: layer, opacity: 0)
        }
        t.setAlpha(view: view, alpha: s.opacity)
        layer.isHidden = s.hidden
        var transform = s.transform
        if s.flipsForRightToLeft && environment.layoutDirection == .rightToLeft {
            transform = Transform(scaleX: -1, y: 1).concatenating(transform)
        }
        t.setTransform(layer: layer, transform: transform)
    }
}

/// The view of a scene node.
public final class SceneNodeView: ComponentView {
    /// The node's `id` in the scene file (written by the node's update, one access at a
    /// time, so without run-time exclusivity checks, as the view's own bookkeeping).
    @exclusivity(unchecked) public internal(set) var nodeID: String?
    /// The node's offset (part of its layer transform).
    @exclusivity(unchecked) public internal(set) var offset = Point.zero

    public required init() {
        super.init()
    }
}
