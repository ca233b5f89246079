import Foundation
import RasterCore

/// A retained node of the layer tree, modelled on Core Animation's `CALayer`.
///
/// Geometry follows Core Animation: `bounds` is the layer's own coordinate space (its
/// origin is what a sublayer's `position` is measured from), `position` is where the
/// `anchorPoint` (unit coordinates of the bounds) sits in the superlayer, and
/// `transform` applies about the anchor point. `frame` is derived from those and is
/// exact only while `transform` is the identity, as in Core Animation.
///
/// Drawing order, back to front: shadow, background, contents, sublayers (clipped by
/// `masksToBounds`), border.
///
/// Invariants: a layer has at most one superlayer; `sublayers` never holds the same
/// layer twice. Every property change bumps one of four version counters that the
/// compositor compares with what it drew last: `geometryVersion` (position, anchor
/// point, transform: where the layer sits), `version` (the layer's own pixels and its
/// bounds), `effectVersion` (changes that repaint the whole subtree: opacity, hidden,
/// clipping, shadow) and `contentVersion` (the contents' drawing inputs). Sublayer
/// membership and order are compared by the compositor itself. Every stored property
/// is read and written one access at a time (no caller holds one `inout` across a call
/// that reaches the same layer), so they skip the run-time exclusivity checks.
public final class Layer {
    /// Core Animation's name for the shape of the corners.
    public typealias CornerCurve = CornerStyle

    public init() {}

    /// Sublayers that outlive the layer no longer point to it.
    deinit {
        for layer in sublayers { layer.superlayer = nil }
    }

    // MARK: - Geometry

    /// The layer's own coordinate space, in points: its origin is what sublayers' positions
    /// are measured from, its size the layer's extent. A new size redraws `drawing`.
    @exclusivity(unchecked) public var bounds: Rect = .zero {
        didSet {
            guard bounds != oldValue else { return }
            noteChange(\.bounds, oldValue)
            touch()
            if hasDrawing, bounds.size != oldValue.size { contentVersion &+= 1 }
        }
    }
    /// Where `anchorPoint` sits, in the superlayer's bounds coordinates (points, y down).
    @exclusivity(unchecked) public var position: Point = .zero {
        didSet {
            guard position != oldValue else { return }
            geometryVersion &+= 1
            noteChange(\.position, oldValue)
        }
    }
    /// The point of the bounds that `position` places and `transform` turns about, in unit
    /// coordinates of the bounds ((0, 0) top-left, (1, 1) bottom-right); the centre by default.
    @exclusivity(unchecked) public var anchorPoint = Point(x: 0.5, y: 0.5) { didSet { if anchorPoint != oldValue { geometryVersion &+= 1 } } }
    /// Applied about the anchor point, between the bounds and the superlayer (see
    /// `localTransform`); the identity by default.
    @exclusivity(unchecked) public var transform: Transform = .identity {
        didSet {
            guard transform != oldValue else { return }
            geometryVersion &+= 1
            noteChange(\.transform, oldValue)
        }
    }

