// Styling article, "@Environment and friends": a style reading the colour scheme, as
// written.

struct ColorSchemeBadgeStyle: BadgeStyle {
	@Environment(\.colorScheme)
	var colorScheme

	func makeBody(configuration: Configuration) -> some View {
		HStack {
			Text(configuration.text)
			configuration.image
		}
		.padding()
		.background {
			Capsule().fill(colorScheme == .light ? Color.blue : .red)
		}
	}
}
