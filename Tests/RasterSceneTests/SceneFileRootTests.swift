import Foundation
import RasterCodecs
import RasterCore
import RasterScene
import RasterTestSupport
import XCTest

/// `fileRoot` (`render --root DIR`): every file a scene names stays inside one folder.
final class SceneFileRootTests: XCTestCase {
    private var base: URL!

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("render-root-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: base.appendingPathComponent("root/sub"), withIntermediateDirectories: true)
        try fm.createDirectory(at: base.appendingPathComponent("outside"), withIntermediateDirectories: true)
        let png = try PNGEncoder.standard.encode(try Bitmap(width: 2, height: 2, color: Color.red.premultiplied))
        for file in ["root/img.png", "root/sub/img.png", "outside/secret.png"] {
            try Data(png).write(to: base.appendingPathComponent(file))
        }
        try fm.createSymbolicLink(atPath: base.appendingPathComponent("root/link.png").path,
                                  withDestinationPath: base.appendingPathComponent("outside/secret.png").path)
        try fm.createSymbolicLink(atPath: base.appendingPathComponent("root/away").path,
                                  withDestinationPath: base.appendingPathComponent("outside").path)
        try fm.createSymbolicLink(atPath: base.appendingPathComponent("root/inner.png").path, withDestinationPath: "sub/img.png")
    }

    override func tearDownWithError() throws {
        if let base { try? FileManager.default.removeItem(at: base) }
    }

    private func decode(src: String, root: Bool = true, fonts: String? = nil) throws -> Scene {
        let fontMap = fonts.map { #""fonts": {"Brand": "\#($0)"}, "# } ?? ""
        let json = #"{\#(fontMap)"canvas": {"width": 4, "height": 4}, "root": {"type": "Image", "src": "\#(src)"}}"#
        let folder = base.appendingPathComponent("root").path
        return try SceneDecoder(fileRoot: root ? folder : nil).decode(Data(json.utf8), baseDirectory: folder)
    }

    func testFilesStayInsideTheRoot() throws {
        XCTAssertNoThrow(try decode(src: "img.png"))
        XCTAssertNoThrow(try decode(src: "sub/img.png"))
        XCTAssertNoThrow(try decode(src: "inner.png"), "a link that stays inside")
        let refused: [(String, String)] = [
            (base.appendingPathComponent("outside/secret.png").path, "is an absolute path; files must be named relative to the scene"),
            ("../outside/secret.png", "names a parent folder ('..')"),
            ("sub/../img.png", "names a parent folder ('..')"),
            ("link.png", "leads outside"),
            ("away/secret.png", "leads outside"),
            ("away/nothing.png", "leads outside"),
        ]
        for (src, message) in refused {
            XCTAssertThrowsError(try decode(src: src), src) { error in
                XCTAssertTrue("\(error)".hasPrefix("root.src: '"), "\(error)")
                XCTAssertTrue("\(error)".contains(message), "expected '\(message)' in \(error)")
            }
        }
        // A missing file inside the root is the usual read error.
        XCTAssertThrowsError(try decode(src: "missing.png")) { error in
            XCTAssertTrue("\(error)".contains("cannot read the image"), "\(error)")
        }
        // The fonts map too.
        XCTAssertThrowsError(try decode(src: "img.png", fonts: "../outside/font.ttf")) { error in
            XCTAssertTrue("\(error)".hasPrefix("fonts.Brand: '../outside/font.ttf' names a parent folder"), "\(error)")
        }
        // Without a root, the same paths are read (relative to the scene's folder).
        XCTAssertNoThrow(try decode(src: "../outside/secret.png", root: false))
        XCTAssertNoThrow(try decode(src: "link.png", root: false))
    }

    /// `Scene.files` names every file the scene reads (what `render serve` watches and
    /// serves), including an image only a timeline event inserts, and nothing else.
    func testFiles_ListsEveryFileTheSceneNames() throws {
        let folder = base.appendingPathComponent("root").path
        let font = TestFixtures.directory.deletingLastPathComponent().appendingPathComponent("Sources/CEmbeddedFonts/Fonts/DejaVuSans.ttf").path
        let json = #"""
        {"fonts": {"Brand": "\#(font)"}, "canvas": {"width": 4, "height": 4},
         "root": {"type": "ZStack", "id": "z", "children": [{"type": "Image", "src": "img.png"}, {"type": "Rectangle", "fill": "red"}]},
         "animation": {"duration": 1, "events": [{"at": 0.5, "insert": {"parent": "z", "node": {"type": "Image", "src": "sub/img.png"}}}]}}
        """#
        let scene = try SceneDecoder().decode(Data(json.utf8), baseDirectory: folder)
        XCTAssertEqual(scene.files, [font, folder + "/img.png", folder + "/sub/img.png"].sorted())
        let plain = try decode(src: "inner.png")
        XCTAssertEqual(plain.files, [folder + "/inner.png"])
    }
}
