import Foundation
import RasterCore
import RasterTestSupport
import XCTest

final class ColorTests: XCTestCase {
    /// CSS colours read as tinycss2's CSS Color 4 parser reads them (run live by
    /// scripts/oracle/color_oracle.py): every named colour it knows, hex, rgb() and hsl()
    /// in both syntaxes with every unit, and malformed strings both refuse. Functions
    /// outside sRGB's rgb()/hsl() (`hwb()`) are refused on purpose.
    func testCSSColors_ReadAsTinycss2ReadsThem() throws {
        let data = try TestProcess.oracle("color_oracle.py", [TestFixtures.path("colors/css-colors.txt")])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let names = try XCTUnwrap(json["names"] as? [String])
        let colors = try XCTUnwrap(json["colors"] as? [String: Any])
        XCTAssertEqual(names.count, 148)
        XCTAssertEqual(Set(Color.cssNames.keys), Set(names + ["transparent"]), "the same named colours")
        var compared = 0, refused = 0
        for (text, reference) in colors.sorted(by: { $0.key < $1.key }) {
            let ours = Color(css: text)
            if let channels = reference as? [Int], !text.hasPrefix("hwb(") {
                let expected = Color(r: UInt8(channels[0]), g: UInt8(channels[1]), b: UInt8(channels[2]), a: UInt8(channels[3]))
                XCTAssertEqual(ours, expected, text)
                compared += 1
            } else {
                XCTAssertNil(ours, "\(text) is refused by the reference (or on purpose)")
                refused += 1
            }
        }
        XCTAssertGreaterThan(compared, 190)
        XCTAssertGreaterThan(refused, 15)
    }

    /// The schema's pattern for rgb() and hsl() matches exactly the strings the parser
    /// reads: every function of the corpus, and each mutated (a value dropped, a value
    /// added, a unit changed, a separator swapped, letters recased, spaces added).
    func testCSSFunctionPattern_MatchesExactlyWhatTheParserReads() throws {
        let corpus = try String(contentsOf: URL(fileURLWithPath: TestFixtures.path("colors/css-colors.txt")), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("# ") && $0.contains("(") }
        var strings = Set(corpus)
        for text in corpus {
            strings.insert(text.uppercased())
            strings.insert("  " + text + "\t")
            for (from, to) in [(",", " "), (" ", ","), ("/", ","), ("%", ""), ("deg", "%"), ("(", "( "), (")", " )"),
                               ("0", "none"), ("1", "1e2"), ("2", ".5"), ("3", "3,4"), ("4", "4 / 5"), ("5", "5deg")] {
                if let r = text.range(of: from) { strings.insert(text.replacingCharacters(in: r, with: to)) }
            }
            strings.insert(text.replacingOccurrences(of: ")", with: ", 1)"))
            strings.insert(text.replacingOccurrences(of: ")", with: " / 50%)"))
        }
        let pattern = "^(" + Color.cssFunctionPattern + ")$"
        var read = 0
        for text in strings.sorted() {
            let matches = text.range(of: pattern, options: .regularExpression) != nil
            XCTAssertEqual(matches, Color(css: text) != nil, "'\(text)': the pattern \(matches ? "matches" : "does not match")")
            if matches { read += 1 }
        }
        XCTAssertGreaterThan(read, 60)
        XCTAssertGreaterThan(strings.count - read, 60)
    }

    func testHexParsing_AllForms_GiveChannels() {
        XCTAssertEqual(Color(hex: "#F80"), Color(r: 255, g: 136, b: 0))
        XCTAssertEqual(Color(hex: "#3C3C4399"), Color(r: 0x3C, g: 0x3C, b: 0x43, a: 0x99))
        XCTAssertEqual(Color(hex: "#abcdef"), Color(r: 0xAB, g: 0xCD, b: 0xEF))
        XCTAssertNil(Color(hex: "#12345"))
        XCTAssertNil(Color(hex: "12345G"))
        XCTAssertNil(Color(hex: "#GG0000"))
        // The four-digit form and the forms at the edges of what is taken.
        XCTAssertEqual(Color(hex: "#0F08"), Color(r: 0, g: 255, b: 0, a: 0x88))
        XCTAssertEqual(Color(hex: "#FfFfFf00"), Color(r: 255, g: 255, b: 255, a: 0))
        for refused in ["", "#", "#1", "#12", "#1234567", "#123456789", "#1234567G", "##123456", "#12 456", "#é12345"] {
            XCTAssertNil(Color(hex: refused), refused)
        }
    }

    func testPremultiplied_RoundTripsExactly_ForEveryValidPixel() {
        for a in 0...255 {
            for c in 0...a {
                let p = PremultipliedColor(r: UInt8(c), g: UInt8(a - c), b: UInt8(c / 2), a: UInt8(a))
                XCTAssertEqual(p.unpremultiplied.premultiplied, p, "alpha \(a) channel \(c)")
            }
        }
    }

