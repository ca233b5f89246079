import RasterCore
import RasterLayers
import RasterLayout

/// A stroke centred on a shape's outline.
public struct ShapeStroke: Hashable, Sendable {
    /// The paint of the line.
    public var fill: Fill
    /// Line width in points.
    public var width: Double
    /// Alternating dash and gap lengths in points (empty: solid).
    public var dash: [Double]
    /// How far into the dash pattern the line starts.
    public var dashPhase: Double
    /// The ends of open subpaths and of dashes.
    public var cap: StrokeStyle.Cap
    /// The corners between segments.
    public var join: StrokeStyle.Join
    /// Strokes the outline inset by half the width, so the line stays inside the
    /// shape's box (SwiftUI's `strokeBorder`).
    public var inside: Bool

    /// By default a solid line 1 point wide with butt caps and miter joins, centred on the outline.
    public init(_ fill: Fill, width: Double = 1, dash: [Double] = [], dashPhase: Double = 0, cap: StrokeStyle.Cap = .butt,
                join: StrokeStyle.Join = .miter, inside: Bool = false) {
        self.fill = fill
        self.width = width
        self.dash = dash
        self.dashPhase = dashPhase
        self.cap = cap
        self.join = join
        self.inside = inside
    }

    var style: StrokeStyle { StrokeStyle(width: width, cap: cap, join: join, dash: dash, dashPhase: dashPhase) }
}

/// The outline of a built-in shape in a box of a given size.
enum ShapeOutline: Hashable, Sendable {
    case rectangle
    case roundedRectangle(cornerRadius: Double, smooth: Bool)
    case circle
    /// A path in the box's coordinates (boxed: the other outlines stay a few words).
    indirect case path(Path, FillRule)

    /// The outline in a box of `size`, inset by `inset` on every side (a path is not inset).
    func path(in size: Size, inset: Double = 0) -> Path {
        let box = Rect(origin: .zero, size: size).insetBy(dx: inset, dy: inset)
        switch self {
        case .rectangle: return Path(rect: box)
        case .roundedRectangle(let r, let smooth):
            return Path(roundedRect: box, cornerRadius: max(0, r - inset), style: smooth ? .continuous : .circular)
        case .circle:
            let d = min(box.width, box.height)
            return Path(ellipseIn: Rect(x: box.minX + (box.width - d) / 2, y: box.minY + (box.height - d) / 2, width: d, height: d))
        case .path(let p, _): return p
        }
    }

    var rule: FillRule {
        if case .path(_, let r) = self { return r }
        return .nonZero
    }
}

/// A filled and stroked outline with its paints resolved, as layer contents.
struct ShapeDrawing: LayerDrawing {
    let outline: ShapeOutline
    let fill: Paint?
    let stroke: (paint: Paint, style: StrokeStyle, inside: Bool)?
    /// Gradient geometry is resolved against this box.
    let box: Size

    static func == (a: ShapeDrawing, b: ShapeDrawing) -> Bool {
        a.outline == b.outline && a.fill == b.fill && a.box == b.box
            && a.stroke?.paint == b.stroke?.paint && a.stroke?.style == b.stroke?.style
            && a.stroke?.inside == b.stroke?.inside
    }

    func draw(in canvas: Canvas, size: Size) {
        let path = outline.path(in: size)
        if let fill { canvas.fill(path, paint: fill, rule: outline.rule) }
        if let stroke, stroke.style.width > 0 {
            let outline = stroke.inside ? self.outline.path(in: size, inset: stroke.style.width / 2) : path
            canvas.stroke(outline, style: stroke.style, paint: stroke.paint)
        }
    }

    /// A stroke reaches half its width past the outline (miters further).
    func visualBounds(size: Size) -> Rect {
        var r = Rect(origin: .zero, size: size)
        if case .path(let p, _) = outline, let b = p.controlPointBounds { r = r.union(b) }
        guard let stroke else { return r }
        let m = stroke.style.width / 2 * (stroke.style.join == .miter ? stroke.style.miterLimit : 1) + 1
        return r.insetBy(dx: -m, dy: -m)
    }
}

/// What `Rectangle`, `RoundedRectangle`, `Circle` and `PathShape` share: fill, stroke,
/// a given size or (for the first three) the size proposed, as SwiftUI's shapes take
/// (an unspecified dimension is 0: a shape has no ideal size of its own).
protocol ShapeComponent: Component where EnvironmentType == Empty, View == ComponentView,
    State == EmptyComponentState {
    var fill: Fill? { get }
    var stroke: ShapeStroke? { get }
    var width: Double? { get }
    var height: Double? { get }
    var outline: ShapeOutline { get }
    func defaultSize(_ proposal: ProposedSize) -> Size
}

extension ShapeComponent {
    func defaultSize(_ proposal: ProposedSize) -> Size {
        proposal.replacingUnspecifiedDimensions(by: .zero)
    }

    func size(for proposal: ProposedSize) -> Size {
        let fallback = defaultSize(proposal)
        return Size(width: width ?? fallback.width, height: height ?? fallback.height)
    }

