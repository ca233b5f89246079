import RasterCore

/// The device pixels a frame must re-composite: a short list of disjoint-ish rectangles.
///
/// Overlapping or touching rectangles are merged; past `maxRects` the pair whose union
/// wastes the fewest pixels is merged, so the list stays short and every damaged pixel
/// stays covered.
struct DamageRegion {
    static let maxRects = 8
    private(set) var rects: [PixelRect] = []

    var isEmpty: Bool { rects.isEmpty }
    var area: Int { rects.reduce(0) { $0 + $1.width * $1.height } }

    mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var r = rect
        var merged = true
        while merged {
            merged = false
            for (i, other) in rects.enumerated() where touches(r, other) {
                r = r.union(other)
                rects.remove(at: i)
                merged = true
                break
            }
        }
        rects.append(r)
        while rects.count > Self.maxRects { mergeCheapestPair() }
    }

    /// Keeps only the parts inside `bounds`.
    mutating func clip(to bounds: PixelRect) {
        rects = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
    }

    private func touches(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1
    }

    private mutating func mergeCheapestPair() {
        var best = (0, 1, Int.max)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let u = rects[i].union(rects[j])
                let waste = u.width * u.height - rects[i].width * rects[i].height - rects[j].width * rects[j].height
                if waste < best.2 { best = (i, j, waste) }
            }
        }
        let u = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        add(u)
    }
}
