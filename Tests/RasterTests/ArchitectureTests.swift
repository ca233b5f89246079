import Foundation
import RasterTestSupport
import XCTest

/// The module graph: `scripts/check-layers` passes on the package, refuses the
/// violations it is for on small made-up packages, and draws the graph
/// docs/ARCHITECTURE.md shows.
final class ArchitectureTests: XCTestCase {
    private var root: URL { TestFixtures.directory.deletingLastPathComponent() }
    private var script: String { root.appendingPathComponent("scripts/check-layers").path }

    func testPackageIsLayered() throws {
        let run = try TestProcess.run(["python3", script])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.text.contains("every import goes down"), run.text)
    }

    func testArchitectureDocShowsTheGeneratedGraph() throws {
        let run = try TestProcess.run(["python3", script, "--mermaid"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let doc = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        XCTAssertTrue(doc.contains("```mermaid\n" + run.text + "```\n"),
                      "docs/ARCHITECTURE.md's module graph is not what `scripts/check-layers --mermaid` draws; paste its output in")
    }

    func testPublicAPIIsDocumented() throws {
        let run = try TestProcess.run(["python3", root.appendingPathComponent("scripts/doc-coverage").path])
        XCTAssertEqual(run.status, 0, "public declarations without a doc comment:\n\(run.text)")
        XCTAssertTrue(run.stderr.contains("0 public types and 0 public members without a doc comment; 0 underscored public types"),
                      run.stderr)
    }

    func testDocCoverageFindsWhatIsMissing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        /// Documented.
        public struct Shown {
            /// Documented.
            public var a = 1
            public var b = 2
            @inlinable @inline(__always)
            public func c() {}
            private var d = 3
        }
        public extension Shown {
            func e() {}
        }
        public enum _Hidden {}
        """.write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let run = try TestProcess.run(["python3", root.appendingPathComponent("scripts/doc-coverage").path, folder.path])
        XCTAssertEqual(run.status, 1)
        let found = run.text.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }
        XCTAssertEqual(found, ["A.swift:5: undocumented public var b", "A.swift:7: undocumented public func c",
                               "A.swift:11: undocumented public func e", "A.swift:13: underscored public enum _Hidden",
                               "A.swift:13: undocumented public enum _Hidden"])
    }

    // MARK: - The checker on made-up packages

    /// A package of `targets` (name to dependencies) whose sources are `files`
    /// (path to text), written to a temporary folder; returns the checker's run.
    private func check(_ targets: [(String, [String])], _ files: [String: String]) throws -> TestProcess {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let package: [String: Any] = ["targets": targets.map { name, deps in
            ["name": name, "type": "regular", "dependencies": deps.map { ["byName": [$0, NSNull()]] }] as [String: Any]
        }]
        let json = folder.appendingPathComponent("package.json")
        try JSONSerialization.data(withJSONObject: package).write(to: json)
        return try TestProcess.run(["python3", script, "--root", folder.path, "--package-json", json.path])
    }

    /// Four modules; with `body` in each, none holds more than 30 % of the lines.
    private let small = [("RasterLow", [String]()), ("RasterHigh", ["RasterLow"]), ("RasterTop", ["RasterHigh"]),
                         ("RasterSide", ["RasterLow"])]
    private let body = String(repeating: "let x = 1\n", count: 10)

    func testCheckerAcceptsImportsThatGoDown() throws {
        let run = try check(small,
                            ["Sources/RasterLow/A.swift": body,
                             "Sources/RasterHigh/B.swift": "import RasterLow\n" + body,
                             "Sources/RasterTop/C.swift": "import RasterLow\nimport RasterHigh\n" + body,
                             "Sources/RasterSide/D.swift": "import Foundation\nimport RasterLow\n" + body])
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    func testCheckerRefusesAnImportThatGoesUp() throws {
        let run = try check(small, ["Sources/RasterLow/A.swift": "// import RasterTop (a comment)\n/* import RasterSide\n */\n@testable import RasterHigh\n" + body,
                                    "Sources/RasterHigh/B.swift": body, "Sources/RasterTop/C.swift": body,
                                    "Sources/RasterSide/D.swift": body])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("Sources/RasterLow/A.swift:4: RasterLow (layer 0) imports RasterHigh, which is above it"), run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "\n").filter { $0.contains(" imports ") }.count, 1,
                       "a commented-out import counts: \(run.stderr)")
    }

    func testCheckerRefusesAnImportOfAnUndeclaredSibling() throws {
        let targets = small + [("RasterSibling", ["RasterLow"])]
        let run = try check(targets, ["Sources/RasterLow/A.swift": body, "Sources/RasterHigh/B.swift": body,
                                      "Sources/RasterTop/C.swift": body,
                                      "Sources/RasterSide/D.swift": body,
                                      "Sources/RasterSibling/E.swift": "import RasterHigh\n" + body])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("Sources/RasterSibling/E.swift:1: RasterSibling (layer 1) imports RasterHigh, which is not among the modules it depends on"),
                      run.stderr)
    }

    func testCheckerRefusesACycle() throws {
        let run = try check([("RasterA", ["RasterB"]), ("RasterB", ["RasterA"])],
                            ["Sources/RasterA/A.swift": body, "Sources/RasterB/B.swift": body])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("has a cycle"), run.stderr)
    }

    func testCheckerRefusesAModuleOverThirtyPercent() throws {
        let big = String(repeating: "let x = 1\n", count: 40)
        let run = try check(small, ["Sources/RasterLow/A.swift": big, "Sources/RasterHigh/B.swift": body,
                                    "Sources/RasterTop/C.swift": body, "Sources/RasterSide/D.swift": body])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("Sources/RasterLow: 40 of the library's 70 lines (57 %)"), run.stderr)
    }
}
