import RasterComponents
import RasterCore
import RasterText

/// A container (`View`): `backgroundColor` (hex), `cornerRadius`; `accentColor` draws a
/// border when `borderWidth` is set. Its layout props are read by `DCFTree`.
public final class DCFViewComponent: DCFComponent {
    public init() {}

    public func createView(props: [String: Any]) -> ComponentView {
        let view = ComponentView()
        _ = updateView(view, withProps: props)
        return view
    }

    public func updateView(_ view: ComponentView, withProps props: [String: Any]) -> Bool {
        let layer = view.layer
        layer.backgroundPaint = (props["backgroundColor"] as? String).flatMap(ColorUtilities.color(fromHexString:)).map { .solid($0) }
        layer.cornerRadius = DCFProps.number(props["cornerRadius"]) ?? 0
        layer.masksToBounds = layer.cornerRadius > 0
        layer.borderWidth = DCFProps.number(props["borderWidth"]) ?? 0
        if let accent = (props["accentColor"] as? String).flatMap(ColorUtilities.color(fromHexString:)) {
            layer.borderColor = accent
        }
        return true
    }

    public func getIntrinsicSize(_ view: ComponentView, forProps props: [String: Any]) -> Size {
        Size(width: 1, height: 1)
    }
}

/// Text (`Text`): `content`, `fontSize`, `fontWeight` ("bold", "semibold", ...), in
/// `textColor` if set, else `primaryColor`; `secondary: true` uses `secondaryColor`.
public final class DCFTextComponent: DCFComponent {
    public init() {}

    public func createView(props: [String: Any]) -> ComponentView {
        let view = ComponentView()
        _ = updateView(view, withProps: props)
        return view
    }

    public func updateView(_ view: ComponentView, withProps props: [String: Any]) -> Bool {
        view.layer.drawing = Self.drawing(props)
        return true
    }

    public func getIntrinsicSize(_ view: ComponentView, forProps props: [String: Any]) -> Size {
        let size = Self.drawing(props).layout?.size ?? .zero
        return Size(width: max(1, size.width), height: max(1, size.height))
    }

    static func drawing(_ props: [String: Any]) -> TextDrawing {
        let key = (props["secondary"] as? Bool) == true ? "secondaryColor" : "primaryColor"
        let color = [props["textColor"], props[key]].lazy.compactMap { $0 as? String }
            .compactMap(ColorUtilities.color(fromHexString:)).first ?? .black
        let font = Font.system(size: DCFProps.number(props["fontSize"]) ?? 17,
                               weight: (props["fontWeight"] as? String).flatMap(FontWeight.init(name:)) ?? .regular)
        let text = AttributedText(props["content"] as? String ?? "", font: font, color: color)
        return TextDrawing(text: text, style: ParagraphStyle(), width: .infinity, registry: DCFTree.fonts ?? .shared)
    }
}

/// A button (`Button`): `title` in `primaryColor` over `accentColor` when `filled` is
/// true (else no background); `tertiaryColor` is the disabled title (`disabled: true`).
/// A tap propagates `onPress` with `["pressed": true]`. Tunnel method `"press"` presses
/// the button in `params["view"]` (`DCFTree.callTunnel(nodeId:method:params:)` puts it
/// there) as a tap does: true when it was pressed, false when it is disabled or no
/// button was given.
public final class DCFButtonComponent: DCFComponent {
    public init() {}

    public func createView(props: [String: Any]) -> ComponentView {
        let button = DCFButtonView(type: .system)
        _ = updateView(button, withProps: props)
        button.addAction(for: .touchUpInside) { [weak button, self] in
            guard let button else { return }
            self.propagateEvent(on: button, eventName: "onPress", data: ["pressed": true])
        }
        return button
    }

    public func updateView(_ view: ComponentView, withProps props: [String: Any]) -> Bool {
        guard let button = view as? DCFButtonView else { return false }
        button.setTitle(props["title"] as? String, for: .normal)
        if let primary = (props["primaryColor"] as? String).flatMap(ColorUtilities.color(fromHexString:)) {
            button.setTitleColor(primary, for: .normal)
        }
        if let tertiary = (props["tertiaryColor"] as? String).flatMap(ColorUtilities.color(fromHexString:)) {
            button.setTitleColor(tertiary, for: .disabled)
        }
        let filled = (props["filled"] as? Bool) == true
        button.backgroundColor = filled ? (props["accentColor"] as? String).flatMap(ColorUtilities.color(fromHexString:)) : nil
        button.layer.cornerRadius = DCFProps.number(props["cornerRadius"]) ?? (filled ? 10 : 0)
        button.isButtonEnabled = (props["disabled"] as? Bool) != true
        if let size = DCFProps.number(props["fontSize"]) { button.font = Font.system(size: size, weight: .semibold) }
        return true
    }

    public func getIntrinsicSize(_ view: ComponentView, forProps props: [String: Any]) -> Size {
        guard let button = view as? DCFButtonView else { return Size(width: 1, height: 1) }
        let size = button.intrinsicContentSize
        return Size(width: max(1, size.width), height: max(1, size.height))
    }

    public static func handleTunnelMethod(_ method: String, params: [String: Any]) -> Any? {
        guard method == "press" else { return nil }
        guard let button = params["view"] as? DCFButtonView, button.isButtonEnabled else { return false }
        button.press()
        button.release(inside: true)
        return true
    }
}
