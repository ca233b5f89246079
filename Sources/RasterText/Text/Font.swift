/// What a run of text is set in: a family, a size in points and a weight.
///
/// An empty `family` means the registry's default family.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    public var family: String
    public var size: Double
    public var weight: FontWeight

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
