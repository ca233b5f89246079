import RasterCore

/// Vector drawing that becomes a layer's contents (the role of a `CALayer` delegate's
/// `draw(in:)`).
///
/// A drawing is a value: the compositor rasterizes it once per size and scale and keeps
/// the bitmap until the layer is given a drawing that is not equal. Everything that
/// changes the pixels must therefore take part in `==`.
public protocol LayerDrawing: Equatable {
    /// Draws into `canvas`, whose user space is the layer's bounds coordinates with the
    /// bounds origin at (0, 0); `size` is the bounds size in points.
    func draw(in canvas: Canvas, size: Size)

    /// The part of the bounds coordinates that drawing can touch (for strokes or glyphs
    /// that overhang the bounds). The default is the bounds.
    func visualBounds(size: Size) -> Rect
}

public extension LayerDrawing {
    func visualBounds(size: Size) -> Rect { Rect(origin: .zero, size: size) }

    /// True when `other` is a drawing of the same type that is equal to this one.
    func isEqual(to other: any LayerDrawing) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
