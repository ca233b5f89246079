import Foundation
import RasterCore

/// Renders a layer tree into a retained frame, redoing only what changed.
///
/// Each `render` runs two passes:
/// 1. **Plan** (no pixels): walks the visible tree, computing every layer's device
///    transform and the device pixels it can touch, and compares them and the layer's
///    version counters with the previous frame's records. What differs becomes damage:
///    a layer's own pixels for a change to itself, its whole subtree for opacity,
///    visibility, clipping, shadow or sublayer changes, and the old pixels of layers
///    that left the tree.
/// 2. **Composite**: for each damaged rectangle, clears it to the background and draws
///    the tree clipped to it, skipping subtrees that do not reach it.
///
/// Every pixel is a function of the tree alone (never of which rectangle is being
/// redrawn), so an incremental frame is byte-identical to a full render.
///
/// Caches, all keyed by layer identity and dropped when the layer leaves the tree:
/// - drawing rasters (`Layer.drawing`), rasterized at the layer's device scale with the
///   sub-pixel part of its position baked in, so an axis-aligned layer composites as a
///   whole-pixel copy identical to drawing the vectors in place. At most
///   `rasterCacheLimit` bytes of them are kept; a raster that does not fit is drawn and
///   dropped (and made again when next needed), so a tree of many layers needs memory
///   for the frame, the cache and one raster, not for all of its layers at once;
/// - shadows: the blurred mask of a `shadowPath` shadow, and the offscreen group and
///   blurred alpha of a shadow cast by a subtree, reused while the subtree is unchanged
///   and the layer only moves by whole pixels.
///
/// Group opacity: a layer with opacity below 1 is rendered offscreen and faded as one
/// group only when it draws more than one element that could overlap; otherwise the
/// opacity is applied to its single element directly (the same pixels, no buffer).
public final class Compositor {
    /// The frame size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The colour under the root layer.
    public var background: Color { didSet { if background != oldValue { needsFullFrame = true } } }
    /// The last rendered frame. It is retained and updated in place by the next `render`;
    /// copy it to keep it.
    public let frame: Bitmap
    /// What the compositor has done, summed over every `render`.
    public private(set) var statistics = CompositorStatistics()

    private var records = LayerRecords()
    private var rasters: [ObjectIdentifier: RasterEntry] = [:]
    /// Bytes of the rasters in `rasters`. Invariant: at most `rasterCacheLimit`.
    private var rasterBytes = 0
    /// Bytes of drawing rasters kept between frames; 256 MB unless set.
    public static let defaultRasterCacheLimit = 256 << 20
    /// Bytes of drawing rasters kept between frames (the pixels do not depend on it).
    public var rasterCacheLimit = Compositor.defaultRasterCacheLimit {
        didSet { if rasterBytes > rasterCacheLimit { dropRasters() } }
    }
    private var pathShadows: [ObjectIdentifier: ShadowEntry] = [:]
    private var groupShadows: [ObjectIdentifier: GroupShadowEntry] = [:]
    private var needsFullFrame = true
    private var stampCounter: UInt64 = 0
    /// Threads that composite a frame, each a band of rows at a time (1: the calling
    /// thread alone). The frame's bytes are the same for any number.
    public var threads = 1
    /// Damage smaller than this many pixels is composited on the calling thread.
    package var minimumBandedPixels = 1 << 16
    /// The fewest rows a band of a damaged rectangle has.
    package static let minimumBandRows = 16

