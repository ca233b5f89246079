// Styling article, "PrimitiveButtonStyle": the design-system button, its default style,
// the regular style protocol and its wrapper, as written.

// short for DesignSystemButton
struct DSButton: StylableComponent {
	struct Configuration {
		let trigger: () -> Void
		let label: AnyView
	}
	let label: AnyView
	let action: () -> Void

	init(action: @escaping () -> Void, label: some View) {
		self.action = action
		self.label = AnyView(label)
	}

	var configuration: Configuration { 
		.init(trigger: action, label: AnyView(label))
	}

	static var defaultStyle: any ComponentStyle<DSButton> {
		DefaultDSButtonStyle()
	}
}

struct DefaultDSButtonStyle: ComponentStyle {
	typealias Component = DSButton

	func makeBody(configuration: DSButton.Configuration) -> some View {
		configuration.label
			.onTapGesture {
				configuration.trigger()
			}
	}
}

extension GroupedComponentStyle where C == DSButton {
	static func button(_ style: S) -> Self {
		.init(style: style)
	}
}

extension DSButton {
	struct RegularConfiguration {
		let label: AnyView
	}
}

protocol DSButtonStyle {
	associatedtype Body: View
	typealias Configuration = DSButton.RegularConfiguration

	@ViewBuilder
	func makeBody(configuration: Self.Configuration) -> Body
}

struct DSButtonStyleWrapper<Base: DSButtonStyle>: ComponentStyle {
	typealias Component = DSButton

	let base: Base
	
	func makeBody(configuration: DSButton.Configuration) -> some View {
		base.makeBody(
			configuration: DSButton.RegularConfiguration(
				label: configuration.label
			)
		)
		.onTapGesture {
			configuration.trigger()
		}
	}
}

extension GroupedComponentStyle where C == DSButton {
	static func button<Style: DSButtonStyle>(
		_ style: Style
	) -> Self where S == DSButtonStyleWrapper<Style> {
		.init(style: DSButtonStyleWrapper(base: style))
	}
}
