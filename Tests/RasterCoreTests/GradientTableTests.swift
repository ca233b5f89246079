import Foundation
@testable import RasterCore
import XCTest

/// A gradient's colour table against its definition written out entry by entry: the
/// parameter i / (n − 1), the pair of stops around it (the first stop at or after it),
/// the stops' premultiplied colours interpolated channel by channel, each channel
/// rounded half away from zero by `rounded()` and never above alpha.
final class GradientTableTests: XCTestCase {
    private func definition(_ gradient: Gradient) -> [UInt32] {
        let stops = gradient.stops, n = Gradient.tableSize
        func premultiplied(_ c: Color) -> [Double] {
            let a = Double(c.a) / 255
            return [Double(c.r) / 255 * a, Double(c.g) / 255 * a, Double(c.b) / 255 * a, a]
        }
        func pack(_ c: [Double]) -> UInt32 {
            let v = c.map { UInt32((min(max($0, 0), 1) * 255).rounded()) }
            return min(v[0], v[3]) | min(v[1], v[3]) << 8 | min(v[2], v[3]) << 16 | v[3] << 24
        }
        return (0..<n).map { i in
            let t = Double(i) / Double(n - 1)
            guard let first = stops.first, let last = stops.last else { return 0 }
            if t <= first.location { return pack(premultiplied(first.color)) }
            if t >= last.location { return pack(premultiplied(last.color)) }
            let j = (1..<stops.count).first { stops[$0].location >= t } ?? stops.count - 1
            let c0 = premultiplied(stops[j - 1].color), c1 = premultiplied(stops[j].color)
            let span = stops[j].location - stops[j - 1].location
            let f = span > 0 ? (t - stops[j - 1].location) / span : 1
            return pack((0..<4).map { c0[$0] + (c1[$0] - c0[$0]) * f })
        }
    }

    private func table(_ gradient: Gradient) -> [UInt32] {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: Gradient.tableSize)
        defer { table.deallocate() }
        gradient.fillTable(table)
        return Array(UnsafeBufferPointer(start: table, count: Gradient.tableSize))
    }

    func testTables_AreTheirDefinitionEntryByEntry() {
        var rng = LCG(seed: 31)
        func color() -> Color {
            Color(r: UInt8(rng.randint(0, 255)), g: UInt8(rng.randint(0, 255)), b: UInt8(rng.randint(0, 255)),
                  a: UInt8(rng.randint(0, 3) == 0 ? 255 : rng.randint(0, 255)))
        }
        var gradients = [
            Gradient(stops: []),
            Gradient(stops: [GradientStop(.black, 0.4)]),
            Gradient(stops: [GradientStop(.black, 0), GradientStop(.white, 1)]),
            // Every channel value and its halves: 255 entries between 0 and 255.
            Gradient(stops: [GradientStop(Color(r: 0, g: 255, b: 128, a: 255), 0), GradientStop(Color(r: 255, g: 0, b: 127, a: 255), 1)]),
            // Coinciding stops (a hard edge), stops outside 0...1, all stops at one place.
            Gradient(stops: [GradientStop(.black, 0.25), GradientStop(.white, 0.5), GradientStop(.black, 0.5), GradientStop(.white, 0.75)]),
            Gradient(stops: [GradientStop(.white, -0.3), GradientStop(Color(r: 10, g: 20, b: 30, a: 40), 1.4)]),
            Gradient(stops: [GradientStop(.white, 0.6), GradientStop(.black, 0.6), GradientStop(.white, 0.6)]),
        ]
        for _ in 0..<60 {
            let count = rng.randint(2, 6)
            gradients.append(Gradient(stops: (0..<count).map { _ in GradientStop(color(), rng.uniform(-0.1, 1.1)) }))
        }
        for (index, gradient) in gradients.enumerated() {
            XCTAssertEqual(table(gradient), definition(gradient), "gradient \(index): \(gradient.stops)")
        }
    }
}
