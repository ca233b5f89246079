import Foundation
import Raster

/// What one golden assertion found, and did.
public struct GoldenOutcome: Sendable {
    public enum Status: String, Sendable {
        /// The rendering matches its reference within the tolerance.
        case matched
        /// A reference was written (a missing one, or under a record mode).
        case recorded
        /// The rendering does not match, or the assertion could not run.
        case failed
    }

    public let status: Status
    /// The reference's name (its path under the golden folder, without `.png`).
    public let name: String
    /// The reference image file (nil when the assertion failed before choosing it).
    public let reference: URL?
    /// The pixel comparison made (nil when the bytes were equal, so none was needed, or
    /// there was nothing to compare with).
    public let comparison: ImageComparison?
    /// For people: what failed or was recorded, and where to look (nil when matched).
    public let message: String?
    /// The HTML report page, when this assertion added to it.
    public let report: URL?

    /// Whether the test fails: anything but a match, recordings included.
    public var failsTest: Bool { status != .matched }
}
