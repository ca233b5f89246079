import Foundation
import RasterCore
import XCTest

final class PaintTests: XCTestCase {
    private func render(_ w: Int, _ h: Int, _ draw: (Canvas) -> Void) throws -> Bitmap {
        let b = try Bitmap(width: w, height: h)
        draw(Canvas(bitmap: b))
        return b
    }

    func testLinearGradient_HitsItsStopsAtKnownPoints() throws {
        let g = Gradient(stops: [GradientStop(.black, 0), GradientStop(.white, 1)])
        let b = try render(256, 1) { c in
            c.fill(Rect(x: 0, y: 0, width: 256, height: 1),
                   paint: .linear(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 256, y: 0), gradient: g)))
        }
        // Pixel i is sampled at its centre: t = (i + 0.5) / 256.
        for i in [0, 64, 128, 200, 255] {
            XCTAssertEqual(Double(b[i, 0].r), (Double(i) + 0.5) / 256 * 255, accuracy: 1.0, "pixel \(i)")
        }
    }

    func testGradientTable_FollowsChangesToACopy() throws {
        let blackToWhite = [GradientStop(.black, 0), GradientStop(.white, 1)]
        let redToBlue = [GradientStop(Color(r: 255, g: 0, b: 0), 0), GradientStop(Color(r: 0, g: 0, b: 255), 1)]
        func pixels(_ g: Gradient) throws -> [PremultipliedColor] {
            let b = try render(100, 1) { c in
                c.fill(Rect(x: 0, y: 0, width: 100, height: 1),
                       paint: .linear(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 50, y: 0), gradient: g)))
            }
            return (0..<100).map { b[$0, 0] }
        }
        var g = Gradient(stops: blackToWhite)
        let original = try pixels(g)  // builds the black-to-white table, shared with copies
        let copy = g
        g.stops = redToBlue
        XCTAssertEqual(try pixels(g), try pixels(Gradient(stops: redToBlue)))
        XCTAssertNotEqual(try pixels(g), original)
        XCTAssertEqual(try pixels(copy), original)
        g.stops = blackToWhite
        g.spread = .reflect
        XCTAssertEqual(try pixels(g), try pixels(Gradient(stops: blackToWhite, spread: .reflect)))
        XCTAssertNotEqual(try pixels(g), original)
        XCTAssertNotEqual(g, copy)
        XCTAssertEqual(copy, Gradient(stops: blackToWhite))
    }

    func testLinearGradient_SpreadModes() throws {
        let g = { (s: SpreadMode) in Gradient(stops: [GradientStop(.black, 0), GradientStop(.white, 1)], spread: s) }
        func value(_ s: SpreadMode, at x: Int) throws -> UInt8 {
            try render(100, 1) { c in
                c.fill(Rect(x: 0, y: 0, width: 100, height: 1),
                       paint: .linear(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 20, y: 0), gradient: g(s))))
            }[x, 0].r
        }
        XCTAssertEqual(try value(.pad, at: 50), 255)
        XCTAssertEqual(Double(try value(.repeat, at: 45)), 5.5 / 20 * 255, accuracy: 1.5)
        XCTAssertEqual(Double(try value(.reflect, at: 25)), (1 - 5.5 / 20) * 255, accuracy: 1.5)
    }

    func testCSSAngle_PointsAsCSSDoes() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        let g = Gradient(colors: [.black, .white])
        let right = LinearGradient(cssAngle: 90, in: r, gradient: g)
        XCTAssertEqual(right.start.x, 0, accuracy: 1e-9)
        XCTAssertEqual(right.end.x, 100, accuracy: 1e-9)
        let down = LinearGradient(cssAngle: 180, in: r, gradient: g)
        XCTAssertEqual(down.start.y, 0, accuracy: 1e-9)
        XCTAssertEqual(down.end.y, 50, accuracy: 1e-9)
        // 45°: the gradient line is long enough for the corners to get the end stops.
        let diag = LinearGradient(cssAngle: 45, in: r, gradient: g)
        let d = (diag.end - diag.start)
        let corner = Point(x: 100, y: 0) - diag.start
        XCTAssertEqual(corner.dot(d) / d.dot(d), 1, accuracy: 1e-9)
    }

    func testRadialGradient_CentredAndFocal() throws {
        let g = Gradient(stops: [GradientStop(.white, 0), GradientStop(.black, 1)])
        let b = try render(101, 101) { c in
            c.fill(Rect(x: 0, y: 0, width: 101, height: 101),
                   paint: .radial(RadialGradient(center: Point(x: 50.5, y: 50.5), radius: 50, gradient: g)))
        }
        XCTAssertEqual(b[50, 50].r, 255)
        XCTAssertEqual(Double(b[75, 50].r), 255 * (1 - 25.0 / 50), accuracy: 1.5)
        XCTAssertEqual(b[0, 0].r, 0)
        let focal = try render(101, 101) { c in
            c.fill(Rect(x: 0, y: 0, width: 101, height: 101),
                   paint: .radial(RadialGradient(center: Point(x: 50.5, y: 50.5), radius: 50, focal: Point(x: 30.5, y: 50.5), gradient: g)))
        }
        // t = 0 at the focal point; t = 1 on the end circle.
        XCTAssertEqual(focal[30, 50].r, 255, accuracy: 2)
        XCTAssertEqual(focal[99, 50].r, 0, accuracy: 8)
        XCTAssertEqual(focal[1, 50].r, 0, accuracy: 8)
    }

    func testConicGradient_SweepsClockwiseFromItsStartAngle() throws {
        let g = Gradient(stops: [GradientStop(.black, 0), GradientStop(.white, 1)])
        let b = try render(101, 101) { c in
            c.fill(Rect(x: 0, y: 0, width: 101, height: 101),
                   paint: .conic(ConicGradient(center: Point(x: 50.5, y: 50.5), startAngle: 0, gradient: g)))
        }
        XCTAssertEqual(Double(b[50, 90].r), 255 * 0.25, accuracy: 3)   // a quarter turn clockwise: straight down
        XCTAssertEqual(Double(b[10, 50].r), 255 * 0.5, accuracy: 3)
        XCTAssertEqual(Double(b[50, 10].r), 255 * 0.75, accuracy: 3)
    }

    func testImage_NearestAndBilinearSampling() throws {
        let src = try Bitmap(width: 2, height: 1)
        src[0, 0] = Color.black.premultiplied
        src[1, 0] = Color.white.premultiplied
        let image = ImageSource(src)
        let nearest = try render(20, 1) { c in c.drawImage(image, in: Rect(x: 0, y: 0, width: 20, height: 1), filter: .nearest) }
        XCTAssertEqual(nearest[9, 0].r, 0)
        XCTAssertEqual(nearest[10, 0].r, 255)
        let smooth = try render(20, 1) { c in c.drawImage(image, in: Rect(x: 0, y: 0, width: 20, height: 1), filter: .bilinear) }
        XCTAssertEqual(smooth[0, 0].r, 0)                      // edge pixels clamp
        XCTAssertEqual(Double(smooth[10, 0].r), 255 * 0.55, accuracy: 4)
        XCTAssertLessThan(smooth[8, 0].r, smooth[11, 0].r)
    }

    func testMinifiedPhoto_DoesNotAlias() throws {
        // A 4000 px one-pixel checkerboard drawn at 200 px: the true average is mid grey.
        let big = try Bitmap(width: 4000, height: 400)
        for y in 0..<400 {
            let row = big.row(y)
            for x in 0..<4000 { row[x] = (x + y) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF }
        }
        let image = ImageSource(big)
        let smooth = try render(200, 20) { c in c.drawImage(image, in: Rect(x: 0, y: 0, width: 200, height: 20), filter: .smooth) }
        let plain = try render(200, 20) { c in c.drawImage(image, in: Rect(x: 0, y: 0, width: 200, height: 20), filter: .nearest) }
        func spread(_ b: Bitmap) -> Int {
            var lo = 255, hi = 0
            for y in 2..<18 { for x in 2..<198 { lo = min(lo, Int(b[x, y].r)); hi = max(hi, Int(b[x, y].r)) } }
            return hi - lo
        }
        XCTAssertLessThanOrEqual(spread(smooth), 4)
        XCTAssertEqual(Double(smooth[100, 10].r), 127.5, accuracy: 3)
        // Nearest sampling shows the aliasing the smooth filter prevents: moiré or a
        // uniform colour far from the true mean.
        XCTAssertTrue(spread(plain) > 200 || abs(Double(plain[100, 10].r) - 127.5) > 60)
    }

    func testBlur_KeepsMass_AndHasTheRequestedSigma() {
        for sigma in [1.0, 3.0, 10.0] {
            var mask = Mask(rect: PixelRect(x: 0, y: 0, width: 161, height: 161))
            // A 9x9 block of full coverage in the middle.
            for y in 76...84 { for x in 76...84 { mask.storage[y * 161 + x] = 255 } }
            let before = mask.storage.reduce(0) { $0 + Int($1) }
            GaussianBlur.blur(&mask, sigma: sigma)
            let after = mask.storage.reduce(0) { $0 + Int($1) }
            XCTAssertEqual(Double(after), Double(before), accuracy: Double(before) * 0.03, "sigma \(sigma)")
            // Variance along x of the blurred block = block variance + sigma².
            var total = 0.0, moment = 0.0
            for y in 0..<161 { for x in 0..<161 {
                let v = Double(mask.storage[y * 161 + x])
                total += v
                moment += v * Double(x - 80) * Double(x - 80)
            } }
            let expected = (81.0 - 1) / 12 + sigma * sigma
            XCTAssertEqual(moment / total, expected, accuracy: expected * 0.05, "sigma \(sigma)")
        }
    }

    func testBlur_OfABitmapIsTheBlurOfEachChannel() throws {
        // Not square, and not a multiple of the transpose tile, in both blur regimes.
        let width = 37, height = 23
        for sigma in [2.0, 9.0] {
            let bitmap = try Bitmap(width: width, height: height)
            var channels = [Mask](repeating: Mask(rect: PixelRect(x: 0, y: 0, width: width, height: height)), count: 4)
            for y in 0..<height { for x in 0..<width {
                let a = UInt8((x * 13 + y * 7) % 200 + 55)
                let p = PremultipliedColor(r: UInt8(x * 5 % Int(a)), g: UInt8(y * 9 % Int(a)), b: 0, a: a)
                bitmap[x, y] = p
                for (k, v) in [p.r, p.g, p.b, p.a].enumerated() { channels[k].storage[y * width + x] = v }
            } }
            GaussianBlur.blur(bitmap, sigma: sigma)
            for k in 0..<4 { GaussianBlur.blur(&channels[k], sigma: sigma) }
            for y in 0..<height { for x in 0..<width {
                let p = bitmap[x, y]
                let expected = channels.map { $0.storage[y * width + x] }
                XCTAssertEqual([p.r, p.g, p.b, p.a], expected, "(\(x), \(y)) sigma \(sigma)")
            } }
        }
    }

    func testClip_NestedRectAndRoundedPath() throws {
        let b = try Bitmap(width: 40, height: 40)
        let c = Canvas(bitmap: b)
        c.clip(to: Rect(x: 10, y: 10, width: 20, height: 20))
        c.clip(to: Path(ellipseIn: Rect(x: 4, y: 12, width: 32, height: 16)))
        c.fill(Rect(x: 0, y: 0, width: 40, height: 40), paint: .solid(.red))
        XCTAssertEqual(b[20, 20].a, 255)
        XCTAssertEqual(b[5, 20].a, 0)             // inside the ellipse, outside the rect
        XCTAssertEqual(b[20, 10].a, 0)            // inside the rect, outside the ellipse
        XCTAssertEqual(b[28, 20].a, 255)
        c.restore()
    }
}