    func testStraight_RoundTripsExactly_WhenOpaque_AndWithinHalfStepScaled() {
        for c in 0...255 {
            let opaque = Color(r: UInt8(c), g: 0, b: 255, a: 255)
            XCTAssertEqual(opaque.premultiplied.unpremultiplied, opaque)
        }
        // For lower alpha, precision is what alpha leaves: error at most 255 / (2a) + 1/2.
        for a in 1...255 {
            for c in Swift.stride(from: 0, through: 255, by: 5) {
                let back = Color(r: UInt8(c), g: 0, b: 0, a: UInt8(a)).premultiplied.unpremultiplied
                XCTAssertLessThanOrEqual(Double(abs(Int(back.r) - c)), 255.0 / (2 * Double(a)) + 0.5)
            }
        }
    }

    func testMulDiv255_IsRoundToNearest_ForAllInputs() {
        for a in 0...255 {
            for b in 0...255 {
                let exact = (Double(a * b) / 255).rounded()
                XCTAssertEqual(Double(PixelMath.mulDiv255(UInt8(a), UInt8(b))), exact)
            }
        }
    }

    func testMix_IsTheNearestStep_ForEveryChannelValue() {
        for w: UInt32 in [0, 1, 100, 127, 128, 153, 254, 255] {
            for a: UInt32 in 0...255 {
                for b: UInt32 in 0...255 {
                    // Each channel of the packed pixels gets the same pair.
                    let pa = a | a << 8 | a << 16 | a << 24, pb = b | b << 8 | b << 16 | b << 24
                    let exact = UInt32((Double(a * w + b * (255 - w)) / 255).rounded())
                    let mixed = PixelMath.mix(pa, pb, weight: w)
                    if mixed != exact | exact << 8 | exact << 16 | exact << 24 {
                        XCTFail("mix(\(a), \(b), weight: \(w)) = \(String(mixed, radix: 16)), expected \(exact) per channel")
                        return
                    }
                }
            }
        }
    }

    func testSourceOver_OpaqueSource_ReplacesAnyDestinationExactly() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let s = Color(r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng), b: .random(in: 0...255, using: &rng)).premultiplied
            let da = UInt8.random(in: 0...255, using: &rng)
            let d = Color(r: .random(in: 0...255, using: &rng), g: 7, b: 200, a: da).premultiplied
            XCTAssertEqual(PixelMath.sourceOver(s.packed, d.packed), s.packed)
        }
    }

    func testSourceOver_StaysWithinOneStepOfRealArithmetic() {
        var worst = 0.0
        for sa in Swift.stride(from: 0, through: 255, by: 3) {
            for sc in Swift.stride(from: 0, through: sa, by: 7) {
                for da in Swift.stride(from: 0, through: 255, by: 5) {
                    for dc in Swift.stride(from: 0, through: da, by: 11) {
                        let s = PremultipliedColor(r: UInt8(sc), g: UInt8(sc), b: UInt8(sc), a: UInt8(sa))
                        let d = PremultipliedColor(r: UInt8(dc), g: UInt8(dc), b: UInt8(dc), a: UInt8(da))
                        let out = PremultipliedColor(packed: PixelMath.sourceOver(s.packed, d.packed))
                        let exactC = Double(sc) + Double(dc) * (255 - Double(sa)) / 255
                        let exactA = Double(sa) + Double(da) * (255 - Double(sa)) / 255
                        worst = max(worst, abs(Double(out.r) - exactC), abs(Double(out.a) - exactA))
                        XCTAssertLessThanOrEqual(out.r, out.a)
                    }
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1.0)
    }

    func testBlendModes_MatchTheirFormulas_AtKnownPoints() {
        let gray = Color(r: 128, g: 128, b: 128).premultiplied.packed
        let white = Color.white.premultiplied.packed
        let black = Color.black.premultiplied.packed
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.multiply.blend(gray, white)).r, 128)
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.multiply.blend(gray, black)).r, 0)
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.screen.blend(gray, black)).r, 128)
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.screen.blend(gray, white)).r, 255)
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.darken.blend(gray, white)).r, 128)
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.lighten.blend(gray, black)).r, 128)
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.difference.blend(white, gray)).r, 127)
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.plus.blend(gray, gray)).r, 255)
        // overlay with a black backdrop stays black; with white stays white.
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.overlay.blend(gray, black)).r, 0)
        XCTAssertEqual(PremultipliedColor(packed: BlendMode.overlay.blend(gray, white)).r, 255)
        // A transparent source leaves the destination alone in every separable mode.
        for mode in [BlendMode.multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                     .hardLight, .softLight, .difference, .exclusion] {
            XCTAssertEqual(mode.blend(0, gray), gray, "\(mode)")
        }
    }
}
