import RasterCore

/// A gesture a child answers, set where its parent adds it (`.gesture(.pan { ... })`, as
/// ComponentFlow's children take gesture recognizers): a tap, or a pan that reports its
/// phases as the pointer moves. A view with a gesture takes presses like a control.
public enum Gesture {
    /// Called once for a press and release on the view.
    case tap(() -> Void)
    /// Called as a drag that began on the view (or on a view inside it) moves and ends.
    case pan((PanGestureState) -> Void)
}

/// Where a pan is: its phase, the pointer in the gesture view's bounds, and how far the
/// pointer moved since the pan began (in the host's coordinates).
public struct PanGestureState: Hashable, Sendable {
    /// The phases of a pan, in order: one `began`, any `changed`, one `ended`.
    public enum Phase: Hashable, Sendable { case began, changed, ended }
    /// Which part of the pan this is.
    public var phase: Phase
    /// The pointer, in the gesture view's bounds coordinates.
    public var location: Point
    /// The pointer's movement since the pan began.
    public var translation: Point

    /// Every parameter sets the property of the same name.
    public init(phase: Phase, location: Point, translation: Point) {
        self.phase = phase
        self.location = location
        self.translation = translation
    }
}

/// A pan in progress on a `ComponentHost` (`beginDrag(at:)`): the view whose pan gesture
/// it drives and where it began.
public final class DragSession {
    /// The view whose `.pan` gesture hears the drag.
    public let view: ComponentView
    /// Where the drag began, in the host's coordinates.
    public let start: Point
    /// False once the drag ended.
    public private(set) var isActive = true

    init(view: ComponentView, start: Point) {
        self.view = view
        self.start = start
    }

    /// Reports `phase` at `point` (host coordinates) to the view's pan gestures.
    func report(_ phase: PanGestureState.Phase, at point: Point) {
        guard isActive else { return }
        if phase == .ended { isActive = false }
        let local = view.layer.transformToRoot().inverted()?.apply(point) ?? point
        let state = PanGestureState(phase: phase, location: local,
                                    translation: Point(x: point.x - start.x, y: point.y - start.y))
        for case .pan(let handler) in view.gestures { handler(state) }
    }
}

extension ComponentView {
    /// Whether the view has a gesture of the kind `matches` accepts.
    func hasGesture(_ matches: (Gesture) -> Bool) -> Bool { gestures.contains(where: matches) }

    /// This view or the nearest view above it with a gesture `matches` accepts.
    func gestureView(_ matches: (Gesture) -> Bool) -> ComponentView? {
        var view: ComponentView? = self
        while let v = view {
            if v.hasGesture(matches) { return v }
            view = v.superview
        }
        return nil
    }
}

extension Gesture {
    var isPan: Bool { if case .pan = self { return true } else { return false } }
    var isTap: Bool { if case .tap = self { return true } else { return false } }
}
