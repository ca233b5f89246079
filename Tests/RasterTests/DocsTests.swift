import Foundation
import RasterTestSupport
import XCTest

/// The documents a new user reads say what is there: every file the README and the guides
/// under docs/ name exists, their links stay inside the project and lead to files that
/// exist, the README links every guide, and the reference pages of docs/ are what the
/// binary writes today (scripts/docs).
final class DocsTests: XCTestCase {
    private let root = TestFixtures.directory.deletingLastPathComponent()

    func testReadme_NamesOnlyFilesThatExist() throws {
        XCTAssertGreaterThan(try checkNamedFiles(of: "README.md"), 30)
    }

    func testGuides_NameOnlyFilesThatExist() throws {
        let guides = try guides()
        XCTAssertFalse(guides.isEmpty)
        var checked = 0
        for guide in guides { checked += try checkNamedFiles(of: guide) }
        XCTAssertGreaterThan(checked, 30)
    }

    func testReadme_LinksEveryGuide() throws {
        let linked = Set(try links(of: "README.md").compactMap { resolve($0, from: "README.md") })
        for guide in try guides() {
            XCTAssertTrue(linked.contains(root.appendingPathComponent(guide).standardized.path),
                          "README.md does not link \(guide)")
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

    /// Every Markdown file under docs/, relative to the project root (docs/CLI.md).
    private func guides() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The link targets of a document: Markdown's `](target)` and HTML's `src="target"` and
    /// `href="target"`.
    private func links(of document: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        return try linkRanges(in: text).map { String(text[$0]) }
    }

    /// Where each link target is in `text`, in order.
    private func linkRanges(in text: String) throws -> [Range<String.Index>] {
        let links = try NSRegularExpression(pattern: #"\]\(([^)]+)\)|(?:src|href)="([^"]+)""#)
        return links.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text) ?? Range(match.range(at: 2), in: text)
        }
    }

    /// The absolute, standardized path a link of `document` leads to (relative links
    /// resolve against the document's own folder), or nil for an anchor in the same page.
    private func resolve(_ link: String, from document: String) -> String? {
        let target = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !target.isEmpty else { return nil }
        let folder = root.appendingPathComponent(document).deletingLastPathComponent()
        return folder.appendingPathComponent(target).standardized.path
    }

    /// Checks the files `document` names and links, and returns how many paths it names.
    private func checkNamedFiles(of document: String) throws -> Int {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        // Paths written out (in prose, backticks or code) are relative to the project root.
        let pattern = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_/.-])((?:Fixtures|scripts|docs|Sources|Tests|Examples|\.ci)/[A-Za-z0-9._/+-]*)"#)
        var checked = 0
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            var path = String(text[range])
            while path.hasSuffix(".") || path.hasSuffix(",") { path.removeLast() }
            // Placeholders (Fixtures/fuzz/TARGET/) name a kind of file, not one.
            guard !path.contains("TARGET") else { continue }
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(document) names \(path), which does not exist")
            checked += 1
        }
        // Links resolve against the document's folder, stay inside the project and lead to files that exist.
        let linkRanges = try linkRanges(in: text)
        let inside = root.standardized.path + "/"
        for range in linkRanges {
            let link = String(text[range])
            guard let target = resolve(link, from: document) else { continue }
            guard !link.contains("://"), target.hasPrefix(inside) else {
                XCTFail("\(document) links outside the project: \(link)")
                continue
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: target), "\(document) links to \(link), which does not exist")
        }
        // Nothing outside the project is named as a path (a clone has nothing beside it), in the
        // text around the links; the one exception is the anchor benchmark's folder, which lies
        // beside the repository (`../shared/bench`, scripts/perf-table's default).
        var prose = "", rest = text.startIndex
        for range in linkRanges where range.lowerBound >= rest {
            prose += text[rest..<range.lowerBound]
            rest = range.upperBound
        }
        prose += text[rest...]
        let outside = try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])\.\./(?!shared/bench/)[A-Za-z]"#)
        XCTAssertEqual(outside.numberOfMatches(in: prose, range: NSRange(prose.startIndex..., in: prose)), 0,
                       "\(document) names a path outside the project")
        return checked
    }
}
