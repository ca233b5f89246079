import Dispatch
import Foundation
import RasterCodecs
import RasterCore
import RasterScene
import RasterTestSupport
import XCTest

/// The same input gives the same bytes: every fixture scene rendered twice in a row
/// (cold, then warm text and glyph caches) and on several threads at once, and the
/// timeline's frames exported in one piece and in concurrent ranges. Each rendering is
/// also byte-for-byte the checked-in reference, so a machine that rasterises or encodes
/// differently fails here.
final class DeterminismTests: XCTestCase {
    private let scenes = TestFixtures.directory.appendingPathComponent("scenes")

    private var sceneFiles: [String] {
        get throws {
            try FileManager.default.contentsOfDirectory(atPath: scenes.path)
                .filter { ["json", "yaml", "yml"].contains(($0 as NSString).pathExtension) }.sorted()
        }
    }

    /// The pixels of every scene (and its PNG bytes when `encode`), rendered by
    /// `threads` workers taking every `threads`-th scene, each decoding its own and
    /// compositing it on `compositorThreads` threads.
    private func renderAll(_ files: [String], threads: Int, compositorThreads: Int = 1,
                           encode: Bool = false) throws -> [String: (pixels: Data, png: Data?, bands: Int)] {
        let results = Locked<[String: Result<(pixels: Data, png: Data?, bands: Int), any Error>]>([:])
        let directory = scenes
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            for index in stride(from: worker, to: files.count, by: threads) {
                let file = files[index]
                let result = Result { () throws -> (pixels: Data, png: Data?, bands: Int) in
                    let scene = try SceneDecoder.decode(contentsOf: directory.appendingPathComponent(file).path)
                    let renderer = SceneRenderer(scene: scene)
                    renderer.host.compositorThreads = compositorThreads
                    let bitmap = try renderer.render()
                    return (Self.pixels(bitmap), encode ? Data(try PNGEncoder.standard.encode(bitmap)) : nil,
                            renderer.host.compositorStatistics?.bands ?? 0)
                }
                results.withLock { $0[file] = result }
            }
        }
        return try results.withLock { all in try all.mapValues { try $0.get() } }
    }

    private static func pixels(_ bitmap: Bitmap) -> Data {
        var data = Data(capacity: bitmap.width * bitmap.height * 4)
        for y in 0..<bitmap.height {
            data.append(UnsafeBufferPointer(start: bitmap.row(y), count: bitmap.width))
        }
        return data
    }

    func testEveryFixture_SameBytesTwiceAndOnAnyThreadCount() throws {
        let files = try sceneFiles
        XCTAssertGreaterThanOrEqual(files.count, 17)
        let first = try renderAll(files, threads: 1, encode: true)
        for file in files {
            let name = (file as NSString).deletingPathExtension
            let reference = try Data(contentsOf: TestFixtures.directory.appendingPathComponent("golden/scenes/\(name).png"))
            XCTAssertEqual(first[file]?.png, reference, "\(file): the bytes of its reference")
        }
        // Warm caches now, shared between threads.
        for threads in [2, 4] {
            let again = try renderAll(files, threads: threads)
            for file in files {
                XCTAssertEqual(again[file]?.pixels, first[file]?.pixels, "\(file) on \(threads) threads")
            }
        }
    }

    func testEveryFixture_CompositedInBands_SameBytesAsOneThread() throws {
        let files = try sceneFiles
        let one = try renderAll(files, threads: 1)
        for compositorThreads in [2, 5] {
            let banded = try renderAll(files, threads: 1, compositorThreads: compositorThreads)
            for file in files {
                XCTAssertEqual(banded[file]?.pixels, one[file]?.pixels, "\(file) composited on \(compositorThreads) threads")
            }
            // The gallery's screens are large enough to be cut into bands.
            let bandedScenes = files.filter { (banded[$0]?.bands ?? 0) > 0 }
            XCTAssertGreaterThanOrEqual(bandedScenes.count, files.count - 2, "composited in bands: \(bandedScenes)")
        }
    }

    func testTimelineFrames_SameBytesInOnePieceAndInConcurrentRanges() throws {
        let path = scenes.appendingPathComponent("timeline.json").path
        let export = FrameExport(scene: try SceneDecoder.decode(contentsOf: path))
        let all = 0...(export.frameCount - 1)
        var serial: [Int: Data] = [:]
        try export.render(all) { index, bitmap in
            serial[index] = Self.pixels(bitmap)
            return true
        }
        for jobs in [3, 4] {
            let chunks = FrameExport.chunks(all, jobs: jobs)
            let frames = Locked<[Int: Data]>([:])
            let failures = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: chunks.count) { job in
                do {
                    try FrameExport(scene: try SceneDecoder.decode(contentsOf: path)).render(chunks[job]) { index, bitmap in
                        let pixels = Self.pixels(bitmap)
                        frames.withLock { $0[index] = pixels }
                        return true
                    }
                } catch {
                    failures.withLock { $0.append("\(chunks[job]): \(error)") }
                }
            }
            XCTAssertEqual(failures.withLock { $0 }, [])
            let concurrent = frames.withLock { $0 }
            XCTAssertEqual(concurrent.count, export.frameCount)
            for index in all where concurrent[index] != serial[index] {
                XCTFail("frame \(index) differs with \(jobs) concurrent ranges")
            }
        }
    }
}
