/// How a source colour combines with the destination.
///
/// `sourceOver` is the default and has integer fast paths. The separable modes follow
/// the W3C Compositing and Blending spec in premultiplied form:
/// result = S·(1 − Da) + D·(1 − Sa) + Sa·Da·B(S/Sa, D/Da), alpha = Sa + Da − Sa·Da.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case sourceOver
    /// Replaces the destination (within the coverage).
    case source
    case multiply, screen, overlay, darken, lighten
    case colorDodge, colorBurn, hardLight, softLight, difference, exclusion
    /// Porter-Duff plus: channels add, clamped at 1.
    case plus
    /// Keeps the destination only where the source is (D·Sa).
    case destinationIn
    /// Keeps the destination only where the source is not (D·(1 − Sa)).
    case destinationOut

    /// Blends one premultiplied pixel over another. Exact to within one step of the
    /// real-valued result; `sourceOver` and `plus` are exact integer forms.
    public func blend(_ s: UInt32, _ d: UInt32) -> UInt32 {
        switch self {
        case .sourceOver: return PixelMath.sourceOver(s, d)
        case .source: return s
        case .plus:
            var out: UInt32 = 0
            for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
                out |= min(255, ((s >> shift) & 255) + ((d >> shift) & 255)) << shift
            }
            return out
        case .destinationIn: return PixelMath.scale(d, by: s >> 24)
        case .destinationOut: return PixelMath.scale(d, by: 255 - (s >> 24))
        default: return separable(s, d)
        }
    }

    private func separable(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let sa = Double(s >> 24) / 255, da = Double(d >> 24) / 255
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, to: 24, by: 8) {
            let sc = Double((s >> shift) & 255) / 255, dc = Double((d >> shift) & 255) / 255
            // Unpremultiplied inputs of the blend function.
            let cs = sa > 0 ? min(1, sc / sa) : 0, cb = da > 0 ? min(1, dc / da) : 0
            let mixed = sc * (1 - da) + dc * (1 - sa) + sa * da * blendChannel(cs, cb)
            out |= UInt32((min(max(mixed, 0), 1) * 255).rounded()) << shift
        }
        let alpha = sa + da - sa * da
        out |= UInt32((min(max(alpha, 0), 1) * 255).rounded()) << 24
        // Keep the premultiplied invariant under rounding.
        let a = out >> 24
        var fixed = out & 0xFF00_0000
        for shift in stride(from: 0 as UInt32, to: 24, by: 8) { fixed |= min(a, (out >> shift) & 255) << shift }
        return fixed
    }

    /// B(cs, cb) of the W3C spec for one channel, on unpremultiplied values in 0...1.
    private func blendChannel(_ cs: Double, _ cb: Double) -> Double {
        switch self {
        case .multiply: return cs * cb
        case .screen: return cs + cb - cs * cb
        case .overlay: return BlendMode.hardLight.blendChannel(cb, cs)
        case .darken: return min(cs, cb)
        case .lighten: return max(cs, cb)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs <= 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight:
            return cs <= 0.5 ? cb * 2 * cs : BlendMode.screen.blendChannel(2 * cs - 1, cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cs - cb)
        case .exclusion: return cs + cb - 2 * cs * cb
        default: return cs
        }
    }
}
