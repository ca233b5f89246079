// Styling article: the badge style protocol, its default style, the environment value
// and modifier that install one, and the type-erased body a style read from the
// environment as `any BadgeStyle` gives, as written.

public struct BadgeStyleConfiguration {
	public let text: String
	public let image: Image?
}

public protocol BadgeStyle {
	associatedtype Body: View
	typealias Configuration = BadgeStyleConfiguration

	@ViewBuilder
	func makeBody(configuration: Configuration) -> Body
}

public struct DefaultBadgeStyle: BadgeStyle {
	public func makeBody(configuration: Configuration) -> some View {
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

extension EnvironmentValues {
	private enum BadgeStyleKey: EnvironmentKey {
		static var defaultValue: any BadgeStyle {
			DefaultBadgeStyle()
		}
	}

	var badgeStyle: any BadgeStyle {
		get { self[BadgeStyleKey.self] }
		set { self[BadgeStyleKey.self] = newValue }
	}
}

public extension View {
	func badgeStyle<Style: BadgeStyle>(_ style: Style) -> some View {
		environment(\.badgeStyle, style)
	}
}

extension BadgeStyle {
	func erasedBody(configuration: Configuration) -> AnyView {
		AnyView(makeBody(configuration: configuration))
	}
}
