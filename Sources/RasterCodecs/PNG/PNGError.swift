/// An image (PNG, JPEG or WebP) that could not be read or written.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed: `notPNG` a wrong PNG signature, `corrupt` unreadable data, `tooLarge`
    /// an image over the pixel limit (or with no pixels), `outOfMemory`, `io` reading or
    /// writing a file.
    public enum Kind: String, Sendable {
        case notPNG, corrupt, tooLarge, outOfMemory, io
        /// Not an image format this library reads or writes.
        case unsupported
    }

    /// The class of failure.
    public var kind: Kind
    /// What went wrong, in libpng's words where it reported the error.
    public var message: String
    /// The file involved, when there is one.
    public var path: String?

    /// `path` names the file involved, if any; `description` then starts with it.
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
