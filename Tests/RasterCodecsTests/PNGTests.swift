import Foundation
import RasterCodecs
import RasterCore
import RasterTestSupport
import XCTest

final class PNGTests: XCTestCase {
    private func fixture(_ path: String) -> String { TestFixtures.directory.appendingPathComponent("png/\(path)").path }

    func testEncodeDecode_RoundTripsEveryMode() throws {
        let b = try Bitmap(width: 37, height: 23)
        for y in 0..<23 { for x in 0..<37 {
            b[x, y] = Color(r: UInt8(x * 7), g: UInt8(y * 11), b: UInt8((x * y) & 255), a: UInt8((x + y) * 4)).premultiplied
        } }
        for encoder in [PNGEncoder.standard, .fast, PNGEncoder(filter: .none, compression: .deflate(level: 0)),
                        PNGEncoder(filter: .paeth, compression: .deflate(level: 12)), PNGEncoder(filter: .up, compression: .runLength)]
            + PNGEncoder.FilterStrategy.allCases.map({ PNGEncoder(filter: $0) }) {
            let back = try PNGDecoder.decode(try encoder.encode(b))
            XCTAssertTrue(back.pixelsEqual(b), "\(encoder)")
        }
    }

    func testDecode_EveryColorTypeAndDepth() throws {
        let gray8 = try PNGDecoder.decode(contentsOf: fixture("valid/gray8.png"))
        XCTAssertEqual(gray8[2, 1], PremultipliedColor(r: 125, g: 125, b: 125, a: 255))
        let gray1 = try PNGDecoder.decode(contentsOf: fixture("valid/gray1.png"))
        XCTAssertEqual(gray1[0, 0].r, 255)
        XCTAssertEqual(gray1[1, 0].r, 0)
        let ga = try PNGDecoder.decode(contentsOf: fixture("valid/gray-alpha8.png"))
        XCTAssertEqual(ga[1, 0], Color(r: 200, g: 200, b: 200, a: 80).premultiplied)
        let rgb16 = try PNGDecoder.decode(contentsOf: fixture("valid/rgb16.png"))
        XCTAssertEqual(rgb16[1, 2], PremultipliedColor(r: 255, g: 78, b: 156, a: 255)) // 20000/257 and 40000/257, rounded
        let rgba16 = try PNGDecoder.decode(contentsOf: fixture("valid/rgba16.png"))
        XCTAssertEqual(rgba16[1, 0], Color(r: 0, g: 255, b: 0, a: 85).premultiplied)
        let palette = try PNGDecoder.decode(contentsOf: fixture("valid/palette2-trns.png"))
        XCTAssertEqual(palette[0, 0], PremultipliedColor(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(palette[1, 0], Color(r: 0, g: 255, b: 0, a: 128).premultiplied)
        XCTAssertEqual(palette[2, 0].a, 0)
        XCTAssertEqual(palette[3, 0], PremultipliedColor(r: 255, g: 255, b: 255, a: 255))
        let keyed = try PNGDecoder.decode(contentsOf: fixture("valid/rgb8-trns.png"))
        XCTAssertEqual(keyed[0, 0].a, 0)
        XCTAssertEqual(keyed[1, 0], PremultipliedColor(r: 10, g: 20, b: 30, a: 255))
        let interlaced = try PNGDecoder.decode(contentsOf: fixture("valid/rgba8-interlaced.png"))
        let plain = try PNGDecoder.decode(contentsOf: fixture("valid/rgba8.png"))
        XCTAssertTrue(interlaced.pixelsEqual(plain))
        XCTAssertEqual(plain[3, 2], Color(r: 84, g: 72, b: 100, a: 60).premultiplied)
    }

    func testBrokenFiles_EachGiveAClearErrorAndNeverCrash() throws {
        let dir = fixture("broken")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertGreaterThanOrEqual(files.count, 8)
        for file in files {
            XCTAssertThrowsError(try PNGDecoder.decode(contentsOf: "\(dir)/\(file)"), file) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains(file), "the error names the file: \(text)")
                XCTAssertGreaterThan(text.count, file.count + 10, "the error says what is wrong: \(text)")
            }
        }
        XCTAssertThrowsError(try PNGDecoder.decode(contentsOf: "\(dir)/absurd-dimensions.png")) { error in
            XCTAssertEqual((error as? PNGError)?.kind, .tooLarge)
        }
        XCTAssertThrowsError(try PNGDecoder.decode(contentsOf: "\(dir)/not-a-png.png")) { error in
            XCTAssertEqual((error as? PNGError)?.kind, .notPNG)
        }
    }

    func testWrite_IsAtomic_AndReplacesAnExistingFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.png").path
        let a = try Bitmap(width: 3, height: 3, color: Color.red.premultiplied)
        try PNGEncoder.standard.write(a, to: path)
        try PNGEncoder.standard.write(try Bitmap(width: 2, height: 2), to: path)
        XCTAssertEqual(try PNGDecoder.decode(contentsOf: path).width, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"])
        XCTAssertThrowsError(try PNGEncoder.standard.write(a, to: dir.appendingPathComponent("missing/out.png").path))
    }
}