    /// - Throws: `RasterError` when the pixel size is not positive or too large.
    public init(size: Size, scale: Double = 1, background: Color = .clear) throws {
        self.size = size
        self.scale = scale
        self.background = background
        frame = try Bitmap(width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)),
                           color: background.premultiplied)
    }

    /// Brings the frame up to date with the tree under `root` and returns the device
    /// rectangles that were re-composited (empty when nothing changed).
    @discardableResult
    public func render(_ root: Layer) -> [PixelRect] {
        statistics.frames += 1
        var damage = DamageRegion()
        // Room for as many records as the last frame made (a frame makes about as many as
        // the one before). The first frame's grow as they are made: only layers that reach
        // the frame are recorded, so a long list's layer count would overstate them many
        // times over (a record is about 250 bytes).
        var next = LayerRecords(capacity: records.count)
        let rootDevice = Transform(scaleX: scale, y: scale)
        _ = plan(root, parentDevice: rootDevice, clip: frame.bounds, into: &next, damage: &damage)
        for old in records.list {
            let id = ObjectIdentifier(old.layer)
            guard !next.contains(id) else { continue }
            damage.add(old.visibleOwn)
            forgetRaster(id)
            pathShadows[id] = nil
            groupShadows[id] = nil
        }
        records = next
        statistics.recordedLayers = next.count
        if needsFullFrame {
            damage = DamageRegion()
            damage.add(frame.bounds)
            needsFullFrame = false
        }
        damage.clip(to: frame.bounds)
        statistics.lastDamage = damage.rects
        guard !damage.isEmpty else { return [] }
        statistics.compositedPixels += damage.area
        if threads > 1, damage.area >= minimumBandedPixels {
            compositeInBands(root, damage.rects)
            return damage.rects
        }
        let pass = CompositePass(storesCaches: true)
        let canvas = Canvas(bitmap: frame)
        for rect in damage.rects {
            canvas.save()
            canvas.clip(to: rect.rect)
            canvas.clear(background)
            draw(root, canvas: canvas, area: rect, origin: (0, 0), alpha: 1, pass: pass)
            canvas.restore()
        }
        statistics.add(pass)
        return damage.rects
    }

    // MARK: - Bands

    /// Composites `rects` on `threads` threads, in bands of rows handed out as threads
    /// free up. First, on the calling thread, every cache the bands read is filled
    /// (`prepare`): the shadows of paths and of subtrees, and the drawing rasters the
    /// cache keeps, these rasterized in parallel. The bands then only read the caches;
    /// a raster the cache does not keep is made by the first band that needs it, shared
    /// with the others (`BandShared`) and let go after the last.
    /// Each band clears and draws its own rows, with the same calls as one thread, so
    /// every pixel is the one a single thread draws.
    private func compositeInBands(_ root: Layer, _ rects: [PixelRect]) {
        let prepared = CompositePass(storesCaches: true)
        var jobs = RasterJobs()
        for rect in rects { prepare(root, area: rect, pass: prepared, jobs: &jobs) }
        rasterizeInParallel(jobs.list, pass: prepared)
        statistics.add(prepared)

        let rows = rects.flatMap { rect in
            let count = min(2 * threads, max(1, rect.height / Compositor.minimumBandRows))
            return (0..<count).map { i in
                PixelRect(x0: rect.x0, y0: rect.y0 + rect.height * i / count,
                          x1: rect.x1, y1: rect.y0 + rect.height * (i + 1) / count)
            }
        }
        // Handed out far apart (with 2 threads and 8 bands: 0, 4, 1, 5, ...), so that the
        // bands drawn at once seldom need the same raster at the same time.
        let perThread = (rows.count + threads - 1) / threads
        let order = (0..<perThread).flatMap { i in (0..<threads).map { t in t * perThread + i } }
        let bands = order.filter { $0 < rows.count }.map { rows[$0] }
        // How many bands can draw each layer's raster, so that one the cache does not keep
        // is made once and let go after the last of them.
        var uses: [ObjectIdentifier: Int] = [:]
        for record in records.list where record.layer.drawing != nil {
            let id = ObjectIdentifier(record.layer)
            let count = bands.reduce(0) { $0 + (record.subtree.intersection($1).isEmpty ? 0 : 1) }
            if count > 0 { uses[id] = count }
        }
        let shared = BandShared<RasterKey, RasterEntry?>(uses: uses)
        let bandPasses = bands.map { _ in CompositePass(storesCaches: false, shared: shared) }
        // The bands read the compositor and the tree, and write only their own rows of
        // the frame and their own pass.
        IndexQueue.forEach(bands.count, threads: threads) { i in
            let canvas = Canvas(bitmap: frame)
            canvas.clip(to: bands[i].rect)
            canvas.clear(background)
            draw(root, canvas: canvas, area: bands[i], origin: (0, 0), alpha: 1, pass: bandPasses[i])
        }
        for pass in bandPasses { statistics.add(pass) }
        statistics.bands += bands.count
    }

    /// Walks what `draw` would draw of `layer`'s subtree in `area`, filling the shadow
    /// caches and listing in `jobs` the rasters to make: those not made at their key
    /// yet that the cache has room for.
    private func prepare(_ layer: Layer, area: PixelRect, pass: CompositePass, jobs: inout RasterJobs) {
        guard let record = records[ObjectIdentifier(layer)],
              !record.subtree.intersection(area).isEmpty else { return }
        if layer.hasShadow && layer.shadowPath == nil {
            _ = groupShadow(layer, record, pass: pass)
            return
        }
        var inner = area
        if layer.opacity < 1 && elementCount(layer, limit: 2) > 1 {
            inner = record.content.intersection(record.clip).intersection(frame.bounds).intersection(area)
            guard !inner.isEmpty else { return }
        }
        if layer.hasShadow, let path = layer.shadowPath {
            _ = pathShadow(layer, path, record, pass: pass)
        }
        if let drawing = layer.drawing {
            let key = rasterKey(layer, drawing, record, area: inner).key
            let id = ObjectIdentifier(layer)
            if key.clip == nil, rasters[id]?.key != key, !jobs.listed.contains(id) {
                let box = rasterBox(drawing, size: layer.bounds.size, key: key)
                let bytes = box.width * box.height * 4
                let kept = rasters[id]?.bytes ?? 0
                if !box.isEmpty, rasterBytes - kept + jobs.pendingBytes + bytes <= rasterCacheLimit {
                    jobs.list.append(RasterJob(id: id, drawing: drawing, size: layer.bounds.size, key: key))
                    jobs.listed.insert(id)
                    jobs.pendingBytes += bytes - kept
                }
            }
        }
        for sublayer in layer.sublayers {
            prepare(sublayer, area: inner, pass: pass, jobs: &jobs)
        }
    }

    /// Makes the rasters of `jobs` on `threads` threads and keeps them in the cache.
    private func rasterizeInParallel(_ jobs: [RasterJob], pass: CompositePass) {
        guard !jobs.isEmpty else { return }
        let made = Locked([RasterEntry?](repeating: nil, count: jobs.count))
        let nanoseconds = Locked(0)
        IndexQueue.forEach(jobs.count, threads: threads) { i in
            let start = DispatchTime.now().uptimeNanoseconds
            let entry = rasterize(jobs[i].drawing, size: jobs[i].size, key: jobs[i].key)
            let spent = Int(DispatchTime.now().uptimeNanoseconds - start)
            made.withLock { $0[i] = entry }
            nanoseconds.withLock { $0 += spent }
        }
        pass.rasterizeNanoseconds += nanoseconds.withLock { $0 }
        let entries = made.withLock { $0 }
        for (job, entry) in zip(jobs, entries) {
            guard let entry else { continue }
            forgetRaster(job.id)
            if rasterBytes + entry.bytes <= rasterCacheLimit {
                rasters[job.id] = entry
                rasterBytes += entry.bytes
            }
            pass.rasterizations += 1
        }
    }

    /// Bytes of pixel memory rendering `root` at `scale` into a frame of `size` points
    /// needs (`estimate(of:size:scale:rasterCacheLimit:)`).
    public static func estimatedBytes(of root: Layer, size: Size, scale: Double,
                                      rasterCacheLimit: Int = defaultRasterCacheLimit, threads: Int = 1) -> Int {
        estimate(of: root, size: size, scale: scale, rasterCacheLimit: rasterCacheLimit, threads: threads).bytes
    }

    /// What rendering `root` at `scale` into a frame of `size` points costs, estimated
    /// before anything is rasterized. Pixels: the frame, every contents raster (each its
    /// visible drawing, at most `maxRasterPixels`, since larger ones are rasterized only
    /// where the frame shows them) and, for each shadow, its offscreen group and blurred
    /// mask. Memory: the same, except that of the rasters at most `rasterCacheLimit`
    /// bytes are kept plus the one being drawn by each of `threads` threads. An upper
    /// bound in practice: offscreen groups of faded layers are transient and not counted.
    public static func estimate(of root: Layer, size: Size, scale: Double,
                                rasterCacheLimit: Int = defaultRasterCacheLimit, threads: Int = 1) -> RenderEstimate {
        let frame = Double(size.width * scale).rounded(.up) * Double(size.height * scale).rounded(.up)
        var pixels = max(0, frame)
        var rasterPixels = 0.0, largestRaster = 0.0
        func visit(_ layer: Layer, _ parentDevice: Transform) {
            guard !layer.isHidden, layer.opacity > 0 else { return }
            let device = layer.localTransform.concatenating(parentDevice)
            if let drawing = layer.drawing {
                let box = PixelRect(enclosing: device.apply(drawing.visualBounds(size: layer.bounds.size)))
                let area = min(Double(box.width) * Double(box.height), Double(maxRasterPixels))
                rasterPixels += area
                largestRaster = max(largestRaster, area)
            }
            if layer.hasShadow {
                let blur = 3 * max(0, layer.shadowRadius) * abs(device.determinant).squareRoot()
                let box = PixelRect(enclosing: device.apply(layer.bounds))
                pixels += 2 * (Double(box.width) + 2 * blur) * (Double(box.height) + 2 * blur)
            }
            for sublayer in layer.sublayers { visit(sublayer, device) }
        }
        visit(root, Transform(scaleX: scale, y: scale))
        let kept = min(rasterPixels, Double(max(0, rasterCacheLimit)) / 4 + Double(max(1, threads)) * largestRaster)
        func clamp(_ v: Double) -> Int { v >= Double(Int.max / 2) ? Int.max / 2 : Int(v) }
        return RenderEstimate(bytes: clamp((pixels + kept) * 4), pixels: clamp(pixels + rasterPixels))
    }

    /// Forgets every cache and record; the next `render` redraws the whole frame.
    public func invalidateAll() {
        records = LayerRecords()
        dropRasters()
        pathShadows = [:]
        groupShadows = [:]
        needsFullFrame = true
    }

    // MARK: - Plan

    /// Records `layer`'s subtree and adds its damage. Returns nil for a layer that draws
    /// nothing (hidden or transparent); otherwise the subtree's unclipped device bounds
    /// and whether its pixels changed relative to its superlayer since the last frame.
    ///
    /// A layer without sublayers whose pixels all fall outside `clip` is not recorded
    /// (a long list's rows outside the frame): it draws nothing, its old pixels are
    /// damaged as those of a layer that left, and it counts as changed, as a new layer
    /// does. Under a layer that casts its subtree's shadow (`underGroupShadow`) every
    /// layer is recorded, so that the shadow is blurred again only when its subtree
    /// changed.
    private func plan(_ layer: Layer, parentDevice: Transform, clip: PixelRect, underGroupShadow: Bool = false,
                      into next: inout LayerRecords,
                      damage: inout DamageRegion) -> (bounds: PixelRect, changed: Bool)? {
        guard !layer.isHidden, layer.opacity > 0 else { return nil }
        let id = ObjectIdentifier(layer)
        let old = records[id]
        let device = layer.localTransform.concatenating(parentDevice)
        var own = ownExtent(layer, device: device, parentDevice: parentDevice)
        let box = enclosing(device, layer.bounds)
        let childClip = layer.masksToBounds ? clip.intersection(box) : clip
        var content = own
        var children: [ObjectIdentifier] = []
        var childrenChanged = false
        let castsGroupShadow = layer.hasShadow && layer.shadowPath == nil
        let recordsAll = underGroupShadow || castsGroupShadow
        for sublayer in layer.sublayers {
            guard let (b, c) = plan(sublayer, parentDevice: device, clip: childClip, underGroupShadow: recordsAll,
                                    into: &next, damage: &damage)
            else { continue }
            children.append(ObjectIdentifier(sublayer))
            content = content.union(layer.masksToBounds ? b.intersection(box) : b)
            childrenChanged = childrenChanged || c
        }
        var subtree = content
        if castsGroupShadow {
            subtree = subtree.union(shadowExtent(layer, content, parentDevice: parentDevice, device: device))
            own = subtree
        }
        if children.isEmpty, !recordsAll, subtree.intersection(clip).isEmpty { return (subtree, true) }
        if let old, old.children != children { childrenChanged = true }
        let ownChanged = old.map {
            $0.version != layer.version || $0.effectVersion != layer.effectVersion || $0.contentVersion != layer.contentVersion
        } ?? true
        let placed = old.map { $0.geometryVersion != layer.geometryVersion } ?? true
        let moved = old.map { $0.device != device || $0.clip != clip } ?? true
        let contentChanged = ownChanged || childrenChanged || old.map { !$0.device.differsByWholePixels(from: device) } ?? true
        if contentChanged { stampCounter &+= 1 }
        let record = LayerRecord(layer: layer, geometryVersion: layer.geometryVersion, version: layer.version,
                                 effectVersion: layer.effectVersion, contentVersion: layer.contentVersion,
                                 device: device,
                                 shadowOffset: layer.hasShadow ? parentDevice.applyToVector(layer.shadowOffset) : .zero,
                                 clip: clip, children: children,
                                 own: own, content: content, subtree: subtree,
                                 stamp: contentChanged ? stampCounter : old?.stamp ?? 0)
        if let old {
            if old.effectVersion != layer.effectVersion || Self.reordered(old.children, children) {
                damage.add(old.visibleSubtree)
                damage.add(record.visibleSubtree)
            } else if ownChanged || placed || moved || (castsGroupShadow && childrenChanged) {
                damage.add(old.visibleOwn)
                damage.add(record.visibleOwn)
            }
        } else {
            damage.add(record.visibleOwn)
        }
        next.add(record)
        return (subtree, contentChanged || placed)
    }

    /// True when sublayers present in both lists changed their relative order (added
    /// and removed ones damage their own pixels).
    private static func reordered(_ old: [ObjectIdentifier], _ new: [ObjectIdentifier]) -> Bool {
        if old == new { return false }
        let inNew = Set(new), inOld = Set(old)
        return old.filter(inNew.contains) != new.filter(inOld.contains)
    }

    /// The device pixels `layer`'s own drawing can touch: bounds, contents and a
    /// `shadowPath` shadow, plus a pixel for anti-aliasing.
    private func ownExtent(_ layer: Layer, device: Transform, parentDevice: Transform) -> PixelRect {
        var local = layer.bounds
        if let drawing = layer.drawing {
            local = local.union(drawing.visualBounds(size: layer.bounds.size)
                .offsetBy(dx: layer.bounds.minX, dy: layer.bounds.minY))
        } else if let image = layer.contents {
            local = local.union(contentsRect(layer, image))
        }
        var r = grown(enclosing(device, local), by: 1)
        if layer.hasShadow, let path = layer.shadowPath, let b = path.controlPointBounds {
            let shape = grown(enclosing(device, b), by: 1)
            r = r.union(shadowExtent(layer, shape, parentDevice: parentDevice, device: device))
        }
        return r
    }

    private func shadowExtent(_ layer: Layer, _ shape: PixelRect, parentDevice: Transform, device: Transform) -> PixelRect {
        let offset = parentDevice.applyToVector(layer.shadowOffset)
        // Clamped: an offset or a blur no frame could show must not trap on the way.
        let reach = PixelRect.coordinate((3 * deviceSigma(layer, device)).rounded(.up)) + 2
        let dx = PixelRect.coordinate(offset.x.rounded(.down)), dy = PixelRect.coordinate(offset.y.rounded(.down))
        return PixelRect(x0: shape.x0 + dx - reach, y0: shape.y0 + dy - reach,
                         x1: shape.x1 + dx + reach + 1, y1: shape.y1 + dy + reach + 1)
    }

    private func deviceSigma(_ layer: Layer, _ device: Transform) -> Double {
        max(0, layer.shadowRadius) * abs(device.determinant).squareRoot()
    }

    // MARK: - Composite

    /// Draws `layer`'s subtree into `canvas`, whose device space is the frame's shifted
    /// by `-origin`, touching only `area` (frame device pixels). `alpha` is opacity
    /// pushed down from single-element ancestors.
    private func draw(_ layer: Layer, canvas: Canvas, area: PixelRect, origin: (Int, Int), alpha: Double,
                      pass: CompositePass) {
        guard let record = records[ObjectIdentifier(layer)],
              !record.subtree.intersection(area).isEmpty else { return }
        let opacity = alpha * layer.opacity
        let castsGroupShadow = layer.hasShadow && layer.shadowPath == nil
        if castsGroupShadow || (layer.opacity < 1 && elementCount(layer, limit: 2) > 1) {
            drawGroup(layer, record, canvas: canvas, area: area, origin: origin, opacity: opacity, pass: pass)
            return
        }
        canvas.transform = shifted(record.device, origin)
        if layer.hasShadow, let path = layer.shadowPath {
            drawPathShadow(layer, path, record, canvas: canvas, origin: origin, opacity: opacity, pass: pass)
        }
        drawOwnAndSublayers(layer, record, canvas: canvas, area: area, origin: origin, alpha: opacity, pass: pass)
    }

    /// Background, contents, sublayers (clipped when masking), border.
    private func drawOwnAndSublayers(_ layer: Layer, _ record: LayerRecord, canvas: Canvas, area: PixelRect,
                                     origin: (Int, Int), alpha: Double, pass: CompositePass) {
        let device = shifted(record.device, origin)
        canvas.transform = device
        let outline = outlinePath(layer)
        if let paint = layer.backgroundPaint, !paint.isInvisible {
            canvas.fill(outline, paint: paint, opacity: alpha)
        }
        let clips = layer.masksToBounds
        if clips {
            canvas.save()
            if layer.cornerRadius > 0 { canvas.clip(to: outline) } else { canvas.clip(to: layer.bounds) }
        }
        if let drawing = layer.drawing {
            drawRaster(layer, drawing, record, canvas: canvas, area: area, origin: origin, alpha: alpha, pass: pass)
        } else if let image = layer.contents {
            canvas.drawImage(image, in: contentsRect(layer, image), filter: .smooth, opacity: alpha)
        }
        // A layer that reaches here with opacity below 1 has at most one element, so a
        // sublayer may take the opacity itself.
        for sublayer in layer.sublayers {
            draw(sublayer, canvas: canvas, area: area, origin: origin, alpha: alpha, pass: pass)
        }
        if clips { canvas.restore() }
        if layer.borderWidth > 0, layer.borderColor.a > 0 {
            canvas.transform = device
            let w = layer.borderWidth
            let inner = layer.bounds.insetBy(dx: w / 2, dy: w / 2)
            let style = layer.cornerCurve
            let path = Path(roundedRect: inner, cornerRadius: max(0, layer.cornerRadius - w / 2), style: style)
            canvas.stroke(path, style: StrokeStyle(width: w), paint: .solid(layer.borderColor), opacity: alpha)
        }
    }

    /// How many separately drawn elements the layer's subtree has, counting up to `limit`.
    private func elementCount(_ layer: Layer, limit: Int) -> Int {
        var n = 0
        if let p = layer.backgroundPaint, !p.isInvisible { n += 1 }
        if layer.drawing != nil || layer.contents != nil { n += 1 }
        if layer.borderWidth > 0, layer.borderColor.a > 0 { n += 1 }
        if layer.hasShadow { n += 2 }
        for sublayer in layer.sublayers where n < limit && !sublayer.isHidden && sublayer.opacity > 0 {
            let groups = sublayer.hasShadow || sublayer.opacity < 1
            n += groups ? 1 : elementCount(sublayer, limit: limit - n)
        }
        return n
    }

    private func outlinePath(_ layer: Layer) -> Path {
        guard layer.cornerRadius > 0 else { return Path(rect: layer.bounds) }
        return Path(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius,
                    style: layer.cornerCurve)
    }

    private func contentsRect(_ layer: Layer, _ image: ImageSource) -> Rect {
        let s = layer.contentsScale > 0 ? layer.contentsScale : 1
        return layer.contentsGravity.rect(for: Size(width: Double(image.bitmap.width) / s,
                                                    height: Double(image.bitmap.height) / s), in: layer.bounds)
    }

    // MARK: Drawing rasters

    /// Contents rasters larger than this many pixels (a 1 MB paragraph, a very long
    /// list) are rasterized only where the frame shows them (when drawn without rotation).
    package static let maxRasterPixels = 1 << 24

    /// The key of `layer`'s raster where it is drawn in `area`, whether it is drawn
    /// axis-aligned, and the device transform of the drawing's own coordinates.
    private func rasterKey(_ layer: Layer, _ drawing: any LayerDrawing, _ record: LayerRecord,
                           area: PixelRect) -> (key: RasterKey, axisAligned: Bool, device: Transform) {
        // Device transform of the drawing's own coordinates (bounds origin at 0, 0).
        let d = Transform(translationX: layer.bounds.minX, y: layer.bounds.minY).concatenating(record.device)
        let axisAligned = d.b == 0 && d.c == 0 && d.a > 0 && d.d > 0
        if axisAligned {
            let fx = d.tx - d.tx.rounded(.down), fy = d.ty - d.ty.rounded(.down)
            let local = Transform(a: d.a, b: 0, c: 0, d: d.d, tx: fx, ty: fy)
            let full = enclosing(local, drawing.visualBounds(size: layer.bounds.size))
            var clip: PixelRect?
            if Double(full.width) * Double(full.height) > Double(Compositor.maxRasterPixels) {
                // The frame's area in the raster's pixels.
                let x = PixelRect.coordinate(d.tx.rounded(.down)), y = PixelRect.coordinate(d.ty.rounded(.down))
                clip = full.intersection(PixelRect(x0: area.x0 - x, y0: area.y0 - y, x1: area.x1 - x, y1: area.y1 - y))
            }
            return (RasterKey(version: layer.contentVersion, size: layer.bounds.size, sx: d.a, sy: d.d, fx: fx, fy: fy,
                              clip: clip), true, d)
        }
        let k = max(d.maxScale, 1e-3)
        return (RasterKey(version: layer.contentVersion, size: layer.bounds.size, sx: k, sy: k, fx: 0, fy: 0, clip: nil),
                false, d)
    }

    private func drawRaster(_ layer: Layer, _ drawing: any LayerDrawing, _ record: LayerRecord, canvas: Canvas,
                            area: PixelRect, origin: (Int, Int), alpha: Double, pass: CompositePass) {
        let (key, axisAligned, d) = rasterKey(layer, drawing, record, area: area)
        let id = ObjectIdentifier(layer)
        let entry: RasterEntry
        if let cached = rasters[id], cached.key == key {
            entry = cached
        } else {
            if pass.storesCaches { forgetRaster(id) }
            let make = { () -> RasterEntry? in
                let start = DispatchTime.now().uptimeNanoseconds
                let made = self.rasterize(drawing, size: layer.bounds.size, key: key)
                pass.rasterizeNanoseconds += Int(DispatchTime.now().uptimeNanoseconds - start)
                if made != nil { pass.rasterizations += 1 }
                return made
            }
            // A band shares the rasters the cache does not keep with the other bands (a
            // part of a huge drawing is its own).
            let shared = key.clip == nil ? pass.shared : nil
            guard let made = shared.map({ $0.value(id, key: key, make: make) }) ?? make() else { return }
            entry = made
            if pass.storesCaches, rasterBytes + made.bytes <= rasterCacheLimit {
                rasters[id] = made
                rasterBytes += made.bytes
            }
        }
        let saved = canvas.transform
        defer { canvas.transform = saved }
        canvas.transform = .identity
        if axisAligned {
            let x = PixelRect.coordinate(d.tx.rounded(.down)) + entry.pixelOrigin.0 - origin.0
            let y = PixelRect.coordinate(d.ty.rounded(.down)) + entry.pixelOrigin.1 - origin.1
            canvas.drawImage(entry.image, transform: Transform(translationX: Double(x), y: Double(y)),
                             filter: .nearest, opacity: alpha)
        } else {
            let t = Transform(translationX: Double(entry.pixelOrigin.0), y: Double(entry.pixelOrigin.1))
                .concatenating(Transform(scaleX: 1 / key.sx, y: 1 / key.sy))
                .concatenating(shifted(d, origin))
            canvas.drawImage(entry.image, transform: t, filter: .smooth, opacity: alpha)
        }
    }

    private func forgetRaster(_ id: ObjectIdentifier) {
        if let old = rasters.removeValue(forKey: id) { rasterBytes -= old.bytes }
    }

    private func dropRasters() {
        rasters = [:]
        rasterBytes = 0
    }

    /// The pixels of a raster at `key`, relative to the drawing's device origin.
    private func rasterBox(_ drawing: any LayerDrawing, size: Size, key: RasterKey) -> PixelRect {
        let local = Transform(a: key.sx, b: 0, c: 0, d: key.sy, tx: key.fx, ty: key.fy)
        return key.clip ?? enclosing(local, drawing.visualBounds(size: size))
    }

    private func rasterize(_ drawing: any LayerDrawing, size: Size, key: RasterKey) -> RasterEntry? {
        let local = Transform(a: key.sx, b: 0, c: 0, d: key.sy, tx: key.fx, ty: key.fy)
        let box = rasterBox(drawing, size: size, key: key)
        guard !box.isEmpty, let bitmap = try? Bitmap(width: box.width, height: box.height) else { return nil }
        let canvas = Canvas(bitmap: bitmap)
        canvas.transform = local.concatenating(Transform(translationX: Double(-box.x0), y: Double(-box.y0)))
        drawing.draw(in: canvas, size: size)
        return RasterEntry(key: key, image: ImageSource(bitmap), pixelOrigin: (box.x0, box.y0))
    }

    // MARK: Shadows and groups

    private func drawPathShadow(_ layer: Layer, _ path: Path, _ record: LayerRecord, canvas: Canvas,
                                origin: (Int, Int), opacity: Double, pass: CompositePass) {
        let (mask, whole) = pathShadow(layer, path, record, pass: pass)
        let placed = mask.moved(dx: PixelRect.coordinate(whole.0) - origin.0, dy: PixelRect.coordinate(whole.1) - origin.1)
        let saved = canvas.transform
        canvas.transform = .identity
        canvas.composite(mask: placed, color: layer.shadowColor.withOpacity(layer.shadowOpacity * opacity))
        canvas.transform = saved
    }

    /// The blurred mask of `layer`'s `shadowPath` shadow, placed at the fractional part of
    /// its position, and the whole pixels it moves by; cached per layer when the pass
    /// stores caches.
    private func pathShadow(_ layer: Layer, _ path: Path, _ record: LayerRecord,
                            pass: CompositePass) -> (mask: Mask, whole: (Double, Double)) {
        let offset = record.shadowOffset
        let d = record.device.concatenating(Transform(translationX: offset.x, y: offset.y))
        let whole = (d.tx.rounded(.down), d.ty.rounded(.down))
        let fractional = Transform(a: d.a, b: d.b, c: d.c, d: d.d, tx: d.tx - whole.0, ty: d.ty - whole.1)
        let sigma = deviceSigma(layer, record.device)
        let key = ShadowKey(path: path, transform: fractional, sigma: sigma)
        let id = ObjectIdentifier(layer)
        let mask: Mask
        if let cached = pathShadows[id], cached.key == key {
            mask = cached.mask
        } else {
            mask = blurredShape(path, transform: fractional, sigma: sigma)
            if pass.storesCaches { pathShadows[id] = ShadowEntry(key: key, mask: mask) }
            pass.shadowBlurs += 1
        }
        return (mask, whole)
    }

    private func blurredShape(_ path: Path, transform: Transform, sigma: Double) -> Mask {
        let b = path.controlPointBounds.map { transform.apply($0) } ?? .zero
        let margin = (3 * sigma).rounded(.up) + 2
        let rect = PixelRect(enclosing: b.insetBy(dx: -margin, dy: -margin))
        var blitter = MaskBlitter(mask: Mask(rect: rect))
        var polyline = Polyline()
        PathFlattener.flatten(path, transform: transform, tolerance: PathFlattener.defaultTolerance, into: &polyline)
        let rasterizer = Rasterizer.reused()
        rasterizer.fill(polyline, rule: .nonZero, clip: rect, into: &blitter)
        Rasterizer.giveBack(rasterizer)
        var mask = blitter.mask
        GaussianBlur.blur(&mask, sigma: sigma)
        return mask
    }

    /// Renders the subtree offscreen, then composites its shadow (if it casts one) and
    /// the group at `opacity`. A `shadowPath` shadow is drawn into the group first, so
    /// that it fades with the layer.
    private func drawGroup(_ layer: Layer, _ record: LayerRecord, canvas: Canvas, area: PixelRect,
                           origin: (Int, Int), opacity: Double, pass: CompositePass) {
        let castsShadow = layer.hasShadow && layer.shadowPath == nil
        let saved = canvas.transform
        defer { canvas.transform = saved }
        if castsShadow {
            let entry = groupShadow(layer, record, pass: pass)
            canvas.transform = .identity
            if let mask = entry.mask {
                canvas.composite(mask: mask.moved(dx: -origin.0, dy: -origin.1),
                                 color: layer.shadowColor.withOpacity(layer.shadowOpacity * opacity))
            }
            if let image = entry.image {
                canvas.drawImage(image, transform: Transform(translationX: Double(entry.rect.x0 - origin.0),
                                                             y: Double(entry.rect.y0 - origin.1)),
                                 filter: .nearest, opacity: opacity)
            }
            return
        }
        // The buffer's placement must not depend on `area`: transforms shifted to a
        // different origin round differently, and a redrawn part must match the rest.
        let rect = record.content.intersection(record.clip).intersection(frame.bounds)
        let needed = rect.intersection(area)
        guard !needed.isEmpty, let bitmap = try? Bitmap(width: rect.width, height: rect.height) else { return }
        pass.offscreenGroups += 1
        let offscreen = Canvas(bitmap: bitmap)
        if layer.hasShadow, let path = layer.shadowPath {
            // The shadow is part of the group, faded with it.
            drawPathShadow(layer, path, record, canvas: offscreen, origin: (rect.x0, rect.y0), opacity: 1, pass: pass)
        }
        drawOwnAndSublayers(layer, record, canvas: offscreen, area: needed, origin: (rect.x0, rect.y0), alpha: 1,
                            pass: pass)
        canvas.transform = .identity
        canvas.drawImage(ImageSource(bitmap), transform: Transform(translationX: Double(rect.x0 - origin.0),
                                                                    y: Double(rect.y0 - origin.1)),
                         filter: .nearest, opacity: opacity)
    }

    /// The cached offscreen group and blurred shadow of a layer whose subtree casts its
    /// shadow, made again only when the subtree changed or moved by a fraction of a pixel.
    private func groupShadow(_ layer: Layer, _ record: LayerRecord, pass: CompositePass) -> GroupShadowEntry {
        let id = ObjectIdentifier(layer)
        if let cached = groupShadows[id], cached.stamp == record.stamp {
            let dx = PixelRect.coordinate((record.device.tx - cached.device.tx).rounded())
            let dy = PixelRect.coordinate((record.device.ty - cached.device.ty).rounded())
            if dx == 0 && dy == 0 { return cached }
            let moved = cached.moved(dx: dx, dy: dy, device: record.device)
            if pass.storesCaches { groupShadows[id] = moved }
            return moved
        }
        // Pixels inside the clip depend on content up to the blur's reach beyond it.
        let sigma = deviceSigma(layer, record.device)
        let offset = record.shadowOffset
        // Clamped: an offset or a blur no frame could show must not trap on the way.
        let dx = PixelRect.coordinate(offset.x.rounded()), dy = PixelRect.coordinate(offset.y.rounded())
        let reach = PixelRect.coordinate((3 * sigma).rounded(.up)) + 2
        let needed = PixelRect(x0: record.clip.x0 - reach - abs(dx), y0: record.clip.y0 - reach - abs(dy),
                               x1: record.clip.x1 + reach + abs(dx), y1: record.clip.y1 + reach + abs(dy))
        let rect = record.content.intersection(needed)
        var entry = GroupShadowEntry(stamp: record.stamp, device: record.device, rect: rect, image: nil, mask: nil)
        guard !rect.isEmpty, let bitmap = try? Bitmap(width: rect.width, height: rect.height) else {
            if pass.storesCaches { groupShadows[id] = entry }
            return entry
        }
        pass.offscreenGroups += 1
        pass.shadowBlurs += 1
        let offscreen = Canvas(bitmap: bitmap)
        drawOwnAndSublayers(layer, record, canvas: offscreen, area: rect, origin: (rect.x0, rect.y0), alpha: 1,
                            pass: pass)
        var mask = Mask(rect: PixelRect(x0: rect.x0 - reach + dx, y0: rect.y0 - reach + dy,
                                        x1: rect.x1 + reach + dx, y1: rect.y1 + reach + dy))
        let w = mask.rect.width
        mask.storage.withUnsafeMutableBufferPointer { m in
            for y in 0..<rect.height {
                let row = bitmap.row(y)
                let start = (y + reach) * w + reach
                for x in 0..<rect.width { m[start + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
            }
        }
        GaussianBlur.blur(&mask, sigma: sigma)
        entry.image = ImageSource(bitmap)
        entry.mask = mask
        if pass.storesCaches { groupShadows[id] = entry }
        return entry
    }

    // MARK: - Helpers

    private func enclosing(_ t: Transform, _ r: Rect) -> PixelRect {
        PixelRect(enclosing: t.apply(r))
    }

    private func grown(_ r: PixelRect, by n: Int) -> PixelRect {
        PixelRect(x0: r.x0 - n, y0: r.y0 - n, x1: r.x1 + n, y1: r.y1 + n)
    }

    private func shifted(_ t: Transform, _ origin: (Int, Int)) -> Transform {
        origin == (0, 0) ? t : Transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx - Double(origin.0), ty: t.ty - Double(origin.1))
    }
}

