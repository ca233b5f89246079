import Foundation
import Raster

/// Settings for golden assertions: where references live, where failure artifacts go,
/// the record mode and the tolerance.
///
/// Each setting is taken from the first of: the assertion's own argument, the scoped
/// configuration (`withGoldenConfiguration`, or the `.golden(...)` trait of a Swift
/// Testing suite or test), the environment (`GOLDEN_RECORD`, `GOLDEN_ARTIFACTS`), and
/// the defaults (`Fixtures/golden/` and `.build/golden-artifacts/` under the package
/// root, record `missing`, tolerance `exact`).
///
/// Relative paths are resolved against the package root of the test file that makes
/// the assertion: the nearest folder above it holding a `Package.swift`.
public struct GoldenConfiguration: Sendable {
    /// The folder holding reference images (nil: `Fixtures/golden`).
    public var directory: String?
    /// The folder for actual and diff images and the HTML report (nil:
    /// `GOLDEN_ARTIFACTS`, else `.build/golden-artifacts`).
    public var artifactsDirectory: String?
    /// The record mode (nil: `GOLDEN_RECORD`, else `.missing`).
    public var record: GoldenRecordMode?
    /// How different a rendering may be from its reference (nil: exact).
    public var tolerance: ImageTolerance?

    public init(directory: String? = nil, artifactsDirectory: String? = nil, record: GoldenRecordMode? = nil,
                tolerance: ImageTolerance? = nil) {
        self.directory = directory
        self.artifactsDirectory = artifactsDirectory
        self.record = record
        self.tolerance = tolerance
    }

    /// The configuration in scope for the current task.
    @TaskLocal public static var current = GoldenConfiguration()

    /// The folder `GOLDEN_ARTIFACTS` names.
    public static let artifactsEnvironmentVariable = "GOLDEN_ARTIFACTS"

    /// This configuration with `other`'s settings where `other` has them.
    func overridden(by other: GoldenConfiguration) -> GoldenConfiguration {
        GoldenConfiguration(directory: other.directory ?? directory,
                            artifactsDirectory: other.artifactsDirectory ?? artifactsDirectory,
                            record: other.record ?? record, tolerance: other.tolerance ?? tolerance)
    }
}

/// Runs `operation` with `configuration`'s settings in scope (settings it leaves nil
/// keep the enclosing scope's).
public func withGoldenConfiguration<R>(_ configuration: GoldenConfiguration,
                                       operation: () throws -> R) rethrows -> R {
    try GoldenConfiguration.$current.withValue(GoldenConfiguration.current.overridden(by: configuration),
                                               operation: operation)
}

/// Runs `operation` with `configuration`'s settings in scope (settings it leaves nil
/// keep the enclosing scope's).
public func withGoldenConfiguration<R>(_ configuration: GoldenConfiguration, isolation: isolated (any Actor)? = #isolation,
                                       operation: () async throws -> R) async rethrows -> R {
    try await GoldenConfiguration.$current.withValue(GoldenConfiguration.current.overridden(by: configuration),
                                                     operation: operation)
}

/// A configuration with every setting decided, for one assertion.
struct ResolvedGoldenSettings {
    let directory: URL
    let artifacts: URL
    let record: GoldenRecordMode
    let tolerance: ImageTolerance

    /// - Throws: `GoldenSetupError` for a bad `GOLDEN_RECORD`.
    init(_ configuration: GoldenConfiguration, packageRoot: URL,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : packageRoot.appendingPathComponent(path)
        }
        directory = resolve(configuration.directory ?? "Fixtures/golden")
        let artifactsPath = configuration.artifactsDirectory
            ?? environment[GoldenConfiguration.artifactsEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? ".build/golden-artifacts"
        artifacts = resolve(artifactsPath)
        record = try configuration.record ?? GoldenRecordMode.fromEnvironment(environment) ?? .missing
        tolerance = configuration.tolerance ?? .exact
    }
}
