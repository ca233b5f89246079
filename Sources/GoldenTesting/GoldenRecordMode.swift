/// When `assertGolden` writes a reference image instead of only comparing with it.
///
/// Whatever the mode, a call that writes a reference fails its test, saying what it
/// wrote, so a run that records never passes by accident. A reference whose bytes would
/// not change is never rewritten.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
    /// Write every reference whose bytes differ from the rendering (re-record all).
    case all
    /// Write references that are missing or do not match (accept every change).
    case failed
    /// Write references that are missing; compare the rest. The default.
    case missing
    /// Write nothing; a missing reference is a failure (for CI).
    case never

    /// The environment variable that sets the mode for a whole run.
    public static let environmentVariable = "GOLDEN_RECORD"

    /// The mode `GOLDEN_RECORD` asks for: nil when unset or empty.
    /// - Throws: `GoldenSetupError` naming the variable when it holds anything else.
    static func fromEnvironment(_ environment: [String: String]) throws -> GoldenRecordMode? {
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        guard let mode = GoldenRecordMode(rawValue: value.lowercased()) else {
            let choices = allCases.map(\.rawValue).joined(separator: ", ")
            throw GoldenSetupError("\(environmentVariable): expected one of \(choices), found '\(value)'")
        }
        return mode
    }
}

/// A golden assertion that could not run: bad settings, an unreadable scene, a
/// rendering that threw.
struct GoldenSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
