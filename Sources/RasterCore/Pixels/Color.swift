/// A straight (non-premultiplied) sRGB colour, 8 bits per channel.
///
/// This is the form users write (`#RRGGBBAA`) and PNG stores. Convert with
/// `premultiplied` before compositing.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...255, not multiplied by alpha.
    public var r: UInt8
    /// Green, 0...255, not multiplied by alpha.
    public var g: UInt8
    /// Blue, 0...255, not multiplied by alpha.
    public var b: UInt8
    /// Alpha: 0 transparent, 255 opaque.
    public var a: UInt8

    /// Components in 0...255; opaque unless `a` is given.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A colour from components in 0...1 (clamped, rounded to nearest).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v.isNaN ? 0 : v, 0), 1) * 255).rounded()) }
        self.init(r: byte(red), g: byte(green), b: byte(blue), a: byte(alpha))
    }

    /// Fully transparent (every component 0).
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = Color(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = Color(r: 255, g: 255, b: 255)
    /// Opaque pure red (#FF0000).
    public static let red = Color(r: 255, g: 0, b: 0)
    /// Opaque pure green (#00FF00).
    public static let green = Color(r: 0, g: 255, b: 0)
    /// Opaque pure blue (#0000FF).
    public static let blue = Color(r: 0, g: 0, b: 255)

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive), or `nil`.
    public init?(hex: String) {
        // The digits, four bits each, gathered into one word (at most eight of them).
        var bits: UInt32 = 0
        var count = 0
        var first = true
        for d in hex.utf8 {
            if first {
                guard d == UInt8(ascii: "#") else { return nil }
                first = false
                continue
            }
            let value: UInt8
            switch d {
            case 0x30...0x39: value = d - 0x30
            case 0x41...0x46: value = d - 0x41 + 10
            case 0x61...0x66: value = d - 0x61 + 10
            default: return nil
            }
            guard count < 8 else { return nil }
            bits = bits << 4 | UInt32(value)
            count += 1
        }
        /// Digit `i` of `count` (the first is 0).
        func digit(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: bits >> UInt32(4 * (count - 1 - i))) & 0xF }
        switch count {
        case 3, 4:
            self.init(r: digit(0) * 17, g: digit(1) * 17, b: digit(2) * 17, a: count == 4 ? digit(3) * 17 : 255)
        case 6, 8:
            func pair(_ i: Int) -> UInt8 { digit(i) << 4 | digit(i + 1) }
            self.init(r: pair(0), g: pair(2), b: pair(4), a: count == 8 ? pair(6) : 255)
        default:
            return nil
        }
    }

    /// `#RRGGBB` in uppercase hex, with `AA` appended when not opaque.
    public var hexString: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }

    public var description: String { hexString }

    /// The same colour with its alpha multiplied by `opacity` (0...1).
    public func withOpacity(_ opacity: Double) -> Color {
        Color(r: r, g: g, b: b, a: UInt8((Double(a) * min(max(opacity, 0), 1)).rounded()))
    }

    /// Premultiplied form: each colour channel times alpha / 255, rounded to nearest.
    public var premultiplied: PremultipliedColor {
        PremultipliedColor(r: PixelMath.mulDiv255(r, a), g: PixelMath.mulDiv255(g, a),
                           b: PixelMath.mulDiv255(b, a), a: a)
    }
}

/// A premultiplied sRGB colour, 8 bits per channel: the in-memory pixel format.
///
/// Invariant (for values produced by this library): every colour channel is at most `a`.
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    /// Red times alpha / 255; at most `a`.
    public var r: UInt8
    /// Green times alpha / 255; at most `a`.
    public var g: UInt8
    /// Blue times alpha / 255; at most `a`.
    public var b: UInt8
    /// Alpha: 0 transparent, 255 opaque.
    public var a: UInt8

    /// Channels as given, not checked: keep each colour channel at most `a`.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Fully transparent (every channel 0).
    public static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)

    /// The pixel as stored: bytes R, G, B, A in memory order, read as a little-endian word.
    @inlinable public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// Unpacks a stored pixel (the layout of `packed`).
    @inlinable public init(packed p: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: p), g: UInt8(truncatingIfNeeded: p >> 8),
                  b: UInt8(truncatingIfNeeded: p >> 16), a: UInt8(truncatingIfNeeded: p >> 24))
    }

    public var description: String { "premultiplied(\(r), \(g), \(b), \(a))" }

    /// Straight form: each channel times 255 / alpha, rounded to nearest and clamped.
    /// Exact inverse of `Color.premultiplied` on its image: for any premultiplied `p`
    /// with channels at most alpha, `p.unpremultiplied.premultiplied == p`.
    public var unpremultiplied: Color {
        guard a != 0 else { return .clear }
        guard a != 255 else { return Color(r: r, g: g, b: b, a: 255) }
        func u(_ c: UInt8) -> UInt8 {
            UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
        }
        return Color(r: u(r), g: u(g), b: u(b), a: a)
    }
}
