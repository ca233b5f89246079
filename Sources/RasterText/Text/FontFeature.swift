/// One OpenType feature setting for shaping: a four-letter tag and a value (0 turns the
/// feature off, 1 on; a larger value picks an alternate, as for `salt` or `cv01`).
///
/// Invariant: `tag` is four printable ASCII characters.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The four-letter OpenType tag, such as `liga` or `ss01`.
    public let tag: String
    /// 0 off, 1 on, larger values the index of an alternate.
    public let value: UInt32

    /// Nil unless `tag` is four printable ASCII characters.
    public init?(_ tag: String, _ value: UInt32 = 1) {
        guard tag.utf8.count == 4, tag.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        self.tag = tag
        self.value = value
    }

    /// `init?(_:_:)` with `true` as 1 and `false` as 0.
    public init?(_ tag: String, enabled: Bool) {
        self.init(tag, enabled ? 1 : 0)
    }

    public var description: String { value == 1 ? tag : value == 0 ? "-\(tag)" : "\(tag)=\(value)" }

    /// The tag as HarfBuzz and OpenType number it (big-endian bytes).
    var tagValue: UInt32 { tag.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// The ligature features CSS turns off when letter spacing is not zero.
    static let optionalLigatures = ["liga", "clig", "dlig", "hlig"]
}

/// Which way a paragraph runs.
public enum TextDirection: String, Hashable, Sendable, CaseIterable {
    /// From the paragraph's first strong character (UAX #9 rules P2–P3); a paragraph
    /// with none takes the layout direction.
    case auto
    case ltr
    case rtl
}
