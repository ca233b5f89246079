import RasterCore
import RasterLayout

/// An on/off control (SwiftUI's `Toggle`): a label and a switch, drawn by the style stack
/// for `Toggle` (default `SwitchToggleStyle`). A tap calls `onChange` with the other
/// value; the toggle shows what it is given (`isOn`), so the owner flips it by updating
/// it, and an animated update slides the knob. A disabled toggle is shown at 0.3 opacity
/// (by the pressable button around the styled body) and ignores taps. Closures do not take part in `==`, as for `Button`.
public struct Toggle: CombinedComponent, ComposableStyling {
    /// What a toggle style draws from.
    public struct Configuration: ComposableConfiguration {
        /// Whether the toggle is on.
        public let isOn: Bool
        /// False when the toggle ignores taps.
        public let isEnabled: Bool
        /// What the toggle is for (nil: no label).
        public let label: AnyComponent<Empty>?
        /// What the styles inside the current one made (shown by `Toggle(configuration)`).
        public var base: AnyComponent<Empty>?

        /// Every parameter sets the property of the same name.
        public init(isOn: Bool, isEnabled: Bool = true, label: AnyComponent<Empty>? = nil, base: AnyComponent<Empty>? = nil) {
            self.isOn = isOn
            self.isEnabled = isEnabled
            self.label = label
            self.base = base
        }
    }

    /// Whether the toggle is on.
    public let isOn: Bool
    /// What the toggle is for (nil: no label).
    public let label: AnyComponent<Empty>?
    /// False shows the toggle at 0.3 opacity and ignores taps.
    public let isEnabled: Bool
    /// Called on a tap with the value the toggle should take.
    public let onChange: ((Bool) -> Void)?
    /// Set by `init(_ configuration:)`: shown as it is, unstyled and not pressable.
    let resolvedBody: AnyComponent<Empty>?

    /// A toggle showing `isOn`, with `label` before the switch.
    public init(isOn: Bool, label: AnyComponent<Empty>? = nil, isEnabled: Bool = true, onChange: ((Bool) -> Void)? = nil) {
        self.isOn = isOn
        self.label = label
        self.isEnabled = isEnabled
        self.onChange = onChange
        resolvedBody = nil
    }

    /// What the styles inside the current style made for `configuration`: a style
    /// composes by showing it. Not pressable itself; the toggle being styled takes taps.
    public init(_ configuration: Configuration) {
        isOn = configuration.isOn
        label = configuration.label
        isEnabled = configuration.isEnabled
        onChange = nil
        resolvedBody = configuration.base ?? AnyComponent(EmptyComponent())
    }

    /// The switch.
    public static var defaultStyle: any ComponentStyle<Toggle> { SwitchToggleStyle() }

    public static func == (lhs: Toggle, rhs: Toggle) -> Bool {
        lhs.isOn == rhs.isOn && lhs.isEnabled == rhs.isEnabled && lhs.label == rhs.label
            && lhs.resolvedBody == rhs.resolvedBody && (lhs.onChange == nil) == (rhs.onChange == nil)
    }

    public static var body: Body {
        let control = Child(Button.self)
        let shown = Child(AnyComponent<Empty>.self)
        return { context in
            let t = context.component
            if let resolvedBody = t.resolvedBody {
                let child = shown.update(component: resolvedBody, availableSize: context.availableSize, transition: context.transition)
                context.add(child.placed(Rect(origin: .zero, size: child.size)))
                return child.size
            }
            let body = t.styledBody(Configuration(isOn: t.isOn, isEnabled: t.isEnabled, label: t.label),
                                    environment: context.environment)
            let onChange = t.onChange, next = !t.isOn
            let button = Button(content: body, automaticHighlight: false, isEnabled: t.isEnabled) { onChange?(next) }
            let child = control.update(component: button, availableSize: context.availableSize, transition: context.transition)
            context.add(child.placed(Rect(origin: .zero, size: child.size)))
            return child.size
        }
    }
}

/// The label, then a 51 × 31 switch: a track in `onColor` when on (a light grey when off)
/// and a white knob at its trailing end when on, its leading end when off.
public struct SwitchToggleStyle: ComponentStyle {
    /// Styles toggles.
    public typealias Component = Toggle
    /// The track's colour when on; may be semantic.
    public var onColor: ColorValue

    /// A switch whose track is `onColor` (green by default) when on.
    public init(onColor: ColorValue = .fixed(Color(r: 52, g: 199, b: 89))) {
        self.onColor = onColor
    }

    public func makeBody(configuration: Toggle.Configuration) -> AnyComponent<Empty> {
        let track = RoundedRectangle(cornerRadius: 15.5, fill: .color(configuration.isOn ? onColor : .fixed(Color(r: 233, g: 233, b: 235))),
                                     width: 51, height: 31)
        let knob = AnyComponent(Circle(fill: .color(.fixed(.white)), width: 27, height: 27)).padding(2)
        let alignment: Alignment = configuration.isOn ? .trailing : .leading
        let control = AnyComponent(ZStack([AnyComponent(track), knob.frame(width: 51, height: 31, alignment: alignment)]))
        guard let label = configuration.label else { return control }
        return AnyComponent(HStack([label, control], spacing: 12))
    }
}

/// The label, then a 22-point rounded box, filled with a check mark when on (the
/// checkbox of desktop platforms).
public struct CheckboxToggleStyle: ComponentStyle {
    /// Styles toggles.
    public typealias Component = Toggle
    /// The box's fill when on; may be semantic.
    public var color: ColorValue

    /// A checkbox filled with `color` (the accent colour by default) when on.
    public init(color: ColorValue = .accent) {
        self.color = color
    }

    public func makeBody(configuration: Toggle.Configuration) -> AnyComponent<Empty> {
        let box: AnyComponent<Empty>
        if configuration.isOn {
            var check = Path()
            check.move(to: Point(x: 5.5, y: 11.5))
            check.line(to: Point(x: 9.5, y: 15.5))
            check.line(to: Point(x: 16.5, y: 7))
            box = AnyComponent(ZStack([
                AnyComponent(RoundedRectangle(cornerRadius: 5, fill: .color(color), width: 22, height: 22)),
                AnyComponent(PathShape(check, fill: nil, stroke: ShapeStroke(.color(.fixed(.white)), width: 2.5), width: 22, height: 22)),
            ]))
        } else {
            box = AnyComponent(RoundedRectangle(cornerRadius: 5, fill: nil, stroke: ShapeStroke(.color(.secondary), width: 1.5, inside: true),
                                                width: 22, height: 22))
        }
        guard let label = configuration.label else { return box }
        return AnyComponent(HStack([box, label], spacing: 8))
    }
}

public extension Toggle {
    /// The names of the built-in styles, as scene files use them.
    static let styleNames = ["switch", "checkbox"]

    /// The built-in style called `name`.
    static func namedStyle(_ name: String) -> AnyComponentStyle<Toggle>? {
        switch name {
        case "switch": return AnyComponentStyle(SwitchToggleStyle())
        case "checkbox": return AnyComponentStyle(CheckboxToggleStyle())
        default: return nil
        }
    }
}
