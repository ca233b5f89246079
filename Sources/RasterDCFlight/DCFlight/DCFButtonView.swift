import RasterCore
import RasterLayers
import RasterText
import RasterComponents

/// A text button view for DCFlight components (UIButton's role): a title drawn in the
/// title colour of its state over an optional background, sized by its title and
/// content insets, calling its actions when tapped.
public final class DCFButtonView: ControlView {
    /// UIButton's button types; only the look of `system` is drawn.
    public enum ButtonType: Sendable { case system, custom }
    /// UIControl's states a title colour can be set for.
    public enum State: Hashable, Sendable { case normal, highlighted, disabled }
    /// UIControl's events an action can be added for.
    public enum Event: Hashable, Sendable { case touchUpInside }

    /// The type given at creation (`system` unless `init(type:)` says otherwise).
    public private(set) var buttonType: ButtonType = .system
    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [:]
    private var actions: [() -> Void] = []
    private var isHighlighted = false
    /// The title font (17 pt system font by default).
    public var font = Font.system(size: 17) { didSet { redraw() } }
    /// Space between the title and the button's edges.
    public var contentEdgeInsets = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12) { didSet { redraw() } }
    /// Fill behind the title; nil leaves the layer unfilled.
    public var backgroundColor: Color? { didSet { redraw() } }
    /// When false the button draws its `disabled` title and ignores taps.
    public var isButtonEnabled = true { didSet { redraw() } }
    /// The fonts the title is laid out with.
    var fonts: FontRegistry = DCFTree.fonts ?? .shared

    public required init() {
        super.init()
    }

    /// A button of the given type.
    public convenience init(type: ButtonType) {
        self.init()
        buttonType = type
    }

    public override var isEnabled: Bool { isButtonEnabled }

    /// Sets the title shown in `state` (nil removes it, falling back to `normal`'s).
    public func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        redraw()
    }

    /// The title for `state`, else the `normal` title.
    public func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

    /// Sets the title colour for `state` (nil removes it, falling back to `normal`'s).
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        redraw()
    }

    /// The title colour for `state`, else the `normal` one, else the system blue.
    public func titleColor(for state: State) -> Color {
        titleColors[state] ?? titleColors[.normal] ?? Color(r: 0, g: 122, b: 255)
    }

    /// Calls `action` when the button is tapped (UIKit's target-action, as a closure).
    public func addAction(for event: Event, _ action: @escaping () -> Void) {
        actions.append(action)
    }

    /// The title's size plus the content insets.
    public var intrinsicContentSize: Size {
        let text = AttributedText(title(for: .normal) ?? "", font: font, color: .black)
        let size = (try? TextLayoutCache.shared.layout(text, registry: fonts).size) ?? .zero
        return Size(width: size.width + contentEdgeInsets.left + contentEdgeInsets.right,
                    height: size.height + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    public override func press() {
        guard isButtonEnabled else { return }
        isHighlighted = true
        redraw()
    }

    public override func release(inside: Bool) {
        guard isHighlighted else { return }
        isHighlighted = false
        redraw()
        guard inside, isButtonEnabled else { return }
        for action in actions { action() }
    }

    private var state: State { !isButtonEnabled ? .disabled : (isHighlighted ? .highlighted : .normal) }

    private func redraw() {
        layer.backgroundPaint = backgroundColor.map { .solid($0) }
        layer.drawing = DCFButtonDrawing(title: title(for: state) ?? "", color: titleColor(for: state), font: font,
                                         insets: contentEdgeInsets, fonts: fonts)
    }
}

/// A button's title inside its insets.
struct DCFButtonDrawing: LayerDrawing {
    let title: String
    let color: Color
    let font: Font
    let insets: EdgeInsets
    let fonts: FontRegistry

    func draw(in canvas: Canvas, size: Size) {
        let text = AttributedText(title, font: font, color: color)
        guard let layout = try? TextLayoutCache.shared.layout(text, registry: fonts) else { return }
        let x = ((size.width - layout.size.width) / 2).rounded(.down)
        let y = ((size.height - layout.size.height) / 2).rounded(.down)
        canvas.draw(layout, at: Point(x: x, y: y))
    }

    func visualBounds(size: Size) -> Rect {
        Rect(origin: .zero, size: size).insetBy(dx: -font.size / 2, dy: -font.size / 2)
    }
}
