import Foundation
import GoldenTesting
import Raster
import RasterBench
import RasterTestSupport
import XCTest

/// Timeline playback and frame export: golden frames of the transition scene, and the
/// same bytes for a frame however the export is split.
final class FrameExportTests: XCTestCase {
    private var timelineScene: Scene {
        get throws { try SceneDecoder.decode(contentsOf: TestFixtures.directory.appendingPathComponent("scenes/timeline.json").path) }
    }

    /// The frames of `range` as `render frames` encodes them: bands of unchanged rows
    /// reused from the frame before.
    private func frames(_ export: FrameExport, _ range: ClosedRange<Int>) throws -> [Int: [UInt8]] {
        var out: [Int: [UInt8]] = [:]
        try export.renderPNGs(range) { index, bytes in
            out[index] = bytes
            return true
        }
        return out
    }

    func testDamagedFrames_AreTheBytesOfFramesDrawnWhole() throws {
        var scene = try SceneDecoder().decode(DamageWorkloads.settingsList())
        scene.canvas.scale = 1
        // 0 to 0.45 s at 20 fps: the row pressed at 0.05 s, released at 0.15 s, and its
        // toggle switching until 0.45 s.
        let export = FrameExport(scene: scene, fps: 20)
        XCTAssertEqual(export.frameCount, 10)
        let damaged = try DamageWorkloads.encodeFrames(export, redrawAll: false)
        let whole = try DamageWorkloads.encodeFrames(export, redrawAll: true)
        XCTAssertEqual(damaged.frames, whole.frames)
        XCTAssertEqual(whole.statistics.bandsReused, 0)
        XCTAssertGreaterThan(damaged.statistics.bandsReused, 8 * damaged.statistics.bandsCompressed / 10,
                             "most bands of the later frames are unchanged")
        // Each decodes (libpng) to the frame the player renders and copies.
        try export.render(0...(export.frameCount - 1)) { index, bitmap in
            XCTAssertTrue(try PNGDecoder.decode(damaged.frames[index]).pixelsEqual(bitmap), "frame \(index)")
            return true
        }
        // Pressed at 0.05 and 0.1 s; from 0.2 s on, the toggle moves in every frame.
        let f = damaged.frames
        XCTAssertNotEqual(f[0], f[1])
        XCTAssertEqual(f[1], f[2])
        XCTAssertEqual(Set(f[4...]).count, 6)
        XCTAssertFalse(f[4...].contains(f[0]))
    }

    func testTimelineFrames_MatchTheirGoldens() throws {
        let export = FrameExport(scene: try timelineScene)
        XCTAssertEqual(export.frameCount, 46)
        // 0: start; 9: title changed (spring); 21: Notes fading in while the rows below
        // move; 27: Slides removed; 34: Send highlighted while pressed; 45: "Sent".
        let chosen = [0, 9, 21, 27, 34, 45]
        try export.render(0...45) { index, bitmap in
            if chosen.contains(index) {
                assertGolden(of: bitmap, named: String(format: "frames/timeline-%03d", index))
            }
            return true
        }
    }

    func testFrames_AreTheSameForAnyJobsAndRanges() throws {
        let export = FrameExport(scene: try timelineScene)
        let all = try frames(export, 0...45)
        // Split across three ranges (as three jobs or machines would render them).
        var split: [Int: [UInt8]] = [:]
        for chunk in FrameExport.chunks(0...45, jobs: 3) {
            split.merge(try frames(export, chunk)) { a, _ in a }
        }
        XCTAssertEqual(FrameExport.chunks(0...45, jobs: 3), [0...14, 15...29, 30...45])
        XCTAssertEqual(split.count, 46)
        for i in 0...45 { XCTAssertEqual(split[i], all[i], "frame \(i)") }
        // A range alone, starting mid-animation, and a single frame.
        let alone = try frames(export, 22...24)
        for i in 22...24 { XCTAssertEqual(alone[i], all[i], "frame \(i) alone") }
        XCTAssertEqual(try frames(export, 35...35)[35], all[35])
        // Frames differ where the scene moves.
        XCTAssertNotEqual(all[20], all[22])
    }

    /// The chunk types of a PNG file in order.
    static func chunkTypes(_ png: [UInt8]) throws -> [String] {
        var types: [String] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            types.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + length
        }
        XCTAssertEqual(i, png.count, "the chunks end with the file")
        return types
    }

    func testAnimatedPNG_HoldsEveryFrame() throws {
        let export = FrameExport(scene: try timelineScene)
        let pngs = try frames(export, 0...3).sorted { $0.key < $1.key }.map(\.value)
        let apng = try APNGWriter.assemble(pngs, delay: 1 / export.fps)
        // Chunk types in order: the first frame's data is IDAT, later ones fdAT.
        let types = try Self.chunkTypes(apng)
        XCTAssertEqual(types.first, "IHDR")
        XCTAssertEqual(types[1], "acTL")
        XCTAssertEqual(types.filter { $0 == "fcTL" }.count, 4)
        // Every image data chunk of a later frame (one per band of rows) becomes an fdAT.
        let dataChunks = try pngs.map { try Self.chunkTypes($0).filter { $0 == "IDAT" }.count }
        XCTAssertGreaterThan(dataChunks[0], 2)
        XCTAssertEqual(types.filter { $0 == "IDAT" }.count, dataChunks[0])
        XCTAssertEqual(types.filter { $0 == "fdAT" }.count, dataChunks[1...].reduce(0, +))
        XCTAssertEqual(types.last, "IEND")
        // Viewers without APNG show the first frame.
        XCTAssertTrue(try PNGDecoder.decode(apng).pixelsEqual(try PNGDecoder.decode(pngs[0])))
        XCTAssertThrowsError(try APNGWriter.assemble([pngs[0], Array(pngs[1].prefix(20))], delay: 0.1))
    }

    func testEvents_LeaveUnchangedNodesAlone_ImagesIncluded() throws {
        let json = #"""
        {"canvas": {"width": 200, "height": 100},
         "root": {"type": "HStack", "children": [
           {"type": "Image", "id": "photo", "src": "assets/avatar.png", "width": 40, "height": 40},
           {"type": "Text", "id": "label", "text": "before"}]},
         "animation": {"duration": 1, "fps": 10, "events": [{"at": 0.5, "set": {"label": {"text": "after"}}}]}}
        """#
        let scene = try SceneDecoder().decode(Data(json.utf8), baseDirectory: TestFixtures.directory.appendingPathComponent("scenes").path)
        let player = ScenePlayer(scene: scene)
        _ = try player.frame(at: 0.4)
        let images = player.renderer.host.statistics.updates(of: "Image")
        let nodes = player.renderer.host.statistics.updates(of: "SceneNode")
        _ = try player.frame(at: 0.6)
        XCTAssertEqual(player.renderer.host.statistics.updates(of: "Image"), images, "the image node was updated again")
        // The label's node (which draws its text on its own layer), not the photo's.
        XCTAssertEqual(player.renderer.host.statistics.updates(of: "SceneNode"), nodes + 1)
    }
}
