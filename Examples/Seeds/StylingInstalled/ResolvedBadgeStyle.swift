// Styling article, "Installing on a View": the resolving view, the `resolved(with:)`
// extension and the badge using it, as written.

struct ResolvedBadgeStyle<Base: BadgeStyle>: View {
	let base: Base
	let configuration: BadgeStyleConfiguration
	
	var body: some View {
		base.makeBody(configuration: configuration)
	}
}

extension BadgeStyle {
	func resolved(with configuration: BadgeStyleConfiguration) -> AnyView {
		AnyView(ResolvedBadgeStyle(base: self, configuration: configuration))
		// Now the compiler knows the concrete type of Self
		// We use AnyView again. The reason is the same as last time
	}
}

public struct Badge: View {
	public let text: String
	public let image: Image?

	@Environment(\.badgeStyle)
	var style

	public var body: some View {
		style.resolved(with: configuration)
	}
	
	var configuration: BadgeStyleConfiguration {
		.init(text: text, image: image)
	}
}
