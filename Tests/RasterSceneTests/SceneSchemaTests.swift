import Foundation
import RasterScene
import RasterTestSupport
import XCTest

/// The JSON Schema, the component catalog and the decoders come from the same prop
/// specs; these tests hold them to each other: every prop of every type decodes and
/// validates, a wrong value for any prop is refused by both, and every gallery scene
/// validates.
final class SceneSchemaTests: XCTestCase {
    private let registry = SceneRegistry.standard
    private lazy var validator = SchemaValidator(root: SceneSchema.schema(registry: registry))
    private let scenes = TestFixtures.directory.appendingPathComponent("scenes")

    private func scene(_ root: JSONValue) -> JSONValue {
        ["canvas": ["width": 100, "height": 100], "root": root]
    }

    private func decode(_ document: JSONValue) throws -> Scene {
        try SceneDecoder(registry: registry).decode(document, baseDirectory: scenes.path)
    }

    // MARK: - Samples

    /// A valid value of `type` for the prop `name`.
    private func sample(_ type: PropType, name: String) -> JSONValue {
        switch name {
        case "d": return "M0 0 L10 10"
        case "src": return "assets/avatar.png"
        case "family": return "Inter"
        case "style": return "filled"
        default: break
        }
        switch type {
        case .number(let lo, let hi): return .number(min((lo ?? 0) + 1, hi ?? .infinity))
        case .integer(let lo, _): return .number(Double(lo))
        case .bool: return true
        case .string, .file: return "sample"
        case .language: return "zh-Hant"
        case .choice(let names): return .string(names.last ?? "")
        case .color: return "#336699"
        case .paint: return ["linear": ["angle": 90, "stops": [["#000000", 0], ["accent", 1]]]]
        case .insets: return [1, 2, 3, 4]
        case .point: return [1, 2]
        case .size: return [10, 20]
        case .length: return 10
        case .dimension: return 10
        case .edges(let element): return [sample(element, name: name), 1, 2, 3]
        case .stops: return [["#000000", 0], ["#FFFFFF", 1]]
        case .node, .childNode: return ["type": "Rectangle"]
        case .nodes: return [["type": "Rectangle"], ["type": "Text", "text": "x"]]
        case .actions: return [["tap": [1, 2]]]
        case .object(let spec):
            return .object(JSONObject(uniqueKeysWithValues: spec.props.map { ($0.name, sample($0.type, name: $0.name)) }))
        case .array(let element): return [sample(element, name: name)]
        case .map(let value): return ["key": sample(value, name: name)]
        case .features: return ["liga": false, "tnum": true, "salt": 2]
        case .props: return [:]
        case .either(let forms): return forms.first.map { sample($0, name: name) } ?? .null
        }
    }

