// Styling article, "UX": the style modifiers, the grouped style and its shortcuts, as
// written (the ContentView after them calls `Badge()`, which has no such initializer).

extension View {
	func style<C: StylableComponent, S: ComponentStyle<C>>(
		_ style: S
	) -> some View {
		environment(\.[componentStyle: .init(C.self)], .init(base: style))
	} 
}

struct GroupedComponentStyle<C: StylableComponent, S: ComponentStyle<C>> {
	let style: S
}

extension View {
	func style<C: StylableComponent, S: ComponentStyle>(
		_ grouped: GroupedComponentStyle<C, S>
	) -> some View {
		environment(
			\.[componentStyle: .init(C.self)],
			.init(base: grouped.style)
		)
	}
}

extension GroupedComponentStyle where C == Badge {
	static func badge(_ style: S) -> Self {
		.init(style: style)
	}
}

extension ComponentStyle where Self == DefaultBadgeStyle {
	static var `default`: Self { .init() }
}