/// What the compositor did, summed over its frames.
public struct CompositorStatistics: Sendable, Equatable {
    /// `render` calls.
    public var frames = 0
    /// Drawing rasters made (each `Layer.drawing` is rasterized once per size, scale
    /// and sub-pixel offset).
    public var rasterizations = 0
    /// Time spent making them (drawing layers' contents, text included), in nanoseconds:
    /// the rest of `render` is compositing.
    public var rasterizeNanoseconds = 0
    /// Offscreen group buffers rendered.
    public var offscreenGroups = 0
    /// Shadow masks blurred.
    public var shadowBlurs = 0
    /// Pixels cleared and re-composited.
    public var compositedPixels = 0
    /// Bands of rows composited by several threads (`Compositor.threads`).
    public var bands = 0
    /// The rectangles re-composited by the last frame.
    public var lastDamage: [PixelRect] = []
    /// Layers the last frame recorded: those that draw (not hidden or transparent) and
    /// have sublayers or pixels inside the frame and their ancestors' clips.
    public var recordedLayers = 0
}

extension CompositorStatistics {
    /// Adds what `pass` counted.
    mutating func add(_ pass: CompositePass) {
        rasterizations += pass.rasterizations
        rasterizeNanoseconds += pass.rasterizeNanoseconds
        offscreenGroups += pass.offscreenGroups
        shadowBlurs += pass.shadowBlurs
    }
}

