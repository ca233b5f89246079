import RasterCore
import RasterLayers
import RasterLayout
import RasterText

/// Runs components headless: owns the root view, runs update passes with the four-way
/// skip, re-runs them when a state is updated, renders the layer tree to a bitmap and
/// routes taps (ComponentHostView's role).
public final class ComponentHost<EnvironmentType> {
    /// The root of the view tree; the component's view is its only subview, at the origin.
    public let view = ComponentView()
    /// Shared values given to the root (theme, styles, fonts). Changing them updates the
    /// components that read what changed, at the next update.
    public var environmentValues: EnvironmentValues
    private let pass = UpdatePass()
    private var current: (component: AnyComponent<EnvironmentType>, typed: [AnyEquatable], containerSize: Size)?
    private var componentView: ComponentView?
    private var isUpdating = false
    private var pendingTransition: ComponentTransition?
    private var compositor: Compositor?
    /// Bytes of layer rasters the compositor keeps between renders (its
    /// `rasterCacheLimit`, 256 MB unless set). A host rendered once needs none: with 0,
    /// each raster is drawn and let go, so a frame takes its own pixels and one raster.
    public var rasterCacheLimit = Compositor.defaultRasterCacheLimit {
        didSet { compositor?.rasterCacheLimit = rasterCacheLimit }
    }
    /// Threads that composite each frame, in bands of rows (the compositor's `threads`;
    /// 1 unless set). The pixels are the same for any number.
    public var compositorThreads = 1 {
        didSet { compositor?.threads = compositorThreads }
    }
    /// The size the component took in the last update.
    public private(set) var size: Size?
    /// Pixels per point the tree is laid out for: frames are snapped to this pixel grid
    /// (1: whole points). Set it before the first update to the scale you render at.
    public var displayScale: Double {
        get { pass.displayScale }
        set { pass.displayScale = newValue.isFinite && newValue > 0 ? newValue : 1 }
    }

    /// Runs the property animations of animated updates; `advance(to:)` moves its clock.
    public let animator = Animator()
    /// Presses in progress, oldest first.
    private var pressed: [Press] = []
    private var pressCount = 0

    /// `environmentValues`: the shared values given to the root (theme, styles, fonts).
    public init(environmentValues: EnvironmentValues = EnvironmentValues()) {
        self.environmentValues = environmentValues
        pass.animator = animator
        pass.onStateUpdated = { [weak self] node, transition, isLocal in
            self?.stateDidUpdate(node, transition, isLocal: isLocal)
        }
    }

    /// What every update pass so far did.
    public var statistics: UpdateStatistics { pass.statistics }

    /// Updates the tree for `component` in `containerSize` and returns its size.
    /// Nothing below the root runs unless its component, state, environment or
    /// available size changed.
    @discardableResult
    public func update(transition: ComponentTransition = .immediate, component: AnyComponent<EnvironmentType>,
                       @EnvironmentBuilder environment: () -> Environment<EnvironmentType>,
                       forceUpdate: Bool = false, containerSize: Size) -> Size {
        current = (component, environment().typed, containerSize)
        return run(transition: transition, force: forceUpdate)
    }

    /// Re-runs the last update with the current `environmentValues` (after changing the
    /// theme, say).
    @discardableResult
    public func updateEnvironment(transition: ComponentTransition = .immediate) -> Size {
        run(transition: transition, force: false)
    }

    @discardableResult
    private func run(transition: ComponentTransition, force: Bool) -> Size {
        guard let current else { return .zero }
        precondition(!isUpdating, "ComponentHost.update was called during an update")
        isUpdating = true
        defer { isUpdating = false }
        pass.statistics.lastPass = []
        let componentView: ComponentView
        var transition = transition
        if let existing = self.componentView,
           let node = existing.node, node.component.concreteType == current.component.concreteType {
            componentView = existing
        } else {
            self.componentView?.removeFromSuperview()
            componentView = current.component.makeErasedView()
            let node = ComponentNode(component: current.component, view: componentView,
                                     state: current.component.makeErasedState())
            componentView.node = node
            pass.connect(node.state, to: node)
            view.addSubview(componentView)
            self.componentView = componentView
            transition = .immediate
        }
        guard let node = componentView.node else { return .zero }
        var size = Size.zero
        var passes = 0
        repeat {
            pendingTransition = nil
            pass.number += 1
            let environment = ErasedEnvironment(typed: current.typed, shared: environmentValues, recorder: nil)
            size = UpdatePass.binding.withValue(pass) {
                node.update(component: current.component, environment: environment,
                            proposal: ProposedSize(available: current.containerSize), origin: .zero,
                            transition: transition, pass: pass,
                            force: force && passes == 0)
            }
            if let next = pendingTransition { transition = next }
            passes += 1
            precondition(passes < 64, "a component updates its state in every update pass")
        } while pendingTransition != nil
        transition.setFrame(view: componentView, frame: Rect(origin: .zero, size: size))
        view.bounds = Rect(origin: .zero, size: current.containerSize)
        view.layer.anchorPoint = .zero
        view.layer.position = .zero
        self.size = size
        return size
    }

