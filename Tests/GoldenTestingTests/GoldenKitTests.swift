import Foundation
@testable import GoldenArtifacts
@testable import GoldenTesting
import RasterCodecs
import RasterCore
import RasterScene
import RasterTestSupport
import XCTest

/// The golden kit: record modes, names, configuration sources, artifacts and the HTML
/// report, each in a folder of its own; and the kit's assertions against the project's
/// own references.
final class GoldenKitTests: XCTestCase {
    private var folder: URL!
    private var references: URL { folder.appendingPathComponent("golden") }
    private var artifacts: URL { folder.appendingPathComponent("artifacts") }
    private var failures: [(description: String, line: Int)] = []
    private var capturesFailures = false

    override func setUp() {
        super.setUp()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-kit-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        if capturesFailures {
            failures.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// Runs `body` with this test's folders in scope.
    @discardableResult
    private func inFolders<R>(record: GoldenRecordMode? = nil, tolerance: ImageTolerance? = nil, _ body: () throws -> R) rethrows -> R {
        try withGoldenConfiguration(GoldenConfiguration(directory: references.path, artifactsDirectory: artifacts.path,
                                                        record: record, tolerance: tolerance), operation: body)
    }

    private func verify(_ bitmap: Bitmap, _ name: String?, record: GoldenRecordMode, tolerance: ImageTolerance? = nil,
                        function: StaticString = #function) -> GoldenOutcome {
        inFolders(record: record) {
            GoldenVerifier.verify(bitmap, named: name, configuration: GoldenConfiguration(tolerance: tolerance),
                                  at: GoldenCallSite(function: function))
        }
    }

    private func card(_ mark: Color? = nil) throws -> Bitmap {
        let b = try Bitmap(width: 40, height: 30, color: Color.white.premultiplied)
        let c = Canvas(bitmap: b)
        c.fill(Path(roundedRect: Rect(x: 4, y: 4, width: 32, height: 22), cornerRadius: 6), paint: .solid(.blue))
        if let mark { c.fill(Rect(x: 10, y: 10, width: 4, height: 4), paint: .solid(mark)) }
        return b
    }

    private func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    func testMissingReference_IsRecordedAndFailsThenMatches() throws {
        let image = try card()
        let first = verify(image, "cards/plain", record: .missing)
        XCTAssertEqual(first.status, .recorded)
        XCTAssertTrue(first.failsTest)
        let reference = references.appendingPathComponent("cards/plain.png")
        XCTAssertEqual(first.reference, reference)
        XCTAssertEqual(try bytes(reference), try PNGEncoder.standard.encode(image))
        XCTAssertTrue(first.message?.contains("recorded a new reference at \(reference.path)") == true, first.message ?? "")
        let second = verify(image, "cards/plain", record: .missing)
        XCTAssertEqual(second.status, .matched)
        XCTAssertNil(second.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.path), "a match writes no artifacts")
    }

    func testNeverMode_MissingReferenceFailsAndWritesOnlyArtifacts() throws {
        let outcome = verify(try card(), "cards/plain", record: .never)
        XCTAssertEqual(outcome.status, .failed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: references.appendingPathComponent("cards/plain.png").path))
        let actual = artifacts.appendingPathComponent("cards/plain.actual.png")
        XCTAssertEqual(try bytes(actual), try PNGEncoder.standard.encode(try card()))
        XCTAssertTrue(outcome.message?.contains("record mode is 'never'") == true)
        XCTAssertTrue(outcome.message?.contains(actual.path) == true)
        XCTAssertEqual(outcome.report, artifacts.appendingPathComponent("index.html"))
    }

