import Raster

/// The workloads' colours, drawn as the anchor workloads draw them.
extension LCG {
    /// Red, green and blue, each `randint(0, 255)`, in that order.
    public mutating func colorRGB() -> (UInt8, UInt8, UInt8) {
        let r = UInt8(randint(0, 255)), g = UInt8(randint(0, 255)), b = UInt8(randint(0, 255))
        return (r, g, b)
    }

    /// `colorRGB()`, then an alpha of 255 or 128 with even odds.
    public mutating func colorRGBAHalf() -> Color255 {
        let (r, g, b) = colorRGB()
        return Color255(r: r, g: g, b: b, a: nextF() < 0.5 ? 255 : 128)
    }
}

/// A straight RGBA8 colour as the workloads specify them.
public struct Color255: Hashable, Sendable {
    public var r, g, b, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}
