#if canImport(Testing) && compiler(>=6.1)
import Raster
import Testing

/// A Swift Testing trait that puts a `GoldenConfiguration` in scope for a test, or for
/// every test of a suite: `@Suite(.golden(tolerance: .perceptual()))`.
public struct GoldenTrait: SuiteTrait, TestTrait, TestScoping {
    public let configuration: GoldenConfiguration

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await withGoldenConfiguration(configuration, operation: function)
    }
}

extension Trait where Self == GoldenTrait {
    /// Golden settings for this test or suite (settings left nil keep the enclosing
    /// scope's, then the environment's).
    public static func golden(directory: String? = nil, artifactsDirectory: String? = nil, record: GoldenRecordMode? = nil,
                              tolerance: ImageTolerance? = nil) -> Self {
        GoldenTrait(configuration: GoldenConfiguration(directory: directory, artifactsDirectory: artifactsDirectory,
                                                       record: record, tolerance: tolerance))
    }
}
#endif
