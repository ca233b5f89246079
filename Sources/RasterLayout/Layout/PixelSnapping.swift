import RasterCore

/// Snaps laid-out frames to the pixel grid the way Yoga and Taffy snap to whole units.
///
/// Layout runs unrounded; a frame is snapped from its absolute, unrounded position:
/// each edge is rounded on its own (half away from zero) to a whole number of pixels
/// (`scale` pixels per point) and the size is the distance between the rounded edges.
/// So neighbours never overlap or leave a gap, a child's rounding does not depend on
/// its parent's, and the same tree gives the same frames wherever it sits on the canvas
/// up to a whole-pixel shift. At scale 1 edges land on whole points.
package enum PixelSnapping {
    /// `frame` (in its parent's unrounded coordinates) snapped, in the parent's
    /// snapped coordinates, for a parent whose unrounded absolute origin is `origin`.
    package static func snap(_ frame: Rect, parentOrigin origin: Point, scale: Double = 1) -> Rect {
        guard frame.size.width.isFinite, frame.size.height.isFinite, scale > 0 else { return frame }
        func r(_ v: Double) -> Double { (v * scale).rounded() / scale }
        let x0 = r(origin.x + frame.origin.x), y0 = r(origin.y + frame.origin.y)
        let x1 = r(origin.x + frame.origin.x + frame.size.width), y1 = r(origin.y + frame.origin.y + frame.size.height)
        return Rect(x: x0 - r(origin.x), y: y0 - r(origin.y), width: x1 - x0, height: y1 - y0)
    }

    /// The position of an absolute origin within its pixel: all that a subtree's
    /// rounding depends on.
    package static func fraction(_ origin: Point, scale: Double = 1) -> Point {
        let x = origin.x * scale, y = origin.y * scale
        return Point(x: x - x.rounded(.down), y: y - y.rounded(.down))
    }
}