    /// The rectangle the layer occupies in its superlayer's coordinates (exact while
    /// `transform` is the identity; otherwise the bounding box of the transformed bounds).
    /// Setting it sets `bounds.size` and `position`, keeping `anchorPoint`.
    public var frame: Rect {
        get { localTransform.apply(Rect(origin: bounds.origin, size: bounds.size)) }
        set {
            bounds.size = newValue.size
            position = Point(x: newValue.minX + anchorPoint.x * newValue.width,
                             y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Maps the layer's bounds coordinates to its superlayer's.
    public var localTransform: Transform {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        var t = Transform(translationX: -ax, y: -ay)
        if !transform.isIdentity { t = t.concatenating(transform) }
        return t.concatenating(Transform(translationX: position.x, y: position.y))
    }

    // MARK: - Appearance

    /// Opacity of the layer and its subtree as one group.
    @exclusivity(unchecked) public var opacity: Double = 1 {
        didSet {
            guard opacity != oldValue else { return }
            touchEffect()
            noteChange(\.opacity, oldValue)
        }
    }
    /// Hides the layer and its whole subtree, shadow included.
    @exclusivity(unchecked) public var isHidden = false { didSet { if isHidden != oldValue { touchEffect() } } }
    /// Fills the bounds (rounded by `cornerRadius`). Gradient geometry is in bounds coordinates.
    @exclusivity(unchecked) public var backgroundPaint: Paint? {
        didSet {
            guard backgroundPaint != oldValue else { return }
            touch()
            noteChange(\.backgroundPaint, oldValue)
        }
    }
    /// Radius of the corners of the background, the border and the `masksToBounds` clip, in
    /// points; 0 keeps them square.
    @exclusivity(unchecked) public var cornerRadius: Double = 0 {
        didSet {
            guard cornerRadius != oldValue else { return }
            touchEffect()
            noteChange(\.cornerRadius, oldValue)
        }
    }
    /// How the rounded corners are shaped: circular arcs or continuous curvature.
    @exclusivity(unchecked) public var cornerCurve: CornerCurve = .circular { didSet { if cornerCurve != oldValue { touchEffect() } } }
    /// Clips contents and sublayers to the rounded bounds, anti-aliased.
    @exclusivity(unchecked) public var masksToBounds = false { didSet { if masksToBounds != oldValue { touchEffect() } } }
    /// Drawn inside the bounds, above contents and sublayers.
    @exclusivity(unchecked) public var borderWidth: Double = 0 {
        didSet {
            guard borderWidth != oldValue else { return }
            touch()
            noteChange(\.borderWidth, oldValue)
        }
    }
    /// Colour of the border; black by default, as in Core Animation.
    @exclusivity(unchecked) public var borderColor: Color = .black {
        didSet {
            guard borderColor != oldValue else { return }
            touch()
            noteChange(\.borderColor, oldValue)
        }
    }

    // MARK: - Shadow (Core Animation's defaults)

    /// Colour of the shadow; its alpha is multiplied by `shadowOpacity`.
    public var shadowColor: Color {
        get { shadow?.color ?? .black }
        set { setShadow(\.color, newValue, old: shadowColor, noting: \.shadowColor) }
    }
    /// 0 (the default) draws no shadow.
    public var shadowOpacity: Double {
        get { shadow?.opacity ?? 0 }
        set { setShadow(\.opacity, newValue, old: shadowOpacity, noting: \.shadowOpacity) }
    }
    /// The blur's standard deviation in points (CSS `blur-radius` = 2 × `shadowRadius`).
    public var shadowRadius: Double {
        get { shadow?.radius ?? 3 }
        set { setShadow(\.radius, newValue, old: shadowRadius, noting: \.shadowRadius) }
    }
    /// In the superlayer's coordinate space (not turned by the layer's own transform).
    public var shadowOffset: Point {
        get { shadow?.offset ?? ShadowStorage.defaultOffset }
        set { setShadow(\.offset, newValue, old: shadowOffset, noting: \.shadowOffset) }
    }
    /// The shape that casts the shadow, in bounds coordinates. Without one, the shadow
    /// follows the alpha of the layer and its subtree (rendered offscreen first).
    public var shadowPath: Path? {
        get { shadow?.path }
        set { setShadow(\.path, newValue, old: shadowPath, noting: nil) }
    }

    var hasShadow: Bool {
        guard let shadow else { return false }
        return shadow.opacity > 0 && shadow.color.a > 0
    }

    /// The shadow's properties, boxed once one is set: most layers cast none, and
    /// inline they would add 120 bytes to every layer. Holds Core Animation's defaults
    /// until set.
    private final class ShadowStorage {
        static let defaultOffset = Point(x: 0, y: -3)
        @exclusivity(unchecked) var color = Color.black
        @exclusivity(unchecked) var opacity = 0.0
        @exclusivity(unchecked) var radius = 3.0
        @exclusivity(unchecked) var offset = defaultOffset
        @exclusivity(unchecked) var path: Path?
    }
    @exclusivity(unchecked) private var shadow: ShadowStorage?

    /// Writes one shadow property when it changes: the box is made if need be, the
    /// subtree repaints, and the old value is noted for a `LayerChangeLog` under
    /// `property` (when it is animatable).
    /// The key paths are formed only when the value changes (forming one is a runtime
    /// call, and most sets of a new layer's shadow set what it already has).
    private func setShadow<V: Equatable>(_ field: @autoclosure () -> ReferenceWritableKeyPath<ShadowStorage, V>, _ value: V,
                                         old: V, noting property: @autoclosure () -> ReferenceWritableKeyPath<Layer, V>?) {
        guard value != old else { return }
        let storage: ShadowStorage
        if let shadow {
            storage = shadow
        } else {
            storage = ShadowStorage()
            shadow = storage
        }
        storage[keyPath: field()] = value
        touchEffect()
        if LayerChangeLog.isRecording, let property = property() { LayerChangeLog.note(self, property, old) }
    }

    // MARK: - Contents

    /// A bitmap shown in the bounds, placed by `contentsGravity`; `contentsScale` is its
    /// pixels per point. Ignored while `drawing` is set.
    @exclusivity(unchecked) public var contents: ImageSource? {
        didSet { if contents !== oldValue { contentVersion &+= 1; touch() } }
    }
    /// Pixels of `contents` per point (0 or less counts as 1).
    @exclusivity(unchecked) public var contentsScale: Double = 1 { didSet { if contentsScale != oldValue { touch() } } }
    /// How `contents` is placed in the bounds; stretched to them by default.
    @exclusivity(unchecked) public var contentsGravity: ContentsGravity = .resize { didSet { if contentsGravity != oldValue { touch() } } }

    /// Vector drawing rasterized into the layer's contents by the compositor, at the
    /// frame's scale, and cached until a drawing that is not equal replaces it or the
    /// bounds change size.
    public var drawing: (any LayerDrawing)? {
        get { storedDrawing }
        set {
            // Compared in place: an observer's `oldValue` would copy the old drawing
            // (its paths and paints) at every set, a new layer's first one included.
            if let new = newValue {
                if hasDrawing, let old = storedDrawing, new.isEqual(to: old) { return }
                hasDrawing = true
            } else {
                guard hasDrawing else { return }
                hasDrawing = false
            }
            storedDrawing = newValue
            contentVersion &+= 1
            touch()
        }
    }
    @exclusivity(unchecked) private var storedDrawing: (any LayerDrawing)?
    /// Whether `storedDrawing` is set: asked without copying the optional existential,
    /// which testing it against nil does.
    @exclusivity(unchecked) private var hasDrawing = false

    // MARK: - Tree

    /// The layer this one is a sublayer of; nil for a root or a detached layer. Not
    /// owned: a superlayer owns its sublayers, and clears this when it goes (an unowned
    /// reference, so that a layer tree needs no weak-reference side tables).
    @exclusivity(unchecked) public private(set) unowned var superlayer: Layer?
    /// The sublayers back to front, drawn over the contents and clipped by `masksToBounds`.
    @exclusivity(unchecked) public private(set) var sublayers: [Layer] = []

    /// Puts `layer` on top of the sublayers, first removing it from its current superlayer.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` (clamped), first removing it from its current superlayer.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        var target = min(max(index, 0), sublayers.count)
        if layer.superlayer === self, let current = sublayers.firstIndex(where: { $0 === layer }) {
            if current == target || current == target - 1 && target == sublayers.count { return }
            sublayers.remove(at: current)
            if current < target { target -= 1 }
        } else {
            layer.removeFromSuperlayer()
        }
        sublayers.insert(layer, at: min(target, sublayers.count))
        layer.superlayer = self
    }

    /// Detaches the layer from its superlayer; does nothing when it has none.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Replaces the sublayers with `layers`, in order (layers already present keep their
    /// identity and caches).
    public func setSublayers(_ layers: [Layer]) {
        if layers.count == sublayers.count, zip(layers, sublayers).allSatisfy({ $0 === $1 }) { return }
        if sublayers.isEmpty {
            for layer in layers where layer.superlayer !== self { layer.removeFromSuperlayer() }
            sublayers = layers
            for layer in layers { layer.superlayer = self }
            return
        }
        let keep = Set(layers.map(ObjectIdentifier.init))
        for old in sublayers where !keep.contains(ObjectIdentifier(old)) { old.superlayer = nil }
        for layer in layers where layer.superlayer !== self { layer.removeFromSuperlayer() }
        sublayers = layers
        for layer in layers { layer.superlayer = self }
    }

    // MARK: - Versions

    @exclusivity(unchecked) private(set) var geometryVersion: UInt64 = 0
    @exclusivity(unchecked) private(set) var version: UInt64 = 0
    @exclusivity(unchecked) private(set) var effectVersion: UInt64 = 0
    @exclusivity(unchecked) private(set) var contentVersion: UInt64 = 0

    private func touch() { version &+= 1 }
    private func touchEffect() { effectVersion &+= 1 }
    /// Hands `property`'s old value to a `LayerChangeLog` recording on this thread (one
    /// atomic load while none records); the key path is formed only while one records.
    @inline(__always)
    private func noteChange<V>(_ property: @autoclosure () -> ReferenceWritableKeyPath<Layer, V>, _ oldValue: V) {
        if LayerChangeLog.isRecording { LayerChangeLog.note(self, property(), oldValue) }
    }

    /// Converts a point from this layer's bounds coordinates to `layer`'s (nil: the
    /// root's). Nil when `layer`'s transform to the root cannot be inverted.
    public func convert(_ point: Point, to layer: Layer?) -> Point? {
        let other = layer?.transformToRoot() ?? .identity
        guard let inverse = other.inverted() else { return nil }
        return inverse.apply(transformToRoot().apply(point))
    }

    /// Bounds coordinates to the root layer's bounds coordinates.
    package func transformToRoot() -> Transform {
        var t = Transform.identity
        var layer: Layer? = self
        while let l = layer, let parent = l.superlayer {
            t = t.concatenating(l.localTransform)
            layer = parent
        }
        return t
    }
}

/// Where a layer's `contents` bitmap sits in its bounds (Core Animation's gravity names).
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Stretched to the bounds.
    case resize
    /// Scaled to fit inside the bounds, keeping its aspect ratio, centred.
    case resizeAspect
    /// Scaled to cover the bounds, keeping its aspect ratio, centred (overflows unless masked).
    case resizeAspectFill

    /// The rectangle, in bounds coordinates, that a `size`-point image occupies in `bounds`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        func placed(_ s: Size, _ ax: Double, _ ay: Double) -> Rect {
            Rect(x: bounds.minX + (bounds.width - s.width) * ax, y: bounds.minY + (bounds.height - s.height) * ay,
                 width: s.width, height: s.height)
        }
        switch self {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return bounds }
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let k = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return placed(Size(width: size.width * k, height: size.height * k), 0.5, 0.5)
        case .center: return placed(size, 0.5, 0.5)
        case .top: return placed(size, 0.5, 0)
        case .bottom: return placed(size, 0.5, 1)
        case .left: return placed(size, 0, 0.5)
        case .right: return placed(size, 1, 0.5)
        case .topLeft: return placed(size, 0, 0)
        case .topRight: return placed(size, 1, 0)
        case .bottomLeft: return placed(size, 0, 1)
        case .bottomRight: return placed(size, 1, 1)
        }
    }
}
