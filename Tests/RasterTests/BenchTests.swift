import Raster
import RasterBench
import XCTest

final class BenchTests: XCTestCase {
    func testLCG_MatchesTheSpecifiedCheckValues() {
        var rng = LCG(seed: 1)
        XCTAssertEqual([rng.nextU32(), rng.nextU32(), rng.nextU32()], [1_015_568_748, 1_586_005_467, 2_165_703_038])
    }

    func testFirstW1Rect_MatchesTheSpecifiedCheckValues() {
        var rng = LCG(seed: 1)
        let w = rng.uniform(20, 200), h = rng.uniform(20, 200)
        let x = rng.uniform(0, 1920 - w), y = rng.uniform(0, 1080 - h)
        let r = min(rng.uniform(4, 24), min(w, h) / 2)
        let c = rng.colorRGBAHalf()
        XCTAssertEqual(x, 936.5983147411923, accuracy: 1e-9)
        XCTAssertEqual(y, 700.3235703188534, accuracy: 1e-9)
        XCTAssertEqual(w, 62.561994548887014, accuracy: 1e-9)
        XCTAssertEqual(h, 86.4687212696299, accuracy: 1e-9)
        XCTAssertEqual(r, 5.010872572660446, accuracy: 1e-9)
        XCTAssertEqual(c, Color255(r: 94, g: 198, b: 142, a: 255))
        // The generator the workloads use produces the same first shape.
        let first = Workloads.w1Shapes(width: 1920, height: 1080)[0]
        XCTAssertEqual(first.1, Color(r: 94, g: 198, b: 142))
        XCTAssertEqual(first.0.controlPointBounds!.minX, 936.5983147411923, accuracy: 1e-9)
    }
}

final class BandedWorkloadTests: XCTestCase {
    /// Every drawing workload drawn by more threads than this machine has cores, in
    /// bands of rows that do not divide the height evenly, has the bytes of one thread's
    /// drawing.
    func testDrawingWorkloads_InBands_HaveTheBytesOfOneThread() throws {
        for name in ["W1", "W2", "W3", "W4", "W5", "W6", "W7"] {
            let workload = try XCTUnwrap(try Workloads.make(name))
            let one = try Bitmap(width: workload.width, height: workload.height, color: Color.white.premultiplied)
            workload.draw(Canvas(bitmap: one))
            let banded = try Bitmap(width: workload.width, height: workload.height, color: Color.white.premultiplied)
            Canvas.drawInBands(banded, threads: 3, bands: 17, workload.draw)
            XCTAssertTrue(banded.pixelsEqual(one), name)
        }
    }
}

final class ScreenWorkloadTests: XCTestCase {
    /// A gallery screen from file to PNG, split into every stage, the stages within the
    /// run's time and the text and contents rasterized anew in each run.
    func testScreenWorkload_SplitsItsRunIntoEveryStage() throws {
        let workload = try XCTUnwrap(try Workloads.make("S4"))
        var runner = BenchRunner()
        runner.timedRuns = 1 // one timed run: its stages are the medians
        let result = try runner.run(workload)
        XCTAssertEqual(result.stages.map(\.name), ScreenWorkloads.stages)
        XCTAssertEqual(result.firstStages.map(\.name), ScreenWorkloads.stages)
        // What the process does once before its first text, timed step by step.
        XCTAssertEqual(result.startup.map(\.name), ["fonts", "fontconfig", "ICU"])
        for stage in result.stages { XCTAssertGreaterThan(stage.ms, 0, stage.name) }
        let total = result.stages.reduce(0) { $0 + $1.ms }
        XCTAssertLessThanOrEqual(total, result.medianMS)
        XCTAssertGreaterThan(total, result.medianMS * 0.5, "the stages are most of the run")
        // The PNG is the scene's.
        let scene = try SceneDecoder.decode(contentsOf: "Fixtures/scenes/flex-dashboard.json")
        XCTAssertEqual(result.bytes, try PNGEncoder.standard.encode(try SceneRenderer(scene: scene).render()).count)
    }
}

final class CompositorWorkloadTests: XCTestCase {
    /// C1's one-frame render of a 1920 x 1080 frame with 50 layers of drawings keeps no
    /// raster between layers, so it needs under four times the frame's own pixels (the
    /// frame and the raster being drawn); a kept cache would hold all 50.
    func testOneFrameOfFiftyLayers_NeedsUnderFourFrames() throws {
        let root = CompositorWorkloads.fiftyLayers()
        let size = Size(width: 1920, height: 1080), frameBytes = 1920 * 1080 * 4
        let once = Compositor.estimatedBytes(of: root, size: size, scale: 1, rasterCacheLimit: 0)
        XCTAssertLessThan(once, 4 * frameBytes)
        XCTAssertGreaterThan(Compositor.estimatedBytes(of: root, size: size, scale: 1), once + 40 * 400 * 300 * 4,
                             "a cache keeps the rasters")
        let compositor = try Compositor(size: size, scale: 1, background: .white)
        compositor.rasterCacheLimit = 0
        compositor.render(root)
        XCTAssertEqual(compositor.statistics.rasterizations, 50)
        let kept = try Compositor(size: size, scale: 1, background: .white)
        kept.render(root)
        XCTAssertTrue(kept.frame.pixelsEqual(compositor.frame), "keeping rasters or not, the same pixels")
        // In bands, a raster per thread at most beside the shared ones in flight.
        for threads in [2, 8] {
            XCTAssertLessThan(Compositor.estimatedBytes(of: root, size: size, scale: 1, rasterCacheLimit: 0, threads: threads),
                              4 * frameBytes, "\(threads) threads")
        }
        let banded = try Compositor(size: size, scale: 1, background: .white)
        banded.rasterCacheLimit = 0
        banded.threads = 2
        banded.render(root)
        XCTAssertGreaterThan(banded.statistics.bands, 0)
        XCTAssertTrue(banded.frame.pixelsEqual(compositor.frame), "on two threads, the same pixels")
    }
}
