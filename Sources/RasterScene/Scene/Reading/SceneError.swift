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

    /// One line: the path (its middle elided past 80 characters, for deep trees) and
    /// the message, with control characters a scene's strings and keys bring into
    /// either (a newline in a colour, a tab in a prop name) written as JSON escapes.
    public var description: String {
        guard !path.isEmpty else { return JSONValue.escaped(message, quotes: false) }
        let shown = path.count <= 80 ? path : path.prefix(30) + "…" + path.suffix(45)
        return JSONValue.escaped("\(shown): \(message)", quotes: false)
    }
}
