// Styling article: the badge whose Body is inferred from the default body, with the
// default badge style (the second half of the earlier badge block), as written.

struct Badge: StylableComponent {
	// inferred Body == DefaultComponentBody<Badge>
	struct Configuration {
		let text: String
		let image: Image?
	}
	static var defaultStyle: any ComponentStyle<Badge> { DefaultBadgeStyle() }

	var configuration: Configuration
	init(text: String, image: Image?) {
		configuration = .init(text: text, image: image)
	}
}

struct DefaultBadgeStyle: ComponentStyle {
	typealias Component = Badge

	func makeBody(configuration: Badge.Configuration) -> some View {
		HStack {
			Text(configuration.text)
			configuration.image
		}
		.padding()
		.background {
			Capsule().fill(.background)
		}
	}
}
