import Foundation
import RasterTestSupport
import XCTest

/// The documents a new user reads say what is there: every file the README names
/// exists, its links stay inside the project and lead to files that exist, and the
/// reference pages of docs/ are what the binary writes today (scripts/docs).
final class DocsTests: XCTestCase {
    private let root = TestFixtures.directory.deletingLastPathComponent()

    func testReadme_NamesOnlyFilesThatExist() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_/.-])((?:Fixtures|scripts|docs|Sources|Tests|Examples|\.ci)/[A-Za-z0-9._/+-]*)"#)
        var checked = 0
        for match in pattern.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)) {
            guard let range = Range(match.range(at: 1), in: readme) else { continue }
            var path = String(readme[range])
            while path.hasSuffix(".") || path.hasSuffix(",") { path.removeLast() }
            // Placeholders (Fixtures/fuzz/TARGET/) name a kind of file, not one.
            guard !path.contains("TARGET") else { continue }
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "README names \(path), which does not exist")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30)
        // Nothing outside the project is named as a path (a clone has nothing beside it).
        let outside = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])\.\./[A-Za-z]"#)
        XCTAssertEqual(outside.numberOfMatches(in: readme, range: NSRange(readme.startIndex..., in: readme)), 0,
                       "README names a path outside the project")
        let links = try NSRegularExpression(pattern: #"\]\(([^)]+)\)"#)
        for match in links.matches(in: readme, range: NSRange(readme.startIndex..., in: readme)) {
            guard let range = Range(match.range(at: 1), in: readme) else { continue }
            let target = String(readme[range]).split(separator: "#").first.map(String.init) ?? ""
            XCTAssertFalse(target.contains("://"), "README links outside the project: \(target)")
            XCTAssertFalse(target.hasPrefix(".."), "README links outside the project: \(target)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path), "README links to \(target), which does not exist")
        }
    }

    func testReferencePages_AreWhatTheBinaryWrites() throws {
        // The executable beside the test bundle (in the build folder).
        let bundle = Bundle(for: Self.self).bundleURL
        let binary = [bundle.appendingPathComponent("render"), bundle.deletingLastPathComponent().appendingPathComponent("render")]
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? bundle.appendingPathComponent("render")
        for (page, file) in [("cli", "docs/CLI.md"), ("scene", "docs/SCENE-FORMAT.md")] {
            let run = try TestProcess.run(["docs", page], executable: binary)
            XCTAssertEqual(run.status, 0, run.stderr)
            let written = run.text
            let committed = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(committed, written, "\(file) is out of date: run scripts/docs")
        }
    }
}
