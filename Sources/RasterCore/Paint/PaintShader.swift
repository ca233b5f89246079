import CKernels
import Foundation

/// Produces rows of premultiplied source pixels for a non-solid paint, in device space.
///
/// Built once per draw call from a `Paint` and the device→user transform; `shade` is
/// called once per span and loops over pixels with no dispatch inside the loop.
/// Every pixel is sampled at its centre (x + 0.5, y + 0.5).
package final class PaintShader {
    /// Plain values only, so reading it per span copies no references.
    private enum Kind {
        case linear(dtdx: Double, dtdy: Double, t0: Double)
        case radialCentered(center: Point, invRadius: Double)
        case radialFocal(focal: Point, centerDelta: Point, radius: Double)
        case conic(center: Point, startAngle: Double)
        /// `samplers[0]`, blended towards `samplers[1]` by `weight`/256 when there are two
        /// (trilinear filtering between mipmap levels).
        case image(weight: UInt32)
    }

    private let kind: Kind
    /// The image samplers (none for gradients).
    private let samplers: [ImageSampler]
    /// device → paint (user) space
    private let inverse: Transform
    /// The gradient's colour table (an empty one for images, which never read it).
    private let table: GradientTable
    private let spread: SpreadMode
    let isOpaque: Bool
    /// True for gradients: the shader reads no bitmap, so it may write straight into the
    /// destination (an image shader could be reading the very pixels being drawn).
    var writesInPlace: Bool { samplers.isEmpty }

    /// The samplers of an image pattern seen through `toImage` (device → image pixels):
    /// one, or, when a smooth pattern is minified, the two mipmap levels around the scale
    /// with the weight (0...256) of the second.
    private static func imageSamplers(_ pattern: ImagePattern, toImage: Transform) -> ([ImageSampler], UInt32) {
        let opacity = UInt32((min(max(pattern.opacity, 0), 1) * 255).rounded())
        let scale = toImage.maxScale
        guard pattern.filter == .smooth, scale > 1.0001 else {
            return ([ImageSampler(bitmap: pattern.source.bitmap, toImage: toImage, bilinear: pattern.filter != .nearest,
                                  tiling: pattern.tiling, opacity: opacity)], 0)
        }
        let levels = pattern.source.mipmaps()
        let lod = min(log2(scale), Double(levels.count - 1))
        let l0 = min(Int(lod), levels.count - 1)
        let l1 = min(l0 + 1, levels.count - 1)
        func sampler(_ level: Int) -> ImageSampler {
            let s = levels[level]
            let fx = Double(s.width) / Double(levels[0].width), fy = Double(s.height) / Double(levels[0].height)
            return ImageSampler(bitmap: s, toImage: toImage.concatenating(Transform(scaleX: fx, y: fy)),
                                bilinear: true, tiling: pattern.tiling, opacity: opacity)
        }
        let weight = UInt32(((lod - Double(l0)) * 256).rounded())
        if l0 == l1 || weight == 0 { return ([sampler(l0)], 0) }
        return ([sampler(l0), sampler(l1)], weight)
    }

    /// - Parameters:
    ///   - paint: any paint but `.solid`.
    ///   - ctm: user → device transform of the draw.
    ///   - opacity: 0...255, multiplied into every sample.
    init?(paint: Paint, ctm: Transform) {
        guard let inverse = ctm.inverted() else { return nil }
        self.inverse = inverse
        switch paint {
        case .solid:
            return nil
        case .linear(let g):
            let d = g.end - g.start
            let len2 = d.dot(d)
            table = g.gradient.table
            samplers = []
            spread = g.gradient.spread
            isOpaque = g.gradient.isOpaque
            if len2 <= 0 {
                // Degenerate line: the last stop everywhere (as Skia and CSS do).
                kind = .linear(dtdx: 0, dtdy: 0, t0: 1)
            } else {
                // t(p) = (p − start)·d / |d|², p = inverse(device)
                let m = inverse
                kind = .linear(dtdx: (m.a * d.x + m.b * d.y) / len2, dtdy: (m.c * d.x + m.d * d.y) / len2,
                               t0: ((m.tx - g.start.x) * d.x + (m.ty - g.start.y) * d.y) / len2)
            }
        case .radial(let g):
            table = g.gradient.table
            samplers = []
            spread = g.gradient.spread
            isOpaque = g.gradient.isOpaque && (g.focal == nil || g.focal == g.center)
            guard g.radius > 0 else { return nil }
            if let f = g.focal, f != g.center {
                kind = .radialFocal(focal: f, centerDelta: g.center - f, radius: g.radius)
            } else {
                kind = .radialCentered(center: g.center, invRadius: 1 / g.radius)
            }
        case .conic(let g):
            table = g.gradient.table
            samplers = []
            spread = g.gradient.spread
            isOpaque = g.gradient.isOpaque
            kind = .conic(center: g.center, startAngle: g.startAngle)
        case .image(let pattern):
            table = GradientTable.transparent
            spread = .pad
            // device → image pixel space
            guard let toImage = pattern.transform.concatenating(ctm).inverted() else { return nil }
            isOpaque = false
            let (samplers, weight) = PaintShader.imageSamplers(pattern, toImage: toImage)
            self.samplers = samplers
            kind = .image(weight: weight)
        }
    }

    /// ⌊v⌋ for v in 0...tableSize − 1, as a table index. Written without a trapping
    /// Double-to-Int conversion so the loops around it vectorise: adding 2^52 to an
    /// integral double leaves the integer in the low mantissa bits. The final mask keeps
    /// any input (even NaN) inside the table.
    @inline(__always)
    static func tableIndex(_ v: Double) -> UInt32 {
        let bits = (v.rounded(.down) + 4_503_599_627_370_496.0).bitPattern
        return UInt32(truncatingIfNeeded: bits) & UInt32(Gradient.tableSize - 1)
    }

    /// Replaces each table index in `row` by its colour.
    @inline(__always)
    private static func lookUp(_ row: UnsafeMutablePointer<UInt32>, _ count: Int, _ lut: UnsafePointer<UInt32>) {
        for i in 0..<count { row[i] = lut[Int(row[i])] }
    }

    @inline(__always)
    private func lookup(_ t: Double, _ lut: UnsafePointer<UInt32>) -> UInt32 {
        var u = t
        switch spread {
        case .pad: break
        case .repeat: u = t - t.rounded(.down)
        case .reflect:
            let m = t - 2 * (t / 2).rounded(.down)
            u = m > 1 ? 2 - m : m
        }
        let top = Double(Gradient.tableSize - 1)
        let scaled = u * top + 0.5
        return lut[Int(Self.tableIndex(scaled >= top ? top : scaled > 0 ? scaled : 0))]
    }

    /// A row buffer for the second mipmap level, grown when needed, never per span.
    private var scratchRow: UnsafeMutablePointer<UInt32>?
    private var scratchCapacity = 0

    private func scratch(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        if let row = scratchRow, scratchCapacity >= count { return row }
        scratchRow?.deallocate()
        scratchCapacity = max(count, 256)
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: scratchCapacity)
        scratchRow = row
        return row
    }

    deinit {
        scratchRow?.deallocate()
    }

    /// Writes `count` premultiplied pixels for device row `y` starting at `x`.
    /// Padded linear and centred radial gradients compute their table indices in singles
    /// through the `CKernels` index kernels (the same trick as `tableIndex`, 2^23 for a
    /// single); the other kinds go pixel by pixel in doubles.
    ///
    /// One switch over the kinds with each kind's span loop inline: this runs once per
    /// span of every non-solid fill, and a call per kind would cost more than its loop
    /// for the short spans at shape edges.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let lut = UnsafePointer(table.colors)
        switch kind {
        case .linear(let dtdx, let dtdy, let t0):
            let base = t0 + dtdx * px + dtdy * py
            if spread == .pad {
                // t scaled to table indices, clamped: no spread switch per pixel. Singles
                // (eight lanes) are ample for an index into 1024 entries: the start is
                // clamped first, and across a row the error stays far below one entry.
                let top = Double(Gradient.tableSize - 1)
                let start = Float(min(max(base * top + 0.5, -1e7), 1e7)), step = Float(dtdx * top)
                let topF = Float(top)
                // Indices first (a vectorised kernel), then the table reads.
                ck_linear_indices(out, Int32(count), start, step, topF, UInt32(Gradient.tableSize - 1))
                Self.lookUp(out, count, lut)
            } else {
                for i in 0..<count {
                    out[i] = lookup(base + dtdx * Double(i), lut)
                }
            }
        case .radialCentered(let c, let invR):
            let m = inverse
            let ux = m.a * px + m.c * py + m.tx - c.x
            let uy = m.b * px + m.d * py + m.ty - c.y
            if spread == .pad {
                // In singles, as for linear gradients; positions are relative to the
                // centre, so their magnitudes stay near the canvas size.
                let top = Float(Gradient.tableSize - 1)
                let scale = Float(invR) * top
                let x0 = Float(ux), y0 = Float(uy), dx = Float(m.a), dy = Float(m.b)
                ck_radial_indices(out, Int32(count), x0, y0, dx, dy, scale, top, UInt32(Gradient.tableSize - 1))
                Self.lookUp(out, count, lut)
            } else {
                for i in 0..<count {
                    let x = ux + m.a * Double(i), y = uy + m.b * Double(i)
                    out[i] = lookup((x * x + y * y).squareRoot() * invR, lut)
                }
            }
        case .radialFocal(let f, let cd, let r):
            let m = inverse
            var ux = m.a * px + m.c * py + m.tx - f.x
            var uy = m.b * px + m.d * py + m.ty - f.y
            // |p − f − t·cd| = t·r  ⇒  a·t² − 2b·t + c = 0
            let a = cd.dot(cd) - r * r
            for i in 0..<count {
                let b = ux * cd.x + uy * cd.y
                let c = ux * ux + uy * uy
                var t = -1.0
                if abs(a) < 1e-12 {
                    if b != 0 { t = c / (2 * b) }
                } else {
                    let disc = b * b - a * c
                    if disc >= 0 {
                        let s = disc.squareRoot()
                        t = max((b + s) / a, (b - s) / a)
                    }
                }
                out[i] = t >= 0 ? lookup(t, lut) : 0
                ux += m.a
                uy += m.b
            }
        case .conic(let c, let start):
            let m = inverse
            var ux = m.a * px + m.c * py + m.tx - c.x
            var uy = m.b * px + m.d * py + m.ty - c.y
            let twoPi = 2 * Double.pi
            for i in 0..<count {
                var turn = (atan2(uy, ux) - start) / twoPi
                turn -= turn.rounded(.down)
                out[i] = lookup(turn, lut)
                ux += m.a
                uy += m.b
            }
        case .image(let weight):
            samplers[0].sample(px: px, py: py, count: count, into: out)
            if weight > 0 {
                let tmp = scratch(count)
                samplers[1].sample(px: px, py: py, count: count, into: tmp)
                for i in 0..<count {
                    out[i] = ImageSampler.mix(out[i], tmp[i], weight)
                }
            }
        }
    }
}

