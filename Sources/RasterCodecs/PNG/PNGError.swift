/// An image (PNG, JPEG or WebP) that could not be read or written.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case notPNG, corrupt, tooLarge, outOfMemory, io
        /// Not an image format this library reads or writes.
        case unsupported
    }

    public var kind: Kind
    /// What went wrong, in libpng's words where it reported the error.
    public var message: String
    /// The file involved, when there is one.
    public var path: String?

    public init(kind: Kind, message: String, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
    }

    public var description: String {
        if let path { return "\(path): \(message)" }
        return message
    }
}
