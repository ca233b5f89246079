import CFontconfig
import CFreeType
import CHarfBuzz
import CPNG

/// The version of this library and of the C libraries it runs on, as linked at run
/// time (what `render --version` prints).
public enum RenderVersion {
    /// The release: semantic versioning, the same as the package's git tag.
    public static let current = "0.10.0"

    /// Each linked library's name and version, in a fixed order.
    public static var libraries: [(name: String, version: String)] {
        [("FreeType", freeType), ("HarfBuzz", String(cString: hb_version_string())),
         ("libpng", String(cString: cpng_libpng_version())), ("fontconfig", dotted(Int(FcGetVersion()), 10_000, 100))]
    }

    /// "render 0.10.0" and a line naming the linked libraries' versions.
    public static var description: String {
        "render \(current)\n" + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
    }

    private static var freeType: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// `value` as major.minor.patch from fontconfig's packed integer.
    private static func dotted(_ value: Int, _ major: Int, _ minor: Int) -> String {
        "\(value / major).\(value % major / minor).\(value % minor)"
    }
}
