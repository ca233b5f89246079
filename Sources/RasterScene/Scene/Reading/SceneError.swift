/// A scene that cannot be rendered, with the JSON path of the offending value.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Dotted JSON path such as `root.children[2].fill`; empty for the whole document.
    public var path: String
    /// What is wrong, without the path.
    public var message: String

    /// An error about the value at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The most characters `description` has.
    public static let maxLength = 200

    /// One line of at most `maxLength` characters: the path (its middle elided past 80
    /// characters, for deep trees, and past 40 when the line is too long) and the
    /// message (its middle elided when even then too long, keeping its start and its
    /// end, where a value found and a suggestion are), with control characters a
    /// scene's strings and keys bring into either (a newline in a colour, a tab in a
    /// prop name) written as JSON escapes. Values a message quotes are cut where it is
    /// made (`EchoedValue`); this bounds what they add up to.
    public var description: String {
        let text = JSONValue.escaped(message, quotes: false)
        guard !path.isEmpty else { return Self.elided(text, to: Self.maxLength) }
        var shown = JSONValue.escaped(path.count <= 80 ? path : path.prefix(30) + "…" + path.suffix(45), quotes: false)
        if shown.count + 2 + text.count > Self.maxLength, shown.count > 40 {
            shown = shown.prefix(15) + "…" + shown.suffix(24)
        }
        return "\(shown): \(Self.elided(text, to: Self.maxLength - shown.count - 2))"
    }

    /// `text` with its middle replaced by "…" so that it has at most `length`
    /// characters (its first half and last half kept).
    static func elided(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        let head = (length - 1) / 2
        return text.prefix(head) + "…" + text.suffix(length - 1 - head)
    }
}
