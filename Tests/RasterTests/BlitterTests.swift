import Foundation
@testable import Raster
import RasterBench
import XCTest

final class BlitterTests: XCTestCase {
    /// Every run length and position, with and without draw opacity: the solid
    /// coverage-run path (vector steps for short runs) gives exactly the per-pixel
    /// source-over, and no pixel outside the run changes.
    func testSolidRuns_MatchPerPixelSourceOver_AndTouchNothingElse() throws {
        var rng = LCG(seed: 7)
        let width = 24
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
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
}
