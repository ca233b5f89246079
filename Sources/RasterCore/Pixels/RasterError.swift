/// Errors raised by the raster core for input a user can get wrong.
public enum RasterError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidSize(String)
    case imageTooLarge(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .invalidSize(let message): return message
        case .imageTooLarge(let w, let h, let limit):
            return "image of \(w)x\(h) pixels exceeds the limit of \(limit) pixels"
        }
    }
}
