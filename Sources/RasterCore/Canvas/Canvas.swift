import CKernels
import CPrefetch
import Foundation

/// Immediate-mode drawing into a bitmap: the API the layer compositor and the scene
/// renderer draw through.
///
/// State: a current transform (user → device), a clip (an integer device rectangle,
/// plus an anti-aliased coverage mask when a non-rectangular or fractional clip was
/// applied) and a stack of saved states. Nothing is drawn outside the bitmap or the clip.
///
/// A canvas is not thread-safe; use one per thread (they may share read-only images).
/// Its state is read and written by one drawing call at a time, so the stored properties
/// skip the run-time exclusivity checks.
public final class Canvas {
    /// The pixels drawn into; a view, so drawing shows in every bitmap sharing its storage.
    public let bitmap: Bitmap
    /// The current user → device transform; `save()` and `restore()` keep and bring it back.
    @exclusivity(unchecked) public var transform: Transform = .identity

    package struct ClipState {
        package var rect: PixelRect
        package var mask: Mask?
        var transform: Transform
    }

    @exclusivity(unchecked) package var clip: ClipState
    @exclusivity(unchecked) private var stack: [ClipState] = []
    /// Taken from the spares at creation and given back when the canvas goes.
    let rasterizer = Rasterizer.reused()
    @exclusivity(unchecked) private var polyline = Polyline()
    @exclusivity(unchecked) private var outline = Polyline()
    private let sourceRow: UnsafeMutablePointer<UInt32>
    private let coverageRow: UnsafeMutablePointer<UInt8>

    /// Flattening tolerance in device pixels.
    public var tolerance = PathFlattener.defaultTolerance

