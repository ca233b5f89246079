// Styling article, "Generalize this": the stylable component and style protocols, the
// resolving view, the environment storage and the style property wrapper, as written.

protocol ComponentStyle<Component>: DynamicProperty {
	associatedtype Component: StylableComponent 
	associatedtype Body: View
	
	@ViewBuilder
	func makeBody(configuration: Component.Configuration) -> Body
}

struct ResolvedComponent<Style: ComponentStyle>: View {
	let configuration: Style.Component.Configuration
	let style: Style

	var body: some View {
		style.makeBody(configuration: configuration)
	}
}

extension ComponentStyle {
	func erasedBody(configuration: Component.Configuration) -> AnyView {
		AnyView(
			ResolvedComponent(
				configuration: configuration,
				style: self
			)
		)
	}
}

protocol StylableComponent: View {
	associatedtype Configuration

	var configuration: Configuration { get }

	/*@START_HIGHLIGHT@*/static var defaultStyle: any ComponentStyle<Self> { get }/*@END_HIGHLIGHT@*/
}

struct AnyComponentStyle<Component: StylableComponent> {
	let base: any ComponentStyle<Component>
	let body: (Component.Configuration) -> AnyView

	init(base: some ComponentStyle<Component>) {
		self.base = base
		body = { base.erasedBody(configuration: $0) }
	}

	func erasedBody(configuration: Component.Configuration) -> AnyView {
		body(configuration)
	}
}

struct ComponentStyleKey<C: StylableComponent>: EnvironmentKey, Hashable {
	static var defaultValue: AnyComponentStyle<C> { 
		.init(base: C.defaultStyle)
	}

	init(_ type: C.Type) {}
}

extension EnvironmentValues {
	subscript<Component: StylableComponent>(
		componentStyle key: ComponentStyleKey<Component>
	) -> AnyComponentStyle<Component> {
		get { self[ComponentStyleKey<Component>.self] }
		set { self[ComponentStyleKey<Component>.self] = newValue }
	}
}

@propertyWrapper
struct StyleWrapper<Component: StylableComponent>: DynamicProperty {
	@Environment(\.[componentStyle: .init(Component.self)])
	var style

	var wrappedValue: AnyComponentStyle<Component> { style }

	init() {}
}

extension StylableComponent {
	typealias Style = StyleWrapper<Self>
}
