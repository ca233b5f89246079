import RasterComponents
import RasterCore
import RasterLayers
import RasterLayout
import RasterText

/// Runs a tree of `DCFComponent`s headless: makes each node's view through its
/// registered component (`createView`), registers it (`viewRegisteredWithShadowTree`,
/// ids "0", "0.1", ... by position, "0.key:K" for a child with key K), updates it only
/// when its props changed
/// (`updateView`), lays the tree out and hands every view its frame (`applyLayout`),
/// routes taps and the events components propagate, and renders.
///
/// Layout is the library's CSS flexbox engine with Yoga's defaults (`DCFLayoutStyle`
/// lists the props and which defaults differ from CSS): the root fills the size given,
/// a node without children is as large as `getIntrinsicSize` says unless its style sizes
/// it, and frames are snapped to whole points from their absolute positions, as Yoga
/// rounds to its point scale factor.
///
/// Semantic colours: a node's props get `primaryColor`, `secondaryColor`,
/// `tertiaryColor` and `accentColor` from the tree's theme (`primary`, `secondary`,
/// `tertiary`, `accent`) unless they set them: one palette, two spellings.
public final class DCFTree {
    /// The component types nodes name.
    public let registry: DCFComponentRegistry
    /// The theme semantic colour props come from; set it and call `update` again.
    public var theme: Theme
    /// The fonts text components lay out with.
    public let fonts: FontRegistry
    /// The root view; the root node's view is its only subview.
    public let view = ComponentView()
    /// Hears every propagated event: node id, event name, data.
    public var onEvent: ((String, String, [String: Any]) -> Void)?
    /// How often components were asked to create views (`createView`).
    public private(set) var createCount = 0
    /// How often components were asked to update views (`updateView`).
    public private(set) var updateCount = 0

    private var root: Mounted?
    private var size = Size.zero

    /// A node as it is mounted: its component, view, props and children, and its
    /// layout: the style its props give, the engine's answers for the pass and the
    /// frame it placed the node at.
    final class Mounted {
        let type: String
        let component: any DCFComponent
        let view: ComponentView
        private(set) var props: [String: Any]
        /// Read from `props` whenever they change.
        private(set) var style: DCFLayoutStyle
        var children: [Mounted] = []
        var identity: String
        /// The flexbox engine's answers; emptied before each pass.
        var cache = FlexCache()
        /// The node's `direction`, else its parent's (set before each pass).
        var direction = LayoutDirection.leftToRight
        /// The border box relative to the parent's, unrounded (set by the engine).
        var frame = Rect.zero

        init(type: String, component: any DCFComponent, view: ComponentView, props: [String: Any], identity: String) {
            self.type = type
            self.component = component
            self.view = view
            self.props = props
            self.identity = identity
            style = DCFLayoutStyle(props)
        }

        func setProps(_ props: [String: Any]) {
            self.props = props
            style = DCFLayoutStyle(props)
        }
    }

    /// An empty tree; `update` mounts the first node tree.
    public init(registry: DCFComponentRegistry = .standard, theme: Theme = .light, fonts: FontRegistry = .shared) {
        self.registry = registry
        self.theme = theme
        self.fonts = fonts
        view.layer.anchorPoint = .zero
    }

    /// Brings the views up to date with `node` and lays them out in `size`.
    /// - Throws: `DCFError.unknownType` (nothing is changed then).
    public func update(_ node: DCFNode, size: Size) throws {
        try check(node, path: "root")
        self.size = size
        let mounted = mountRoot(node)
        view.bounds = Rect(origin: .zero, size: size)
        view.layer.position = .zero
        DCFTree.$fonts.withValue(fonts) { layout(mounted, in: size) }
    }

    /// Mounts `node` as the root (its view the tree view's only subview).
    private func mountRoot(_ node: DCFNode) -> Mounted {
        let mounted = DCFTree.$fonts.withValue(fonts) { mount(node, existing: root, id: node.key ?? "0") }
        if root !== mounted {
            root?.view.removeFromSuperview()
            view.addSubview(mounted.view)
        }
        root = mounted
        return mounted
    }

    /// The fonts of the tree whose views are being made or measured.
    @TaskLocal static var fonts: FontRegistry?

    /// The view of the node with `nodeId`.
    public func view(forNodeId nodeId: String) -> ComponentView? {
        root.flatMap { mounted(nodeId, in: $0) }?.view
    }

    private func mounted(_ nodeId: String, in m: Mounted) -> Mounted? {
        if m.identity == nodeId { return m }
        for c in m.children { if let found = mounted(nodeId, in: c) { return found } }
        return nil
    }

    /// A tunnel call to the component type of the node with `nodeId`, with the node's
    /// view in `params["view"]` (a key the tree reserves: a caller's "view" is replaced).
    /// Nil when there is no such node, or its type does not handle `method`.
    public func callTunnel(nodeId: String, method: String, params: [String: Any] = [:]) -> Any? {
        guard let node = root.flatMap({ mounted(nodeId, in: $0) }) else { return nil }
        var withView = params
        withView["view"] = node.view
        return registry.callTunnel(node.type, method: method, params: withView)
    }

    /// Presses and releases at `point`; whether a control was there.
    @discardableResult
    public func tap(at point: Point) -> Bool {
        guard let control = view.hitTest(point) as? ControlView else { return false }
        control.press()
        control.release(inside: true)
        return true
    }

