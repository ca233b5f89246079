/// How a path is outlined.
public struct StrokeStyle: Hashable, Sendable {
    /// The shape of open ends: `butt` stops at the end point, `round` adds a half disc,
    /// `square` extends the stroke by half its width.
    public enum Cap: String, Hashable, Sendable, CaseIterable { case butt, round, square }
    /// The shape of the outer side of a corner: `miter` a sharp point (a bevel past
    /// `miterLimit`), `round` an arc, `bevel` a straight cut.
    public enum Join: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }

    /// Width in user space, centred on the path. Zero draws a one-device-pixel hairline.
    public var width: Double
    /// Ends of open contours; a zero-length contour becomes a disc (round), a square
    /// (square) or nothing (butt).
    public var cap: Cap
    /// Corners between segments, on the outer side of each turn.
    public var join: Join
    /// Miter joins longer than `miterLimit × width` become bevels (Core Graphics' default 10).
    public var miterLimit: Double
    /// Alternating on/off lengths; empty for a solid stroke. An odd count is repeated
    /// once (as SVG does); negative entries or an all-zero pattern disable dashing, and so
    /// does a pattern that would cut one path into more than `Dasher.maximumDashes`.
    /// Lengths are measured along the path's exact lines and curves.
    public var dash: [Double]
    /// Distance into the dash pattern at which each contour starts.
    public var dashPhase: Double

    /// Defaults: width 1, butt caps, miter joins with limit 10, solid.
    public init(width: Double = 1, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
