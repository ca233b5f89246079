import Foundation

/// A parsed JSON document, keeping the distinctions scene decoding needs (a boolean is
/// not a number, an integer-valued number is still a number).
public enum JSONValue: Hashable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null; return }
        if let b = try? container.decode(Bool.self) { self = .bool(b); return }
        if let d = try? container.decode(Double.self) { self = .number(d); return }
        if let s = try? container.decode(String.self) { self = .string(s); return }
        if let a = try? container.decode([JSONValue].self) { self = .array(a); return }
        if let o = try? container.decode([String: JSONValue].self) { self = .object(JSONObject(o)); return }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
    }

    /// Parses JSON text (`JSONParser`: linear in the size of the document).
    /// - Throws: `SceneError` at path "" naming the line, the column and the problem.
    public static func parse(_ data: Data) throws -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch let e as JSONSyntaxError {
            throw SceneError(path: "", message: "the file is not valid JSON (\(e))")
        }
    }

    /// Arrays and objects nested deeper than this are refused.
    static let maxNesting = JSONParser.maxNesting

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

/// Literals, for defaults in prop specs and for building documents in code.
extension JSONValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }

    /// JSON text with sorted keys (pretty: two-space indentation).
    public func jsonText(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, indent: pretty ? "" : nil)
        return out
    }

    private func write(to out: inout String, indent: String?) {
        let next = indent.map { $0 + "  " }
        let newline = indent == nil ? "" : "\n"
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += PropType.format(d)
        case .string(let s): out += Self.quote(s)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            if items.allSatisfy({ !$0.isContainer }) {
                out += "[" + items.map { $0.jsonText() }.joined(separator: ", ") + "]"
                return
            }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += next ?? ""
                item.write(to: &out, indent: next)
                out += (i < items.count - 1 ? "," : "") + newline
            }
            out += (indent ?? "") + "]"
        case .object(let o):
            guard !o.isEmpty else { out += "{}"; return }
            out += "{" + newline
            let members = o.sortedMembers
            for (i, member) in members.enumerated() {
                out += (next ?? "") + Self.quote(member.key) + (indent == nil ? ":" : ": ")
                member.value.write(to: &out, indent: next)
                out += (i < members.count - 1 ? "," : "") + newline
            }
            out += (indent ?? "") + "}"
        }
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    static func quote(_ s: String) -> String {
        "\"" + escaped(s, quotes: true) + "\""
    }

    /// `s` with its control characters (C0, DEL, C1) and line and paragraph separators as
    /// JSON escapes (`\n`, `\r`, `\t`, else `\u00XX`), so it stays on one line; with
    /// `quotes`, also `"` and `\`, as inside a JSON string.
    static func escaped(_ s: String, quotes: Bool) -> String {
        func special(_ c: Unicode.Scalar) -> Bool {
            c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c.value == 0x2028 || c.value == 0x2029 || (quotes && (c == "\"" || c == "\\"))
        }
        guard s.unicodeScalars.contains(where: special) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case _ where !special(scalar): out.unicodeScalars.append(scalar)
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += String(format: "\\u%04x", scalar.value)
            }
        }
        return out
    }
}
