import Foundation

/// Colours as CSS writes them (CSS Color Module Level 4, sRGB forms):
/// - hex: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`;
/// - the 148 named colours and `transparent`, in any letter case;
/// - `rgb()`/`rgba()`: three numbers (0–255) or three percentages, then an optional
///   alpha (a number 0–1 or a percentage), either comma-separated
///   (`rgb(255, 0, 0, 0.5)`) or space-separated with a slash before the alpha
///   (`rgb(255 0 0 / 50%)`); `none` reads as 0 in the space-separated form;
/// - `hsl()`/`hsla()`: a hue (degrees, or `deg`, `grad`, `rad`, `turn`), saturation and
///   lightness (percentages or numbers), and an optional alpha, in the same two forms.
///
/// Channels outside the sRGB gamut are clipped and rounded to the nearest 8-bit value
/// (halves up), as browsers store them. The result is straight (not premultiplied)
/// alpha. Other colour functions (`hwb()`, `lab()`, `color()`...) are not read.
extension Color {
    /// Parses one colour in the forms above, ignoring spaces and tabs around it; `nil` for
    /// anything else.
    public init?(css text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("#") {
            self.init(hex: t)
            return
        }
        let lower = t.lowercased()
        if let named = Color.cssNames[lower] {
            self = named
            return
        }
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return nil }
        let name = String(lower[..<open])
        let inner = String(lower[lower.index(after: open)..<lower.index(before: lower.endIndex)])
        guard let arguments = CSSColorArguments(inner) else { return nil }
        switch name {
        case "rgb", "rgba":
            guard let rgb = arguments.rgb() else { return nil }
            self = rgb
        case "hsl", "hsla":
            guard let hsl = arguments.hsl() else { return nil }
            self = hsl
        default:
            return nil
        }
    }

    /// A regular expression (ECMA 262 and ICU alike) matching exactly the `rgb()`,
    /// `rgba()`, `hsl()` and `hsla()` strings `init(css:)` reads, with the spaces it
    /// allows around them: the JSON Schema's form of the same grammar. (A number too
    /// large for a double, such as `1e999`, matches but is not read.)
    public static let cssFunctionPattern: String = {
        let ws = "[ \\t]*", gap = "[ \\t]+"
        func anyCase(_ word: String) -> String {
            word.map { c in c.isLetter ? "[\(c.uppercased())\(c)]" : String(c) }.joined()
        }
        let number = "[+-]?([0-9]+|[0-9]*\\.[0-9]+)([eE][+-]?[0-9]+)?"
        let percent = number + "%", none = anyCase("none")
        let angle = number + "(" + ["deg", "grad", "rad", "turn"].map(anyCase).joined(separator: "|") + ")?"
        /// Three values and an optional alpha, comma-separated (no `none`) or
        /// space-separated with a slash before the alpha.
        func arguments(_ first: String, _ rest: String) -> String {
            let alpha = "(\(number)|\(percent))"
            let commas = "\(ws)\(first)\(ws),\(ws)\(rest)\(ws),\(ws)\(rest)\(ws)(,\(ws)\(alpha)\(ws))?"
            let spaces = "\(ws)(\(first)|\(none))\(gap)(\(rest)|\(none))\(gap)(\(rest)|\(none))\(ws)(/\(ws)(\(alpha)|\(none))\(ws))?"
            return "\\((\(commas)|\(spaces))\\)"
        }
        let rgb = anyCase("rgb") + "[Aa]?(" + arguments(number, number) + "|" + arguments(percent, percent) + ")"
        let hsl = anyCase("hsl") + "[Aa]?" + arguments(angle, "(\(number)|\(percent))")
        return "\(ws)(\(rgb)|\(hsl))\(ws)"
    }()

    /// A channel in 0...1 as an 8-bit value: clipped, then rounded half up.
    static func channel(_ v: Double) -> UInt8 {
        UInt8(min(max(v, 0), 1) * 255 + 0.5)
    }

    /// CSS's named colours (lower case), `transparent` included.
    public static let cssNames: [String: Color] = {
        var names: [String: Color] = ["transparent": Color(r: 0, g: 0, b: 0, a: 0)]
        for (name, rgb) in cssNamedRGB {
            names[name] = Color(r: UInt8(rgb >> 16), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF), a: 255)
        }
        return names
    }()

    private static let cssNamedRGB: [(String, UInt32)] = [
        ("aliceblue", 0xF0F8FF), ("antiquewhite", 0xFAEBD7), ("aqua", 0x00FFFF), ("aquamarine", 0x7FFFD4),
        ("azure", 0xF0FFFF), ("beige", 0xF5F5DC), ("bisque", 0xFFE4C4), ("black", 0x000000),
        ("blanchedalmond", 0xFFEBCD), ("blue", 0x0000FF), ("blueviolet", 0x8A2BE2), ("brown", 0xA52A2A),
        ("burlywood", 0xDEB887), ("cadetblue", 0x5F9EA0), ("chartreuse", 0x7FFF00), ("chocolate", 0xD2691E),
        ("coral", 0xFF7F50), ("cornflowerblue", 0x6495ED), ("cornsilk", 0xFFF8DC), ("crimson", 0xDC143C),
        ("cyan", 0x00FFFF), ("darkblue", 0x00008B), ("darkcyan", 0x008B8B), ("darkgoldenrod", 0xB8860B),
        ("darkgray", 0xA9A9A9), ("darkgreen", 0x006400), ("darkgrey", 0xA9A9A9), ("darkkhaki", 0xBDB76B),
        ("darkmagenta", 0x8B008B), ("darkolivegreen", 0x556B2F), ("darkorange", 0xFF8C00), ("darkorchid", 0x9932CC),
        ("darkred", 0x8B0000), ("darksalmon", 0xE9967A), ("darkseagreen", 0x8FBC8F), ("darkslateblue", 0x483D8B),
        ("darkslategray", 0x2F4F4F), ("darkslategrey", 0x2F4F4F), ("darkturquoise", 0x00CED1), ("darkviolet", 0x9400D3),
        ("deeppink", 0xFF1493), ("deepskyblue", 0x00BFFF), ("dimgray", 0x696969), ("dimgrey", 0x696969),
        ("dodgerblue", 0x1E90FF), ("firebrick", 0xB22222), ("floralwhite", 0xFFFAF0), ("forestgreen", 0x228B22),
        ("fuchsia", 0xFF00FF), ("gainsboro", 0xDCDCDC), ("ghostwhite", 0xF8F8FF), ("gold", 0xFFD700),
        ("goldenrod", 0xDAA520), ("gray", 0x808080), ("green", 0x008000), ("greenyellow", 0xADFF2F),
        ("grey", 0x808080), ("honeydew", 0xF0FFF0), ("hotpink", 0xFF69B4), ("indianred", 0xCD5C5C),
        ("indigo", 0x4B0082), ("ivory", 0xFFFFF0), ("khaki", 0xF0E68C), ("lavender", 0xE6E6FA),
        ("lavenderblush", 0xFFF0F5), ("lawngreen", 0x7CFC00), ("lemonchiffon", 0xFFFACD), ("lightblue", 0xADD8E6),
        ("lightcoral", 0xF08080), ("lightcyan", 0xE0FFFF), ("lightgoldenrodyellow", 0xFAFAD2), ("lightgray", 0xD3D3D3),
        ("lightgreen", 0x90EE90), ("lightgrey", 0xD3D3D3), ("lightpink", 0xFFB6C1), ("lightsalmon", 0xFFA07A),
        ("lightseagreen", 0x20B2AA), ("lightskyblue", 0x87CEFA), ("lightslategray", 0x778899), ("lightslategrey", 0x778899),
        ("lightsteelblue", 0xB0C4DE), ("lightyellow", 0xFFFFE0), ("lime", 0x00FF00), ("limegreen", 0x32CD32),
        ("linen", 0xFAF0E6), ("magenta", 0xFF00FF), ("maroon", 0x800000), ("mediumaquamarine", 0x66CDAA),
        ("mediumblue", 0x0000CD), ("mediumorchid", 0xBA55D3), ("mediumpurple", 0x9370DB), ("mediumseagreen", 0x3CB371),
        ("mediumslateblue", 0x7B68EE), ("mediumspringgreen", 0x00FA9A), ("mediumturquoise", 0x48D1CC),
        ("mediumvioletred", 0xC71585), ("midnightblue", 0x191970), ("mintcream", 0xF5FFFA), ("mistyrose", 0xFFE4E1),
        ("moccasin", 0xFFE4B5), ("navajowhite", 0xFFDEAD), ("navy", 0x000080), ("oldlace", 0xFDF5E6),
        ("olive", 0x808000), ("olivedrab", 0x6B8E23), ("orange", 0xFFA500), ("orangered", 0xFF4500),
        ("orchid", 0xDA70D6), ("palegoldenrod", 0xEEE8AA), ("palegreen", 0x98FB98), ("paleturquoise", 0xAFEEEE),
        ("palevioletred", 0xDB7093), ("papayawhip", 0xFFEFD5), ("peachpuff", 0xFFDAB9), ("peru", 0xCD853F),
        ("pink", 0xFFC0CB), ("plum", 0xDDA0DD), ("powderblue", 0xB0E0E6), ("purple", 0x800080),
        ("rebeccapurple", 0x663399), ("red", 0xFF0000), ("rosybrown", 0xBC8F8F), ("royalblue", 0x4169E1),
        ("saddlebrown", 0x8B4513), ("salmon", 0xFA8072), ("sandybrown", 0xF4A460), ("seagreen", 0x2E8B57),
        ("seashell", 0xFFF5EE), ("sienna", 0xA0522D), ("silver", 0xC0C0C0), ("skyblue", 0x87CEEB),
        ("slateblue", 0x6A5ACD), ("slategray", 0x708090), ("slategrey", 0x708090), ("snow", 0xFFFAFA),
        ("springgreen", 0x00FF7F), ("steelblue", 0x4682B4), ("tan", 0xD2B48C), ("teal", 0x008080),
        ("thistle", 0xD8BFD8), ("tomato", 0xFF6347), ("turquoise", 0x40E0D0), ("violet", 0xEE82EE),
        ("wheat", 0xF5DEB3), ("white", 0xFFFFFF), ("whitesmoke", 0xF5F5F5), ("yellow", 0xFFFF00),
        ("yellowgreen", 0x9ACD32),
    ]
}

