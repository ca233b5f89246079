/// The registered node types with their props, types and defaults, as text (what
/// `render components` prints) or as JSON.
public enum SceneCatalog {
    /// The common props, then each type's props, child props and styles, as aligned
    /// columns of name, type, default and summary.
    public static func text(registry: SceneRegistry = .standard) -> String {
        var out = "Every node takes these props besides its type's own:\n"
        out += table(SceneSpecs.common.filter { $0.name != "type" })
        for name in registry.typeNames {
            guard let type = registry.types[name] else { continue }
            out += "\n\(name): \(type.summary)\n"
            out += table(type.props)
            if !type.childProps.isEmpty {
                out += "  Children of a \(name) also take:\n" + table(type.childProps, indent: "    ")
            }
            if let styles = registry.styles[name] {
                out += "  Styles: \(styles.names.joined(separator: ", ")) (composable: a list applies them inside out)\n"
            }
        }
        return out
    }

    /// `{"TYPE": {"summary": ..., "props": {"NAME": {"type": ..., "default": ..., ...}}}}`.
    public static func json(registry: SceneRegistry = .standard) -> JSONValue {
        func props(_ specs: [PropSpec]) -> JSONValue {
            .object(JSONObject(uniqueKeysWithValues: specs.map { p in
                var o: JSONObject = ["type": .string(p.type.summary), "summary": .string(p.summary)]
                if let d = p.defaultValue { o["default"] = d }
                if p.required { o["required"] = true }
                return (p.name, JSONValue.object(o))
            }))
        }
        var types: JSONObject = [:]
        for (name, type) in registry.types {
            var o: JSONObject = ["summary": .string(type.summary), "props": props(type.props)]
            if !type.childProps.isEmpty { o["childProps"] = props(type.childProps) }
            if let styles = registry.styles[name] { o["styles"] = .array(styles.names.map(JSONValue.string)) }
            types[name] = .object(o)
        }
        return .object(["common": props(SceneSpecs.common.filter { $0.name != "type" }), "types": .object(types)])
    }

    private static func table(_ specs: [PropSpec], indent: String = "  ") -> String {
        let rows = specs.map { p -> (String, String, String, String) in
            let d = p.required ? "required" : p.defaultValue.map { "default \($0.jsonText())" } ?? ""
            return (p.name, p.type.summary, d, p.summary)
        }
        let w0 = rows.map(\.0.count).max() ?? 0, w1 = min(28, rows.map(\.1.count).max() ?? 0)
        let w2 = rows.map(\.2.count).max() ?? 0
        return rows.map { r in
            let type = r.1.count > w1 ? r.1 + "\n" + indent + String(repeating: " ", count: w0 + 2 + w1) : r.1
            return indent + pad(r.0, w0) + "  " + pad(type, w1) + "  " + pad(r.2, w2) + "  " + r.3
        }.joined(separator: "\n") + "\n"
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        let last = s.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? s
        return s + String(repeating: " ", count: max(0, width - last.count))
    }
}