    func testMismatch_FailsWithActualDiffAndOneReportPage() throws {
        _ = verify(try card(), "cards/plain", record: .missing)
        _ = verify(try card(), "cards/other", record: .missing)
        let reference = references.appendingPathComponent("cards/plain.png")
        let before = try bytes(reference)
        let outcome = verify(try card(.red), "cards/plain", record: .missing)
        XCTAssertEqual(outcome.status, .failed)
        XCTAssertEqual(try bytes(reference), before, "a failing comparison leaves the reference alone")
        let comparison = try XCTUnwrap(outcome.comparison)
        XCTAssertEqual(comparison.differingPixels, 16)
        XCTAssertEqual(comparison.differingBounds, PixelRect(x: 10, y: 10, width: 4, height: 4))
        let message = try XCTUnwrap(outcome.message)
        let actual = artifacts.appendingPathComponent("cards/plain.actual.png")
        let diff = artifacts.appendingPathComponent("cards/plain.diff.png")
        let expected = artifacts.appendingPathComponent("cards/plain.expected.png")
        for url in [actual, expected, diff, artifacts.appendingPathComponent("index.html")] {
            XCTAssertTrue(message.contains(url.path), "message names \(url.lastPathComponent): \(message)")
        }
        XCTAssertTrue(message.contains("16 of 1200 pixels differ"), message)
        XCTAssertEqual(try bytes(expected), before)
        XCTAssertEqual(try bytes(actual), try PNGEncoder.standard.encode(try card(.red)))
        let diffImage = try PNGDecoder.decode(contentsOf: diff.path)
        XCTAssertEqual(diffImage[11, 11], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertNotEqual(diffImage[2, 2], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))

        // A second failure joins the same page.
        _ = verify(try card(.green), "cards/other", record: .never)
        let page = try String(contentsOf: artifacts.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("2 failed, 0 recorded"))
        for src in ["cards/plain.expected.png", "cards/plain.actual.png", "cards/plain.diff.png", "cards/other.diff.png"] {
            XCTAssertTrue(page.contains("<img src=\"\(src)\""), "page shows \(src)")
        }
        XCTAssertTrue(page.contains("differing pixels</td><td>16 of 1200"), "page gives the numbers")
        XCTAssertTrue(page.contains("GoldenKitTests.swift:"), "page names the assertion")
    }

    func testFailedMode_AcceptsTheChangeAndKeepsOldAndNewForReview() throws {
        _ = verify(try card(), "cards/plain", record: .missing)
        let old = try bytes(references.appendingPathComponent("cards/plain.png"))
        let outcome = verify(try card(.red), "cards/plain", record: .failed)
        XCTAssertEqual(outcome.status, .recorded)
        XCTAssertTrue(outcome.failsTest)
        XCTAssertEqual(try bytes(references.appendingPathComponent("cards/plain.png")), try PNGEncoder.standard.encode(try card(.red)))
        XCTAssertEqual(try bytes(artifacts.appendingPathComponent("cards/plain.expected.png")), old)
        XCTAssertTrue(try String(contentsOf: artifacts.appendingPathComponent("index.html"), encoding: .utf8)
            .contains("0 failed, 1 recorded"))
        XCTAssertEqual(verify(try card(.red), "cards/plain", record: .never).status, .matched)
        // A matching image is left alone in `failed` mode.
        XCTAssertEqual(verify(try card(.red), "cards/plain", record: .failed).status, .matched)
    }

    func testAllMode_RewritesOnlyWhatWouldChange() throws {
        let reference = references.appendingPathComponent("cards/plain.png")
        _ = verify(try card(), "cards/plain", record: .missing)
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: reference.path)
        XCTAssertEqual(verify(try card(), "cards/plain", record: .all).status, .matched)
        let date = try FileManager.default.attributesOfItem(atPath: reference.path)[.modificationDate] as? Date
        XCTAssertEqual(date, old, "identical bytes are not rewritten")

        // The same pixels in other bytes: a match normally, re-recorded under `all`.
        try FileOutput.writeAtomically(try PNGEncoder.fast.encode(try card()), to: reference.path)
        XCTAssertNotEqual(try bytes(reference), try PNGEncoder.standard.encode(try card()))
        XCTAssertEqual(verify(try card(), "cards/plain", record: .missing).status, .matched)
        let rewritten = verify(try card(), "cards/plain", record: .all)
        XCTAssertEqual(rewritten.status, .recorded)
        XCTAssertTrue(rewritten.message?.contains("the same pixels, new bytes") == true)
        XCTAssertEqual(try bytes(reference), try PNGEncoder.standard.encode(try card()))