    /// Renders the views at `scale`.
    public func render(scale: Double = 1, background: Color = .clear) throws -> Bitmap {
        let compositor = try Compositor(size: size, scale: scale, background: background)
        compositor.render(view.layer)
        return compositor.frame.copy()
    }

    // MARK: - Events

    func dispatch(from source: ComponentView, eventName: String, data: [String: Any]) {
        let info = source.dcfInfo
        guard let nodeId = info.nodeId else { return }
        onEvent?(nodeId, eventName, data)
        if let handler = info.props[eventName] as? ([String: Any]) -> Void { handler(data) }
    }

    // MARK: - Mounting

    private func check(_ node: DCFNode, path: String) throws {
        try Self.check(node, registry: registry, path: path)
    }

    /// Throws for the first node (depth first) whose type `registry` does not hold, or
    /// whose key a sibling already has, naming its path under `path`.
    static func check(_ node: DCFNode, registry: DCFComponentRegistry, path: String) throws {
        guard registry.type(named: node.type) != nil else { throw DCFError.unknownType(node.type, path: path) }
        var keys: Set<String> = []
        for (i, child) in node.children.enumerated() {
            if let key = child.key, !keys.insert(key).inserted {
                throw DCFError.duplicateKey(key, path: "\(path).children[\(i)]")
            }
            try check(child, registry: registry, path: "\(path).children[\(i)]")
        }
    }

    /// The size `node` takes for `proposal` as a block-level flex container (the width
    /// offered, or its own `width`; the height its content's at that width unless its own
    /// `height` says). Mounts `node` to measure it (a tree not yet updated), so measuring
    /// and updating make the same views.
    /// - Precondition: `node` passed `check`.
    func size(of node: DCFNode, fitting proposal: ProposedSize) -> Size {
        let mounted = mountRoot(node)
        return DCFTree.$fonts.withValue(fonts) {
            Self.reset(mounted, inherited: .leftToRight)
            return FlexLayout(tree: DCFFlexTree()).root(mounted, proposal: proposal, runMode: .computeSize).size
        }
    }

    /// The node's props with the theme's semantic colours where it sets none.
    private func themed(_ props: [String: Any]) -> [String: Any] {
        var result = props
        for (key, color) in [("primaryColor", SemanticColor.primary), ("secondaryColor", .secondary),
                             ("tertiaryColor", .tertiary), ("accentColor", .accent)] where result[key] == nil {
            result[key] = ColorUtilities.hexString(theme[color])
        }
        return result
    }

    private func mount(_ node: DCFNode, existing: Mounted?, id: String) -> Mounted {
        let props = themed(node.props)
        let mounted: Mounted
        if let existing, existing.type == node.type {
            mounted = existing
            if !DCFProps.equal(existing.props, props) {
                updateCount += 1
                _ = existing.component.updateView(existing.view, withProps: props)
                existing.view.dcfInfo.props = props
                existing.setProps(props)
            }
        } else {
            guard let type = registry.type(named: node.type) else {
                preconditionFailure("'\(node.type)' passed check(_:path:) but is not registered")
            }
            let component = type.init()
            createCount += 1
            let view = component.createView(props: props)
            view.layer.anchorPoint = .zero
            view.dcfInfo.props = props
            view.dcfInfo.tree = self
            view.dcfInfo.nodeId = id
            component.viewRegisteredWithShadowTree(view, nodeId: id)
            mounted = Mounted(type: node.type, component: component, view: view, props: props, identity: id)
        }
        var previous: [String: Mounted] = [:]
        for child in mounted.children { previous[child.identity] = child }
        mounted.children = node.children.enumerated().map { index, child in
            // Keyed and positional identities never meet: a key "1" is not position 1.
            let childId = child.key.map { "\(id).key:\($0)" } ?? "\(id).\(index)"
            return mount(child, existing: previous[childId], id: childId)
        }
        mounted.view.setSubviews(mounted.children.map(\.view))
        return mounted
    }

    // MARK: - Layout

    /// Lays the tree out at `size` with the flexbox engine and hands every component
    /// its snapped frame (`applyLayout`), parents before children.
    private func layout(_ root: Mounted, in size: Size) {
        Self.reset(root, inherited: .leftToRight)
        let output = FlexLayout(tree: DCFFlexTree()).root(root, size: size)
        root.frame = Rect(origin: .zero, size: output.size)
        apply(root, parentOrigin: .zero, parentSize: size)
    }

    /// Empties the engine's answers under `m` and sets each node's direction (its own,
    /// else its parent's), before a pass.
    private static func reset(_ m: Mounted, inherited: LayoutDirection) {
        m.cache = FlexCache()
        m.direction = m.style.direction ?? inherited
        for child in m.children { reset(child, inherited: m.direction) }
    }

    /// Snaps `m`'s frame from its unrounded absolute position, moved by its relative
    /// offset in a parent of `parentSize`, applies it, then its children's.
    private func apply(_ m: Mounted, parentOrigin: Point, parentSize: Size) {
        var frame = m.frame
        let offset = m.style.relativeOffset(in: parentSize)
        frame.origin.x += offset.x
        frame.origin.y += offset.y
        let snapped = PixelSnapping.snap(frame, parentOrigin: parentOrigin)
        m.component.applyLayout(m.view, layout: YGNodeLayout(left: snapped.minX, top: snapped.minY, width: snapped.width,
                                                             height: snapped.height))
        let origin = Point(x: parentOrigin.x + frame.minX, y: parentOrigin.y + frame.minY)
        for child in m.children { apply(child, parentOrigin: origin, parentSize: frame.size) }
    }
}