    /// `width` and `height` where given, else the shape's default for `proposal`.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Self>) -> Size {
        size(for: proposal)
    }

    /// A shape only draws.
    public var isDrawingLeaf: Bool { true }

    /// `sizeThatFits`, as a layout node answers it: the size needs no node.
    public func sizeWithoutLayout(_ proposal: ProposedSize) -> Size? {
        size(for: proposal).sanitized
    }

    /// Sets the layer to draw the outline at the size for the proposal, with its paints
    /// resolved in the environment.
    public func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        let size = self.size(for: view.node?.proposal ?? ProposedSize(available: availableSize)).finite
        view.layer.drawing = drawing(size: size, environment: environment)
        return size
    }

    /// The outline at `size` with its paints resolved in `environment`.
    func drawing(size: Size, environment: Environment<Empty>) -> ShapeDrawing {
        let box = Rect(origin: .zero, size: size)
        let strokePaint = stroke.map { s in
            (environment.paint(s.fill, in: box), s.style, s.inside)
        }
        return ShapeDrawing(outline: outline, fill: fill.map { environment.paint($0, in: box) },
                            stroke: strokePaint, box: size)
    }

    /// The outline at the size of the box (a shape takes the size proposed, or its own).
    public func leafDrawing(environment: Environment<Empty>, proposal: ProposedSize, layout: () -> LayoutNode,
                            fillingBox box: () -> Size?) -> (any LayerDrawing)? {
        guard let size = box() else { return nil }
        return drawing(size: size.finite, environment: environment)
    }
}

/// A rectangle filling its size (given, else the available size).
public struct Rectangle: ShapeComponent {
    /// The paint inside the outline (nil: none).
    public var fill: Fill?
    /// The line along the outline (nil: none).
    public var stroke: ShapeStroke?
    /// Fixed width (nil: the proposed width, 0 when unspecified).
    public var width: Double?
    /// Fixed height (nil: the proposed height, 0 when unspecified).
    public var height: Double?
    var outline: ShapeOutline { .rectangle }

    /// Filled with the theme's `primary` colour unless given another fill.
    public init(fill: Fill? = .color(.primary), stroke: ShapeStroke? = nil, width: Double? = nil, height: Double? = nil) {
        self.fill = fill
        self.stroke = stroke
        self.width = width
        self.height = height
    }
}

/// A rectangle with rounded corners, circular or continuous (`smoothCorners`).
public struct RoundedRectangle: ShapeComponent {
    /// Corner radius in points.
    public var cornerRadius: Double
    /// True for continuous corners, false for circular arcs.
    public var smoothCorners: Bool
    /// The paint inside the outline (nil: none).
    public var fill: Fill?
    /// The line along the outline (nil: none).
    public var stroke: ShapeStroke?
    /// Fixed width (nil: the proposed width, 0 when unspecified).
    public var width: Double?
    /// Fixed height (nil: the proposed height, 0 when unspecified).
    public var height: Double?
    var outline: ShapeOutline { .roundedRectangle(cornerRadius: cornerRadius, smooth: smoothCorners) }

    /// Filled with the theme's `primary` colour unless given another fill; circular
    /// corners unless `smoothCorners`.
    public init(cornerRadius: Double, smoothCorners: Bool = false, fill: Fill? = .color(.primary),
                stroke: ShapeStroke? = nil, width: Double? = nil, height: Double? = nil) {
        self.cornerRadius = cornerRadius
        self.smoothCorners = smoothCorners
        self.fill = fill
        self.stroke = stroke
        self.width = width
        self.height = height
    }
}

/// The largest circle centred in its size.
public struct Circle: ShapeComponent {
    /// The paint inside the outline (nil: none).
    public var fill: Fill?
    /// The line along the outline (nil: none).
    public var stroke: ShapeStroke?
    /// Fixed width (nil: the proposed width, 0 when unspecified).
    public var width: Double?
    /// Fixed height (nil: the proposed height, 0 when unspecified).
    public var height: Double?
    var outline: ShapeOutline { .circle }

    /// Filled with the theme's `primary` colour unless given another fill.
    public init(fill: Fill? = .color(.primary), stroke: ShapeStroke? = nil, width: Double? = nil, height: Double? = nil) {
        self.fill = fill
        self.stroke = stroke
        self.width = width
        self.height = height
    }
}

/// An arbitrary path (the scene type `Path`), e.g. from SVG path data. Its size is the
/// given one, else the extent of the path from the origin.
public struct PathShape: ShapeComponent {
    /// The outline, in the component's coordinates.
    public var path: Path
    /// Which regions of the path count as inside.
    public var fillRule: FillRule
    /// The paint inside the outline (nil: none).
    public var fill: Fill?
    /// The line along the outline (nil: none).
    public var stroke: ShapeStroke?
    /// Fixed width (nil: the path's extent right of the origin).
    public var width: Double?
    /// Fixed height (nil: the path's extent below the origin).
    public var height: Double?
    var outline: ShapeOutline { .path(path, fillRule) }

    /// `path` in the component's coordinates, filled with the theme's `primary` colour
    /// unless given another fill.
    public init(_ path: Path, fillRule: FillRule = .nonZero, fill: Fill? = .color(.primary), stroke: ShapeStroke? = nil,
                width: Double? = nil, height: Double? = nil) {
        self.path = path
        self.fillRule = fillRule
        self.fill = fill
        self.stroke = stroke
        self.width = width
        self.height = height
    }

    /// - Throws: `SVGPathError` when `svg` is not valid path data.
    public init(svg: String, fillRule: FillRule = .nonZero, fill: Fill? = .color(.primary), stroke: ShapeStroke? = nil,
                width: Double? = nil, height: Double? = nil) throws {
        self.init(try Path(svgPathData: svg), fillRule: fillRule, fill: fill, stroke: stroke, width: width, height: height)
    }

    func defaultSize(_ proposal: ProposedSize) -> Size {
        let b = path.controlPointBounds ?? .zero
        return Size(width: max(0, b.maxX), height: max(0, b.maxY))
    }
}