    private func accepts(_ type: PropType, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case (.either(let forms), _): return forms.contains { accepts($0, value) }
        case (.paint, .object), (.insets, .object), (.node, .object), (.childNode, .object), (.object, .object), (.map, .object), (.props, .object),
             (.features, .object):
            return true
        case (.bool, .bool): return true
        case (.string, .string), (.file, .string), (.language, .string), (.choice, .string), (.color, .string), (.paint, .string), (.length, .string):
            return true
        case (.edges, .object): return true
        default: return false
        }
    }

    /// A value of the wrong kind for `type`.
    private func wrong(_ type: PropType) -> JSONValue {
        let candidates: [JSONValue] = [["bogus": true], true, "bogus"]
        return candidates.first { !accepts(type, $0) } ?? .null
    }

    /// A node of `type` with its required props (and a text for Text), plus `extra`.
    private func node(_ type: SceneComponentType, _ extra: JSONObject) -> JSONValue {
        var o: JSONObject = ["type": .string(type.name)]
        for p in type.allProps where p.required && p.name != "type" { o[p.name] = sample(p.type, name: p.name) }
        if type.name == "Text", extra["spans"] == nil { o["text"] = "sample" }
        o.merge(extra) { _, new in new }
        return .object(o)
    }

    // MARK: - Tests

    func testEveryPropOfEveryType_DecodesAndValidates() throws {
        var checked = 0
        for name in registry.typeNames {
            guard let type = registry.types[name] else { continue }
            for p in type.allProps where p.name != "type" {
                let doc = scene(node(type, [p.name: sample(p.type, name: p.name)]))
                XCTAssertNil(validator.validate(doc), "\(name).\(p.name): \(doc.jsonText())")
                XCTAssertNoThrow(try decode(doc), "\(name).\(p.name)")
                checked += 1
            }
            // Children of containers with child props (a Flex's items).
            for container in registry.types.values where !container.childProps.isEmpty {
                for p in container.childProps {
                    let child = node(type, [p.name: sample(p.type, name: p.name)])
                    let doc = scene(["type": .string(container.name), "children": [child]])
                    XCTAssertNil(validator.validate(doc), "\(container.name) > \(name).\(p.name)")
                    XCTAssertNoThrow(try decode(doc), "\(container.name) > \(name).\(p.name)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 200)
    }

    func testWrongValues_AreRefusedByTheDecoderAndTheSchema() {
        for name in registry.typeNames {
            guard let type = registry.types[name] else { continue }
            for p in type.allProps where p.name != "type" {
                let doc = scene(node(type, [p.name: wrong(p.type)]))
                XCTAssertNotNil(validator.validate(doc), "schema accepts \(name).\(p.name) = \(wrong(p.type).jsonText())")
                XCTAssertThrowsError(try decode(doc), "decoder accepts \(name).\(p.name)") { error in
                    XCTAssertTrue((error as? SceneError)?.path.hasPrefix("root.\(p.name)") == true, "\(name).\(p.name): \(error)")
                }
            }
            let unknown = scene(node(type, ["colour": "#FFFFFF"]))
            XCTAssertNotNil(validator.validate(unknown))
            XCTAssertThrowsError(try decode(unknown)) { error in
                XCTAssertEqual((error as? SceneError)?.path, "root.colour")
            }
        }
        // Out of range, for the decoder and the schema alike.
        let outOfRange = scene(["type": "Rectangle", "opacity": 1.5])
        XCTAssertNotNil(validator.validate(outOfRange))
        XCTAssertThrowsError(try decode(outOfRange))
        XCTAssertNotNil(validator.validate(scene(["type": "Blob"])))
    }

    /// The schema as a validator we did not write reads it (the `jsonschema` package,
    /// Draft 2020-12, run by scripts/oracle/schema_oracle.py) agrees with the decoder on
    /// every document these tests make: each prop of each type with a valid value and
    /// with a wrong one, unknown props and types, values out of range, colours in every
    /// form and malformed ones, and every gallery scene.
    func testSchema_AgreesWithAReferenceValidator() throws {
        var documents: [(String, JSONValue)] = []
        for name in registry.typeNames {
            guard let type = registry.types[name] else { continue }
            for p in type.allProps where p.name != "type" {
                documents.append(("\(name).\(p.name) valid", scene(node(type, [p.name: sample(p.type, name: p.name)]))))
                documents.append(("\(name).\(p.name) wrong", scene(node(type, [p.name: wrong(p.type)]))))
            }
            documents.append(("\(name).colour", scene(node(type, ["colour": "#FFFFFF"]))))
        }
        for fill in ["red", "RebeccaPurple", "rgb(1 2 3 / 50%)", "hsla(120, 50%, 50%, 0.5)", "#12345678", "#12", "#GGG", "rgb(1, 2)x"] {
            documents.append(("fill \(fill)", scene(["type": "Rectangle", "fill": .string(fill)])))
        }
        documents += [("opacity 1.5", scene(["type": "Rectangle", "opacity": 1.5])), ("type Blob", scene(["type": "Blob"])),
                      ("no canvas", ["root": ["type": "Rectangle"]]), ("$schema", ["$schema": "urn:render:scene:v1", "canvas": ["width": 10, "height": 10], "root": ["type": "Rectangle"]])]
        for file in try FileManager.default.contentsOfDirectory(atPath: scenes.path).sorted() where file.hasSuffix(".json") || file.hasSuffix(".yaml") {
            let data = try Data(contentsOf: scenes.appendingPathComponent(file))
            documents.append((file, file.hasSuffix(".yaml") ? try JSONValue.parseYAML(data) : try JSONValue.parse(data)))
        }
        let verdicts = try referenceVerdicts(documents.map { $0.1.jsonText() })
        var valid = 0, invalid = 0, samePlace = 0
        for ((label, document), verdict) in zip(documents, verdicts) {
            let referenceValid = verdict is NSNull
            var decoderPath: String?
            do { _ = try decode(document) } catch { decoderPath = (error as? SceneError)?.path ?? "?" }
            XCTAssertEqual(referenceValid, decoderPath == nil, "\(label): jsonschema says \(verdict is NSNull ? "valid" : "\(verdict)"), the decoder \(decoderPath == nil ? "accepts" : "refuses")")
            if referenceValid { valid += 1; continue }
            invalid += 1
            // The schema's error is as precise as the decoder's: for a bad prop of a node
            // it names that prop's path, not the node as "valid under none of" its types.
            guard let error = verdict as? [String: Any], let path = error["path"] as? String,
                  let message = error["message"] as? String, let decoderPath else { continue }
            XCTAssertFalse(message.contains("is not valid under any of the given schemas"), "\(label): \(message)")
            if decoderPath.hasPrefix("root.") || decoderPath == "root" {
                XCTAssertTrue(decoderPath.hasPrefix(path), "\(label): jsonschema points at '\(path)' (\(message)), the decoder at '\(decoderPath)'")
                if decoderPath == path { samePlace += 1 }
            }
        }
        XCTAssertGreaterThan(valid, 200)
        XCTAssertGreaterThan(invalid, 200)
        XCTAssertGreaterThan(samePlace, 200, "most wrong props are named by both at the same path")
    }

    /// The `jsonschema` package's verdict on each document (one line of JSON each): null
    /// for valid, else its most relevant error as {"message", "path"}.
    private func referenceVerdicts(_ documents: [String]) throws -> [Any] {
        for d in documents { XCTAssertFalse(d.contains("\n"), "a document of one line: \(d.prefix(80))") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaFile = folder.appendingPathComponent("scene.schema.json"), documentsFile = folder.appendingPathComponent("documents.jsonl")
        try Data(SceneSchema.text(registry: registry).utf8).write(to: schemaFile)
        try Data(documents.joined(separator: "\n").utf8).write(to: documentsFile)
        let data = try TestProcess.oracle("schema_oracle.py", [schemaFile.path, documentsFile.path])
        let verdicts = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [Any])
        XCTAssertEqual(verdicts.count, documents.count)
        return verdicts
    }

    /// Both directions, over every bad scene of `BadSceneCatalogue` and every layout
    /// fixture: the decoder refuses each bad scene, and jsonschema refuses those the
    /// catalogue says a schema can see and accepts the others (each listed with the
    /// reason no schema can see it); the decoder and jsonschema both accept every layout
    /// case of Fixtures/layout (the gallery scenes are checked in the test above).
    func testSchema_AgreesWithTheDecoderOnTheBadSceneCatalogueAndEveryFixture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var documents: [(label: String, text: String, valid: Bool)] = []
        for (i, entry) in BadSceneCatalogue.entries.enumerated() {
            XCTAssertThrowsError(try SceneDecoder(registry: registry).decode(Data(entry.json.utf8), baseDirectory: folder.path),
                                 "the decoder accepts bad scene \(i)")
            switch entry.schema {
            case .notJSON: continue
            case .refuses: documents.append(("bad scene \(i) (\(entry.message.prefix(60)))", entry.json, false))
            case .cannotTell: documents.append(("bad scene \(i) (\(entry.message.prefix(60)))", entry.json, true))
            }
        }
        let refused = documents.filter { !$0.valid }.count
        XCTAssertGreaterThanOrEqual(refused, 35, "most mistakes are the schema's to see")
        let layout = TestFixtures.directory.appendingPathComponent("layout")
        let caseFiles = ["taffy-chrome.json", "taffy-random.json"].map { layout.appendingPathComponent($0) }
            + (try FileManager.default.contentsOfDirectory(at: layout.appendingPathComponent("regressions"), includingPropertiesForKeys: nil))
        var layoutCases = 0
        for file in caseFiles.sorted(by: { $0.path < $1.path }) {
            guard case .object(let top) = try JSONValue.parse(try Data(contentsOf: file)), case .array(let cases)? = top["cases"] else {
                XCTFail("\(file.lastPathComponent) has no cases")
                continue
            }
            for (i, c) in cases.enumerated() {
                guard case .object(let o) = c, let scene = o["scene"] else { continue }
                XCTAssertNoThrow(try decode(scene), "\(file.lastPathComponent) case \(i)")
                documents.append(("\(file.lastPathComponent) case \(i)", scene.jsonText(), true))
                layoutCases += 1
            }
        }
        XCTAssertGreaterThan(layoutCases, 2400)
        let verdicts = try referenceVerdicts(documents.map(\.text))
        for (document, verdict) in zip(documents, verdicts) {
            XCTAssertEqual(verdict is NSNull, document.valid,
                           "\(document.label): jsonschema says \(verdict is NSNull ? "valid" : "\(verdict)"), expected \(document.valid ? "valid" : "invalid")")
        }
    }

    /// Editors add a `$schema` key naming the schema; both the schema and the decoder
    /// take it (a string), and the schema carries a stable id to name.
    func testSchemaKey_IsAcceptedAsEditorsWriteIt() throws {
        guard case .object(var doc) = scene(["type": "Rectangle"]) else { return XCTFail() }
        doc["$schema"] = .string(SceneSchema.id)
        XCTAssertNil(validator.validate(.object(doc)))
        XCTAssertNoThrow(try decode(.object(doc)))
        doc["$schema"] = 3
        XCTAssertNotNil(validator.validate(.object(doc)))
        XCTAssertThrowsError(try decode(.object(doc))) { error in
            XCTAssertEqual("\(error)", "$schema: expected a string, found a number")
        }
        guard case .object(let schema) = SceneSchema.schema(registry: registry) else { return XCTFail() }
        XCTAssertEqual(schema["$id"], .string("urn:render:scene:v1"))
    }

    func testGalleryScenes_ValidateAgainstTheSchema() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: scenes.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 15)
        for file in files {
            let data = try Data(contentsOf: scenes.appendingPathComponent(file))
            let doc = file.hasSuffix(".yaml") ? try JSONValue.parseYAML(data) : try JSONValue.parse(data)
            XCTAssertNil(validator.validate(doc), file)
        }
    }

    func testCatalog_ListsEveryTypeWithItsProps() {
        let text = SceneCatalog.text(registry: registry)
        for name in registry.typeNames {
            XCTAssertTrue(text.contains("\n\(name): "), name)
            for p in registry.types[name]?.props ?? [] { XCTAssertTrue(text.contains("  \(p.name) "), "\(name).\(p.name)") }
        }
        guard case .object(let top) = SceneCatalog.json(registry: registry), case .object(let types)? = top["types"] else {
            return XCTFail("catalog JSON has no types")
        }
        XCTAssertEqual(types.keys.sorted(), registry.typeNames)
    }

    func testASceneContractExample_Decodes() throws {
        // The top-level example of the scene contract, with its elided parts filled in.
        let json = #"""
        {
          "canvas": { "width": 390, "height": 844, "scale": 3, "background": "#F2F2F7" },
          "environment": { "theme": "light",
            "colors": { "primary": "#000000", "secondary": "#3C3C4399", "tertiary": "#3C3C434D", "accent": "#007AFF" } },
          "styles": { "Button": ["filled"] },
          "root": { "type": "VStack", "spacing": 12, "children": [ { "type": "Text", "id": "title", "text": "Hi" } ] },
          "animation": { "duration": 1.5, "fps": 60, "events": [
            { "at": 0.2, "set": { "title": { "text": "Sent" } }, "transition": { "duration": 0.35, "curve": "spring" } } ] }
        }
        """#
        let doc = try JSONValue.parse(Data(json.utf8))
        XCTAssertNil(validator.validate(doc))
        let decoded = try decode(doc)
        XCTAssertEqual(decoded.canvas.pixelSize.width, 1170)
        XCTAssertEqual(decoded.timeline?.events.count, 1)
    }
}
