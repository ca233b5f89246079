import Foundation

/// The package's `Fixtures/` folder, found from this file's path.
package enum TestFixtures {
    package static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    package static func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    /// The source file of shipped font `name` ("Inter-Regular.otf"), which the binary
    /// builds in: what an oracle (FreeType, HarfBuzz in Python) opens by path.
    package static func shippedFontPath(_ name: String) -> String {
        directory.deletingLastPathComponent().appendingPathComponent("Sources/CEmbeddedFonts/Fonts").appendingPathComponent(name).path
    }

    /// The colour emoji font (fonts-noto-color-emoji, which `scripts/deps.sh` installs).
    package static let emojiFontPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
}
