/// What a run of text is set in: a family, a size in points and a weight.
///
/// An empty `family` means the registry's default family.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The family name as the registry knows it; empty for the default family.
    public var family: String
    /// The em size in points.
    public var size: Double
    /// The weight asked for; the registry picks the nearest face the family has.
    public var weight: FontWeight

    /// An empty `family` is the default family.
    public init(family: String = "", size: Double, weight: FontWeight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// The default family at `size`.
    public static func system(size: Double, weight: FontWeight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    public var description: String { "\(family.isEmpty ? "default" : family) \(size) \(weight)" }
}
