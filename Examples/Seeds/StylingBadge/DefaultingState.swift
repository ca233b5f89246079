// Styling article, "DynamicProperty": a property wrapper made of other dynamic
// properties, and a view using it, as written. Filled in where the article elides code:
// "our custom environment property" `useDefaultValue`, and the view's body.

// Filled in: the environment value the article calls "our custom environment property".
private enum UseDefaultValueKey: EnvironmentKey {
	static var defaultValue: Bool { false }
}

extension EnvironmentValues {
	var useDefaultValue: Bool {
		get { self[UseDefaultValueKey.self] }
		set { self[UseDefaultValueKey.self] = newValue }
	}
}
// End of what is filled in.

@propertyWrapper
struct DefaultingState<Value>: DynamicProperty {
	@State
	var state: Value
	@Environment(\.useDefaultValue) // our custom environment propery
	var useDefault: Bool
	let defaultValue: Value

	var wrappedValue: Value {
		get {
			if useDefault {
				defaultValue
			} else {
				state
			}
		}
		nonmutating set {
			state = newValue
		}
	}

	init(wrappedValue: Value, `default`: Value) {
		_state = .init(wrappedValue: wrappedValue)
		defaultValue = `default`
	}
}

struct MyView: View {
	@DefaultingState(default: .zero)
	var state = 1

	var body: some View { /*...*/
		// Filled in:
		Text("\(state)")
		// End of what is filled in.
	}
}