        // Under a tolerance that would let the change pass, `all` still records it.
        let changed = verify(try card(Color(r: 0, g: 0, b: 250)), "cards/plain", record: .all,
                             tolerance: .perceptual(maxDifferingPixels: 100))
        XCTAssertEqual(changed.status, .recorded)
    }

    func testUnreadableReference_FailsOrIsReplaced() throws {
        let reference = references.appendingPathComponent("cards/plain.png")
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: reference)
        let failed = verify(try card(), "cards/plain", record: .missing)
        XCTAssertEqual(failed.status, .failed)
        XCTAssertTrue(failed.message?.hasPrefix("cannot read the reference \(reference.path)") == true, failed.message ?? "")
        XCTAssertEqual(verify(try card(), "cards/plain", record: .failed).status, .recorded)
        XCTAssertEqual(verify(try card(), "cards/plain", record: .never).status, .matched)
    }

    func testTolerance_PerCallBeatsScopeBeatsDefault() throws {
        _ = verify(try card(), "cards/plain", record: .missing)
        let faint = try card(Color(r: 0, g: 0, b: 250))  // a faint change inside the blue card
        XCTAssertEqual(verify(faint, "cards/plain", record: .never).status, .failed)
        XCTAssertEqual(verify(faint, "cards/plain", record: .never, tolerance: .perceptual()).status, .matched)
        let site = GoldenCallSite()
        let scoped = inFolders(record: .never, tolerance: .perceptual()) {
            (GoldenVerifier.verify(faint, named: "cards/plain", at: site).status,
             GoldenVerifier.verify(faint, named: "cards/plain", configuration: GoldenConfiguration(tolerance: .exact),
                                   at: site).status)
        }
        XCTAssertEqual(scoped.0, .matched)
        XCTAssertEqual(scoped.1, .failed)
    }

    func testSettings_ComeFromCallScopeEnvironmentThenDefaults() throws {
        let root = URL(fileURLWithPath: "/pkg")
        let defaults = try ResolvedGoldenSettings(GoldenConfiguration(), packageRoot: root, environment: [:])
        XCTAssertEqual(defaults.directory.path, "/pkg/Fixtures/golden")
        XCTAssertEqual(defaults.artifacts.path, "/pkg/.build/golden-artifacts")
        XCTAssertEqual(defaults.record, .missing)
        XCTAssertEqual(defaults.tolerance, .exact)
        let env = ["GOLDEN_RECORD": "Never", "GOLDEN_ARTIFACTS": "ci/artifacts"]
        let fromEnvironment = try ResolvedGoldenSettings(GoldenConfiguration(directory: "refs"), packageRoot: root,
                                                         environment: env)
        XCTAssertEqual(fromEnvironment.record, .never)
        XCTAssertEqual(fromEnvironment.artifacts.path, "/pkg/ci/artifacts")
        XCTAssertEqual(fromEnvironment.directory.path, "/pkg/refs")
        let configured = try ResolvedGoldenSettings(GoldenConfiguration(artifactsDirectory: "/tmp/a", record: .all),
                                                    packageRoot: root, environment: env)
        XCTAssertEqual(configured.record, .all)
        XCTAssertEqual(configured.artifacts.path, "/tmp/a")
        XCTAssertThrowsError(try ResolvedGoldenSettings(GoldenConfiguration(), packageRoot: root,
                                                        environment: ["GOLDEN_RECORD": "sometimes"])) { error in
            XCTAssertEqual("\(error)", "GOLDEN_RECORD: expected one of all, failed, missing, never, found 'sometimes'")
        }
        // Scopes nest: an inner scope overrides only what it sets.
        withGoldenConfiguration(GoldenConfiguration(directory: "outer", record: .never)) {
            withGoldenConfiguration(GoldenConfiguration(record: .failed)) {
                XCTAssertEqual(GoldenConfiguration.current.directory, "outer")
                XCTAssertEqual(GoldenConfiguration.current.record, .failed)
            }
        }
    }

    func testDefaultNames_FollowTheTestAndNumberRepeats() throws {
        let first = verify(try card(), nil, record: .missing)
        let second = verify(try card(.red), nil, record: .missing)
        XCTAssertEqual(first.name, "GoldenKitTests/testDefaultNames_FollowTheTestAndNumberRepeats")
        XCTAssertEqual(second.name, "GoldenKitTests/testDefaultNames_FollowTheTestAndNumberRepeats.2")
        XCTAssertTrue(FileManager.default.fileExists(atPath: references.appendingPathComponent(
            "GoldenKitTests/testDefaultNames_FollowTheTestAndNumberRepeats.2.png").path))
        XCTAssertEqual(GoldenCallSite.functionName("renders(card:size:)"), "renders")
        XCTAssertEqual(GoldenCallSite.sanitized("dark mode/é"), "dark_mode__")
    }

    func testUnrenderableSubject_KeepsItsPlaceInTheNumberingAndSaysWhy() throws {
        let image = try card()
        let scene = try SceneDecoder.decode(contentsOf: TestFixtures.path("scenes/shapes-card.json"))
        capturesFailures = true
        let outcomes = inFolders(record: .missing) {
            [assertGolden(scene: scene, scale: 0), assertGolden(scene: scene, at: -1), assertGolden(of: image)]
        }
        capturesFailures = false
        let base = "GoldenKitTests/testUnrenderableSubject_KeepsItsPlaceInTheNumberingAndSaysWhy"
        XCTAssertEqual(outcomes.map(\.name), [base, base + ".2", base + ".3"])
        XCTAssertEqual(outcomes.map(\.status), [.failed, .failed, .recorded])
        XCTAssertEqual(failures.count, 3)
        XCTAssertTrue(outcomes[0].message?.hasPrefix("golden '\(base)': cannot render the subject: scale:") == true,
                      outcomes[0].message ?? "")
        XCTAssertTrue(outcomes[1].message?.contains("time: expected a number of seconds ≥ 0, found -1") == true,
                      outcomes[1].message ?? "")
    }

    func testUnwritableArtifacts_StillGiveTheComparison() throws {
        _ = verify(try card(), "cards/plain", record: .missing)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocker = folder.appendingPathComponent("a-file")
        try Data().write(to: blocker)
        let changed = try card(.red)
        let outcome = inFolders(record: .never) {
            GoldenVerifier.verify(changed, named: "cards/plain",
                                  configuration: GoldenConfiguration(artifactsDirectory: blocker.appendingPathComponent("sub").path),
                                  at: GoldenCallSite())
        }
        XCTAssertEqual(outcome.status, .failed)
        XCTAssertNil(outcome.report)
        let message = try XCTUnwrap(outcome.message)
        XCTAssertTrue(message.contains("16 of 1200 pixels differ"), message)
        XCTAssertTrue(message.contains("could not write the failure images to \(blocker.path)/sub"), message)
    }

    func testBadNames_AreRefused() throws {
        for name in ["", "../escape", "/absolute", "a//b", "a/./b", "a/"] {
            let outcome = verify(try card(), name, record: .missing)
            XCTAssertEqual(outcome.status, .failed, name)
            XCTAssertTrue(outcome.message?.contains("expected a relative path") == true, name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "nothing written")
    }

    func testReport_NewRunClearsOnlyTheEarlierRunsFiles() throws {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let keep = artifacts.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: keep)
        func entry(_ name: String) throws -> GoldenReport.Entry {
            for kind in ["actual", "diff"] {
                let url = artifacts.appendingPathComponent(GoldenReport.imagePath(name, kind))
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileOutput.writeAtomically(try PNGEncoder.standard.encode(try card()), to: url.path)
            }
            return GoldenReport.Entry(name: name, status: "failed", message: "m <b>&", location: "T.swift:1",
                                      reference: "/r/\(name).png", expected: nil,
                                      actual: GoldenReport.imagePath(name, "actual"), diff: GoldenReport.imagePath(name, "diff"),
                                      numbers: [])
        }
        try GoldenReport.add(try entry("one/a"), in: artifacts, run: "run-1")
        try GoldenReport.add(try entry("one/b"), in: artifacts, run: "run-1")
        var page = try String(contentsOf: artifacts.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("one/a") && page.contains("one/b"))
        XCTAssertTrue(page.contains("m &lt;b&gt;&amp;"), "messages are escaped")
        try GoldenReport.add(try entry("two/c"), in: artifacts, run: "run-2")
        page = try String(contentsOf: artifacts.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertFalse(page.contains("one/a"))
        XCTAssertTrue(page.contains("two/c"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("one/a.actual.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("two/c.actual.png").path))
        XCTAssertEqual(try String(contentsOf: keep, encoding: .utf8), "mine", "files the report did not write stay")
        // The first assertion of another run clears the page, passing or not.
        GoldenReport.beginRun(in: artifacts, run: "run-3")
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("index.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("two/c.actual.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: keep.path))
    }

    /// A failure names the command that accepts it; the report wipes and fades between
    /// expected and actual and builds that command; accepting copies exactly the chosen
    /// actuals over their references, after which the assertions pass.
    func testAccept_ChosenActualsBecomeReferences() throws {
        XCTAssertEqual(verify(try card(), "cards/a", record: .missing).status, .recorded)
        XCTAssertEqual(verify(try card(), "cards/b", record: .missing).status, .recorded)
        let a = verify(try card(.red), "cards/a", record: .never)
        let b = verify(try card(.green), "cards/b", record: .never)
        XCTAssertEqual([a.status, b.status], [.failed, .failed])
        XCTAssertTrue(a.message?.contains("render golden accept 'cards/a' --artifacts '\(artifacts.path)'") == true, a.message ?? "")
        let page = try String(contentsOf: artifacts.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "oninput=\"wipe(this)\"").count - 1, 2)
        XCTAssertEqual(page.components(separatedBy: "oninput=\"fade(this)\"").count - 1, 2)
        XCTAssertTrue(page.contains("value=\"cards/a\" onchange=\"command()\""))
        XCTAssertTrue(page.contains("data-folder=\"'\(artifacts.path)'\""))
        let bReference = try bytes(references.appendingPathComponent("cards/b.png"))
        let accepted = try GoldenReport.accept(["cards/a"], in: artifacts)
        XCTAssertEqual(accepted.map(\.name), ["cards/a"])
        XCTAssertEqual(try bytes(references.appendingPathComponent("cards/a.png")),
                       try bytes(artifacts.appendingPathComponent(GoldenReport.imagePath("cards/a", "actual"))))
        XCTAssertEqual(try bytes(references.appendingPathComponent("cards/b.png")), bReference, "not chosen, not changed")
        XCTAssertEqual(verify(try card(.red), "cards/a", record: .never).status, .matched)
        XCTAssertThrowsError(try GoldenReport.accept(["cards/zzz"], in: artifacts)) { error in
            XCTAssertTrue("\(error)".hasPrefix("no failure named 'cards/zzz' in "), "\(error)")
        }
        XCTAssertThrowsError(try GoldenReport.accept([], all: true, in: folder.appendingPathComponent("nowhere")))
        // The page marks the accepted failure; --all takes every failure not accepted yet,
        // and naming an accepted one again copies it again.
        let marked = try String(contentsOf: artifacts.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(marked.contains("<title>Golden images: 1 failed, 1 accepted, 0 recorded</title>"), marked)
        XCTAssertTrue(marked.contains("<h2>cards/a (accepted)</h2>"))
        XCTAssertEqual(marked.components(separatedBy: "class=\"accept\"").count - 1, 1, "only cards/b keeps its accept box")
        XCTAssertEqual(try GoldenReport.accept([], all: true, in: artifacts).map(\.name), ["cards/b"])
        XCTAssertEqual(try GoldenReport.accept(["cards/a"], in: artifacts).map(\.name), ["cards/a"])
        XCTAssertEqual(try GoldenReport.accept([], all: true, in: artifacts).map(\.name), [])
        XCTAssertEqual(try bytes(references.appendingPathComponent("cards/b.png")),
                       try bytes(artifacts.appendingPathComponent(GoldenReport.imagePath("cards/b", "actual"))))
    }

    /// `render golden accept`, run as users run it: the named failure's actual becomes its
    /// reference and nothing else changes; an unknown name or no name is an error (status
    /// 1, a line naming it) that changes nothing; `--all` with `GOLDEN_ARTIFACTS` takes
    /// the rest.
    func testAcceptCommand_AsUsersRunIt() throws {
        let render = TestProcess.renderExecutable
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: render.path), "the render executable is not built at \(render.path)")
        XCTAssertEqual(verify(try card(), "cards/a", record: .missing).status, .recorded)
        XCTAssertEqual(verify(try card(), "cards/b", record: .missing).status, .recorded)
        XCTAssertEqual(verify(try card(.red), "cards/a", record: .never).status, .failed)
        XCTAssertEqual(verify(try card(.green), "cards/b", record: .never).status, .failed)
        let aReference = references.appendingPathComponent("cards/a.png"), bReference = references.appendingPathComponent("cards/b.png")
        let before = try bytes(bReference)

        let unknown = try TestProcess.run(["golden", "accept", "cards/zzz", "--artifacts", artifacts.path], executable: render)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no failure named 'cards/zzz' in "), unknown.stderr)
        let none = try TestProcess.run(["golden", "accept", "--artifacts", artifacts.path], executable: render)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("name the failures to accept, or give --all"), none.stderr)
        XCTAssertEqual(verify(try card(.red), "cards/a", record: .never).status, .failed, "a refused command changes nothing")

        let one = try TestProcess.run(["golden", "accept", "cards/a", "--artifacts", artifacts.path], executable: render)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(one.text, "accepted cards/a: \(aReference.path)\n")
        XCTAssertEqual(try bytes(aReference), try PNGEncoder.standard.encode(try card(.red)))
        XCTAssertEqual(try bytes(bReference), before, "not named, not changed")
        XCTAssertEqual(verify(try card(.red), "cards/a", record: .never).status, .matched)

        var environment = ProcessInfo.processInfo.environment
        environment["GOLDEN_ARTIFACTS"] = artifacts.path
        let all = try TestProcess.run(["golden", "accept", "--all"], executable: render, environment: environment)
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertEqual(all.text, "accepted cards/b: \(bReference.path)\n")
        XCTAssertEqual(verify(try card(.green), "cards/b", record: .never).status, .matched)
    }

    func testAssertions_ReportToXCTestAtTheCall() throws {
        let image = try card()
        capturesFailures = true
        let line = #line + 2
        inFolders(record: .never) {
            assertGolden(of: image, named: "cards/missing")
        }
        assertGolden(scene: "/nonexistent/scene.json")
        capturesFailures = false
        XCTAssertEqual(failures.count, 2)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("no reference image at") == true)
        XCTAssertTrue(failures.last?.description.contains("cannot render the subject") == true)
        XCTAssertTrue(failures.last?.description.contains("/nonexistent/scene.json") == true, failures.last?.description ?? "")
    }

    func testSceneAssertions_MatchTheProjectsReferences() throws {
        // Relative scene paths are taken from the package root; the default folder is
        // Fixtures/golden.
        XCTAssertEqual(assertGolden(scene: "Fixtures/scenes/shapes-card.json", named: "scenes/shapes-card").status, .matched)
        let timeline = try SceneDecoder.decode(contentsOf: TestFixtures.path("scenes/timeline.json"))
        let fps = FrameExport(scene: timeline).fps
        for frame in [9, 27] {
            let outcome = assertGolden(scene: timeline, at: Double(frame) / fps,
                                       named: String(format: "frames/timeline-%03d", frame))
            XCTAssertEqual(outcome.status, .matched)
        }
    }
}
