/// A scene that cannot be rendered, with the JSON path of the offending value.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Dotted JSON path such as `root.children[2].fill`; empty for the whole document.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
