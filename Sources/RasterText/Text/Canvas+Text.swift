import RasterCore

/// Drawing laid-out text.
///
/// Under a transform that only scales uniformly and translates (the usual case, at any
/// output scale), each glyph is rasterized by FreeType at its device pixel size, so text
/// at @2x or @3x is as crisp as the device allows: the baseline snaps to whole device
/// pixels and horizontal positions to quarter pixels (`GlyphCache.subpixelSteps`).
/// Rasterized glyphs come from `GlyphCache.shared`. Under rotation, skew or non-uniform
/// scale, and above `GlyphCache.maxCachedPixelSize`, outline glyphs are filled as paths
/// by the canvas rasterizer and colour glyphs are drawn as transformed images.
extension Canvas {
    /// Draws `layout` with the top-left of its box at `origin` (user space).
    public func draw(_ layout: TextLayout, at origin: Point = .zero, opacity: Double = 1,
                     cache: GlyphCache = .shared) {
        for run in layout.runs {
            draw(run, at: origin, opacity: opacity, cache: cache)
        }
    }

    /// Draws `string` on one line (no wrapping) with its baseline's left end at `baseline`.
    /// The layout comes from `layouts` (laid out once, then reused while it is cached).
    public func drawText(_ string: String, font: Font, paint: Paint = .solid(.black), baseline: Point,
                         registry: FontRegistry = .shared, layouts: TextLayoutCache = .shared) throws {
        let layout = try layouts.layout(AttributedText([TextSpan(string, font: font, paint: paint)]), registry: registry)
        guard let first = layout.lines.first else { return }
        draw(layout, at: Point(x: baseline.x, y: baseline.y - first.baseline))
    }

