// Styling article, "Composability": the `Button` initializer the article quotes from
// SwiftUI's documentation, SwiftUI's composable button styles and the environment
// array, as written; the body fragment inside a view that holds it. The quoted
// initializer is a declaration without a body, which Swift accepts only as a protocol
// requirement: filled in, a protocol that holds it, met by the library's `Button`.

// Filled in:
protocol DocumentedButtonInitializer {
// End of what is filled in.
init(_ configuration: PrimitiveButtonStyleConfiguration)
// Filled in:
}

extension Button: DocumentedButtonInitializer {}
// End of what is filled in.

struct ContentView: View {
	var body: some View {
		Button("Test") {
			// action
		}
		.buttonStyle(Bordered(color: .blue))
		.buttonStyle(Padded())
		.buttonStyle(Bordered())
	}
}

struct Bordered: PrimitiveButtonStyle {
	var color = Color.red

	func makeBody(configuration: Configuration) -> some View {
		Button(configuration)
			.border(color)
	}
}

struct Padded: PrimitiveButtonStyle {
	func makeBody(configuration: Configuration) -> some View {
		Button(configuration)
			.padding()
	}
}

extension EnvironmentValues {
	private enum Key: EnvironmentKey {
		static var defaultValue: [Int] { [] }
	}

	var array: [Int] {
		get { self[Key.self] }
		set { self[Key.self] = newValue }
	}
}

extension View {
	func addValue(_ int: Int) -> some View {
		transformEnvironment(\.array) {
			$0.append(int)
		}
	}
}

// The article's fragment "var body: some View { Color.clear.addValue(1)... }", inside a view.
struct AddValueExample: View {
	var body: some View {
		Color.clear
			.addValue(1)
			.addValue(2)
			.addValue(3)
	}
}