/// One thread's share of a composite: whether it may fill the compositor's caches (the
/// calling thread) or only reads them (a band), and what it did.
final class CompositePass {
    let storesCaches: Bool
    /// The rasters a band shares with the other bands of its frame.
    let shared: BandShared<RasterKey, RasterEntry?>?
    var rasterizations = 0
    var rasterizeNanoseconds = 0
    var offscreenGroups = 0
    var shadowBlurs = 0

    init(storesCaches: Bool, shared: BandShared<RasterKey, RasterEntry?>? = nil) {
        self.storesCaches = storesCaches
        self.shared = shared
    }
}

/// A raster listed for making before the bands run: the drawing and its key.
struct RasterJob {
    let id: ObjectIdentifier
    let drawing: any LayerDrawing
    let size: Size
    let key: RasterKey
}

/// The rasters `prepare` lists: in order, the layers listed (so that a layer drawn in
/// several damaged rectangles is listed once, without a search), and the bytes they
/// will add to the cache.
struct RasterJobs {
    var list: [RasterJob] = []
    var listed: Set<ObjectIdentifier> = []
    var pendingBytes = 0
}

/// What rendering a layer tree costs (`Compositor.estimate`).
public struct RenderEstimate: Hashable, Sendable {
    /// Bytes of pixel memory.
    public var bytes: Int
    /// Pixels rasterized and composited.
    public var pixels: Int
}

