/// Why a font could not be used. Every case names the file (or the resource) it is about.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read at all (missing, a directory, no permission).
    case unreadable(path: String, reason: String)
    /// The bytes are not a font FreeType can open: truncated, corrupt, or another format.
    case notAFont(path: String, reason: String)
    /// The font opened but cannot draw text (no outlines and no bitmaps, no character map).
    case unusable(path: String, reason: String)
    /// A family name was asked for that no registered font has.
    case unknownFamily(String, known: [String])

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "\(path): cannot read the font file: \(reason)"
        case let .notAFont(path, reason): return "\(path): not a usable font file (TTF, OTF or TTC): \(reason)"
        case let .unusable(path, reason): return "\(path): the font cannot draw text: \(reason)"
        case let .unknownFamily(name, known):
            return "unknown font family '\(name)' (registered: \(known.joined(separator: ", ")))"
        }
    }
}
