/// Text as a stylable component: its configuration is the text, its default style the
/// text drawn as it is.
extension Text: Stylable {
    /// What a text style draws from.
    public struct Configuration: ComposableConfiguration {
        /// The text, as the component was given it.
        public let text: Text
        /// What the styles inside the current one made (nil: none).
        public var base: AnyComponent<Empty>?

        /// The configuration of `text`.
        public init(text: Text, base: AnyComponent<Empty>? = nil) {
            var plain = text
            plain.ignoresStyles = true
            self.text = plain
            self.base = base
        }

        /// The text drawn as it is (its style stack not applied again).
        public var label: AnyComponent<Empty> { AnyComponent(text) }
    }

    /// The text drawn as it is.
    public static var defaultStyle: any ComponentStyle<Text> { PlainTextStyle() }

}

/// The text as it is: the default text style.
public struct PlainTextStyle: ComponentStyle {
    /// Styles text.
    public typealias Component = Text
    /// The style; it has no settings.
    public init() {}
    public func makeBody(configuration: Text.Configuration, base: AnyComponent<Empty>) -> AnyComponent<Empty> {
        configuration.label
    }
}

/// Shows a styled text: the body its style stack makes from it.
struct StyledText: CombinedComponent {
    let text: Text

    static var body: Body {
        let child = Child(AnyComponent<Empty>.self)
        return { context in
            let text = context.component.text
            let body = text.styledBody(Text.Configuration(text: text), environment: context.environment)
            return child.updateAsContent(body, in: context).size
        }
    }
}
