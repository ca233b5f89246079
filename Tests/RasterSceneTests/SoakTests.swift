import Dispatch
import Foundation
import RasterCodecs
import RasterCore
import RasterScene
import RasterTestSupport
import XCTest

/// Many renders at once through the shared font, glyph and text caches: 8 workers render
/// different fixture scenes concurrently, over and over, for `RENDER_SOAK_SECONDS`
/// (default 4; `scripts/soak` runs minutes) after `RENDER_SOAK_WARMUP` renders (default
/// one per scene; `scripts/soak` 100). Every PNG must be byte for byte the
/// single-threaded reference (the checked-in golden, which `DeterminismTests` renders
/// alone), and resident memory at the end must be within 10 % of what it was after a
/// warm-up of 100 renders (no growth once the caches are warm; the short default run
/// allows 50 %).
final class SoakTests: XCTestCase {
    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func testConcurrentRendersMatchAndMemoryStaysFlat() throws {
        let seconds = Double(ProcessInfo.processInfo.environment["RENDER_SOAK_SECONDS"] ?? "") ?? 4
        let scenes = TestFixtures.directory.appendingPathComponent("scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: scenes.path)
            .filter { ["json", "yaml"].contains(($0 as NSString).pathExtension) }.sorted()
        var table: [String: Data] = [:]
        for file in files {
            let name = (file as NSString).deletingPathExtension
            table[file] = try Data(contentsOf: TestFixtures.directory.appendingPathComponent("golden/scenes/\(name).png"))
        }
        let references = table
        let workers = 8
        let state = Locked<(renders: Int, mismatches: [String], errors: [String])>((0, [], []))
        @Sendable func round(_ worker: Int, _ k: Int) {
            let file = files[(worker + k * workers) % files.count]
            do {
                let scene = try SceneDecoder.decode(contentsOf: scenes.appendingPathComponent(file).path)
                let png = Data(try PNGEncoder.standard.encode(try SceneRenderer(scene: scene).render()))
                state.withLock { s in
                    s.renders += 1
                    if png != references[file] { s.mismatches.append(file) }
                }
            } catch {
                state.withLock { $0.errors.append("\(file): \(error)") }
            }
        }
        func runWorkers(until deadline: Date?, rounds: Int) {
            let group = DispatchGroup()
            for worker in 0..<workers {
                let thread = Thread {
                    var k = 0
                    while k < rounds || (deadline.map { Date() < $0 } ?? false) {
                        round(worker, k)
                        k += 1
                    }
                    group.leave()
                }
                thread.stackSize = 4 << 20
                group.enter()
                thread.start()
            }
            group.wait()
        }
        // Warm-up: `RENDER_SOAK_WARMUP` renders (default one of each scene).
        let warmup = Int(ProcessInfo.processInfo.environment["RENDER_SOAK_WARMUP"] ?? "") ?? files.count
        runWorkers(until: nil, rounds: (max(warmup, files.count) + workers - 1) / workers)
        let warm = Self.residentBytes()
        runWorkers(until: Date().addingTimeInterval(seconds), rounds: 1)
        let end = Self.residentBytes()
        let result = state.withLock { $0 }
        print("soak: \(result.renders) renders on \(workers) threads after a warm-up of \(warmup); resident memory \(warm >> 20) MB after the warm-up, \(end >> 20) MB at the end")
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.mismatches, [], "renders that differ from the single-threaded reference")
        XCTAssertGreaterThan(result.renders, files.count)
        // After a real warm-up (100 renders, as `scripts/soak` does) the bound is 10 %;
        // the suite's short run, warmed by one render per scene while the shared caches
        // still fill, only guards against gross growth.
        let bound = warmup >= 100 ? 1.10 : 1.5
        XCTAssertLessThanOrEqual(Double(end), Double(warm) * bound,
                                 "resident memory grew from \(warm >> 20) MB after warm-up to \(end >> 20) MB after \(result.renders) renders")
    }
}
