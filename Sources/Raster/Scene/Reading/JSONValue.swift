import Foundation

/// A parsed JSON document, keeping the distinctions scene decoding needs (a boolean is
/// not a number, an integer-valued number is still a number).
public indirect enum JSONValue: Hashable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let b = try? container.decode(Bool.self) { self = .bool(b); return }
        if let d = try? container.decode(Double.self) { self = .number(d); return }
        if let s = try? container.decode(String.self) { self = .string(s); return }
        if let a = try? container.decode([JSONValue].self) { self = .array(a); return }
        if let o = try? container.decode([String: JSONValue].self) { self = .object(o); return }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
    }

    /// Parses JSON text.
    /// - Throws: `SceneError` at path "" describing the syntax error.
    public static func parse(_ data: Data) throws -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            var text = detail ?? context.debugDescription
            if isDeeplyNested(data) {
                text = "nested more than \(JSONValue.maxNesting) levels deep"
            }
            throw SceneError(path: "", message: "the file is not valid JSON (\(text))")
        } catch {
            throw SceneError(path: "", message: "the file is not valid JSON (\(error))")
        }
    }

    /// The JSON parser's own nesting limit (arrays and objects).
    static let maxNesting = 512

    /// True when brackets nest deeper than the parser accepts (strings skipped).
    static func isDeeplyNested(_ data: Data) -> Bool {
        var depth = 0, inString = false, escaped = false
        for b in data {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                if depth > maxNesting { return true }
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return false
    }

    /// A short name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
