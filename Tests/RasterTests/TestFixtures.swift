import Foundation

/// The package's `Fixtures/` folder, found from this file's path.
enum TestFixtures {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }
}
