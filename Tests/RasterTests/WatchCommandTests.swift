import Foundation
import Raster
import RasterTestSupport
import XCTest

/// `render watch SCENE -o OUT`, run as users run it: OUT follows every save with the bytes
/// `render` writes, a broken scene prints the line `render` prints and leaves OUT as it
/// was, the next good save recovers, and Ctrl-C or SIGTERM ends it with status 0.
final class WatchCommandTests: XCTestCase {
    private var folder: URL!

    private var binary: URL { TestProcess.renderExecutable }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func scene(_ text: String, fill: String) -> String {
        ##"{"canvas": {"width": 120, "height": 60, "scale": 2, "background": "#ffffff"}, "root": {"type": "HStack", "spacing": 8, "children": ["##
            + ##"{"type": "Rectangle", "width": 40, "height": 40, "fill": "\##(fill)"}, {"type": "Text", "text": "\##(text)"}]}}"##
    }

    /// Writes `text` as editors save: to a temporary file renamed over the scene.
    private func save(_ text: String, to path: String) throws {
        let temporary = path + ".tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    }

    /// What `render SCENE -o OUT.png` writes for `text` (bytes), or prints (its error line).
    private func cli(_ text: String) throws -> (png: Data?, error: String) {
        let path = folder.appendingPathComponent("reference.json").path
        let out = folder.appendingPathComponent("reference.png").path
        try? FileManager.default.removeItem(atPath: out)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try TestProcess.run([path, "-o", out], executable: binary)
        return (FileManager.default.contents(atPath: out), run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func waitFor(_ what: String, timeout: TimeInterval = 20, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("timed out waiting for \(what)")
    }

    /// An image the scene names outside its folder is watched too: saving it renders
    /// again, with the bytes `render` writes.
    func testWatch_FollowsAnImageOutsideTheScenesFolder() throws {
        let scenes = folder.appendingPathComponent("scenes"), assets = folder.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        let image = assets.appendingPathComponent("logo.png").path
        let fixtures = TestFixtures.directory.appendingPathComponent("scenes/assets")
        let images = try ["avatar.png", "star-template.png"].map { try Data(contentsOf: fixtures.appendingPathComponent($0)) }
        try images[0].write(to: URL(fileURLWithPath: image))
        let path = scenes.appendingPathComponent("scene.json").path
        let out = folder.appendingPathComponent("out.png").path
        try save(##"{"canvas": {"width": 64, "height": 64}, "root": {"type": "Image", "src": "../assets/logo.png", "width": 64, "height": 64}}"##,
                 to: path)
        func reference() throws -> Data {
            let expected = folder.appendingPathComponent("expected.png").path
            let run = try TestProcess.run([path, "-o", expected], executable: binary)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try Data(contentsOf: URL(fileURLWithPath: expected))
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["watch", path, "-o", out, "--interval", "0.05"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let first = try reference()
        waitFor("the first render") { FileManager.default.contents(atPath: out) == first }
        let temporary = image + ".tmp"
        try images[1].write(to: URL(fileURLWithPath: temporary))
        XCTAssertEqual(rename(temporary, image), 0)
        let second = try reference()
        XCTAssertNotEqual(first, second)
        waitFor("the render after the image outside the folder was saved") { FileManager.default.contents(atPath: out) == second }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testWatch_FollowsEverySaveAndKeepsTheLastGoodImage() throws {
        for stopSignal in [SIGINT, SIGTERM] {
            let path = folder.appendingPathComponent("scene-\(stopSignal).json").path
            let out = folder.appendingPathComponent("out-\(stopSignal).png").path
            let first = scene("One", fill: "#3478f6")
            try save(first, to: path)
            let process = Process()
            process.executableURL = binary
            process.arguments = ["watch", path, "-o", out, "--interval", "0.05"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            let log = Locked("")
            let reader = errors.fileHandleForReading
            let drained = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                while case let data = reader.availableData, !data.isEmpty {
                    log.withLock { $0 += String(decoding: data, as: UTF8.self) }
                }
                drained.signal()
            }
            try process.run()
            defer { if process.isRunning { process.terminate() } }

            let expected1 = try XCTUnwrap(try cli(first).png)
            waitFor("the first render") { FileManager.default.contents(atPath: out) == expected1 }

            let second = scene("Two", fill: "#ff9500")
            try save(second, to: path)
            let expected2 = try XCTUnwrap(try cli(second).png)
            XCTAssertNotEqual(expected1, expected2)
            waitFor("the render after a save") { FileManager.default.contents(atPath: out) == expected2 }

            let broken = second.replacingOccurrences(of: #""Two"}"#, with: #""Two",}"#)
            let reference = try cli(broken)
            XCTAssertNil(reference.png)
            XCTAssertTrue(reference.error.contains("line 1, column"), reference.error)
            try save(broken, to: path)
            // The line `render` prints, with the watched file's name in place of the reference's.
            let line = reference.error.replacingOccurrences(of: folder.appendingPathComponent("reference.json").path, with: path)
            waitFor("the error line") { log.withLock { $0 }.contains(line) }
            XCTAssertEqual(FileManager.default.contents(atPath: out), expected2, "a broken scene leaves the last good image")

            let third = scene("Three", fill: "#34c759")
            try save(third, to: path)
            let expected3 = try XCTUnwrap(try cli(third).png)
            waitFor("the render after the fix") { FileManager.default.contents(atPath: out) == expected3 }

            kill(process.processIdentifier, stopSignal)
            waitFor("the watch to stop", timeout: 5) { !process.isRunning }
            process.waitUntilExit()
            drained.wait()
            XCTAssertEqual(process.terminationReason, .exit, "signal \(stopSignal)")
            XCTAssertEqual(process.terminationStatus, 0, "signal \(stopSignal): \(log.withLock { $0 })")
        }
    }
}
