// Styling article, "Our own style": the badge, as written.

public struct Badge: View {
	public let text: String
	public let image: Image?

	public var body: some View {
		HStack {
			Text(text)
			image
		}
		.padding()
		.background {
			Capsule().fill(.background)
		}
	}
}
