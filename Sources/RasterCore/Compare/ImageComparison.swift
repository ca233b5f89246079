import CKernels

/// How two images differ, pixel by pixel, under an `ImageTolerance`: the comparison
/// golden tests and `render diff` share.
///
/// Compare images as PNG stores them: decode PNGs, or round-trip a rendered bitmap
/// through PNG first (PNG holds straight alpha, a bitmap premultiplied).
///
/// Every pixel falls in one class: unchanged (same bytes), within the threshold
/// (bytes differ, distance does not exceed the threshold), anti-aliasing (left out by
/// the tolerance) or differing. Only differing pixels count against the budget, and
/// `diffImage()` draws exactly these classes. Rows with identical bytes are skipped
/// whole, so comparing identical images costs one memory comparison per row.
public struct ImageComparison: Sendable {
    /// What `diffImage()` paints and the counts below add up: one entry per pixel.
    enum PixelClass: UInt8 {
        case unchanged = 0, withinThreshold, antialiasing, differing
    }

    /// Size of the expected image, in pixels.
    public let expectedSize: (width: Int, height: Int)
    /// Size of the actual image, in pixels.
    public let actualSize: (width: Int, height: Int)
    /// The tolerance the pixels were classified under.
    public let tolerance: ImageTolerance
    /// Pixels that count against the budget (0 when the sizes differ: nothing to compare).
    public let differingPixels: Int
    /// Pixels whose bytes differ at all, whatever the tolerance.
    public let changedPixels: Int
    /// Changed pixels the tolerance left out as anti-aliasing.
    public let antialiasingPixels: Int
    /// The largest difference of one channel over all pixels, 0...255.
    public let maxChannelDifference: Int
    /// The largest YIQ distance over all pixels, 0...1 (see `ImageTolerance`).
    public let maxPerceptualDistance: Double
    /// The smallest rectangle holding every differing pixel.
    public let differingBounds: PixelRect?

    private let expected: Bitmap
    /// Pixel classes, row-major; nil when no pixel changed or the sizes differ.
    private let classes: [UInt8]?

    /// True when both images have the same width and height; otherwise no pixel is compared.
    public var sameSize: Bool { expectedSize == actualSize }
    /// Same size and the same bytes in every pixel.
    public var isIdentical: Bool { sameSize && changedPixels == 0 }
    /// How many differing pixels the tolerance allows these images.
    public var budget: Int { tolerance.budget(pixelCount: actualSize.width * actualSize.height) }
    /// Same size, and no more differing pixels than the budget.
    public var matches: Bool { sameSize && differingPixels <= budget }

    /// Classifies every pixel of `actual` against `expected` under `tolerance`; all the
    /// counts are computed here.
    public init(expected: Bitmap, actual: Bitmap, tolerance: ImageTolerance = .exact) {
        self.expected = expected
        self.tolerance = tolerance
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        guard expected.width == actual.width, expected.height == actual.height else {
            (differingPixels, changedPixels, antialiasingPixels, maxChannelDifference) = (0, 0, 0, 0)
            (maxPerceptualDistance, differingBounds, classes) = (0, nil, nil)
            return
        }
        var scan = Scan(expected: expected, actual: actual, tolerance: tolerance)
        for y in 0..<actual.height where memcmp(actual.row(y), expected.row(y), actual.width * 4) != 0 {
            scan.classifyRow(y)
        }
        differingPixels = scan.differing
        changedPixels = scan.changed
        antialiasingPixels = scan.antialiasing
        maxChannelDifference = scan.maxChannel
        maxPerceptualDistance = (scan.maxSquared / PerceptualDistance.maxSquared).squareRoot()
        differingBounds = scan.bounds
        classes = scan.classes
    }

    /// The counts of a comparison, row by row; each row is classified by the
    /// `ck_compare_row` kernel (the distance and anti-aliasing rules of
    /// `PerceptualDistance`).
    private struct Scan {
        let expected: Bitmap, actual: Bitmap
        /// The squared YIQ distance a pixel may reach and still count as unchanged;
        /// negative for an exact comparison.
        let limitSquared: Double
        let ignoresAntialiasing: Bool
        var classes: [UInt8]?
        var differing = 0, changed = 0, antialiasing = 0, maxChannel = 0
        var maxSquared = 0.0
        var bounds: PixelRect?