    /// A canvas drawing into `bitmap`, with the identity transform and the whole bitmap as
    /// its clip.
    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
        clip = ClipState(rect: bitmap.bounds, mask: nil, transform: .identity)
        // Eight spare, initialized: the paint blitter's kernels work in whole eight-pixel steps.
        sourceRow = .allocate(capacity: bitmap.width + 8)
        sourceRow.initialize(repeating: 0, count: bitmap.width + 8)
        coverageRow = .allocate(capacity: bitmap.width + 8)
        coverageRow.initialize(repeating: 0, count: bitmap.width + 8)
    }

    deinit {
        sourceRow.deallocate()
        coverageRow.deallocate()
        Rasterizer.giveBack(rasterizer)
    }

    // MARK: - State

    /// Saves the transform and clip; `restore` brings them back.
    public func save() {
        var state = clip
        state.transform = transform
        stack.append(state)
    }

    /// Brings back the transform and clip of the last `save()`; does nothing when none is saved.
    public func restore() {
        guard let state = stack.popLast() else { return }
        clip = state
        transform = state.transform
    }

    /// Runs `body` between `save()` and `restore()`.
    public func withSavedState<T>(_ body: () throws -> T) rethrows -> T {
        save()
        defer { restore() }
        return try body()
    }

    /// Moves the user-space origin to (x, y) of the current user space.
    public func translate(x: Double, y: Double) { transform = transform.translatedBy(x: x, y: y) }
    /// Scales user space about its origin by `x` horizontally and `y` vertically.
    public func scale(x: Double, y: Double) { transform = transform.scaledBy(x: x, y: y) }
    /// Rotates user space about its origin by `radians`, clockwise on the y-down screen.
    public func rotate(by radians: Double) { transform = transform.rotated(by: radians) }
    /// Applies `t` to user coordinates before the current transform.
    public func concatenate(_ t: Transform) { transform = t.concatenating(transform) }

    /// The current clip's device bounds.
    public var clipBounds: PixelRect { clip.rect }

    /// Intersects the clip with `rect` (user space). A rectangle that lands on whole
    /// device pixels under an axis-aligned transform takes the fast path (no mask);
    /// anything else becomes an anti-aliased mask.
    public func clip(to rect: Rect) {
        if transform.isAxisAligned {
            let d = transform.apply(rect)
            let snapped = PixelRect(x0: Int(clampedInt(d.minX.rounded())), y0: clampedInt(d.minY.rounded()),
                                    x1: clampedInt(d.maxX.rounded()), y1: clampedInt(d.maxY.rounded()))
            if abs(d.minX - Double(snapped.x0)) < 1e-6, abs(d.minY - Double(snapped.y0)) < 1e-6,
               abs(d.maxX - Double(snapped.x1)) < 1e-6, abs(d.maxY - Double(snapped.y1)) < 1e-6 {
                clip.rect = clip.rect.intersection(snapped)
                if let mask = clip.mask { clip.mask = cropped(mask, to: clip.rect) }
                return
            }
        }
        clip(to: Path(rect: rect))
    }

    /// Intersects the clip with the inside of `path` (user space), anti-aliased.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        polyline.removeAll()
        PathFlattener.flatten(path, transform: transform, tolerance: tolerance, into: &polyline)
        var bounds = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        if let b = boundsOf(polyline) { bounds = PixelRect(enclosing: b) }
        let rect = clip.rect.intersection(bounds)
        var blitter = MaskBlitter(mask: Mask(rect: rect))
        if !rect.isEmpty {
            rasterizer.fill(polyline, rule: rule, clip: rect, into: &blitter)
        }
        var mask = blitter.mask
        if let existing = clip.mask { mask.intersect(with: existing) }
        clip.rect = rect
        clip.mask = mask
    }

    private func cropped(_ mask: Mask, to rect: PixelRect) -> Mask {
        var out = Mask(rect: rect)
        out.storage = [UInt8](repeating: 255, count: rect.width * rect.height)
        out.intersect(with: mask)
        return out
    }

    private func boundsOf(_ p: Polyline) -> Rect? {
        guard let first = p.points.first else { return nil }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for q in p.points {
            x0 = min(x0, q.x); y0 = min(y0, q.y); x1 = max(x1, q.x); y1 = max(y1, q.y)
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Drawing

    /// Sets every pixel inside the clip to `color` (no blending).
    public func clear(_ color: Color = .clear) {
        fillDevice(Path(rect: clip.rect.rect), paint: .solid(color), rule: .nonZero, blend: .source, opacity: 1)
    }

    /// Fills the inside of `path` (user space).
    public func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero,
                     blendMode: BlendMode = .sourceOver, opacity: Double = 1) {
        guard !paint.isInvisible || blendMode == .source, reachesClip(path.controlPointBounds, pad: 0) else { return }
        polyline.removeAll()
        PathFlattener.flatten(path, transform: transform, tolerance: tolerance, into: &polyline)
        composite(polyline, paint: paint, rule: rule, blend: blendMode, opacity: opacity)
    }

    /// Fills `rect` (user space).
    public func fill(_ rect: Rect, paint: Paint, blendMode: BlendMode = .sourceOver, opacity: Double = 1) {
        fill(Path(rect: rect), paint: paint, blendMode: blendMode, opacity: opacity)
    }

    private func fillDevice(_ path: Path, paint: Paint, rule: FillRule, blend: BlendMode, opacity: Double) {
        polyline.removeAll()
        PathFlattener.flatten(path, transform: .identity, tolerance: tolerance, into: &polyline)
        let saved = transform
        transform = .identity
        composite(polyline, paint: paint, rule: rule, blend: blend, opacity: opacity)
        transform = saved
    }

    /// Strokes `path` (user space). The stroke is built in user space, so a
    /// non-uniform transform stretches it as it should. A stroke thinner than one device
    /// pixel is drawn one pixel wide with its coverage scaled by its true width, so
    /// hairlines stay visible and keep their weight.
    public func stroke(_ path: Path, style: StrokeStyle, paint: Paint,
                       blendMode: BlendMode = .sourceOver, opacity: Double = 1) {
        guard !paint.isInvisible, style.width >= 0, style.width.isFinite else { return }
        let scale = max(transform.maxScale, 1e-9)
        var effective = style
        var alpha = opacity
        let deviceWidth = style.width * transform.minScale
        if deviceWidth < 1 {
            // Hairline: at least one device pixel wide, weight kept through coverage.
            let minScale = max(transform.minScale, 1e-9)
            effective.width = 1 / minScale
            alpha *= style.width == 0 ? 1 : deviceWidth
        }
        // Nothing of the outline lies further from the path than a miter's tip, or a
        // square cap's corner (within 1.5 half widths).
        let reach = effective.width / 2 * max(1.5, effective.join == .miter ? effective.miterLimit : 1)
        guard reachesClip(path.controlPointBounds, pad: reach) else { return }
        var source = path
        if let dashed = Dasher(pattern: effective.dash, phase: effective.dashPhase)?.dash(path) { source = dashed }
        polyline.removeAll()
        PathFlattener.flatten(source, transform: .identity, tolerance: tolerance / scale, into: &polyline)
        outline.removeAll()
        Stroker(style: effective, tolerance: tolerance / scale).stroke(polyline, into: &outline)
        let t = transform
        if !t.isIdentity {
            for i in outline.points.indices { outline.points[i] = t.apply(outline.points[i]) }
        }
        composite(outline, paint: paint, rule: .nonZero, blend: blendMode, opacity: alpha)
    }

    /// Draws `image` with `imageTransform` mapping its pixel coordinates to user space.
    /// The image's edges are anti-aliased; between pixels it is sampled with `filter`.
    public func drawImage(_ image: ImageSource, transform imageTransform: Transform = .identity,
                          filter: ImageFilter = .smooth, opacity: Double = 1, blendMode: BlendMode = .sourceOver) {
        let bitmap = image.bitmap
        guard bitmap.width > 0, bitmap.height > 0, opacity > 0 else { return }
        let full = imageTransform.concatenating(transform)
        let alpha = UInt32((min(max(opacity, 0), 1) * 255).rounded())
        // Fast path: whole-pixel translation, nothing to sample or anti-alias (under a
        // clip mask, only the mask's coverage).
        if full.isTranslationOnly, full.tx == full.tx.rounded(), full.ty == full.ty.rounded(),
           blendMode == .sourceOver {
            blitTranslated(image, dx: Int(clampedInt(full.tx)), dy: Int(clampedInt(full.ty)), alpha: alpha)
            return
        }
        let pattern = ImagePattern(source: image, transform: imageTransform, filter: filter, tiling: .pad)
        fill(Path(rect: Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)))
                .applying(imageTransform),
             paint: .image(pattern), blendMode: blendMode, opacity: opacity)
    }

    /// Draws `image` stretched to fill `rect` (user space), source-over.
    public func drawImage(_ image: ImageSource, in rect: Rect, filter: ImageFilter = .smooth, opacity: Double = 1) {
        let b = image.bitmap
        guard b.width > 0, b.height > 0 else { return }
        let t = Transform(scaleX: rect.width / Double(b.width), y: rect.height / Double(b.height))
            .concatenating(Transform(translationX: rect.minX, y: rect.minY))
        drawImage(image, transform: t, filter: filter, opacity: opacity)
    }

    /// Source-over of an image at a whole-pixel offset, with a constant opacity, through
    /// the clip's coverage mask when it has one.
    private func blitTranslated(_ image: ImageSource, dx: Int, dy: Int, alpha: UInt32) {
        let src = image.bitmap
        let target = clip.rect.intersection(PixelRect(x: dx, y: dy, width: src.width, height: src.height))
        guard !target.isEmpty else { return }
        let count = target.width
        if let mask = clip.mask {
            // Each pixel's coverage is the mask's times `alpha`, as a fill of the image's
            // rectangle with the image as its paint gives it (`PaintBlitter` on full
            // coverage, then the mask), and the source is the image's own row, which that
            // paint samples exactly. The mask's rectangle is the clip's.
            let coverage = coverageRow
            mask.storage.withUnsafeBufferPointer { m in
                guard let base = m.baseAddress else { return }
                for y in target.y0..<target.y1 {
                    let source = src.row(y - dy) + (target.x0 - dx), destination = bitmap.row(y) + target.x0
                    let maskRow = base + ((y - mask.rect.y0) * mask.rect.width + (target.x0 - mask.rect.x0))
                    ck_fade_coverage(coverage, maskRow, count, alpha)
                    ck_source_over_coverage(destination, source, coverage, count)
                }
            }
            return
        }
        let opaqueRows = image.opaqueRows((target.y0 - dy)..<(target.y1 - dy))
        for (y, opaque) in zip(target.y0..<target.y1, opaqueRows) {
            let source = src.row(y - dy) + (target.x0 - dx), destination = bitmap.row(y) + target.x0
            // Both rows two below, asked for now, are in cache when their turn comes.
            if y + 2 < target.y1 {
                cprefetch_read_span(source + 2 * src.stride, count * 4)
                cprefetch_write_span(destination + 2 * bitmap.stride, count * 4)
            }
            // Source-over at `alpha`; an opaque stretch of source (the usual layer) is a
            // plain interpolation, one rounding per channel (`ck_blend_row`, the same
            // integers as PixelMath's sourceOver and mix, vectorised for the CPU). A row the
            // image knows to be opaque is not looked at again: a copy at full opacity (what
            // source-over of an opaque pixel gives), else the interpolation.
            if opaque {
                if alpha == 255 {
                    destination.update(from: source, count: count)
                } else {
                    ck_mix_row(source, destination, count, alpha)
                }
            } else {
                ck_blend_row(source, destination, count, alpha)
            }
        }
    }

    /// Draws the blurred shadow that `path` casts: the path offset by `offset` (user
    /// space), filled with `color`, blurred with a Gaussian of standard deviation
    /// `sigma` (user space; CSS `blur-radius` = 2σ). The blur is never cut off by the
    /// shape's bounds: the mask keeps a 3σ margin.
    public func drawShadow(of path: Path, color: Color, sigma: Double, offset: Point = .zero,
                           rule: FillRule = .nonZero) {
        guard color.a > 0 else { return }
        let deviceSigma = max(0, sigma) * (abs(transform.determinant)).squareRoot()
        polyline.removeAll()
        PathFlattener.flatten(path, transform: Transform(translationX: offset.x, y: offset.y).concatenating(transform),
                              tolerance: tolerance, into: &polyline)
        guard let b = boundsOf(polyline) else { return }
        let margin = (3 * deviceSigma).rounded(.up) + 1
        let reach = PixelRect(enclosing: b.insetBy(dx: -margin, dy: -margin))
        // Only the part that can reach the clip needs computing.
        let needed = clip.rect
        let grown = PixelRect(x0: needed.x0 - Int(margin), y0: needed.y0 - Int(margin),
                              x1: needed.x1 + Int(margin), y1: needed.y1 + Int(margin))
        let rect = reach.intersection(grown)
        guard !rect.isEmpty else { return }
        var blitter = MaskBlitter(mask: Mask(rect: rect))
        rasterizer.fill(polyline, rule: rule, clip: rect, into: &blitter)
        var mask = blitter.mask
        if deviceSigma > 0 { GaussianBlur.blur(&mask, sigma: deviceSigma) }
        composite(mask: mask, color: color)
    }

    /// Composites `color` through a device-space coverage mask (and the clip).
    public func composite(mask: Mask, color: Color, blendMode: BlendMode = .sourceOver) {
        let area = mask.rect.intersection(clip.rect)
        guard !area.isEmpty else { return }
        withBlitter(paint: .solid(color), blend: blendMode, opacity: 1) { blitter in
            mask.storage.withUnsafeBufferPointer { m in
                for y in area.y0..<area.y1 {
                    let start = (y - mask.rect.y0) * mask.rect.width + (area.x0 - mask.rect.x0)
                    blitter.blitRun(y: y, x: area.x0,
                                    alphas: UnsafeBufferPointer(rebasing: m[start..<(start + area.width)]))
                }
            }
        }
    }

    /// Whether a drawing inside `bounds` (user space) grown by `pad` (user units) can
    /// touch a pixel of the clip; false for an empty path. A drawing that cannot is
    /// skipped before its geometry is built (a drawing of many shapes cut into bands of
    /// rows then builds, in each band, only the shapes that reach it). Non-finite bounds
    /// are left to the drawing.
    private func reachesClip(_ bounds: Rect?, pad: Double) -> Bool {
        guard let bounds else { return false }
        let t = transform, area = clip.rect
        var x0 = bounds.minX - pad, y0 = bounds.minY - pad, x1 = bounds.maxX + pad, y1 = bounds.maxY + pad
        if t.b == 0 && t.c == 0 {
            // Scale and translation: the corners stay corners.
            (x0, x1) = (t.a * x0 + t.tx, t.a * x1 + t.tx)
            (y0, y1) = (t.d * y0 + t.ty, t.d * y1 + t.ty)
            if x0 > x1 { swap(&x0, &x1) }
            if y0 > y1 { swap(&y0, &y1) }
        } else {
            let device = t.apply(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            (x0, y0, x1, y1) = (device.minX, device.minY, device.maxX, device.maxY)
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return true }
        // One pixel of slack for anti-aliasing.
        return x1 > Double(area.x0) - 1 && x0 < Double(area.x1) + 1 && y1 > Double(area.y0) - 1 && y0 < Double(area.y1) + 1
    }

    // MARK: - Compositing

    private func composite(_ geometry: Polyline, paint: Paint, rule: FillRule, blend: BlendMode, opacity: Double) {
        let rect = clip.rect
        guard !rect.isEmpty else { return }
        withBlitter(paint: paint, blend: blend, opacity: opacity) { blitter in
            rasterizer.fill(geometry, rule: rule, clip: rect, into: &blitter)
        }
    }

    package func withBlitter(paint: Paint, blend: BlendMode, opacity: Double, _ body: (inout PaintBlitter) -> Void) {
        let alpha = UInt32((min(max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
        guard alpha > 0 || blend == .source else { return }
        var color: UInt32 = 0
        var shader: PaintShader?
        if case .solid(let c) = paint {
            color = c.premultiplied.packed
        } else {
            guard let s = PaintShader(paint: paint, ctm: transform) else { return }
            shader = s
        }
        func run(_ maskPointer: UnsafePointer<UInt8>?) {
            var blitter = PaintBlitter(bitmap: bitmap, color: color, shader: shader, blend: blend,
                                       opacity: alpha, clipMask: maskPointer, clipRect: clip.rect,
                                       source: sourceRow, coverage: coverageRow)
            body(&blitter)
        }
        // The blitter borrows the shader; keep it alive until the draw is done.
        withExtendedLifetime(shader) {
            if let mask = clip.mask {
                mask.storage.withUnsafeBufferPointer { run($0.baseAddress) }
            } else {
                run(nil)
            }
        }
    }
}
