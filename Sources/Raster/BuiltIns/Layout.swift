/// Alignment of a child in a larger box (the ZStack and frame alignment names).
public typealias ComponentAlignment = Alignment

/// Helpers the built-in containers share.
enum LayoutMath {
    /// `v` limited to `lo...hi` where given.
    static func clamp(_ v: Double, _ lo: Double?, _ hi: Double?) -> Double {
        var x = v
        if let hi { x = min(x, hi) }
        if let lo { x = max(x, lo) }
        return x
    }

    /// A finite length, or 0.
    static func finite(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }

    /// The frame of a `size` child aligned by `alignment` in `box`, on whole points.
    static func place(_ size: Size, in box: Rect, alignment: Alignment) -> Rect {
        Rect(x: box.minX + ((box.width - size.width) * alignment.x).rounded(.down),
             y: box.minY + ((box.height - size.height) * alignment.y).rounded(.down),
             width: size.width, height: size.height)
    }
}

extension _UpdatedChildComponent {
    /// Places the child with its frame at `frame` (its centre at the frame's centre).
    func placed(_ frame: Rect) -> _UpdatedChildComponent {
        position(frame.center)
    }
}