struct RasterKey: Equatable {
    let version: UInt64
    let size: Size
    let sx: Double, sy: Double
    let fx: Double, fy: Double
    /// The part rasterized, in raster pixels, when not the whole drawing.
    let clip: PixelRect?
}

struct RasterEntry {
    let key: RasterKey
    let image: ImageSource
    /// Where the raster's top-left pixel sits relative to the drawing's device origin.
    let pixelOrigin: (Int, Int)

    var bytes: Int { image.bitmap.width * image.bitmap.height * 4 }
}

struct ShadowKey: Equatable {
    let path: Path
    let transform: Transform
    let sigma: Double
}

struct ShadowEntry {
    let key: ShadowKey
    let mask: Mask
}

struct GroupShadowEntry {
    let stamp: UInt64
    let device: Transform
    let rect: PixelRect
    var image: ImageSource?
    var mask: Mask?

    func moved(dx: Int, dy: Int, device: Transform) -> GroupShadowEntry {
        GroupShadowEntry(stamp: stamp, device: device,
                         rect: PixelRect(x0: rect.x0 + dx, y0: rect.y0 + dy, x1: rect.x1 + dx, y1: rect.y1 + dy),
                         image: image, mask: mask?.moved(dx: dx, dy: dy))
    }
}

extension Mask {
    /// The same coverage placed `dx`, `dy` pixels further on (storage is shared).
    func moved(dx: Int, dy: Int) -> Mask {
        if dx == 0 && dy == 0 { return self }
        return Mask(rect: PixelRect(x0: rect.x0 + dx, y0: rect.y0 + dy, x1: rect.x1 + dx, y1: rect.y1 + dy),
                    storage: storage)
    }
}

extension Transform {
    /// True when `other` is this transform moved by whole device pixels.
    func differsByWholePixels(from other: Transform) -> Bool {
        guard a == other.a, b == other.b, c == other.c, d == other.d else { return false }
        let dx = other.tx - tx, dy = other.ty - ty
        return dx == dx.rounded() && dy == dy.rounded()
    }
}
