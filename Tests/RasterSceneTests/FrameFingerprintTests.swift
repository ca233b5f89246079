import Foundation
import RasterCodecs
import RasterCore
import RasterScene
import XCTest

/// What a frames folder remembers of its export (`FrameExport.fingerprint`).
final class FrameFingerprintTests: XCTestCase {
    func testFingerprintFollowsEverythingThePixelsDependOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        func writeImage(_ color: Color) throws {
            let png = try PNGEncoder.standard.encode(try Bitmap(width: 2, height: 2, color: color.premultiplied))
            try Data(png).write(to: folder.appendingPathComponent("img.png"))
        }
        func print(_ json: String, settings: String = "fast", fps: Double? = nil) throws -> String {
            let scene = try SceneDecoder().decode(Data(json.utf8), baseDirectory: folder.path)
            return FrameExport(scene: scene, fps: fps).fingerprint(settings: settings)
        }
        let json = #"{"canvas": {"width": 4, "height": 4}, "root": {"type": "Image", "src": "img.png"}}"#
        try writeImage(.red)
        let base = try print(json)
        XCTAssertEqual(base.count, 64)
        XCTAssertEqual(try print(json), base, "the same export")
        XCTAssertNotEqual(try print(json, settings: "compact"), base)
        XCTAssertNotEqual(try print(json, fps: 24), base)
        XCTAssertNotEqual(try print(json.replacingOccurrences(of: #""width": 4"#, with: #""width": 5"#)), base)
        try writeImage(.blue)
        XCTAssertNotEqual(try print(json), base, "the same file name with other pixels")
    }
}
