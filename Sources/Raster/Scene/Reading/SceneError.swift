/// A scene that cannot be rendered, with the JSON path of the offending value.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Dotted JSON path such as `root.children[2].fill`; empty for the whole document.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// One line: the path (its middle elided past 80 characters, for deep trees) and
    /// the message, with control characters a scene's strings and keys bring into
    /// either (a newline in a colour, a tab in a prop name) written as escapes.
    public var description: String {
        guard !path.isEmpty else { return Self.escaped(message) }
        let shown = path.count <= 80 ? path : path.prefix(30) + "…" + path.suffix(45)
        return Self.escaped("\(shown): \(message)")
    }

    /// `text` with newlines, tabs and every other control or line-separating character
    /// as an escape (`\n`, `\t`, `\u{2028}`), so it prints as one line.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