/// Samples one bitmap along device rows through an affine map.
struct ImageSampler {
    let bitmap: Bitmap
    /// device → image pixel coordinates
    let toImage: Transform
    let bilinear: Bool
    let tiling: ImagePattern.Tiling
    let opacity: UInt32

    /// a·(256 − w) + b·w, per channel, w in 0...256.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 - w
        let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
        return rb | ag
    }

    /// Maps an integer coordinate into 0..<n by the tiling, or −1 (decal outside).
    @inline(__always)
    private func wrap(_ i: Int, _ n: Int) -> Int {
        switch tiling {
        case .pad: return i < 0 ? 0 : (i >= n ? n - 1 : i)
        case .decal: return i < 0 || i >= n ? -1 : i
        case .repeat:
            let m = i % n
            return m < 0 ? m + n : m
        case .reflect:
            let period = 2 * n
            var m = i % period
            if m < 0 { m += period }
            return m < n ? m : period - 1 - m
        }
    }

    @inline(__always)
    private func fetch(_ x: Int, _ y: Int) -> UInt32 {
        let wx = wrap(x, bitmap.width), wy = wrap(y, bitmap.height)
        if wx < 0 || wy < 0 { return 0 }
        return bitmap.row(wy)[wx]
    }

    /// The bilinear sample at 16.16 position (u, v) relative to pixel centres: the four
    /// pixels around it (through the tiling where they leave the image), blended by the
    /// top eight fraction bits, scaled by the opacity. `ck_bilinear_span` is the same
    /// arithmetic for samples inside the image.
    @inline(__always)
    private func bilinearSample(_ u: Int, _ v: Int) -> UInt32 {
        let ix = u >> 16, iy = v >> 16
        let fx = UInt32((u >> 8) & 0xFF), fy = UInt32((v >> 8) & 0xFF)
        let p00 = fetch(ix, iy), p01 = fetch(ix + 1, iy), p10 = fetch(ix, iy + 1), p11 = fetch(ix + 1, iy + 1)
        let top = ImageSampler.mix(p00, p01, fx), bottom = ImageSampler.mix(p10, p11, fx)
        let p = ImageSampler.mix(top, bottom, fy)
        return opacity == 255 ? p : PixelMath.scale(p, by: opacity)
    }

    /// The samples i in 0..<count whose 2×2 footprint at 16.16 position (u + i·du, v + i·dv)
    /// lies inside a width × height image: 0 ≤ u + i·du < (width − 1)·2^16, and the same
    /// for v. Empty for images of 2^15 pixels or more across, whose positions do not fit
    /// the kernel's words.
    static func footprintInside(u: Int, v: Int, du: Int, dv: Int, width: Int, height: Int, count: Int) -> Range<Int> {
        guard width >= 2, height >= 2, width <= 1 << 15, height <= 1 << 15, count > 0 else { return 0..<0 }
        let across = stretch(start: u, step: du, limit: (width - 1) << 16, count: count)
        let down = stretch(start: v, step: dv, limit: (height - 1) << 16, count: count)
        var lo = max(across.lowerBound, down.lowerBound), hi = min(across.upperBound, down.upperBound)
        // The bounds are exact; these only guard the kernel's reads against a slip.
        func inside(_ i: Int) -> Bool {
            let x = u &+ i &* du, y = v &+ i &* dv
            return x >= 0 && x < (width - 1) << 16 && y >= 0 && y < (height - 1) << 16
        }
        while lo < hi && !inside(lo) { lo += 1 }
        while hi > lo && !inside(hi - 1) { hi -= 1 }
        return lo < hi ? lo..<hi : 0..<0
    }

    /// The i in 0..<count with 0 ≤ start + i·step < limit (one stretch, as the values
    /// move along a line).
    static func stretch(start: Int, step: Int, limit: Int, count: Int) -> Range<Int> {
        func floorDivision(_ a: Int, _ b: Int) -> Int { // b > 0
            let q = a / b
            return (a % b != 0 && a < 0) ? q - 1 : q
        }
        var lo: Int, hi: Int
        if step == 0 {
            return start >= 0 && start < limit ? 0..<count : 0..<0
        } else if step > 0 {
            lo = -floorDivision(start, step)          // ⌈−start / step⌉
            hi = -floorDivision(start - limit, step)  // ⌈(limit − start) / step⌉
        } else {
            hi = floorDivision(start, -step) + 1
            lo = floorDivision(start - limit, -step) + 1
        }
        lo = max(lo, 0)
        hi = min(hi, count)
        return lo < hi ? lo..<hi : 0..<0
    }

    func sample(px: Double, py: Double, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = toImage
        let w = bitmap.width, h = bitmap.height
        guard w > 0, h > 0 else {
            out.update(repeating: 0, count: count)
            return
        }
        let one = 65536.0
        if bilinear {
            // Sample positions relative to pixel centres, 16.16 fixed point.
            let u = clampedInt(((m.a * px + m.c * py + m.tx - 0.5) * one).rounded(.down))
            let v = clampedInt(((m.b * px + m.d * py + m.ty - 0.5) * one).rounded(.down))
            let du = clampedInt((m.a * one).rounded()), dv = clampedInt((m.b * one).rounded())
            // The samples whose four pixels all lie in the image go to the kernel: the
            // footprint moves along a line, so they are one stretch of the row.
            let inside = ImageSampler.footprintInside(u: u, v: v, du: du, dv: dv, width: w, height: h, count: count)
            for i in 0..<inside.lowerBound { out[i] = bilinearSample(u &+ i &* du, v &+ i &* dv) }
            if !inside.isEmpty {
                let first = inside.lowerBound
                ck_bilinear_span(out + first, inside.count, bitmap.row(0), bitmap.stride,
                                 UInt32(truncatingIfNeeded: u &+ first &* du), UInt32(truncatingIfNeeded: v &+ first &* dv),
                                 UInt32(truncatingIfNeeded: du), UInt32(truncatingIfNeeded: dv), opacity)
            }
            for i in inside.upperBound..<count { out[i] = bilinearSample(u &+ i &* du, v &+ i &* dv) }
        } else {
            var u = m.a * px + m.c * py + m.tx
            var v = m.b * px + m.d * py + m.ty
            for i in 0..<count {
                let ix = clampedInt(u.rounded(.down)), iy = clampedInt(v.rounded(.down))
                var p = (ix >= 0 && iy >= 0 && ix < w && iy < h) ? bitmap.row(iy)[ix] : fetch(ix, iy)
                if opacity != 255 { p = PixelMath.scale(p, by: opacity) }
                out[i] = p
                u += m.a
                v += m.b
            }
        }
    }
}

/// `Int(v)` for any double: NaN becomes 0 and magnitudes beyond 2^46 are clamped, so
/// degenerate transforms cannot trap.
@inline(__always)
func clampedInt(_ v: Double) -> Int {
    guard v == v else { return 0 }
    let limit = 70_368_744_177_664.0 // 2^46
    return Int(v > limit ? limit : (v < -limit ? -limit : v))
}
