// Styling article, "Generalize this": the badge as a stylable component reading its
// style with `@Style`, and its default style, as written. The protocols, the style
// wrapper and the environment storage they use are the library's own.

struct Badge: StylableComponent {
	struct Configuration { 
		let text: String
		let image: Image?
	}

	static var defaultStyle: any ComponentStyle<Badge> { DefaultBadgeStyle() }

	@Style
	var style // : AnyComponentStyle<Self>

	var body: some View { 
		style.erasedBody(configuration: configuration)
	}

	var configuration: Configuration

	init(text: String, image: Image? = nil) {
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