    private func stateDidUpdate(_ node: ComponentNode, _ transition: ComponentTransition, isLocal: Bool) {
        if isUpdating {
            node.markNeedsUpdate()
            pendingTransition = transition
        } else if isLocal, node.view.isInTree(of: view) {
            runLocally(node, transition: transition)
        } else {
            node.markNeedsUpdate()
            run(transition: transition, force: false)
        }
    }

    /// A local update of `node` alone (then a full pass, if its update asked for one).
    private func runLocally(_ node: ComponentNode, transition: ComponentTransition) {
        isUpdating = true
        pass.statistics.lastPass = []
        pass.number += 1
        pendingTransition = nil
        let done = UpdatePass.binding.withValue(pass) { node.updateLocally(transition: transition, pass: pass) }
        isUpdating = false
        if !done { node.markNeedsUpdate() }
        if !done || pendingTransition != nil { run(transition: pendingTransition ?? transition, force: false) }
    }

    /// Moves the animation clock to `time` (seconds): every running animation's layers
    /// take the values they present then. Updates after this start their animations at
    /// `time`.
    public func advance(to time: Double) {
        animator.tick(to: time)
    }

    // MARK: - Rendering

    /// Bytes of pixel memory `render(scale:)` needs for the current tree
    /// (`Compositor.estimate`).
    public func estimatedRenderBytes(scale: Double = 1) -> Int {
        estimatedRender(scale: scale).bytes
    }

    /// The memory and pixels `render(scale:)` needs for the current tree.
    public func estimatedRender(scale: Double = 1) -> RenderEstimate {
        Compositor.estimate(of: view.layer, size: current?.containerSize ?? .zero, scale: scale,
                            rasterCacheLimit: rasterCacheLimit, threads: compositorThreads)
    }

    /// Composites the view tree into a bitmap of the container size at `scale`. The
    /// compositor is kept between calls, so a frame after a small change redraws only
    /// what changed.
    public func render(scale: Double = 1, background: Color = .clear) throws -> Bitmap {
        try renderInPlace(scale: scale, background: background).frame.copy()
    }

    /// Composites the view tree into the compositor's own frame, without copying it, and
    /// returns that frame with the device rectangles composited again (the whole frame
    /// the first time, after a change of size, scale or background, and with
    /// `redrawAll`). Every pixel outside them is as the last call left it.
    ///
    /// The bitmap is the compositor's: the next render updates it in place, so read or
    /// copy it before then.
    /// - Parameter redrawAll: forget every cached raster and record first, so that every
    ///   layer is rasterized and the whole frame composited again (the same pixels).
    public func renderInPlace(scale: Double = 1, background: Color = .clear,
                              redrawAll: Bool = false) throws -> (frame: Bitmap, damage: [PixelRect]) {
        let size = current?.containerSize ?? .zero
        if compositor == nil || compositor?.size != size || compositor?.scale != scale {
            compositor = try Compositor(size: size, scale: scale, background: background)
            compositor?.rasterCacheLimit = rasterCacheLimit
            compositor?.threads = compositorThreads
        }
        guard let compositor else { return (try Bitmap(width: 0, height: 0), []) }
        compositor.background = background
        if redrawAll { compositor.invalidateAll() }
        let damage = compositor.render(view.layer)
        return (compositor.frame, damage)
    }

    /// What the compositor has done so far (nil before the first render).
    public var compositorStatistics: CompositorStatistics? { compositor?.statistics }

    // MARK: - Events

    /// The topmost interactive, enabled view at `point` (container coordinates).
    public func hitTest(_ point: Point) -> ComponentView? {
        view.hitTest(point)
    }

    /// Presses and releases at `point`: the control found there highlights, then acts;
    /// where there is none, the nearest view with a tap gesture hears it.
    /// - Returns: whether a control or a tap gesture took the press (see `beginPress(at:)`).
    @discardableResult
    public func tap(at point: Point) -> Bool {
        if let control = beginPress(at: point) {
            endPress(control, inside: true)
            return true
        }
        guard pressed.isEmpty, let view = hitTest(point)?.gestureView(\.isTap) else { return false }
        for case .tap(let action) in view.gestures { action() }
        return true
    }

    /// Starts a drag at `point`: the nearest view there (or above the view hit) with a pan
    /// gesture hears `began`; nil when there is none.
    public func beginDrag(at point: Point) -> DragSession? {
        guard let view = hitTest(point)?.gestureView(\.isPan) else { return nil }
        let drag = DragSession(view: view, start: point)
        drag.report(.began, at: point)
        return drag
    }

    /// Moves a drag to `point`: its view's pan gestures hear `changed`.
    public func moveDrag(_ drag: DragSession, to point: Point) {
        drag.report(.changed, at: point)
    }

