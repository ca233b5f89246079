import RasterComponents

/// SwiftUI's colour scheme, the theme's other name: `dark` when the theme is called
/// "dark", else `light`; setting it sets the built-in theme.
public enum ColorScheme: Hashable, Sendable {
    case light, dark
}

public extension EnvironmentValues {
    /// The scheme of the theme in effect; setting it installs the built-in light or dark
    /// theme.
    var colorScheme: ColorScheme {
        get { theme.name == "dark" ? .dark : .light }
        set { theme = newValue == .dark ? .dark : .light }
    }
}
