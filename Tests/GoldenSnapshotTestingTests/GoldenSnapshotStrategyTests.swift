import Foundation
import GoldenSnapshotTesting
import GoldenTesting
import RasterCodecs
import RasterComponents
import RasterCore
import RasterScene
import RasterTestSupport
import SnapshotTesting
import XCTest

/// The `.image` strategies for swift-snapshot-testing: components, scenes, scene files
/// and bitmaps, recorded and compared through `verifySnapshot`.
final class GoldenSnapshotStrategyTests: XCTestCase {
    private var folder: URL!
    private var failures: [String] = []
    private var capturesFailures = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        if capturesFailures {
            failures.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    override func setUp() {
        super.setUp()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-snapshot-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func badge(_ color: Color) -> AnyComponent<Empty> {
        AnyComponent(RoundedRectangle(cornerRadius: 6, fill: .color(.fixed(color)), width: 30, height: 18)).padding(4)
    }

    private func verify<Value>(_ value: Value, as strategy: Snapshotting<Value, SnapshotImage>, named name: String,
                               record: SnapshotTestingConfiguration.Record) -> String? {
        verifySnapshot(of: value, as: strategy, named: name, record: record, snapshotDirectory: folder.path,
                       testName: "strategy")
    }

    func testComponentStrategy_RecordsThenComparesUnderItsTolerance() throws {
        let strategy = Snapshotting<AnyComponent<Empty>, SnapshotImage>.image(size: Size(38, 26), scale: 2)
        let recorded = verify(badge(.blue), as: strategy, named: "badge", record: .missing)
        XCTAssertTrue(recorded?.contains("No reference was found on disk") == true, recorded ?? "nil")
        let file = folder.appendingPathComponent("strategy.badge.png")
        let stored = try PNGDecoder.decode(contentsOf: file.path)
        XCTAssertEqual(stored.width, 76)
        XCTAssertTrue(stored.pixelsEqual(try GoldenRendering.render(badge(.blue), size: Size(38, 26), scale: 2)))
        XCTAssertNil(verify(badge(.blue), as: strategy, named: "badge", record: .never))

        let faint = badge(Color(r: 0, g: 0, b: 250))
        let failure = verify(faint, as: strategy, named: "badge", record: .never)
        XCTAssertTrue(failure?.contains("image does not match its reference") == true, failure ?? "nil")
        XCTAssertTrue(failure?.contains("pixels differ") == true)
        let tolerant = Snapshotting<AnyComponent<Empty>, SnapshotImage>.image(size: Size(38, 26), scale: 2,
                                                                              tolerance: .perceptual())
        XCTAssertNil(verify(faint, as: tolerant, named: "badge", record: .never))
    }

    func testSceneStrategies_MatchTheProjectsReference() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let golden = TestFixtures.directory.appendingPathComponent("golden/scenes/shapes-card.png")
        try FileManager.default.copyItem(at: golden, to: folder.appendingPathComponent("strategy.card.png"))
        let url = TestFixtures.directory.appendingPathComponent("scenes/shapes-card.json")
        XCTAssertNil(verify(url, as: .sceneImage(), named: "card", record: .never))
        XCTAssertNil(verify(try SceneDecoder.decode(contentsOf: url.path), as: .image, named: "card", record: .never))
        // At another scale the sizes differ.
        let scaled = verify(url, as: .sceneImage(scale: 1), named: "card", record: .never)
        XCTAssertTrue(scaled?.contains("the sizes differ") == true, scaled ?? "nil")
    }

    func testProblems_FailTheTestAndBecomeTheMessage() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("strategy.junk.png"))
        let bitmap = try Bitmap(width: 4, height: 4, color: Color.white.premultiplied)
        let unreadable = verify(bitmap, as: .image, named: "junk", record: .never)
        XCTAssertTrue(unreadable?.contains("cannot read the reference image") == true, unreadable ?? "nil")

        // A subject that cannot render fails the test at once, reference or not.
        capturesFailures = true
        _ = verify(URL(fileURLWithPath: "/nonexistent/scene.json"), as: .sceneImage(), named: "x", record: .never)
        _ = verify(badge(.red), as: .image(size: Size(-1, 10)), named: "bad", record: .never)
        capturesFailures = false
        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(failures.first?.contains("/nonexistent/scene.json: cannot read the scene file") == true, failures.first ?? "")
        XCTAssertTrue(failures.last?.contains("cannot render the snapshot subject: size: expected finite") == true,
                      failures.last ?? "")
    }
}
