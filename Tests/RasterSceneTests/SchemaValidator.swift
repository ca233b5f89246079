import Foundation
import RasterScene

/// A validator for the part of JSON Schema (2020-12) that `render schema` emits: $ref
/// into $defs, type, enum, const, minimum, maximum, pattern, properties,
/// additionalProperties, propertyNames (pattern), required, items, prefixItems, minItems, maxItems, anyOf,
/// oneOf, allOf and if/then. Returns the first problem found, with its path, or nil.
struct SchemaValidator {
    let root: JSONValue

    func validate(_ value: JSONValue) -> String? {
        check(value, against: root, path: "")
    }

    private func resolve(_ schema: JSONObject) -> JSONObject {
        guard case .string(let ref)? = schema["$ref"], ref.hasPrefix("#/$defs/"),
              case .object(let top) = root, case .object(let defs)? = top["$defs"],
              case .object(let target)? = defs[String(ref.dropFirst("#/$defs/".count))] else { return schema }
        return resolve(target)
    }

    private func check(_ value: JSONValue, against schemaValue: JSONValue, path: String) -> String? {
        guard case .object(let raw) = schemaValue else { return "\(path): schema is not an object" }
        let schema = resolve(raw)
        if case .string(let type)? = schema["type"], !matches(value, type: type) {
            return "\(path): expected \(type), found \(value.kindName)"
        }
        if case .array(let types)? = schema["type"],
           !types.contains(where: { if case .string(let t) = $0 { matches(value, type: t) } else { false } }) {
            return "\(path): expected one of \(JSONValue.array(types).jsonText()), found \(value.kindName)"
        }
        if case .array(let options)? = schema["enum"], !options.contains(value) {
            return "\(path): \(value.jsonText()) is not one of \(JSONValue.array(options).jsonText())"
        }
        if let c = schema["const"], c != value { return "\(path): expected \(c.jsonText())" }
        if case .number(let d) = value {
            if case .number(let lo)? = schema["minimum"], d < lo { return "\(path): below \(lo)" }
            if case .number(let hi)? = schema["maximum"], d > hi { return "\(path): above \(hi)" }
        }
        if case .string(let s) = value, case .string(let pattern)? = schema["pattern"],
           s.range(of: pattern, options: .regularExpression) == nil {
            return "\(path): '\(s)' does not match \(pattern)"
        }
        if case .object(let o) = value {
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where o[key] == nil { return "\(path): missing \(key)" }
            }
            let properties: JSONObject
            if case .object(let p)? = schema["properties"] { properties = p } else { properties = [:] }
            for (key, v) in o.sorted(by: { $0.key < $1.key }) {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                if case .object(let names)? = schema["propertyNames"], case .string(let pattern)? = names["pattern"],
                   key.range(of: pattern, options: .regularExpression) == nil {
                    return "\(childPath): the name does not match \(pattern)"
                }
                if let s = properties[key] {
                    if let problem = check(v, against: s, path: childPath) { return problem }
                } else if let extra = schema["additionalProperties"] {
                    if extra == .bool(false) { return "\(childPath): not allowed" }
                    if case .object = extra, let problem = check(v, against: extra, path: childPath) { return problem }
                }
            }
        }
        if case .array(let items) = value {
            if case .number(let n)? = schema["minItems"], Double(items.count) < n { return "\(path): fewer than \(Int(n)) items" }
            if case .number(let n)? = schema["maxItems"], Double(items.count) > n { return "\(path): more than \(Int(n)) items" }
            var prefix: [JSONValue] = []
            if case .array(let p)? = schema["prefixItems"] { prefix = p }
            for (i, item) in items.enumerated() {
                let s = i < prefix.count ? prefix[i] : schema["items"]
                if let s, let problem = check(item, against: s, path: "\(path)[\(i)]") { return problem }
            }
        }
        if case .array(let parts)? = schema["allOf"] {
            for part in parts { if let problem = check(value, against: part, path: path) { return problem } }
        }
        if let condition = schema["if"], let then = schema["then"], check(value, against: condition, path: path) == nil,
           let problem = check(value, against: then, path: path) {
            return problem
        }
        if case .array(let options)? = schema["anyOf"] {
            let problems = options.map { check(value, against: $0, path: path) }
            if !problems.contains(where: { $0 == nil }) { return problems.compactMap { $0 }.min { $0.count > $1.count } }
        }
        if case .array(let options)? = schema["oneOf"] {
            let problems = options.map { check(value, against: $0, path: path) }
            let passing = problems.filter { $0 == nil }.count
            if passing == 0 { return problems.compactMap { $0 }.min { $0.count > $1.count } }
            if passing > 1 { return "\(path): matches \(passing) of oneOf" }
        }
        return nil
    }

    private func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null): return true
        case ("number", .number): return true
        case ("integer", .number(let d)): return d == d.rounded()
        default: return false
        }
    }
}
