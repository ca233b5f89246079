/// How different two images may be and still count as the same: the rule golden tests
/// and `render diff` apply.
///
/// `exact` (the default) counts a pixel as differing when any channel differs.
/// `perceptual` measures each pixel pair by its distance in the YIQ colour space (both
/// pixels composited over white first) and counts it only when that distance exceeds
/// `threshold`, a fraction of the largest possible distance (black against white is
/// about 0.97, a one-step change of one channel about 0.003). It can also leave out
/// pixels that look like anti-aliasing: a pixel whose neighbourhood is an edge ramp in
/// either image, with flat runs on both sides of it.
///
/// Either way, the images still match when the count of differing pixels is within the
/// budget: the larger of `maxDifferingPixels` and `maxDifferingFraction` of all pixels.
/// Images of different sizes never match.
///
/// Invariants: `0 <= threshold <= 1`; `maxDifferingPixels >= 0`;
/// `0 <= maxDifferingFraction <= 1` (the initialisers clamp).
public struct ImageTolerance: Sendable, Equatable, CustomStringConvertible {
    /// How one pair of pixels is judged: by exact bytes or by YIQ distance.
    public enum Metric: Sendable, Equatable, CustomStringConvertible {
        /// Any channel different.
        case exact
        /// YIQ distance above `threshold`; `ignoresAntialiasing` leaves out edge pixels.
        case perceptual(threshold: Double, ignoresAntialiasing: Bool)

        public var description: String {
            switch self {
            case .exact: return "exact"
            case .perceptual(let t, let aa): return "perceptual, threshold \(t)" + (aa ? ", anti-aliasing ignored" : "")
            }
        }
    }

    /// How a pixel pair is judged; a perceptual threshold lies in 0...1.
    public var metric: Metric
    /// Differing pixels allowed whatever the image size; never negative.
    public var maxDifferingPixels: Int
    /// Differing pixels allowed as a fraction of all pixels, 0...1.
    public var maxDifferingFraction: Double

    /// Clamps the threshold and `maxDifferingFraction` to 0...1 (NaN to 0) and
    /// `maxDifferingPixels` to at least 0.
    public init(metric: Metric = .exact, maxDifferingPixels: Int = 0, maxDifferingFraction: Double = 0) {
        switch metric {
        case .exact: self.metric = .exact
        case .perceptual(let t, let aa):
            self.metric = .perceptual(threshold: t.isNaN ? 0 : min(max(t, 0), 1), ignoresAntialiasing: aa)
        }
        self.maxDifferingPixels = max(0, maxDifferingPixels)
        self.maxDifferingFraction = maxDifferingFraction.isNaN ? 0 : min(max(maxDifferingFraction, 0), 1)
    }

    /// Every channel of every pixel equal.
    public static let exact = ImageTolerance()

    /// YIQ distance above `threshold` counts (0.1 is a difference people notice at a
    /// glance); anti-aliasing pixels are left out unless `ignoringAntialiasing` is false.
    public static func perceptual(threshold: Double = 0.1, ignoringAntialiasing: Bool = true,
                                  maxDifferingPixels: Int = 0, maxDifferingFraction: Double = 0) -> ImageTolerance {
        ImageTolerance(metric: .perceptual(threshold: threshold, ignoresAntialiasing: ignoringAntialiasing),
                       maxDifferingPixels: maxDifferingPixels, maxDifferingFraction: maxDifferingFraction)
    }

    /// The same metric with a budget of differing pixels.
    public func allowing(pixels: Int = 0, fraction: Double = 0) -> ImageTolerance {
        ImageTolerance(metric: metric, maxDifferingPixels: pixels, maxDifferingFraction: fraction)
    }

    /// How many differing pixels an image of `pixelCount` pixels may have.
    public func budget(pixelCount: Int) -> Int {
        max(maxDifferingPixels, Int((maxDifferingFraction * Double(pixelCount)).rounded(.down)))
    }

    public var description: String {
        var text = metric.description
        if maxDifferingPixels > 0 { text += ", up to \(maxDifferingPixels) pixels" }
        if maxDifferingFraction > 0 { text += ", up to \(maxDifferingFraction * 100) % of pixels" }
        return text
    }
}
