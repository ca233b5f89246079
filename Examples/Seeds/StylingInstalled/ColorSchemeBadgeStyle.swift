// Styling article, "@Environment and friends": the style with an intermediate view, as
// written.

struct ColorSchemeBadgeStyle: BadgeStyle {
	private struct Intermediate: View {
		@Environment(\.colorScheme)
		var colorScheme

		let configuration: Configuration

		var body: some View {
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

	func makeBody(configuration: Configuration) -> some View {
		Intermediate(configuration: configuration)
	}
}
