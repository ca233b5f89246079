import Foundation
import RasterFuzzing
import RasterTestSupport
import XCTest

/// Every input saved under `Fixtures/fuzz/TARGET/` (hostile files written by hand and
/// whatever `scripts/fuzz` found) is replayed through the fuzz target it belongs to, as
/// are the fixture scenes and PNGs the fuzzer starts from: each must end without a crash.
final class FuzzRegressionTests: XCTestCase {
    func testSavedInputsRunWithoutCrashing() throws {
        let fm = FileManager.default
        var replayed = 0
        for target in FuzzTarget.allCases {
            let folder = TestFixtures.directory.appendingPathComponent("fuzz/\(target.rawValue)")
            let names = try fm.contentsOfDirectory(atPath: folder.path).sorted()
            XCTAssertFalse(names.isEmpty, "no saved inputs for \(target)")
            for name in names {
                target.run([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
                replayed += 1
            }
        }
        for name in try fm.contentsOfDirectory(atPath: TestFixtures.directory.appendingPathComponent("png/broken").path) {
            FuzzTarget.png.run([UInt8](try Data(contentsOf: TestFixtures.directory.appendingPathComponent("png/broken/\(name)"))))
            replayed += 1
        }
        XCTAssertGreaterThanOrEqual(replayed, 9)
    }
}
