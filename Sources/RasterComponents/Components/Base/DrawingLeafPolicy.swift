import RasterCore
import RasterLayers
import RasterLayout

/// Whether a leaf that only draws (`Component.leafDrawing`) is drawn on the layer of the
/// wrapper whose box it fills, as it is by default; a test binds `keepingViews` to
/// render the same tree with a view for every leaf and compare the pixels.
package enum DrawingLeafPolicy {
    package final class KeepViews {}
    static let binding = ThreadBinding<KeepViews>()

    /// Runs `body` with every drawing leaf given a view of its own.
    package static func keepingViews<R>(_ body: () throws -> R) rethrows -> R {
        try binding.withValue(KeepViews(), body)
    }

    static var drawsOnWrapper: Bool { binding.current == nil }

    /// The drawing of `content` for the layer of the wrapper whose box it fills: when
    /// `content` is a leaf that only draws and the size `box` gives (the leaf's and the
    /// wrapper's) is finite, is the size the wrapper's parent gives its frame
    /// (`placedSize`), and gives the leaf the bounds the wrapper's layer gets (snapped
    /// alike, or lying on whole pixels from `wrapperOrigin`, the wrapper's unrounded
    /// position), and the drawing stays inside that size or nothing clips it
    /// (`clipsContent`). Nil otherwise, and whenever every leaf keeps its view.
    package static func drawing(_ placement: ContentPlacement, environment: Environment<Empty>, clipsContent: Bool,
                                wrapperOrigin: Point) -> (any LayerDrawing)? {
        guard placement.fillsBox else { return nil }
        return drawing(of: placement.content, environment: environment, proposal: placement.proposal, layout: { placement.layout },
                       placedSize: placement.placedSize, snappedAlike: placement.parentSnaps,
                       clipsContent: clipsContent, wrapperOrigin: wrapperOrigin) { placement.size }
    }

    /// The drawing of `content` for the layer of a wrapper (measured through `wrapper`)
    /// that takes the content's size for `proposal`, as `drawing(_:environment:...)`
    /// gives it, with that size set in `measured`; the content is measured only when it
    /// is such a leaf.
    package static func drawingAsContent(_ content: AnyComponent<Empty>, wrapper: LayoutNode, proposal: ProposedSize,
                                         environment: Environment<Empty>, clipsContent: Bool, wrapperOrigin: Point,
                                         measured: inout Size) -> (any LayerDrawing)? {
        drawing(of: content, environment: environment, proposal: proposal, layout: { wrapper.content(content) },
                placedSize: wrapper.placedSize, snappedAlike: false, clipsContent: clipsContent,
                wrapperOrigin: wrapperOrigin) {
            measured = content.wrapped.sizeWithoutLayout(proposal) ?? wrapper.content(content).sizeThatFits(proposal)
            return measured
        }
    }

    private static func drawing(of content: AnyComponent<Empty>, environment: Environment<Empty>, proposal: ProposedSize,
                                layout: () -> LayoutNode, placedSize: Size?, snappedAlike: Bool, clipsContent: Bool,
                                wrapperOrigin: Point, _ box: () -> Size) -> (any LayerDrawing)? {
        guard drawsOnWrapper else { return nil }
        var size = Size.zero
        let drawing = content.wrapped.leafDrawing(environment: environment, proposal: proposal, layout: layout) {
            size = box()
            guard size.width.isFinite, size.height.isFinite else { return nil }
            // A parent that sizes the wrapper's frame itself may make it larger than the leaf.
            if let placedSize, placedSize != size { return nil }
            if snappedAlike { return size }
            let rect = Rect(origin: .zero, size: size)
            let scale = UpdatePass.current?.displayScale ?? 1
            return PixelSnapping.snap(rect, parentOrigin: wrapperOrigin, scale: scale) == rect ? size : nil
        }
        guard let drawing else { return nil }
        if clipsContent {
            let reach = drawing.visualBounds(size: size)
            guard reach.minX >= 0, reach.minY >= 0, reach.maxX <= size.width, reach.maxY <= size.height else { return nil }
        }
        return drawing
    }
}

