import Foundation
import Yams

extension JSONValue {
    /// The most values a YAML document may expand to (`SceneLimits.maxYAMLValues`).
    static let maxYAMLValues = SceneLimits.maxYAMLValues

    /// Parses YAML text with the JSON structure scene files have: mappings with string
    /// keys, sequences, and scalars resolved as YAML 1.1's core tags (null, booleans,
    /// integers, floats, `.nan` and `.inf` included; everything else is a string).
    /// - Throws: `SceneError` at path "" for syntax errors (with line and column), keys
    ///   that are not strings, and documents that nest or expand absurdly.
    public static func parseYAML(_ data: Data) throws -> JSONValue {
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError(path: "", message: "the file is not valid YAML (not UTF-8 text)")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw SceneError(path: "", message: "the file is not valid YAML (\(describe(error)))")
        } catch {
            throw SceneError(path: "", message: "the file is not valid YAML (\(error))")
        }
        guard let node else { throw SceneError(path: "", message: "the file is empty") }
        var count = 0
        return try convert(node, path: "", depth: 0, count: &count)
    }

    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let where_ = "line \(mark.line), column \(mark.column)"
            return context.map { "\(problem) \($0.text) at \(where_)" } ?? "\(problem) at \(where_)"
        default:
            return "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
        }
    }

    private static func convert(_ node: Node, path: String, depth: Int, count: inout Int) throws -> JSONValue {
        count += 1
        guard count <= maxYAMLValues else {
            throw SceneError(path: path, message: "the document expands to more than \(maxYAMLValues) values (aliases repeating large subtrees?)")
        }
        guard depth <= maxNesting else {
            throw SceneError(path: path, message: "nested more than \(maxNesting) levels deep")
        }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .null
            case .bool: return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
            case .int, .float:
                // Not-a-number and the infinities stay numbers, for the number reader to
                // refuse where a number is read (a string in their place reads as text).
                if let d = node.float { return .number(d) }
                if let i = node.int { return .number(Double(i)) }
                return .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .sequence(let sequence):
            return .array(try sequence.enumerated().map { i, item in
                try convert(item, path: "\(path)[\(i)]", depth: depth + 1, count: &count)
            })
        case .mapping(let mapping):
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                guard case .scalar(let k) = key else {
                    throw SceneError(path: path, message: "expected string keys, found a \(key.isMapping ? "mapping" : "sequence") used as a key")
                }
                let childPath = path.isEmpty ? k.string : "\(path).\(k.string)"
                members.append((k.string, try convert(value, path: childPath, depth: depth + 1, count: &count)))
            }
            return .object(JSONObject(members))
        case .alias:
            throw SceneError(path: path, message: "an unresolved YAML alias")
        }
    }
}

private extension Node {
    var isMapping: Bool { if case .mapping = self { return true } else { return false } }
}
