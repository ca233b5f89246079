/// How two images differ, pixel by pixel: the comparison golden tests and `render diff`
/// share.
///
/// Exact: a pixel differs when any channel differs. Both images are compared as PNG
/// would store them (decode PNGs, or round-trip a rendered bitmap through PNG first).
public struct ImageComparison: Sendable {
    public let expectedSize: (width: Int, height: Int)
    public let actualSize: (width: Int, height: Int)
    /// Pixels with any channel different (0 when the sizes differ: nothing to compare).
    public let differingPixels: Int
    /// The largest difference of one channel, 0...255.
    public let maxChannelDifference: Int
    /// The smallest rectangle holding every differing pixel.
    public let differingBounds: PixelRect?

    public var sameSize: Bool { expectedSize == actualSize }
    public var isIdentical: Bool { sameSize && differingPixels == 0 }

    public init(expected: Bitmap, actual: Bitmap) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        var count = 0, maxDelta = 0
        var bounds: PixelRect?
        if expected.width == actual.width, expected.height == actual.height {
            for y in 0..<actual.height {
                let a = actual.row(y), e = expected.row(y)
                for x in 0..<actual.width where a[x] != e[x] {
                    count += 1
                    maxDelta = max(maxDelta, Self.channelDifference(a[x], e[x]))
                    let px = PixelRect(x: x, y: y, width: 1, height: 1)
                    bounds = bounds.map { $0.union(px) } ?? px
                }
            }
        }
        differingPixels = count
        maxChannelDifference = maxDelta
        differingBounds = bounds
    }

    private static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var m = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            m = max(m, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
        }
        return m
    }

    /// One line for people: identical, or how the images differ.
    public var summary: String {
        guard sameSize else {
            return "the sizes differ: expected \(expectedSize.width)x\(expectedSize.height), actual \(actualSize.width)x\(actualSize.height)"
        }
        guard let b = differingBounds else { return "identical (\(actualSize.width)x\(actualSize.height))" }
        let total = actualSize.width * actualSize.height
        let percent = Double(differingPixels) * 100 / Double(max(1, total))
        return "\(differingPixels) of \(total) pixels differ (\(String(format: "%.3f", percent)) %), max channel difference \(maxChannelDifference), within x \(b.x0)..<\(b.x1), y \(b.y0)..<\(b.y1)"
    }

    /// The differing pixels in red over a faded grey copy of `expected`; nil when the
    /// sizes differ.
    public static func diffImage(expected: Bitmap, actual: Bitmap) throws -> Bitmap? {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        let diff = try Bitmap(width: actual.width, height: actual.height)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let e = expected[x, y]
                if actual[x, y] != e {
                    diff[x, y] = PremultipliedColor(r: 255, g: 0, b: 0, a: 255)
                } else {
                    let gray = UInt8((Int(e.r) + Int(e.g) + Int(e.b)) / 3 / 4 + 191)
                    diff[x, y] = PremultipliedColor(r: gray, g: gray, b: gray, a: 255)
                }
            }
        }
        return diff
    }
}
