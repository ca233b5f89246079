import CKernels
import Foundation
import RasterCore
import RasterTestSupport
import XCTest

final class BlitterTests: XCTestCase {
    /// Every run length and position, with and without draw opacity: the solid
    /// coverage-run path (pixel by pixel for one or two, vector steps for other short runs) gives exactly the per-pixel
    /// source-over, and no pixel outside the run changes.
    func testSolidRuns_MatchPerPixelSourceOver_AndTouchNothingElse() throws {
        var rng = LCG(seed: 7)
        let width = 24
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: width + 8)
        source.initialize(repeating: 0, count: width + 8)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: width + 8)
        scratch.initialize(repeating: 0, count: width + 8)
        defer { source.deallocate(); scratch.deallocate() }
        for opacity: UInt32 in [255, 153] {
            for count in 1...12 {
                for x in 0...(width - count) {
                    let bitmap = try Bitmap(width: width, height: 1)
                    for i in 0..<width { bitmap.row(0)[i] = Color(r: UInt8(rng.randint(0, 255)), g: UInt8(rng.randint(0, 255)), b: UInt8(rng.randint(0, 255)), a: UInt8(rng.randint(0, 255))).premultiplied.packed }
                    let before = (0..<width).map { bitmap.row(0)[$0] }
                    let color = Color(r: UInt8(rng.randint(0, 255)), g: UInt8(rng.randint(0, 255)), b: UInt8(rng.randint(0, 255)), a: UInt8(rng.randint(0, 255))).premultiplied.packed
                    let alphas = (0..<count).map { _ in UInt8(rng.randint(0, 255)) }
                    var blitter = PaintBlitter(bitmap: bitmap, color: color, shader: nil, blend: .sourceOver, opacity: opacity,
                                               clipMask: nil, clipRect: PixelRect(x: 0, y: 0, width: width, height: 1),
                                               source: source, coverage: scratch)
                    alphas.withUnsafeBufferPointer { blitter.blitRun(y: 0, x: x, alphas: $0) }
                    for i in 0..<width {
                        var expected = before[i]
                        if i >= x && i < x + count {
                            let a = PixelMath.mulDiv255(UInt32(alphas[i - x]), opacity)
                            expected = PixelMath.sourceOver(PixelMath.scale(color, by: a), before[i])
                        }
                        XCTAssertEqual(bitmap.row(0)[i], expected, "opacity \(opacity), run \(x)..<\(x + count), pixel \(i)")
                    }
                }
            }
        }
    }

    /// Layers at whole-pixel offsets with opacity: an opaque row interpolates with one
    /// rounding, a row with any translucent pixel composites the faded source over; both
    /// agree with the per-pixel formulas, and only the layer's pixels change.
    func testTranslatedLayers_WithOpacity_MatchTheirFormulas() throws {
        var rng = LCG(seed: 11)
        func random() -> UInt8 { UInt8(rng.randint(0, 255)) }
        let layer = try Bitmap(width: 9, height: 2)
        for x in 0..<9 {
            layer.row(0)[x] = Color(r: random(), g: random(), b: random()).premultiplied.packed
            layer.row(1)[x] = Color(r: random(), g: random(), b: random(), a: x == 4 ? 77 : 255).premultiplied.packed
        }
        let canvas = try Bitmap(width: 16, height: 4)
        for y in 0..<4 {
            for x in 0..<16 { canvas.row(y)[x] = Color(r: random(), g: random(), b: random(), a: random()).premultiplied.packed }
        }
        let before = (0..<4).map { y in (0..<16).map { canvas.row(y)[$0] } }
        Canvas(bitmap: canvas).drawImage(ImageSource(layer), transform: Transform(translationX: 3, y: 1), opacity: 0.6)
        for y in 0..<4 {
            for x in 0..<16 {
                var expected = before[y][x]
                if (1...2).contains(y) && (3..<12).contains(x) {
                    let s = layer.row(y - 1)[x - 3]
                    if y == 1 {
                        expected = PixelMath.mix(s, before[y][x], weight: 153)
                    } else {
                        let faded = PixelMath.scale(s, by: 153)
                        expected = PixelMath.sourceOver(faded, before[y][x])
                    }
                }
                XCTAssertEqual(canvas.row(y)[x], expected, "pixel (\(x), \(y))")
            }
        }
    }

    /// An image at a whole-pixel offset under a rounded clip (a layer that masks to its
    /// rounded bounds): each pixel is the image's own, its coverage the clip mask's times
    /// the opacity, composited over; the same pixels as filling the image's rectangle with
    /// the image as its paint, through the general paint path, for both filters.
    func testTranslatedImages_UnderAClipMask_MatchTheMaskFormulaAndThePaintPath() throws {
        var rng = LCG(seed: 23)
        func random() -> UInt8 { UInt8(rng.randint(0, 255)) }
        let layer = try Bitmap(width: 27, height: 19)
        for y in 0..<19 {
            for x in 0..<27 {
                let a = x % 5 == 0 ? random() : 255
                layer.row(y)[x] = Color(r: random(), g: random(), b: random(), a: a).premultiplied.packed
            }
        }
        let image = ImageSource(layer)
        let background = try Bitmap(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 { background.row(y)[x] = Color(r: random(), g: random(), b: random(), a: random()).premultiplied.packed }
        }
        func pixels(_ b: Bitmap) -> [UInt32] { (0..<b.height).flatMap { y in (0..<b.width).map { b.row(y)[$0] } } }
        for (filter, opacity) in [(ImageFilter.nearest, 1.0), (.nearest, 0.6), (.smooth, 0.35)] {
            let fast = try Bitmap(width: 40, height: 30), paint = try Bitmap(width: 40, height: 30)
            for y in 0..<30 {
                for x in 0..<40 { fast.row(y)[x] = background.row(y)[x]; paint.row(y)[x] = background.row(y)[x] }
            }
            let clip = Path(roundedRect: Rect(x: 6.3, y: 4.6, width: 24.5, height: 17.2), cornerRadius: 7)
            let translation = Transform(translationX: 5, y: 3)
            let a = Canvas(bitmap: fast)
            a.clip(to: clip)
            let mask = try XCTUnwrap(a.clip.mask)
            a.drawImage(image, transform: translation, filter: filter, opacity: opacity)
            let b = Canvas(bitmap: paint)
            b.clip(to: clip)
            b.fill(Rect(x: 5, y: 3, width: 27, height: 19),
                   paint: .image(ImagePattern(source: image, transform: translation, filter: filter)), opacity: opacity)
            let drawn = pixels(fast), painted = pixels(paint)
            let differing = drawn.indices.first { drawn[$0] != painted[$0] }
            XCTAssertNil(differing, "filter \(filter), opacity \(opacity): the paint path differs at pixel \(differing ?? 0)")
            let alpha = UInt32((opacity * 255).rounded())
            var covered = 0
            for y in 0..<30 {
                for x in 0..<40 {
                    var expected = background.row(y)[x]
                    if (3..<22).contains(y), (5..<32).contains(x) {
                        let coverage = PixelMath.mulDiv255(UInt32(mask.coverage(x: x, y: y)), alpha)
                        if coverage > 0 { covered += 1 }
                        expected = PixelMath.sourceOver(PixelMath.scale(layer.row(y - 3)[x - 5], by: coverage), expected)
                    }
                    XCTAssertEqual(fast.row(y)[x], expected, "filter \(filter), opacity \(opacity), pixel (\(x), \(y))")
                }
            }
            XCTAssertGreaterThan(covered, 300)
        }
    }

    /// An image whose every pixel is opaque is known to be so (`ImageSource.isOpaque`),
    /// and drawn at a whole-pixel offset without its rows being looked at: at an opacity
    /// below one each pixel is the single-rounding mix, at full opacity a copy, which are
    /// what source-over of an opaque pixel gives. One translucent pixel anywhere makes
    /// the image not opaque.
    func testOpaqueImages_BlendAsTheirFormulasSay() throws {
        var rng = LCG(seed: 5)
        func random() -> UInt8 { UInt8(rng.randint(0, 255)) }
        let layer = try Bitmap(width: 21, height: 3)
        for y in 0..<3 { for x in 0..<21 { layer.row(y)[x] = Color(r: random(), g: random(), b: random()).premultiplied.packed } }
        XCTAssertTrue(ImageSource(layer).isOpaque)
        for opacity in [0.6, 1.0] {
            let canvas = try Bitmap(width: 30, height: 5)
            for y in 0..<5 {
                for x in 0..<30 { canvas.row(y)[x] = Color(r: random(), g: random(), b: random(), a: random()).premultiplied.packed }
            }
            let before = (0..<5).map { y in (0..<30).map { canvas.row(y)[$0] } }
            Canvas(bitmap: canvas).drawImage(ImageSource(layer), transform: Transform(translationX: 4, y: 1), opacity: opacity)
            for y in 0..<5 {
                for x in 0..<30 {
                    var expected = before[y][x]
                    if (1...3).contains(y) && (4..<25).contains(x) {
                        let s = layer.row(y - 1)[x - 4]
                        expected = opacity == 1 ? PixelMath.sourceOver(s, expected) : PixelMath.mix(s, expected, weight: 153)
                    }
                    XCTAssertEqual(canvas.row(y)[x], expected, "opacity \(opacity), pixel (\(x), \(y))")
                }
            }
        }
        layer.row(2)[20] = Color(r: 10, g: 20, b: 30, a: 254).premultiplied.packed
        XCTAssertFalse(ImageSource(layer).isOpaque)
    }

    /// The C row kernel (multiversioned for AVX2) gives PixelMath's integers exactly:
    /// source-over at full alpha, a single-rounding mix for opaque rows, and source-over
    /// of the faded source otherwise, on random premultiplied pixels and every alpha step.
    func testBlendRowKernel_MatchesPixelMath() {
        var generator = SystemRandomNumberGenerator()
        func pixel(opaque: Bool) -> UInt32 {
            let a = opaque ? 255 : UInt32.random(in: 0...255, using: &generator)
            func c() -> UInt32 { a == 0 ? 0 : UInt32.random(in: 0...a, using: &generator) }
            return c() | c() << 8 | c() << 16 | a << 24
        }
        for alpha in stride(from: UInt32(0), through: 255, by: 15) {
            for opaque in [true, false] {
                let count = 37
                let s = (0..<count).map { _ in pixel(opaque: opaque) }
                let d0 = (0..<count).map { _ in pixel(opaque: Bool.random(using: &generator)) }
                var d = d0
                s.withUnsafeBufferPointer { sp in d.withUnsafeMutableBufferPointer { dp in ck_blend_row(sp.baseAddress, dp.baseAddress, count, alpha) } }
                if opaque {
                    // The kernel for rows known to be opaque gives the same pixels.
                    var mixed = d0
                    s.withUnsafeBufferPointer { sp in mixed.withUnsafeMutableBufferPointer { ck_mix_row(sp.baseAddress, $0.baseAddress, count, alpha) } }
                    XCTAssertEqual(mixed, alpha == 255 ? s : d, "alpha \(alpha)")
                }
                for i in 0..<count {
                    let expected: UInt32
                    if alpha == 255 {
                        expected = PixelMath.sourceOver(s[i], d0[i])
                    } else if opaque {
                        expected = PixelMath.mix(s[i], d0[i], weight: alpha)
                    } else {
                        let p = PixelMath.scale(s[i], by: alpha)
                        expected = p &+ PixelMath.scale(d0[i], by: 255 &- (p >> 24))
                    }
                    XCTAssertEqual(d[i], expected, "alpha \(alpha), opaque \(opaque), pixel \(i)")
                }
            }
        }
    }
}
