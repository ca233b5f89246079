import Foundation
import RasterComponents
import RasterCore

/// A JSON Schema (draft 2020-12) of scene files, generated from the same prop specs the
/// decoders read through, for a given registry (so registered types appear in it).
///
/// Each node type is a definition `node.TYPE` that fixes `type` and lists every prop
/// the type takes; a container whose children take props from it (Flex) gets a
/// second set `CONTAINER.child.TYPE` with those props added.
public enum SceneSchema {
    /// The schema's identifier, stable across releases that keep the scene format
    /// compatible (`"$schema"` in a scene may name it or a copy of `render schema`).
    public static let id = "urn:render:scene:v1"

    /// The schema of scene files whose nodes are the types `registry` holds.
    public static func schema(registry: SceneRegistry = .standard) -> JSONValue {
        var builder = Builder(registry: registry)
        var top = builder.objectSchema(props: SceneSpecs.scene.props, owner: nil)
        top["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        top["$id"] = .string(id)
        top["title"] = .string("Scene file")
        top["description"] = .string("A component tree, the canvas it renders on and an optional timeline.")
        builder.defineNodes()
        if case .object(var properties) = top["properties"], case .object(var styles) = properties["styles"] {
            styles.merge(builder.sceneStyles()) { _, new in new }
            properties["styles"] = .object(styles)
            top["properties"] = .object(properties)
        }
        top["$defs"] = .object(builder.defs)
        return .object(top)
    }

    /// The schema as pretty-printed JSON with sorted keys.
    public static func text(registry: SceneRegistry = .standard) -> String {
        schema(registry: registry).jsonText(pretty: true)
    }

    private struct Builder {
        let registry: SceneRegistry
        var defs: JSONObject = [:]

        init(registry: SceneRegistry) {
            self.registry = registry
            // Hex, rgb()/hsl() as `Color(css:)` reads them, or a name: a CSS name, 'clear',
            // a theme colour or one the scene's environment.colors adds (which the schema
            // cannot see, so any string that is neither hex nor a function passes here).
            let names = ["clear"] + Theme.light.colors.keys.sorted() + Color.cssNames.keys.sorted()
            defs["color"] = .object([
                "description": "'#RGB', '#RGBA', '#RRGGBB', '#RRGGBBAA', a CSS colour name, rgb(), rgba(), hsl(), hsla(), 'clear' or a semantic colour name (the theme's or one environment.colors adds).",
                "type": "string",
                "pattern": .string("^(#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|\(Color.cssFunctionPattern)|(?!#)[^(]*)$(?!\\n)"),
                "examples": .array(names.map(JSONValue.string)),
            ])
            defs["point"] = .object(["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2,
                                     "description": "[x, y]"])
            defs["size"] = .object(alternatives([
                ["type": "number", "minimum": 0],
                ["type": "array", "items": ["type": "number", "minimum": 0], "minItems": 2, "maxItems": 2],
            ], description: "[width, height], or one number for both."))
            defs["length"] = .object(alternatives([["type": "number", "minimum": 0], ["const": "infinity"]],
                                                  description: "Points, or \"infinity\"."))
            defs["insets"] = .object(alternatives([
                ["type": "number", "minimum": 0],
                ["type": "array", "items": ["type": "number", "minimum": 0], "minItems": 4, "maxItems": 4],
                ["type": "object", "additionalProperties": false, "properties": .object(JSONObject(uniqueKeysWithValues:
                    ["top", "left", "bottom", "right"].map { ($0, JSONValue.object(["type": "number", "minimum": 0])) }))],
                ["type": "object", "additionalProperties": false, "properties": .object(JSONObject(uniqueKeysWithValues:
                    ["top", "leading", "bottom", "trailing"].map { ($0, JSONValue.object(["type": "number", "minimum": 0])) }))],
            ], description: "A number, [top, left, bottom, right], or an object with top, bottom and either left and right "
                + "(physical) or leading and trailing (following the layout direction)."))
            defs["stops"] = .object(["description": "[[color, location], ...]", "type": "array", "minItems": 1,
                                     "items": ["type": "array", "minItems": 2, "maxItems": 2,
                                               "prefixItems": [["$ref": "#/$defs/color"],
                                                               ["type": "number", "minimum": 0, "maximum": 1]]]])
            var paints: [JSONValue] = [["$ref": "#/$defs/color"]]
            for (key, spec) in SceneSpecs.gradients {
                let inner = objectSchemaValue(spec)
                paints.append(.object(["type": "object", "additionalProperties": false, "required": [.string(key)],
                                       "properties": .object([key: inner])]))
            }
            defs["paint"] = .object(alternatives(paints, description: "A color or a gradient."))
        }

        /// `anyOf` the forms, with the JSON types they take listed beside them when every
        /// form names its type (directly, as a constant, or through a definition), so a
        /// value of none of them is reported as such ("true is not of type 'number',
        /// 'object'") rather than as matching none of the forms.
        func alternatives(_ forms: [JSONValue], description: String? = nil) -> JSONObject {
            var result: JSONObject = ["anyOf": .array(forms)]
            if let description { result["description"] = .string(description) }
            var types: [String] = []
            for form in forms {
                guard let type = jsonType(of: form) else { return result }
                if !types.contains(type) { types.append(type) }
            }
            result["type"] = types.count == 1 ? .string(types[0]) : .array(types.map { .string($0) })
            return result
        }

        /// The one JSON type a schema admits, when it says so plainly.
        private func jsonType(of schema: JSONValue) -> String? {
            guard case .object(let o) = schema else { return nil }
            if case .string(let type)? = o["type"] { return type }
            if case .string? = o["const"] { return "string" }
            if case .array(let values)? = o["enum"],
               values.allSatisfy({ if case .string = $0 { true } else { false } }) { return "string" }
            if case .string(let ref)? = o["$ref"], ref.hasPrefix("#/$defs/"),
               let target = defs[String(ref.dropFirst("#/$defs/".count))] {
                return jsonType(of: target)
            }
            return nil
        }

        mutating func objectSchemaValue(_ spec: ObjectSpec) -> JSONValue {
            if defs[spec.name] == nil {
                defs[spec.name] = .null // placeholder: stops recursion
                var schema = objectSchema(props: spec.props, owner: nil)
                if !spec.exactlyOne.isEmpty {
                    schema["oneOf"] = .array(spec.exactlyOne.map { ["required": [.string($0)]] })
                }
                defs[spec.name] = .object(schema)
            }
            return .object(["$ref": .string("#/$defs/\(spec.name)")])
        }

        /// `owner`: the node type whose props these are (nil for the file's own objects).
        mutating func objectSchema(props: [PropSpec], owner container: String?) -> JSONObject {
            var properties: JSONObject = [:]
            for p in props {
                var s = schema(for: p.type, container: container)
                s["description"] = .string(p.summary)
                if let d = p.defaultValue { s["default"] = d }
                properties[p.name] = .object(s)
            }
            var o: JSONObject = ["type": "object", "additionalProperties": false, "properties": .object(properties)]
            let required = props.filter(\.required).map { JSONValue.string($0.name) }
            if !required.isEmpty { o["required"] = .array(required) }
            return o
        }

        /// `container`: the type whose props these are (its `children` take its child props).
        mutating func schema(for type: PropType, container: String?) -> JSONObject {
            func ref(_ name: String) -> JSONObject { ["$ref": .string("#/$defs/\(name)")] }
            switch type {
            case .number(let lo, let hi):
                var s: JSONObject = ["type": "number"]
                if let lo { s["minimum"] = .number(lo) }
                if let hi { s["maximum"] = .number(hi) }
                return s
            case .integer(let lo, let hi):
                return ["type": "integer", "minimum": .number(Double(lo)), "maximum": .number(Double(hi))]
            case .bool: return ["type": "boolean"]
            case .string, .file: return ["type": "string"]
            case .language: return ["type": "string", "pattern": .string(SceneValues.languagePattern)]
            case .choice(let names): return ["enum": .array(names.map(JSONValue.string))]
            case .color: return ref("color")
            case .paint: return ref("paint")
            case .insets: return ref("insets")
            case .point: return ref("point")
            case .size: return ref("size")
            case .length: return ref("length")
            case .dimension(let lo, let auto, let infinity):
                var forms: [JSONValue] = [["type": "number", "minimum": .number(lo), "maximum": 100_000],
                                          ["type": "string", "pattern": .string(SceneValues.percentPattern)]]
                if auto { forms.append(["const": "auto"]) }
                if infinity { forms.append(["const": "infinity"]) }
                return alternatives(forms)
            case .edges(let element):
                let one = JSONValue.object(schema(for: element, container: container))
                let keys = ["top", "left", "bottom", "right"].map { ($0, one) }
                return alternatives([one, ["type": "array", "items": one, "minItems": 4, "maxItems": 4],
                                     ["type": "object", "additionalProperties": false,
                                      "properties": .object(JSONObject(uniqueKeysWithValues: keys))]])
            case .stops: return ref("stops")
            case .node: return ref("node")
            case .childNode: return ref("anyNode")
            case .nodes:
                let hasChildProps = container.flatMap { registry.types[$0] }.map { !$0.childProps.isEmpty } ?? false
                return ["type": "array", "items": .object(ref(hasChildProps ? "\(container ?? "").child" : "node"))]
            case .actions:
                return ["type": "array", "items": objectSchemaValue(SceneSpecs.action)]
            case .object(let spec):
                guard case .object(let o) = objectSchemaValue(spec) else { return [:] }
                return o
            case .array(let element):
                return ["type": "array", "items": .object(schema(for: element, container: container))]
            case .map(let value):
                return ["type": "object", "additionalProperties": .object(schema(for: value, container: container))]
            case .features:
                return ["type": "object", "propertyNames": ["pattern": "^[\\x20-\\x7E]{4}$"],
                        "additionalProperties": ["anyOf": [["type": "boolean"], ["type": "integer", "minimum": 0, "maximum": 65_535]]]]
            case .props:
                return ["type": "object"]
            case .either(let forms):
                return alternatives(forms.map { .object(schema(for: $0, container: container)) })
            }
        }

        mutating func defineNodes() {
            let names = registry.typeNames
            for name in names {
                guard let type = registry.types[name] else { continue }
                defs["node.\(name)"] = .object(nodeSchema(type, extra: []))
            }
            defs["node"] = .object(byType("A scene node.", names) { ["$ref": .string("#/$defs/node.\($0)")] })
            var containers: [String] = []
            for container in names {
                guard let c = registry.types[container], !c.childProps.isEmpty else { continue }
                containers.append(container)
                for name in names {
                    guard let type = registry.types[name] else { continue }
                    defs["\(container).child.\(name)"] = .object(nodeSchema(type, extra: c.childProps))
                }
                defs["\(container).child"] = .object(byType("A child of a \(container), with the props it takes from it.",
                                                           names) { ["$ref": .string("#/$defs/\(container).child.\($0)")] })
            }
            defs["anyNode"] = .object(byType("A node, with the child props of any container.", names) { name in
                let forms = ["#/$defs/node.\(name)"] + containers.map { "#/$defs/\($0).child.\(name)" }
                return ["anyOf": .array(forms.map { .object(["$ref": .string($0)]) })]
            })
        }

        /// An object whose `type` picks its schema: `type` is required and must be one of
        /// `names`, and only the branch of that name applies (`if`/`then` on the type's
        /// value). A validator then reports the branch's own problem, at its path (an
        /// unknown type, a misspelt prop, a value of the wrong kind), where `oneOf` over
        /// every type can only say that the node matches none of them.
        func byType(_ description: String, _ names: [String],
                    branch: (String) -> JSONObject) -> JSONObject {
            ["description": .string(description), "type": "object", "required": ["type"],
             "properties": ["type": ["enum": .array(names.map { .string($0) })]],
             "allOf": .array(names.map { name in
                 ["if": ["required": ["type"], "properties": ["type": ["const": .string(name)]]],
                  "then": .object(branch(name))]
             })]
        }

        mutating func nodeSchema(_ type: SceneComponentType, extra: [PropSpec]) -> JSONObject {
            var o = objectSchema(props: type.allProps + extra, owner: type.name)
            if case .object(var properties) = o["properties"] {
                properties["type"] = .object(["const": .string(type.name)])
                if case .object(var style) = properties["style"] {
                    style.merge(nodeStyle()) { _, new in new }
                    properties["style"] = .object(style)
                }
                o["properties"] = .object(properties)
            }
            // Props that exclude each other: no two of a group together.
            var exclusions: [JSONValue] = []
            for group in type.exclusive {
                for (i, a) in group.enumerated() {
                    for b in group[(i + 1)...] {
                        exclusions.append(["not": ["required": [.string(a), .string(b)]]])
                    }
                }
            }
            if !exclusions.isEmpty { o["allOf"] = .array(exclusions) }
            o["description"] = .string(type.summary)
            return o
        }

        /// The registry's style families, sorted by type.
        private var styleFamilies: [SceneStyleFamily] {
            registry.styles.values.sorted { $0.typeName < $1.typeName }
        }

        /// `styles`: for each stylable type, one of its style names or a stack of them.
        func sceneStyles() -> JSONObject {
            var properties: JSONObject = [:]
            for family in styleFamilies {
                let name: JSONValue = ["enum": .array(family.names.map(JSONValue.string))]
                properties[family.typeName] = .object(alternatives([name, ["type": "array", "items": name]]))
            }
            return ["type": "object", "additionalProperties": false, "properties": .object(properties)]
        }

        /// A node's `style`: a style name of any stylable type, or a stack of one type's.
        func nodeStyle() -> JSONObject {
            let all = styleFamilies.flatMap(\.names).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            var forms: [JSONValue] = [["enum": .array(all.map(JSONValue.string))]]
            for family in styleFamilies {
                forms.append(["type": "array", "items": ["enum": .array(family.names.map(JSONValue.string))]])
            }
            return alternatives(forms)
        }
    }
}
