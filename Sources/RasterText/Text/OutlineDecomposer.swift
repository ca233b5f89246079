import CFreeType
import RasterCore

/// Turns a FreeType outline (font units, y up) into a `Path` (y down).
enum OutlineDecomposer {
    private final class Builder {
        var path = Path()
        func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
            guard let v else { return .zero }
            return Point(x: Double(v.pointee.x), y: -Double(v.pointee.y))
        }
    }

    static func path(of outline: inout FT_Outline) -> Path {
        let builder = Builder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                if !b.path.isEmpty { b.path.close() }
                b.path.move(to: b.point(to))
                return 0
            },
            line_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.line(to: b.point(to))
                return 0
            },
            conic_to: { control, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.quad(to: b.point(to), control: b.point(control))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.cubic(to: b.point(to), control1: b.point(c1), control2: b.point(c2))
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(builder).toOpaque()
        _ = withExtendedLifetime(builder) { FT_Outline_Decompose(&outline, &funcs, user) }
        if !builder.path.isEmpty { builder.path.close() }
        return builder.path
    }
}
