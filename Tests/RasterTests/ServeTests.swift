import Foundation
import RasterTestSupport
import XCTest

/// `render serve` end to end in headless Chromium: `scripts/serve_test.py` drives the page
/// through chromedriver and checks it against the command line (the PNG bytes of `render`
/// and `render frames`, the error line, `render layout`), the files served, malformed
/// requests and the exit on SIGTERM. Chromium, chromedriver and selenium come from
/// `scripts/deps.sh`; when one is missing the script fails, and so does this test.
final class ServeTests: XCTestCase {
    func testServe_InAHeadlessBrowser() throws {
        let binary = TestProcess.renderExecutable
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "the render executable is not built at \(binary.path)")
        let script = TestFixtures.directory.deletingLastPathComponent().appendingPathComponent("scripts/serve_test.py").path
        let run = try TestProcess.run(["python3", script, "--render", binary.path])
        let summary = run.text.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(run.status, 0, "scripts/serve_test.py failed:\n\(run.text.suffix(3000))\n\(run.stderr.suffix(2000))")
        XCTAssertTrue(summary.hasSuffix(" passed, 0 failed") && !summary.hasPrefix("0 passed"), "unexpected summary: \(summary)")
    }
}
