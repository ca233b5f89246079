import Foundation

/// Lays out a scene's node tree and draws it (the shape subset).
///
/// Prop order, innermost first: content, padding, frame, then background, clip and
/// corner radius, border, shadow and opacity on the frame box, then offset, scale and
/// rotation (about the box's centre) after layout. Opacity and shadow composite the
/// node and its subtree as one group, as the scene contract asks.
public struct SceneRenderer {
    public let scene: Scene

    public init(scene: Scene) {
        self.scene = scene
    }

    /// The canvas size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        (Int((scene.canvas.width * scene.canvas.scale).rounded(.up)),
         Int((scene.canvas.height * scene.canvas.scale).rounded(.up)))
    }

    public func render() throws -> Bitmap {
        let (w, h) = pixelSize
        let bitmap = try Bitmap(width: w, height: h, color: scene.canvas.background.premultiplied)
        let canvas = Canvas(bitmap: bitmap)
        canvas.scale(x: scene.canvas.scale, y: scene.canvas.scale)
        let available = Size(width: scene.canvas.width, height: scene.canvas.height)
        let size = measure(scene.root, available)
        let a = scene.canvas.alignment
        let origin = Point(x: (available.width - size.width) * a.x, y: (available.height - size.height) * a.y)
        try draw(scene.root, in: Rect(origin: origin, size: size), canvas: canvas)
        return bitmap
    }

    /// Frames in canvas points of every node with an `id`, after layout and offset,
    /// before rotation and scale.
    public func layout() -> [String: Rect] {
        var out: [String: Rect] = [:]
        let available = Size(width: scene.canvas.width, height: scene.canvas.height)
        let size = measure(scene.root, available)
        let a = scene.canvas.alignment
        let origin = Point(x: (available.width - size.width) * a.x, y: (available.height - size.height) * a.y)
        collect(scene.root, Rect(origin: origin, size: size), &out)
        return out
    }

    private func collect(_ node: SceneNode, _ rect: Rect, _ out: inout [String: Rect]) {
        let placed = rect.offsetBy(dx: node.offset.x, dy: node.offset.y)
        if let id = node.id { out[id] = placed }
        if case .zStack(let children, let alignment) = node.kind {
            let content = contentRect(node, placed)
            for child in children {
                collect(child, childRect(child, in: content, alignment: alignment), &out)
            }
        }
    }

    // MARK: - Layout

    /// The size `node` takes when offered `available`.
    func measure(_ node: SceneNode, _ available: Size) -> Size {
        var offer = available
        if let f = node.frame {
            if let w = f.width { offer.width = w }
            if let h = f.height { offer.height = h }
            offer.width = clamp(offer.width, f.minWidth, f.maxWidth)
            offer.height = clamp(offer.height, f.minHeight, f.maxHeight)
        }
        let inner = Size(width: max(0, offer.width - node.padding.horizontal),
                         height: max(0, offer.height - node.padding.vertical))
        let content = contentSize(node, inner)
        var size = Size(width: content.width + node.padding.horizontal, height: content.height + node.padding.vertical)
        if let f = node.frame {
            size.width = f.width ?? clamp(size.width, f.minWidth, f.maxWidth)
            size.height = f.height ?? clamp(size.height, f.minHeight, f.maxHeight)
        }
        return size
    }

    /// The layout of a Text node for `width`, through the shared measurement cache. Nil
    /// only if a family vanished from the registry, which decoding rules out.
    private func textLayout(_ text: AttributedText, _ style: ParagraphStyle, width: Double) -> TextLayout? {
        try? TextLayoutCache.shared.layout(text, style: style, width: width + 1e-9, registry: scene.fonts)
    }

    private func clamp(_ v: Double, _ lo: Double?, _ hi: Double?) -> Double {
        var x = v
        if let hi { x = min(x, hi) }
        if let lo { x = max(x, lo) }
        return x
    }

    private func contentSize(_ node: SceneNode, _ available: Size) -> Size {
        switch node.kind {
        case .zStack(let children, _):
            var size = Size.zero
            for child in children {
                let s = measure(child, available)
                size.width = max(size.width, s.width)
                size.height = max(size.height, s.height)
            }
            return size
        case .rectangle, .roundedRectangle, .circle:
            return Size(width: node.width ?? available.width, height: node.height ?? available.height)
        case .path(let path, _):
            let b = path.controlPointBounds ?? .zero
            return Size(width: node.width ?? max(0, b.maxX), height: node.height ?? max(0, b.maxY))
        case .text(let text, let style):
            // Measured like ComponentFlow's Text: wrapped to the offered width, rounded up.
            return textLayout(text, style, width: available.width)?.size ?? .zero
        }
    }

    /// The content box inside a node's frame box: its measured content plus padding,
    /// aligned by the frame's alignment, minus the padding.
    private func contentRect(_ node: SceneNode, _ rect: Rect) -> Rect {
        let inner = Size(width: max(0, rect.width - node.padding.horizontal), height: max(0, rect.height - node.padding.vertical))
        var content = contentSize(node, inner)
        if node.frame == nil {
            content = inner
        }
        let padded = Size(width: content.width + node.padding.horizontal, height: content.height + node.padding.vertical)
        let a = node.frame?.alignment ?? .center
        let origin = Point(x: rect.minX + (rect.width - padded.width) * a.x + node.padding.left,
                           y: rect.minY + (rect.height - padded.height) * a.y + node.padding.top)
        return Rect(origin: origin, size: content)
    }

    private func childRect(_ child: SceneNode, in content: Rect, alignment: Alignment) -> Rect {
        let size = measure(child, content.size)
        return Rect(x: content.minX + (content.width - size.width) * alignment.x,
                    y: content.minY + (content.height - size.height) * alignment.y,
                    width: size.width, height: size.height)
    }

    // MARK: - Drawing

    func draw(_ node: SceneNode, in layoutRect: Rect, canvas: Canvas) throws {
        guard !node.hidden else { return }
        let rect = layoutRect.offsetBy(dx: node.offset.x, dy: node.offset.y)
        canvas.save()
        defer { canvas.restore() }
        if node.rotation != 0 || node.scale != 1 {
            let c = rect.center
            canvas.translate(x: c.x, y: c.y)
            if node.rotation != 0 { canvas.rotate(by: node.rotation * Double.pi / 180) }
            if node.scale != 1 { canvas.scale(x: node.scale, y: node.scale) }
            canvas.translate(x: -c.x, y: -c.y)
        }
        if node.opacity < 1 || node.shadow != nil {
            try drawGroup(node, rect, canvas)
        } else {
            try drawVisual(node, rect, canvas)
        }
    }

    /// Renders the node offscreen, then composites its shadow and itself.
    private func drawGroup(_ node: SceneNode, _ rect: Rect, _ canvas: Canvas) throws {
        guard node.opacity > 0 else { return }
        let scale = abs(canvas.transform.determinant).squareRoot()
        var margin = 0
        var deviceOffset = Point.zero
        if let s = node.shadow {
            deviceOffset = canvas.transform.applyToVector(s.offset)
            margin = Int((3 * s.radius / 2 * scale).rounded(.up)) + Int(abs(deviceOffset.x).rounded(.up) + abs(deviceOffset.y).rounded(.up)) + 1
        }
        let clip = canvas.clipBounds
        let area = PixelRect(x0: clip.x0 - margin, y0: clip.y0 - margin, x1: clip.x1 + margin, y1: clip.y1 + margin)
        guard !area.isEmpty else { return }
        let layer = try Bitmap(width: area.width, height: area.height)
        let layerCanvas = Canvas(bitmap: layer)
        layerCanvas.transform = canvas.transform.concatenating(Transform(translationX: Double(-area.x0), y: Double(-area.y0)))
        try drawVisual(node, rect, layerCanvas)

        let device = canvas.transform
        canvas.transform = .identity
        defer { canvas.transform = device }
        if let s = node.shadow {
            let dx = Int(deviceOffset.x.rounded()), dy = Int(deviceOffset.y.rounded())
            var mask = Mask(rect: PixelRect(x: area.x0 + dx, y: area.y0 + dy, width: area.width, height: area.height))
            mask.storage.withUnsafeMutableBufferPointer { m in
                for y in 0..<area.height {
                    let row = layer.row(y)
                    for x in 0..<area.width { m[y * area.width + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
                }
            }
            GaussianBlur.blur(&mask, sigma: s.radius / 2 * scale)
            canvas.composite(mask: mask, color: s.color.withOpacity(s.opacity * node.opacity))
        }
        canvas.drawImage(ImageSource(layer), transform: Transform(translationX: Double(area.x0), y: Double(area.y0)),
                         filter: .nearest, opacity: node.opacity)
    }

    /// Background, clipped content, border: everything but shadow and group opacity.
    private func drawVisual(_ node: SceneNode, _ rect: Rect, _ canvas: Canvas) throws {
        let style: CornerStyle = node.smoothCorners ? .continuous : .circular
        let outline = Path(roundedRect: rect, cornerRadius: node.cornerRadius, style: style)
        canvas.save()
        if node.clip || node.cornerRadius > 0 {
            if node.cornerRadius > 0 { canvas.clip(to: outline) } else { canvas.clip(to: rect) }
        }
        if let bg = node.background {
            canvas.fill(outline, paint: bg.resolve(in: rect))
        }
        let content = contentRect(node, rect)
        switch node.kind {
        case .zStack(let children, let alignment):
            for child in children {
                try draw(child, in: childRect(child, in: content, alignment: alignment), canvas: canvas)
            }
        case .rectangle:
            drawShape(node, Path(rect: content), content, .nonZero, canvas)
        case .roundedRectangle(let radius):
            drawShape(node, Path(roundedRect: content, cornerRadius: radius, style: style), content, .nonZero, canvas)
        case .circle:
            let d = min(content.width, content.height)
            let circle = Rect(x: content.midX - d / 2, y: content.midY - d / 2, width: d, height: d)
            drawShape(node, Path(ellipseIn: circle), circle, .nonZero, canvas)
        case .path(let path, let rule):
            drawShape(node, path.applying(Transform(translationX: content.minX, y: content.minY)), content, rule, canvas)
        case .text(let text, let style):
            if let layout = textLayout(text, style, width: content.width) {
                canvas.draw(layout, at: content.origin)
            }
        }
        canvas.restore()
        if let color = node.borderColor, node.borderWidth > 0 {
            let w = node.borderWidth
            let inset = rect.insetBy(dx: w / 2, dy: w / 2)
            let path = Path(roundedRect: inset, cornerRadius: max(0, node.cornerRadius - w / 2), style: style)
            canvas.stroke(path, style: StrokeStyle(width: w), paint: .solid(color))
        }
    }

    private func drawShape(_ node: SceneNode, _ path: Path, _ bounds: Rect, _ rule: FillRule, _ canvas: Canvas) {
        if let fill = node.fill {
            canvas.fill(path, paint: fill.resolve(in: bounds), rule: rule)
        }
        if let s = node.stroke, s.width > 0 {
            let style = StrokeStyle(width: s.width, cap: s.cap, join: s.join, dash: s.dash, dashPhase: s.dashPhase)
            canvas.stroke(path, style: style, paint: s.paint.resolve(in: bounds))
        }
    }
}
