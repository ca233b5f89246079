import RasterCore

/// A named colour resolved through the environment's theme (`primary`, `accent`, ...).
public struct SemanticColor: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The key looked up in a theme's `colors`.
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { name = value }
    public var description: String { name }

    /// Text and glyphs.
    public static let primary = SemanticColor("primary")
    /// Secondary text (captions, values).
    public static let secondary = SemanticColor("secondary")
    /// Hints, placeholders, disabled text.
    public static let tertiary = SemanticColor("tertiary")
    /// Interactive elements and emphasis.
    public static let accent = SemanticColor("accent")
    /// Content drawn on an accent fill.
    public static let onAccent = SemanticColor("onAccent")
    /// Screen background.
    public static let background = SemanticColor("background")
    /// Grouped content (cells, cards) on the screen background.
    public static let secondaryBackground = SemanticColor("secondaryBackground")
    /// Hairlines between rows.
    public static let separator = SemanticColor("separator")
    /// Destructive actions.
    public static let destructive = SemanticColor("destructive")

    /// The names every built-in theme defines.
    public static let standardNames = [primary, secondary, tertiary, accent, onAccent, background,
                                       secondaryBackground, separator, destructive].map(\.name)
}

/// A colour as components take it: fixed, or a semantic name resolved by the theme.
public enum ColorValue: Hashable, Sendable {
    case fixed(Color)
    case semantic(SemanticColor)

    /// The theme's `primary` colour.
    public static let primary = ColorValue.semantic(.primary)
    /// The theme's `secondary` colour.
    public static let secondary = ColorValue.semantic(.secondary)
    /// The theme's `tertiary` colour.
    public static let tertiary = ColorValue.semantic(.tertiary)
    /// The theme's `accent` colour.
    public static let accent = ColorValue.semantic(.accent)
    /// The theme's `onAccent` colour.
    public static let onAccent = ColorValue.semantic(.onAccent)
    /// The theme's `background` colour.
    public static let background = ColorValue.semantic(.background)
    /// The theme's `secondaryBackground` colour.
    public static let secondaryBackground = ColorValue.semantic(.secondaryBackground)
    /// The theme's `separator` colour.
    public static let separator = ColorValue.semantic(.separator)
    /// The theme's `destructive` colour.
    public static let destructive = ColorValue.semantic(.destructive)

    /// A colour as a scene writes it: hex, `clear`, a CSS name, `rgb()`/`hsl()` (fixed),
    /// or a semantic name, resolved by the theme. The built-in themes' names are semantic;
    /// any other name that is not CSS's is taken as a name a theme of yours defines.
    public init(_ string: String) {
        self = ColorValue(string, isSemantic: { Theme.light.colors[$0] != nil }) ?? .semantic(SemanticColor(string))
    }

    /// A colour as a scene writes it, in this order: `clear`; hex (any string starting
    /// with '#'); a name `isSemantic` accepts, which wins over a CSS name it shadows; a
    /// CSS colour (`Color(css:)`). Nil for anything else.
    public init?(_ string: String, isSemantic: (String) -> Bool) {
        if string == "clear" {
            self = .fixed(.clear)
        } else if string.hasPrefix("#") {
            guard let c = Color(hex: string) else { return nil }
            self = .fixed(c)
        } else if isSemantic(string) {
            self = .semantic(SemanticColor(string))
        } else if let c = Color(css: string) {
            self = .fixed(c)
        } else {
            return nil
        }
    }
}

/// A palette of semantic colours. `light` and `dark` are built in; a theme can be
/// changed entry by entry (`theme.colors["accent"] = ...`), and unknown names resolve
/// to transparent.
public struct Theme: Hashable, Sendable {
    /// The theme's name ("light", "dark", or one of yours).
    public var name: String
    /// Colours by semantic name; a name missing here resolves to transparent.
    public var colors: [String: Color]

    /// A theme of `colors`, keyed by semantic name.
    public init(name: String, colors: [String: Color]) {
        self.name = name
        self.colors = colors
    }

    public subscript(_ color: SemanticColor) -> Color { colors[color.name] ?? .clear }

    private static func hex(_ s: String) -> Color { Color(hex: s) ?? .clear }

    /// The built-in light palette: black text on white, a blue accent.
    public static let light = Theme(name: "light", colors: [
        "primary": hex("#000000"), "secondary": hex("#3C3C4399"), "tertiary": hex("#3C3C434D"),
        "accent": hex("#007AFF"), "onAccent": hex("#FFFFFF"), "background": hex("#FFFFFF"),
        "secondaryBackground": hex("#F2F2F7"), "separator": hex("#3C3C4349"), "destructive": hex("#FF3B30"),
    ])

    /// The built-in dark palette: white text on black, a blue accent.
    public static let dark = Theme(name: "dark", colors: [
        "primary": hex("#FFFFFF"), "secondary": hex("#EBEBF599"), "tertiary": hex("#EBEBF54D"),
        "accent": hex("#0A84FF"), "onAccent": hex("#FFFFFF"), "background": hex("#000000"),
        "secondaryBackground": hex("#1C1C1E"), "separator": hex("#54545899"), "destructive": hex("#FF453A"),
    ])

    /// The built-in theme called `name` ("light" or "dark").
    public static func named(_ name: String) -> Theme? {
        switch name {
        case "light": return .light
        case "dark": return .dark
        default: return nil
        }
    }
}
