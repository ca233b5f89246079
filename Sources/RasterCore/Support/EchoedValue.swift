/// How an error message shows a value the user wrote (a string from a scene, a number's
/// text in path data, an option's argument): whole when it has at most `limit`
/// characters, else its first `limit − 1` and an ellipsis. Every message that echoes
/// input cuts it here, so no error line grows with the input.
public enum EchoedValue {
    /// The most characters of a value a message shows.
    public static let limit = 40
    /// The most characters of a file path or host name a message shows: enough for the
    /// usual absolute path, which is no use cut at `limit`.
    public static let pathLimit = 100

    /// `value` as a message shows it (at most `limit` characters).
    public static func shortened(_ value: some StringProtocol, limit: Int = limit) -> String {
        value.count <= limit ? String(value) : String(value.prefix(limit - 1)) + "…"
    }

    /// A path or host name as a message shows it (at most `pathLimit` characters).
    public static func path(_ value: some StringProtocol) -> String { shortened(value, limit: pathLimit) }
}