/// The arguments of `rgb()` or `hsl()`: three values and an optional alpha, in the
/// comma form or the space form (slash before the alpha).
private struct CSSColorArguments {
    /// A number with its unit: "" for a plain number, "%" or an angle unit.
    struct Value {
        var number: Double
        var unit: String
        var isNone: Bool { unit == "none" }
    }

    var values: [Value]
    var alpha: Value?
    var commas: Bool

    init?(_ text: String) {
        commas = text.contains(",")
        var parts: [Substring]
        if commas {
            guard !text.contains("/") else { return nil }
            parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces)[...] }
            guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else { return nil }
        } else {
            let halves = text.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return nil }
            parts = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 3 else { return nil }
            if halves.count == 2 {
                let alpha = halves[1].split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard alpha.count == 1 else { return nil }
                parts.append(alpha[0])
            }
        }
        var parsed: [Value] = []
        for part in parts {
            guard let v = Self.value(String(part), allowNone: !commas) else { return nil }
            parsed.append(v)
        }
        values = Array(parsed.prefix(3))
        alpha = parsed.count == 4 ? parsed[3] : nil
    }

    /// A CSS number (`+1.5`, `.5`, `1e1`) with an optional unit, or `none`.
    private static func value(_ text: String, allowNone: Bool) -> Value? {
        if text == "none" { return allowNone ? Value(number: 0, unit: "none") : nil }
        let units = ["%", "deg", "grad", "rad", "turn"]
        var body = text
        var unit = ""
        for u in units where text.hasSuffix(u) {
            unit = u
            body = String(text.dropLast(u.count))
            break
        }
        guard body.range(of: "^[+-]?([0-9]+|[0-9]*\\.[0-9]+)([eE][+-]?[0-9]+)?$", options: .regularExpression) != nil,
              let number = Double(body), number.isFinite else { return nil }
        return Value(number: number, unit: unit)
    }

    /// The alpha in 0...1 (1 when absent).
    private func alphaValue() -> Double? {
        guard let alpha else { return 1 }
        switch alpha.unit {
        case "": return min(max(alpha.number, 0), 1)
        case "%": return min(max(alpha.number / 100, 0), 1)
        case "none": return 0
        default: return nil
        }
    }

    func rgb() -> Color? {
        let units = Set(values.filter { !$0.isNone }.map(\.unit))
        guard units.count <= 1, let a = alphaValue() else { return nil }
        let percent = units.first == "%"
        guard units.isEmpty || percent || units.first == "" else { return nil }
        let c = values.map { v -> Double in v.isNone ? 0 : percent ? v.number / 100 : v.number / 255 }
        return Color(r: Color.channel(c[0]), g: Color.channel(c[1]), b: Color.channel(c[2]), a: Color.channel(a))
    }

    func hsl() -> Color? {
        guard let a = alphaValue() else { return nil }
        let degrees: Double
        let h = values[0]
        switch h.unit {
        case "", "deg", "none": degrees = h.isNone ? 0 : h.number
        case "grad": degrees = h.number * 0.9
        case "rad": degrees = h.number * 180 / .pi
        case "turn": degrees = h.number * 360
        default: return nil
        }
        func fraction(_ v: Value) -> Double? {
            switch v.unit {
            case "%", "": return v.number / 100
            case "none": return 0
            default: return nil
            }
        }
        guard let s = fraction(values[1]), let l = fraction(values[2]) else { return nil }
        var hue = degrees.truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let amount = s * min(l, 1 - l)
            return l - amount * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(r: Color.channel(f(0)), g: Color.channel(f(8)), b: Color.channel(f(4)), a: Color.channel(a))
    }
}
