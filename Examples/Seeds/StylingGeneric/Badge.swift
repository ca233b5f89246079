// Styling article: the badge as a stylable component with its default style, the
// default body, as written.

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

struct DefaultComponentBody<Component: StylableComponent>: View {
	@StyleWrapper<Component>
	var style
	let configuration: Component.Configuration

	var body: some View {
		style.erasedBody(configuration: configuration)
	}
}

extension StylableComponent where Body == DefaultComponentBody<Self> {
	var body: Body {
		DefaultComponentBody(configuration: configuration)
	}
}