    /// Draws one glyph run on the pixel grid: glyph keys and pens for the quarter-pixel
    /// offsets, the cached masks looked up together, then each mask blended (the solid
    /// colour loop, else through the paint blitter), oversized glyphs as outlines and
    /// colour glyphs as images. Kept as one function so the per-glyph loop holds its
    /// blitter and the run's buffers without passing them between calls.
    private func draw(_ run: TextLayout.GlyphRun, at origin: Point, opacity: Double, cache: GlyphCache) {
        let t = transform
        let uniform = t.b == 0 && t.c == 0 && t.a > 0 && t.a == t.d
        let pixelSize = run.fontSize * t.a
        guard run.fontSize > 0, run.fontSize.isFinite else { return }
        if !uniform || pixelSize > GlyphCache.maxCachedPixelSize {
            drawOutlines(run, at: origin, opacity: opacity, cache: cache)
            return
        }
        // Device positions: baseline on whole pixels, x on quarter pixels.
        let steps = Double(GlyphCache.subpixelSteps)
        let n = run.glyphs.count
        var keys: [GlyphCache.Key] = []
        var pens: [(x: Int, y: Int)] = []
        keys.reserveCapacity(n)
        pens.reserveCapacity(n)
        for i in 0..<n {
            let p = run.positions[i]
            let dx = t.a * (origin.x + p.x) + t.tx, dy = t.d * (origin.y + p.y) + t.ty
            guard dx.isFinite, dy.isFinite, abs(dx) < 1e9, abs(dy) < 1e9 else {
                keys.append(GlyphCache.key(face: run.face, glyph: 0, pixelSize: 0, subpixel: 0))
                pens.append((Int.min, Int.min))
                continue
            }
            let q = Int((dx * steps).rounded(.down))
            let x = q >= 0 ? q / GlyphCache.subpixelSteps : -((-q + GlyphCache.subpixelSteps - 1) / GlyphCache.subpixelSteps)
            keys.append(GlyphCache.key(face: run.face, glyph: run.glyphs[i], pixelSize: pixelSize,
                                       subpixel: q - x * GlyphCache.subpixelSteps))
            pens.append((x, Int(dy.rounded())))
        }
        var images: [GlyphImage?] = []
        images.reserveCapacity(n)
        cache.images(keys, face: run.face, pixelSize: pixelSize, into: &images)
        let area = clip.rect
        var colorGlyphs: [(GlyphImage, Int, Int)] = []
        var oversized: [Int] = []
        // A solid colour with no clip mask takes the dedicated mask loop; anything else
        // (gradients, clip masks) goes through the paint blitter row by row.
        let alpha = UInt32((min(max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
        var solid: UInt32?
        if case .solid(let c) = run.paint, clip.mask == nil { solid = c.premultiplied.packed }
        if solid == 0 || alpha == 0 { solid = nil }
        let pixels = bitmap.row(0), pitch = bitmap.stride
        withExtendedLifetime(images) {
            withBlitter(paint: run.paint, blend: .sourceOver, opacity: opacity) { blitter in
                for i in 0..<n {
                    guard let image = images[i], pens[i].x != Int.min else { continue }
                    if image.isOversized { oversized.append(i) }
                    guard !image.isEmpty else { continue }
                    let x0 = pens[i].x + image.left, y0 = pens[i].y + image.top
                    guard let mask = image.mask else {
                        if image.isColor { colorGlyphs.append((image, x0, y0)) }
                        continue
                    }
                    let r = area.intersection(PixelRect(x: x0, y: y0, width: image.width, height: image.height))
                    guard !r.isEmpty else { continue }
                    let rows = UnsafePointer(mask) + (r.y0 - y0) * image.stride + (r.x0 - x0)
                    if let color = solid {
                        let padded = r.x0 == x0 && r.width == image.width && x0 + image.stride <= area.x1
                        GlyphMaskBlitter.solid(color: color, opacity: alpha, mask: rows, maskStride: image.stride,
                                               dst: pixels + (r.y0 * pitch + r.x0), pitch: pitch,
                                               width: r.width, height: r.height, padded: padded)
                        continue
                    }
                    for y in r.y0..<r.y1 {
                        blitter.blitRun(y: y, x: r.x0,
                                        alphas: UnsafeBufferPointer(start: rows + (y - r.y0) * image.stride, count: r.width))
                    }
                }
            }
        }
        if !oversized.isEmpty { drawOutlines(run, at: origin, opacity: opacity, cache: cache, only: oversized) }
        guard !colorGlyphs.isEmpty else { return }
        let colorOpacity = opacity * run.paint.colorAlpha
        withSavedState {
            transform = .identity
            for (image, x0, y0) in colorGlyphs {
                guard let source = image.image else { continue }
                drawImage(source, transform: Transform(translationX: Double(x0), y: Double(y0)), opacity: colorOpacity)
            }
        }
    }

    /// Glyphs as filled outlines (and colour glyphs as images) under the full transform:
    /// all of the run's, or those at the indices `only` lists.
    private func drawOutlines(_ run: TextLayout.GlyphRun, at origin: Point, opacity: Double, cache: GlyphCache,
                              only: [Int]? = nil) {
        let face = run.face
        let scale = run.fontSize / face.unitsPerEm
        if face.isColor {
            // Rasterize near the device size, then let the image transform do the rest.
            let pixelSize = min(run.fontSize * max(transform.maxScale, 1e-6), GlyphCache.maxCachedPixelSize)
            let k = pixelSize / run.fontSize
            var images: [GlyphImage?] = []
            cache.images(run.glyphs.map { GlyphCache.key(face: face, glyph: $0, pixelSize: pixelSize, subpixel: 0) },
                         face: face, pixelSize: pixelSize, into: &images)
            for (i, image) in images.enumerated() {
                guard let image, let source = image.image else { continue }
                let p = run.positions[i]
                let t = Transform(translationX: Double(image.left), y: Double(image.top))
                    .concatenating(Transform(scaleX: 1 / k, y: 1 / k))
                    .concatenating(Transform(translationX: origin.x + p.x, y: origin.y + p.y))
                drawImage(source, transform: t, opacity: opacity * run.paint.colorAlpha)
            }
            return
        }
        var path = Path()
        var outlines: [UInt32: Path] = [:]
        for i in only ?? Array(run.glyphs.indices) {
            let glyph = run.glyphs[i]
            let outline: Path
            if let known = outlines[glyph] {
                outline = known
            } else {
                outline = face.outline(of: glyph)
                outlines[glyph] = outline
            }
            let p = run.positions[i]
            path.addPath(outline.applying(Transform(scaleX: scale, y: scale)
                .concatenating(Transform(translationX: origin.x + p.x, y: origin.y + p.y))))
        }
        fill(path, paint: run.paint, opacity: opacity)
    }
}

extension Paint {
    /// The alpha colour glyphs take from the text's paint: a solid colour's alpha, else 1.
    var colorAlpha: Double {
        if case .solid(let c) = self { return Double(c.a) / 255 }
        return 1
    }
}