extension CombinedComponentContext where C.EnvironmentType == Empty {
    /// Updates `content` as `placement` puts it: as this component's one child at its
    /// position (snapped to whole pixels, `add(_:at:)`); or, when it is a leaf that only
    /// draws and fills this component's box exactly, by setting its drawing on this
    /// view's layer with no view, layer or node of its own (`DrawingLeafPolicy.drawing`).
    /// `clipsContent`: this component's layer clips what it draws (`masksToBounds`).
    ///
    /// The pixels are the same either way. A leaf's layer at (0, 0) with the bounds of
    /// this component's layer has its device transform, so its contents land where this
    /// layer's own would, under the same clip and opacity, between this layer's
    /// background and border; the bounds are the same when the parent gives this frame
    /// the size this component returns (a filling stack stretches it instead) and
    /// snapping either changes neither frame (the box lies on whole pixels) or moves both
    /// edges alike (both are snapped from the same unrounded origin). A drawing that can reach past the box (a
    /// stroke, a path, glyphs) stays a view under a clip: the clip would cut the leaf's
    /// own extent from this layer's, and an offscreen group is placed by that extent.
    /// Under an animated transition a leaf that has a view keeps it (it animates as a
    /// view does), and a leaf drawn on this layer that no longer fills it gets a view
    /// that starts at this layer's present bounds and animates from there, as the view
    /// it would have had. Only these methods set a wrapper's `drawing`.
    package func place(_ placement: ContentPlacement, child: Child<AnyComponent<Empty>>, clipsContent: Bool = false) {
        if !(transition.isAnimated && child.view != nil),
           let drawing = DrawingLeafPolicy.drawing(placement, environment: environment, clipsContent: clipsContent,
                                                   wrapperOrigin: origin) {
            view.layer.drawing = drawing
            return
        }
        let wasDrawn = clearDrawing()
        let c = child.update(component: placement.content, proposal: placement.proposal, layout: placement.layout,
                             origin: childOrigin(placement.position), transition: transition)
        add(startingAtBounds(c, wasDrawn), at: placement.position)
    }

    /// `Child.updateAsContent` (the content at (0, 0), not snapped, with the proposal
    /// this component got), or the content drawn on this view's layer as `place` draws
    /// it. Returns the content's size.
    package func placeAsContent(_ content: AnyComponent<Empty>, child: Child<AnyComponent<Empty>>,
                                clipsContent: Bool = false) -> Size {
        let wrapper = layoutNode
        var size = Size.zero
        if !(transition.isAnimated && child.view != nil),
           let drawing = DrawingLeafPolicy.drawingAsContent(content, wrapper: wrapper, proposal: proposal,
                                                            environment: environment, clipsContent: clipsContent,
                                                            wrapperOrigin: origin, measured: &size) {
            view.layer.drawing = drawing
            return size
        }
        let wasDrawn = clearDrawing()
        let c = child.update(component: content, proposal: proposal, layout: wrapper.content(content), origin: origin,
                             transition: transition)
        add(startingAtBounds(c, wasDrawn).placed(Rect(origin: .zero, size: c.size)))
        return c.size
    }

    /// Removes a leaf's drawing from this view's layer; true when there was one.
    private func clearDrawing() -> Bool {
        guard view.layer.drawing != nil else { return false }
        view.layer.drawing = nil
        return true
    }

    /// `c`, which was drawn on this layer when `wasDrawn`: under an animated transition
    /// its new view first takes this layer's present bounds, as the leaf's view would
    /// have had them, and animates from there.
    private func startingAtBounds(_ c: UpdatedChildComponent, _ wasDrawn: Bool) -> UpdatedChildComponent {
        guard wasDrawn, transition.isAnimated, !c.isMeasurement else { return c }
        let leafLayer = c.view.layer, bounds = view.layer.bounds
        leafLayer.bounds = Rect(origin: leafLayer.bounds.origin, size: bounds.size)
        leafLayer.position = Point(x: bounds.width * leafLayer.anchorPoint.x, y: bounds.height * leafLayer.anchorPoint.y)
        var started = c
        started.transition = transition
        return started
    }
}
