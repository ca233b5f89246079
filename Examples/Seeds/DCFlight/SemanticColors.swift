// DCFlight article, "Semantic Colors": the iOS implementation pattern, as written, in a
// function that declares the `props` and `button` it uses.
public func applySemanticColorsPattern(props: [String: Any], button: UIButton) {
    // In createView and updateView
    if let primaryColor = props["primaryColor"] as? String {
        if let color = ColorUtilities.color(fromHexString: primaryColor) {
            button.setTitleColor(color, for: .normal)
        }
        // NO FALLBACK - StyleSheet always provides colors
    }
}
