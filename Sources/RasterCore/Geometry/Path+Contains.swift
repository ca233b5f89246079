extension Path {
    /// Whether `point` is inside the path under `rule` (every contour closed, curves
    /// flattened to `tolerance`). Points exactly on an edge count as inside on the top
    /// and left edges only, as pixel centres do in the rasterizer.
    public func contains(_ point: Point, rule: FillRule = .nonZero, tolerance: Double = 1.0 / 32) -> Bool {
        var polyline = Polyline()
        PathFlattener.flatten(self, tolerance: tolerance, into: &polyline)
        var winding = 0
        for contour in polyline.contours {
            let pts = polyline.points[contour.range]
            guard pts.count > 1, var previous = pts.last else { continue }
            for current in pts {
                // Half-open in y, so a vertex shared by two edges is counted once.
                if (previous.y <= point.y) != (current.y <= point.y) {
                    let t = (point.y - previous.y) / (current.y - previous.y)
                    let x = previous.x + t * (current.x - previous.x)
                    if x > point.x { winding += current.y > previous.y ? 1 : -1 }
                }
                previous = current
            }
        }
        return rule == .evenOdd ? winding % 2 != 0 : winding != 0
    }
}
