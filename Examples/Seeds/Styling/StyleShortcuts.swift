// Styling article, "UX": the grouped badge style and the default style's shortcut, as
// written (the ContentView after them calls `Badge()`, which has no such initializer).
// `GroupedComponentStyle` and the `style(_:)` modifiers are the library's own.

extension GroupedComponentStyle where C == Badge {
	static func badge(_ style: S) -> Self {
		.init(style: style)
	}
}

extension ComponentStyle where Self == DefaultBadgeStyle {
	static var `default`: Self { .init() }
}
