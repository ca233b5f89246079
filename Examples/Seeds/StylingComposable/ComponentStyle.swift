// Styling article, "Style propagation": the protocols and resolving view of "Generalize
// this", the grouped style, and the style stacks that replace the single style, as
// written.

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

struct GroupedComponentStyle<C: StylableComponent, S: ComponentStyle<C>> {
	let style: S
}

struct ComponentStylesKey<C: StylableComponent>: EnvironmentKey, Hashable {
	static var defaultValue: [AnyComponentStyle<C>] { 
		[]
	}

	init(_ type: C.Type) {}
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

extension EnvironmentValues {
	subscript<Component: StylableComponent>(
		componentStyles key: ComponentStylesKey<Component>
	) -> [AnyComponentStyle<Component>] {
		get { self[ComponentStylesKey<Component>.self] }
		set { self[ComponentStylesKey<Component>.self] = newValue }
	}
}

extension View {
	func style<C: StylableComponent, S: ComponentStyle>(
		_ grouped: GroupedComponentStyle<C, S>
	) -> some View {
		transformEnvironment(\.[componentStyles: .init(C.self)]) {
			$0.append(.init(base: grouped.style))
		}
	}
}

protocol ComposableStyling: StylableComponent
	where Body == DefaultComponentBody<Self> {
	init(_ configuration: Configuration)
}

@propertyWrapper
struct StyleWrapper<Component: StylableComponent>: DynamicProperty {
	struct WrappedValue {
		let currentStyle: AnyComponentStyle<Component>
		let rest: [AnyComponentStyle<Component>]

		func erasedBody(
			configuration: Component.Configuration
		) -> some View {
			currentStyle.erasedBody(configuration: configuration)
				.environment(\.[componentStyles: .init(Component.self)], rest)
		}
	}

	@Environment(\.[componentStyles: .init(Component.self)])
	var styles

	var wrappedValue: WrappedValue {
		.init(
			currentStyle: styles.last ?? .init(base: Component.defaultStyle),
			rest: styles.dropLast()
		)
	}

	init() {}
}

extension StylableComponent {
	typealias Style = StyleWrapper<Self>
}
