import Foundation

/// The package's `Fixtures/` folder, found from this file's path.
package enum TestFixtures {
    package static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    package static func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    /// The colour emoji font (fonts-noto-color-emoji, which `scripts/deps.sh` installs).
    package static let emojiFontPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
}
