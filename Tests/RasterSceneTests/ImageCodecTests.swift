import Foundation
import RasterCodecs
import RasterCore
import RasterScene
import RasterTestSupport
import RasterText
import XCTest

/// JPEG and WebP, written and read, checked against the reference decoders and encoders
/// of their libraries (djpeg, dwebp and cwebp, from libjpeg-turbo-progs and webp).
final class ImageCodecTests: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-codecs-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a reference tool; its standard output.
    private func tool(_ arguments: [String]) throws -> Data { try TestProcess.tool(arguments) }

    struct CodecError: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    /// A netpbm image (P6 RGB or P7 RGB_ALPHA) as straight RGBA bytes.
    private func netpbm(_ data: Data) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let bytes = [UInt8](data)
        var i = 0
        var tokens: [String] = []
        func token() -> String {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            let start = i
            while i < bytes.count, !(bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09) { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        let magic = token()
        var width = 0, height = 0, depth = 3
        if magic == "P6" {
            width = Int(token()) ?? 0
            height = Int(token()) ?? 0
            _ = token()
        } else if magic == "P7" {
            while true {
                let key = token()
                tokens.append(key)
                if key == "ENDHDR" { break }
                let value = token()
                if key == "WIDTH" { width = Int(value) ?? 0 }
                if key == "HEIGHT" { height = Int(value) ?? 0 }
                if key == "DEPTH" { depth = Int(value) ?? 0 }
            }
        } else {
            throw CodecError("not a netpbm image: \(magic)")
        }
        i += 1
        let body = Array(bytes[i...])
        guard body.count >= width * height * depth else { throw CodecError("short netpbm image") }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for p in 0..<(width * height) {
            for c in 0..<depth { rgba[4 * p + c] = body[depth * p + c] }
        }
        return (width, height, rgba)
    }

    /// A scene with gradients, text and transparent corners, straight RGBA.
    private func sample() throws -> Bitmap {
        let scene = try SceneDecoder(fontSet: .bundled).decode(contentsOf: TestFixtures.path("scenes/shapes-card.json"))
        return try SceneRenderer(scene: scene).render()
    }

    private func straight(_ bitmap: Bitmap) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bitmap.width * bitmap.height * 4)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let c = bitmap[x, y].unpremultiplied
                out += [c.r, c.g, c.b, c.a]
            }
        }
        return out
    }

    /// Lossless WebP keeps every pixel: dwebp decodes our file to the rendered pixels
    /// (colour under full transparency aside), and our decoder reads what cwebp writes as
    /// dwebp does.
    func testWebP_LosslessRoundTripsThroughTheReference() throws {
        let bitmap = try sample()
        let file = folder.appendingPathComponent("card.webp")
        try Data(try ImageEncoder(format: .webp).encode(bitmap)).write(to: file)
        let reference = try netpbm(try tool(["dwebp", file.path, "-pam", "-o", "-"]))
        XCTAssertEqual(reference.width, bitmap.width)
        let ours = straight(bitmap)
        var differing = 0
        for p in 0..<(bitmap.width * bitmap.height) where ours[4 * p + 3] != 0 || reference.rgba[4 * p + 3] != 0 {
            if ours[(4 * p)..<(4 * p + 4)] != reference.rgba[(4 * p)..<(4 * p + 4)] { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        // Ours reads cwebp's files (lossless and lossy) as dwebp does.
        let png = folder.appendingPathComponent("card.png")
        try Data(try bitmap.pngData()).write(to: png)
        for options in [["-lossless"], ["-q", "75"]] {
            let encoded = folder.appendingPathComponent("cwebp.webp")
            _ = try tool(["cwebp", "-quiet"] + options + [png.path, "-o", encoded.path])
            let decoded = try ImageDecoder.decode(contentsOf: encoded.path)
            let expected = try netpbm(try tool(["dwebp", encoded.path, "-pam", "-o", "-"]))
            let got = straight(decoded)
            var mismatches = 0
            for p in 0..<(decoded.width * decoded.height) where expected.rgba[4 * p + 3] != 0 {
                // Premultiplied storage rounds the colour of translucent pixels.
                for c in 0..<4 where abs(Int(got[4 * p + c]) - Int(expected.rgba[4 * p + c])) > (expected.rgba[4 * p + 3] == 255 ? 0 : 2) {
                    mismatches += 1
                }
            }
            XCTAssertEqual(mismatches, 0, "\(options)")
        }
    }

    /// JPEG at quality 90 is close to the render (PSNR over 30 dB on an opaque scene),
    /// and our decoder gives exactly djpeg's pixels for the same file.
    func testJPEG_EncodesCloseAndDecodesAsDjpeg() throws {
        let scene = try SceneDecoder(fontSet: .bundled).decode(contentsOf: TestFixtures.path("scenes/gradients.json"))
        let bitmap = try SceneRenderer(scene: scene).render()
        let file = folder.appendingPathComponent("g.jpg")
        let bytes = try ImageEncoder(format: .jpeg).encode(bitmap)
        XCTAssertEqual(ImageFormat.sniff(bytes), .jpeg)
        try Data(bytes).write(to: file)
        let reference = try netpbm(try tool(["djpeg", "-pnm", file.path]))
        let ours = straight(bitmap)
        var squared = 0.0
        for p in 0..<(bitmap.width * bitmap.height) {
            // Alpha is not stored: the premultiplied colour over black.
            let a = Double(ours[4 * p + 3]) / 255
            for c in 0..<3 {
                let d = Double(ours[4 * p + c]) * a - Double(reference.rgba[4 * p + c])
                squared += d * d
            }
        }
        let psnr = 10 * log10(255 * 255 / (squared / Double(bitmap.width * bitmap.height * 3)))
        XCTAssertGreaterThan(psnr, 30)
        let decoded = try ImageDecoder.decode(contentsOf: file.path)
        XCTAssertEqual(straight(decoded), reference.rgba)
        // Lower quality, smaller file.
        XCTAssertLessThan(try ImageEncoder(format: .jpeg, quality: 40).encode(bitmap).count, bytes.count)
    }

    /// The fixture images (baseline and progressive JPEG, lossy and lossless WebP with
    /// alpha) read as the libraries' own tools read them.
    func testFixtureImages_DecodeAsTheReferenceTools() throws {
        let folder = TestFixtures.directory.appendingPathComponent("images")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(files.count, 4)  // the SVG fixtures are in svg/
        for file in files {
            let path = folder.appendingPathComponent(file).path
            let ours = straight(try ImageDecoder.decode(contentsOf: path))
            let reference = try netpbm(try tool(file.hasSuffix(".jpg") ? ["djpeg", "-pnm", path] : ["dwebp", path, "-pam", "-o", "-"]))
            XCTAssertEqual(ours.count, reference.rgba.count, file)
            var worst = 0
            for i in 0..<min(ours.count, reference.rgba.count) where reference.rgba[i | 3] != 0 {
                // Premultiplied storage rounds the colour of translucent pixels by at most 2.
                worst = max(worst, abs(Int(ours[i]) - Int(reference.rgba[i])) - (reference.rgba[i | 3] == 255 ? 0 : 2))
            }
            XCTAssertLessThanOrEqual(worst, 0, file)
        }
    }

    /// An SVG image node is drawn by librsvg at the canvas's scale: at 2x and 5x its
    /// pixels are rsvg-convert's for the same size (within premultiplied rounding), and
    /// a broken SVG is one clear error.
    func testSVG_DrawnAtTheCanvasScaleAsRsvgConvertDrawsIt() throws {
        let svg = TestFixtures.path("svg/badge.svg")
        for scale in [2.0, 5.0] {
            let json = #"{"canvas": {"width": 48, "height": 48, "scale": \#(scale)}, "root": {"type": "Image", "src": "\#(svg)", "width": 48}}"#
            let scene = try SceneDecoder(fontSet: .bundled).decode(Data(json.utf8))
            let ours = try SceneRenderer(scene: scene).render()
            let side = Int(48 * scale)
            let png = folder.appendingPathComponent("rsvg-\(side).png")
            _ = try tool(["rsvg-convert", "-w", "\(side)", "-h", "\(side)", svg, "-o", png.path])
            let reference = try ImageDecoder.decode(contentsOf: png.path)
            XCTAssertEqual(ours.width, reference.width)
            var worst = 0
            for y in 0..<side {
                for x in 0..<side {
                    let a = ours[x, y], b = reference[x, y]
                    worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                }
            }
            XCTAssertLessThanOrEqual(worst, 1, "at \(scale)x")
        }
        let broken = folder.appendingPathComponent("broken.svg")
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect".utf8).write(to: broken)
        let json = #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Image", "src": "\#(broken.path)"}}"#
        XCTAssertThrowsError(try SceneDecoder().decode(Data(json.utf8))) { error in
            XCTAssertTrue("\(error)".hasPrefix("root.src: cannot read the image "), "\(error)")
            XCTAssertTrue("\(error)".contains("invalid SVG"), "\(error)")
        }
    }

    /// Only the part of an SVG that the canvas shows is rendered: a 3,000-pixel badge seen
    /// through a 120-pixel canvas has rsvg-convert's pixels of the full 3,000-pixel render
    /// there, and a document of 40,000 x 40,000 points (1.6 billion pixels, far past the
    /// raster limit) still draws its visible part: the edge between its red and blue
    /// halves falls exactly where the geometry puts it.
    func testSVG_OnlyTheVisiblePartIsRendered_HoweverLargeTheDocument() throws {
        let svg = TestFixtures.path("svg/badge.svg")
        let json = #"{"canvas": {"width": 120, "height": 120, "alignment": "topLeading"}, "root": {"type": "Image", "src": "\#(svg)", "width": 3000, "height": 3000, "offset": [-1400, -1300]}}"#
        let ours = try SceneRenderer(scene: try SceneDecoder(fontSet: .bundled).decode(Data(json.utf8))).render()
        let png = folder.appendingPathComponent("rsvg-3000.png")
        _ = try tool(["rsvg-convert", "-w", "3000", "-h", "3000", svg, "-o", png.path])
        let reference = try ImageDecoder.decode(contentsOf: png.path)
        var worst = 0, covered = 0
        for y in 0..<120 {
            for x in 0..<120 {
                let a = ours[x, y], b = reference[x + 1400, y + 1300]
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                if b.a > 0 { covered += 1 }
            }
        }
        XCTAssertGreaterThan(covered, 120 * 60, "the window shows the badge")
        XCTAssertLessThanOrEqual(worst, 1)

        let halves = folder.appendingPathComponent("halves.svg")
        try Data("""
        <svg xmlns='http://www.w3.org/2000/svg' width='100' height='100' viewBox='0 0 100 100'>
        <rect x='0' y='0' width='50' height='100' fill='#ff0000'/><rect x='50' y='0' width='50' height='100' fill='#0000ff'/></svg>
        """.utf8).write(to: halves)
        let huge = #"{"canvas": {"width": 200, "height": 100, "alignment": "topLeading"}, "root": {"type": "Image", "src": "\#(halves.path)", "width": 40000, "height": 40000, "offset": [-19900, -20000]}}"#
        let big = try SceneRenderer(scene: try SceneDecoder(fontSet: .bundled).decode(Data(huge.utf8))).render()
        for y in [0, 50, 99] {
            for x in [0, 99] { XCTAssertEqual(big[x, y], PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "(\(x), \(y))") }
            for x in [100, 199] { XCTAssertEqual(big[x, y], PremultipliedColor(r: 0, g: 0, b: 255, a: 255), "(\(x), \(y))") }
        }

        // A visible part wider than one render takes (20,000 pixels against 16,384) is
        // drawn in tiles: red up to the middle, blue after it, nothing left out.
        let wide = #"{"canvas": {"width": 20000, "height": 4, "alignment": "topLeading"}, "root": {"type": "Image", "src": "\#(halves.path)", "width": 20000, "height": 20000, "contentMode": "stretch", "offset": [0, -10000]}}"#
        let strip = try SceneRenderer(scene: try SceneDecoder(fontSet: .bundled).decode(Data(wide.utf8))).render()
        XCTAssertGreaterThan(20_000, SVGDocument.maxWindowSide)
        for x in [0, 9_000, 9_999] { XCTAssertEqual(strip[x, 2], PremultipliedColor(r: 255, g: 0, b: 0, a: 255), "(\(x), 2)") }
        for x in [10_000, 16_383, 16_384, 19_999] { XCTAssertEqual(strip[x, 2], PremultipliedColor(r: 0, g: 0, b: 255, a: 255), "(\(x), 2)") }
    }

    /// Headers are read before pixel memory is taken; bad data is an error, not a crash.
    func testLimitsAndCorruptData() throws {
        let bitmap = try sample()
        for format in [ImageFormat.jpeg, .webp] {
            let bytes = try ImageEncoder(format: format).encode(bitmap)
            XCTAssertThrowsError(try ImageDecoder.decode(bytes, maxPixels: 100)) { error in
                XCTAssertEqual((error as? PNGError)?.kind, .tooLarge, "\(format)")
            }
            XCTAssertThrowsError(try ImageDecoder.decode(Array(bytes.prefix(bytes.count / 3)))) { error in
                XCTAssertNotNil(error as? PNGError, "\(format)")
            }
        }
        XCTAssertThrowsError(try ImageDecoder.decode(Array("GIF89a....".utf8))) { error in
            XCTAssertEqual("\(error)", "not a PNG, JPEG or WebP image")
        }
        XCTAssertEqual(try ImageFormat.named(byExtensionOf: "a/b.JPEG"), .jpeg)
        XCTAssertThrowsError(try ImageFormat.named(byExtensionOf: "out.gif")) { error in
            XCTAssertEqual("\(error)", "cannot tell an image format from '.gif' (known: .png, .jpg, .jpeg, .webp)")
        }
        XCTAssertNil(try ImageFormat.named(byExtensionOf: "/dev/null"))
    }
}
