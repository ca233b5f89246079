/// A font weight on the CSS / OpenType scale (`usWeightClass`): 100 thin … 400 regular …
/// 700 bold … 900 black.
///
/// Invariant: `value` is in 1...1000.
public struct FontWeight: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The weight on the 1...1000 scale.
    public let value: Int

    /// A weight of `value`, clamped to 1...1000.
    public init(_ value: Int) {
        self.value = min(max(value, 1), 1000)
    }

    /// Weight 100.
    public static let thin = FontWeight(100)
    /// Weight 200.
    public static let extraLight = FontWeight(200)
    /// Weight 300.
    public static let light = FontWeight(300)
    /// Weight 400, CSS `normal`.
    public static let regular = FontWeight(400)
    /// Weight 500.
    public static let medium = FontWeight(500)
    /// Weight 600.
    public static let semibold = FontWeight(600)
    /// Weight 700, CSS `bold`.
    public static let bold = FontWeight(700)
    /// Weight 800.
    public static let extraBold = FontWeight(800)
    /// Weight 900.
    public static let black = FontWeight(900)

    /// The names scene files use, with their weights.
    public static let named: [(String, FontWeight)] = [
        ("thin", .thin), ("extraLight", .extraLight), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("extraBold", .extraBold),
        ("black", .black),
    ]

    /// The weight a name stands for (`"semibold"`), or nil.
    public init?(name: String) {
        guard let match = FontWeight.named.first(where: { $0.0 == name }) else { return nil }
        self = match.1
    }

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }

    public var description: String {
        FontWeight.named.first(where: { $0.1 == self })?.0 ?? String(value)
    }

    /// CSS Fonts 4 §5.2 weight matching: the order in which `available` weights are
    /// preferred for this desired weight. Between 400 and 500 the other of the two comes
    /// first, then lighter, then heavier; below 400 lighter first; above 500 heavier first.
    func preference(among available: [FontWeight]) -> [FontWeight] {
        let w = value
        func rank(_ c: FontWeight) -> (Int, Int) {
            let v = c.value
            if v == w { return (0, 0) }
            if w >= 400 && w <= 500 {
                if v > w && v <= 500 { return (1, v - w) }
                if v < w { return (2, w - v) }
                return (3, v - w)
            }
            if w < 400 {
                return v < w ? (1, w - v) : (2, v - w)
            }
            return v > w ? (1, v - w) : (2, w - v)
        }
        return available.sorted { rank($0) < rank($1) }
    }
}