    /// Ends a drag at `point`: its view's pan gestures hear `ended`.
    public func endDrag(_ drag: DragSession, at point: Point) {
        drag.report(.ended, at: point)
    }

    /// How long a press lasts before a button's hold action first runs (the delay of
    /// UIKit's long press).
    public static var holdDelay: Double { 0.5 }
    /// Seconds between the repeats of a hold action while the press goes on.
    public static var holdInterval: Double { 0.1 }

    /// Starts a press at `point`; the control found there highlights until `endPress`.
    /// A button with a hold action runs it after `holdDelay` on the animation clock
    /// (`advance(to:)`), then every `holdInterval` until the press ends (and then does
    /// not act). Presses may overlap, one per pointer, except that an exclusive control
    /// (`ControlView.isExclusive`, a Button's `isExclusive`) is pressed only while no
    /// other press is on, and nothing else is pressed while it is, as UIKit's
    /// `isExclusiveTouch` rules.
    /// - Returns: the control pressed; nil when there is none or exclusivity refuses it.
    @discardableResult
    public func beginPress(at point: Point) -> ComponentView? {
        guard let control = hitTest(point) as? ControlView else { return nil }
        pressed.removeAll { $0.view == nil }
        guard !pressed.contains(where: { $0.view === control }) else { return nil }
        if !pressed.isEmpty, control.isExclusive || pressed.contains(where: { $0.view?.isExclusive == true }) { return nil }
        control.press()
        pressCount += 1
        let press = Press(view: control, number: pressCount)
        pressed.append(press)
        if let button = control as? ButtonView, button.hasHoldAction {
            scheduleHold(press, at: animator.time + Self.holdDelay)
        }
        return control
    }

    /// The next repeat of `press`'s hold action, while that press goes on.
    private func scheduleHold(_ press: Press, at time: Double) {
        animator.schedule(at: time) { [weak self] in
            guard let self, self.pressed.contains(where: { $0.number == press.number }),
                  let button = press.view as? ButtonView, button.hold() else { return }
            self.scheduleHold(press, at: time + Self.holdInterval)
        }
    }

    /// A long press at `point` of exactly `repeats` hold repeats: presses, runs the hold
    /// action of the button found there `repeats` times at once, and releases (a button
    /// whose hold action ran does not act). `beginPress`, `advance(to:)` and `endPress`
    /// hold on the animation clock instead.
    /// - Returns: how many times a hold action ran.
    @discardableResult
    public func hold(at point: Point, repeats: Int = 1) -> Int {
        guard let control = beginPress(at: point) else { return 0 }
        var count = 0
        if let button = control as? ButtonView {
            for _ in 0..<max(0, repeats) where button.hold() { count += 1 }
        }
        endPress(control, inside: true)
        return count
    }

    /// Ends a press from `beginPress(at:)`: the control acts when `inside`; false
    /// cancels it.
    public func endPress(_ view: ComponentView?, inside: Bool = true) {
        pressed.removeAll { $0.view == nil || $0.view === view }
        (view as? ControlView)?.release(inside: inside)
    }
}

/// A press in progress: its control and its number among the host's presses.
private struct Press {
    weak var view: ControlView?
    let number: Int
}

public extension ComponentHost where EnvironmentType == Empty {
    /// Updates the tree for `component` in `containerSize`, with no typed environment;
    /// returns its size.
    @discardableResult
    func update(transition: ComponentTransition = .immediate, component: AnyComponent<Empty>,
                forceUpdate: Bool = false, containerSize: Size) -> Size {
        update(transition: transition, component: component, environment: {}, forceUpdate: forceUpdate,
               containerSize: containerSize)
    }

    /// Lays out `component` in `size` and renders it: the few lines from a component to
    /// pixels (`try ComponentHost.render(card, size: Size(390, 200), scale: 3)`).
    static func render<C: Component>(_ component: C, size: Size, scale: Double = 1, theme: Theme = .light,
                                     background: Color = .clear, fonts: FontRegistry = .shared) throws -> Bitmap
        where C.EnvironmentType == Empty {
        var values = EnvironmentValues()
        values.theme = theme
        values.fonts = fonts
        let host = ComponentHost<Empty>(environmentValues: values)
        host.displayScale = scale
        host.rasterCacheLimit = 0 // one frame: no layer raster is drawn twice
        host.update(component: AnyComponent(component), containerSize: size)
        return try host.render(scale: scale, background: background)
    }
}

/// A view that reacts to presses (the built-in `Button`'s view, or your own control).
open class ControlView: ComponentView {
    open override var isInteractive: Bool { true }
    /// Pressed only while nothing else is, and keeps everything else from being pressed
    /// meanwhile (UIKit's `isExclusiveTouch`); false by default.
    open var isExclusive: Bool { false }
    /// Called when a press starts.
    open func press() {}
    /// Called when a press ends; `inside` is false when it was cancelled.
    open func release(inside: Bool) {}
}
