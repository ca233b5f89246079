import RasterCodecs
import RasterCore
import RasterLayers
import RasterLayout

/// An SVG document shown as a vector: sized like `Image` (its own size, or `width` and
/// `height` with the aspect ratio filling in the missing one), placed in its box by the
/// content mode, and drawn by librsvg at the device scale of the layer, so it is sharp
/// at any canvas scale or zoom.
public struct SVGImage: Component {
    /// The parsed SVG shown.
    public let document: SVGDocument
    /// Width in points (nil: from `height` by the aspect ratio, else the document's).
    public var width: Double?
    /// Height in points (nil: from `width` by the aspect ratio, else the document's).
    public var height: Double?
    /// How the document is placed in the box, as for `Image`.
    public var contentMode: Image.ContentMode

    /// `width` and `height` replace the document's size (a missing one follows its aspect ratio).
    public init(_ document: SVGDocument, width: Double? = nil, height: Double? = nil, contentMode: Image.ContentMode = .fit) {
        self.document = document
        self.width = width
        self.height = height
        self.contentMode = contentMode
    }

    var size: Size {
        let natural = document.size
        switch (width, height) {
        case let (w?, h?): return Size(width: w, height: h)
        case let (w?, nil): return Size(width: w, height: w * natural.height / natural.width)
        case let (nil, h?): return Size(width: h * natural.width / natural.height, height: h)
        case (nil, nil): return natural
        }
    }

    /// `width` and `height`, the missing one from the aspect ratio, else the document's
    /// size; the proposal is ignored.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<SVGImage>) -> Size { size }

    /// Sets the layer to draw the document placed by `contentMode`, clipped for `fill`
    /// and `center`.
    public func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        let size = self.size
        view.layer.masksToBounds = contentMode == .fill || contentMode == .center
        view.layer.contents = nil
        view.layer.drawing = SVGDrawing(document: document, contentMode: contentMode)
        return size
    }
}

/// The document placed in the layer's bounds by the content mode, rendered by librsvg at
/// the canvas's scale and composited as an image.
struct SVGDrawing: LayerDrawing {
    let document: SVGDocument
    let contentMode: Image.ContentMode

    /// Where the document goes in a box of `size` points.
    func placement(in size: Size) -> Rect {
        let natural = document.size
        let sx = size.width / natural.width, sy = size.height / natural.height
        let w: Double, h: Double
        switch contentMode {
        case .stretch: (w, h) = (size.width, size.height)
        case .fit: (w, h) = (natural.width * min(sx, sy), natural.height * min(sx, sy))
        case .fill: (w, h) = (natural.width * max(sx, sy), natural.height * max(sx, sy))
        case .center: (w, h) = (natural.width, natural.height)
        }
        return Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
    }

    /// Renders the document at the device scale, but only the part that can reach the
    /// canvas's clip (with two pixels to spare for smooth sampling), so a document far
    /// larger than the canvas costs what the canvas shows.
    func draw(in canvas: Canvas, size: Size) {
        let box = placement(in: size)
        let t = canvas.transform
        let scale = max(t.maxScale, 1e-3)
        let fullWidth = (box.width * scale).rounded(.up), fullHeight = (box.height * scale).rounded(.up)
        let limit = Double(SVGDocument.maxViewportSide)
        guard fullWidth >= 1, fullHeight >= 1, fullWidth <= limit, fullHeight <= limit else { return }
        let width = Int(fullWidth), height = Int(fullHeight)
        let image = Transform(scaleX: box.width / Double(width), y: box.height / Double(height))
            .concatenating(Transform(translationX: box.minX, y: box.minY))
        var window = PixelRect(x: 0, y: 0, width: width, height: height)
        if let toImage = image.concatenating(t).inverted() {
            let clip = canvas.clipBounds
            let seen = toImage.apply(Rect(x: Double(clip.x0), y: Double(clip.y0), width: Double(clip.width),
                                          height: Double(clip.height)))
            let margin = 2.0
            window = window.intersection(PixelRect(
                x0: Int(max(-1, min(limit, (seen.minX - margin).rounded(.down)))),
                y0: Int(max(-1, min(limit, (seen.minY - margin).rounded(.down)))),
                x1: Int(max(-1, min(limit, (seen.maxX + margin).rounded(.up)))),
                y1: Int(max(-1, min(limit, (seen.maxY + margin).rounded(.up))))))
        }
        guard !window.isEmpty, Double(window.width) * Double(window.height) <= Double(Compositor.maxRasterPixels) else { return }
        // A window wider or taller than one render takes is drawn in tiles.
        let side = SVGDocument.maxWindowSide
        for y0 in stride(from: window.y0, to: window.y1, by: side) {
            for x0 in stride(from: window.x0, to: window.x1, by: side) {
                let tile = PixelRect(x0: x0, y0: y0, x1: min(x0 + side, window.x1), y1: min(y0 + side, window.y1))
                guard let bitmap = document.render(width: width, height: height, window: tile) else { continue }
                canvas.drawImage(ImageSource(bitmap),
                                 transform: Transform(translationX: Double(tile.x0), y: Double(tile.y0)).concatenating(image),
                                 filter: .smooth)
            }
        }
    }

    func visualBounds(size: Size) -> Rect {
        let box = placement(in: size)
        guard contentMode == .fill || contentMode == .center else { return box }
        return box.intersection(Rect(origin: .zero, size: size)) ?? Rect(origin: .zero, size: .zero)
    }
}
