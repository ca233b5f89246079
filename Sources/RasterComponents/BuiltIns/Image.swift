import RasterCore
import RasterLayers
import RasterLayout

/// A bitmap: its own size in points (pixels / `scale`) unless given a width or height,
/// placed by `contentMode`, optionally tinted (every pixel the tint colour, keeping
/// its alpha, as a template image).
public struct Image: Component {
    /// How the bitmap is placed in the box: `fit` scaled to fit and `fill` to cover, both
    /// keeping its aspect ratio; `stretch` to the box; `center` at its own size. `fill` and `center` clip.
    public enum ContentMode: String, Equatable, Sendable, CaseIterable { case fit, fill, stretch, center }

    /// The bitmap shown.
    public let image: ImageSource
    /// Width in points (nil: from `height` by the aspect ratio, else the bitmap's).
    public var width: Double?
    /// Height in points (nil: from `width` by the aspect ratio, else the bitmap's).
    public var height: Double?
    /// How the bitmap is placed in the box.
    public var contentMode: ContentMode
    /// When set, every pixel is this colour with the bitmap's alpha.
    public var tint: ColorValue?
    /// Pixels per point of the bitmap.
    public var scale: Double

    /// `width` and `height` replace the bitmap's size in points (a missing one follows the
    /// aspect ratio); `scale` is the bitmap's pixels per point.
    public init(_ image: ImageSource, width: Double? = nil, height: Double? = nil, contentMode: ContentMode = .fit,
                tint: ColorValue? = nil, scale: Double = 1) {
        self.image = image
        self.width = width
        self.height = height
        self.contentMode = contentMode
        self.tint = tint
        self.scale = scale
    }

    var naturalSize: Size {
        let s = scale > 0 ? scale : 1
        return Size(width: Double(image.bitmap.width) / s, height: Double(image.bitmap.height) / s)
    }

    /// The size it takes whatever is proposed: `width`/`height`, the other from the
    /// aspect ratio, else its own.
    var size: Size {
        let natural = naturalSize
        switch (width, height) {
        case let (w?, h?): return Size(width: w, height: h)
        case let (w?, nil): return Size(width: w, height: natural.width > 0 ? w * natural.height / natural.width : 0)
        case let (nil, h?): return Size(width: natural.height > 0 ? h * natural.width / natural.height : 0, height: h)
        case (nil, nil): return natural
        }
    }

    /// `width` and `height`, the missing one from the aspect ratio, else the bitmap's size
    /// in points; the proposal is ignored.
    public func sizeThatFits(_ proposal: ProposedSize, context: MeasureContext<Image>) -> Size { size }

    /// Sets the layer to show the bitmap (or its tinted drawing) placed by `contentMode`,
    /// clipped for `fill` and `center`.
    public func update(view: ComponentView, availableSize: Size, state: EmptyComponentState,
                       environment: Environment<Empty>, transition: ComponentTransition) -> Size {
        let natural = naturalSize
        let size = self.size
        let layer = view.layer
        let gravity: ContentsGravity
        switch contentMode {
        case .fit: gravity = .resizeAspect
        case .fill: gravity = .resizeAspectFill
        case .stretch: gravity = .resize
        case .center: gravity = .center
        }
        layer.masksToBounds = contentMode == .fill || contentMode == .center
        if let tint {
            layer.contents = nil
            layer.drawing = TintedImageDrawing(image: image, tint: environment.color(tint), gravity: gravity,
                                               naturalSize: natural)
        } else {
            layer.drawing = nil
            layer.contents = image
            layer.contentsScale = scale > 0 ? scale : 1
            layer.contentsGravity = gravity
        }
        return size
    }
}

/// An image drawn in one colour through its alpha.
struct TintedImageDrawing: LayerDrawing {
    let image: ImageSource
    let tint: Color
    let gravity: ContentsGravity
    let naturalSize: Size

    func draw(in canvas: Canvas, size: Size) {
        let src = image.bitmap
        guard let tinted = try? Bitmap(width: src.width, height: src.height) else { return }
        let color = tint.premultiplied
        for y in 0..<src.height {
            let s = src.row(y), d = tinted.row(y)
            for x in 0..<src.width {
                let a = s[x] >> 24
                d[x] = PixelMath.scale(color.packed, by: a)
            }
        }
        canvas.drawImage(ImageSource(tinted), in: gravity.rect(for: naturalSize, in: Rect(origin: .zero, size: size)))
    }
}