        init(expected: Bitmap, actual: Bitmap, tolerance: ImageTolerance) {
            self.expected = expected
            self.actual = actual
            switch tolerance.metric {
            case .exact: (limitSquared, ignoresAntialiasing) = (-1, false)
            case .perceptual(let t, let aa): (limitSquared, ignoresAntialiasing) = (t * t * PerceptualDistance.maxSquared, aa)
            }
        }

        /// - Precondition: the images have the same size, and row `y` differs.
        mutating func classifyRow(_ y: Int) {
            let width = actual.width, height = actual.height
            if classes == nil { classes = [UInt8](repeating: 0, count: width * height) }
            var stats = ck_compare_stats()
            let (a, e, limit, ignores) = (actual, expected, limitSquared, ignoresAntialiasing)
            classes!.withUnsafeMutableBufferPointer { all in
                ck_compare_row(a.row(0), a.stride, e.row(0), e.stride, width, height, y, limit, ignores ? 1 : 0,
                               all.baseAddress! + y * width, &stats)
            }
            changed += stats.changed
            differing += stats.differing
            antialiasing += stats.antialiasing
            maxChannel = max(maxChannel, Int(stats.max_channel))
            maxSquared = max(maxSquared, stats.max_squared)
            if stats.differing > 0 {
                let r = PixelRect(x: stats.first_differing, y: y, width: stats.end_differing - stats.first_differing, height: 1)
                bounds = bounds.map { $0.union(r) } ?? r
            }
        }
    }

    /// One line for people: identical, or how the images differ and whether that is
    /// within the tolerance.
    public var summary: String {
        guard sameSize else {
            return "the sizes differ: expected \(expectedSize.width)x\(expectedSize.height), actual \(actualSize.width)x\(actualSize.height)"
        }
        let total = actualSize.width * actualSize.height
        guard changedPixels > 0 else { return "identical (\(actualSize.width)x\(actualSize.height))" }
        let percent = String(format: "%.3f", Double(differingPixels) * 100 / Double(max(1, total)))
        var parts = ["\(differingPixels) of \(total) pixels differ (\(percent) %)"]
        if tolerance.metric != .exact { parts[0] += " under \(tolerance.metric)" }
        if budget > 0 { parts.append("\(budget) allowed") }
        parts.append("max channel difference \(maxChannelDifference)")
        parts.append("max YIQ distance \(String(format: "%.3f", maxPerceptualDistance))")
        if changedPixels > differingPixels + antialiasingPixels {
            parts.append("\(changedPixels - differingPixels - antialiasingPixels) changed within the threshold")
        }
        if antialiasingPixels > 0 { parts.append("\(antialiasingPixels) anti-aliasing ignored") }
        if let b = differingBounds { parts.append("within x \(b.x0)..<\(b.x1), y \(b.y0)..<\(b.y1)") }
        return parts.joined(separator: ", ") + (matches ? "; matches" : "")
    }

    /// Counted differences in red and ignored anti-aliasing in yellow, over a faded grey
    /// copy of the expected image (pixels within the threshold show as unchanged); nil
    /// when the sizes differ.
    public func diffImage() throws -> Bitmap? {
        guard sameSize else { return nil }
        let diff = try Bitmap(width: expected.width, height: expected.height)
        let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255).packed
        let yellow = PremultipliedColor(r: 255, g: 220, b: 0, a: 255).packed
        let none = [UInt8](repeating: PixelClass.unchanged.rawValue, count: diff.width)
        for y in 0..<diff.height {
            let out = diff.row(y), e = expected.row(y)
            let rowClasses = classes?[(y * diff.width)..<((y + 1) * diff.width)] ?? none[...]
            for (x, cls) in zip(0..<diff.width, rowClasses) {
                switch PixelClass(rawValue: cls) {
                case .differing: out[x] = red
                case .antialiasing: out[x] = yellow
                default: out[x] = Self.faded(e[x])
                }
            }
        }
        return diff
    }

    /// The pixel over white, as grey, lifted to the top quarter of the range.
    private static func faded(_ p: UInt32) -> UInt32 {
        let a = Int(p >> 24)
        let sum = Int(p & 0xFF) + Int((p >> 8) & 0xFF) + Int((p >> 16) & 0xFF) + 3 * (255 - a)
        let gray = UInt8(sum / 3 / 4 + 191)
        return PremultipliedColor(r: gray, g: gray, b: gray, a: 255).packed
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
