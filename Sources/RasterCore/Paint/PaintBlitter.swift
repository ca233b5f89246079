import CKernels
import CPrefetch

/// Composites a paint through coverage into a bitmap: the pixel end of every fill.
///
/// Fast paths (pixman's lesson: specialise what dominates, fall back to one general
/// loop): a solid colour with source-over and no clip mask goes straight to the
/// destination (opaque full-coverage spans are a plain store); everything else runs
/// fetch (shader row or constant), coverage (span alpha × opacity × clip mask),
/// combine, one span at a time through scratch rows. The per-pixel loops are the C
/// kernels of `CKernels`, which pick AVX2 at load time where the CPU has it.
package struct PaintBlitter: Blitter {
    package init(bitmap: Bitmap, color: UInt32, shader: PaintShader?, blend: BlendMode, opacity: UInt32,
         clipMask: UnsafePointer<UInt8>?, clipRect: PixelRect, source: UnsafeMutablePointer<UInt32>,
         coverage: UnsafeMutablePointer<UInt8>) {
        pixels = bitmap.row(0)
        pitch = bitmap.stride
        width = bitmap.width
        self.color = color
        self.shader = shader.map { Unmanaged.passUnretained($0) }
        self.blend = blend
        self.opacity = opacity
        self.clipMask = clipMask
        self.clipRect = clipRect
        self.source = source
        self.coverage = coverage
    }

    /// The destination's first row and row pitch, copied out of the bitmap so that no
    /// span touches a reference count.
    let pixels: UnsafeMutablePointer<UInt32>
    let pitch: Int
    /// Pixels per row of the destination.
    let width: Int
    /// Premultiplied solid colour (unused when `shader` is set).
    let color: UInt32
    /// Borrowed: the caller keeps the shader alive for the blitter's lifetime (no
    /// reference counting per span).
    let shader: Unmanaged<PaintShader>?
    let blend: BlendMode
    /// Extra alpha for the whole draw, 0...255.
    let opacity: UInt32
    /// Device-space clip coverage, or nil.
    let clipMask: UnsafePointer<UInt8>?
    let clipRect: PixelRect
    /// Scratch rows of the destination's width and eight more, initialized.
    let source: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<UInt8>

    /// Spans at least this long go to the C kernels; shorter ones stay inline, where a
    /// call would cost more than the pixels.
    static let kernelSpan = 16

    var isSimpleSolid: Bool { shader == nil && blend == .sourceOver && clipMask == nil }

    /// A solid colour over takes short stretches between runs inside the runs: a pixel's
    /// source-over is the same arithmetic in a span and in a run, and a run of up to a
    /// vector's width costs one step where a run, a span and a run cost three calls.
    package var joinedGapLimit: Int { isSimpleSolid ? 8 : 0 }

    /// Whether the row has room for `count` pixels from `x` rounded up to whole eight-pixel
    /// steps: the padded kernels may then write the last step's extra pixels back.
    @inline(__always)
    private func fitsWholeSteps(x: Int, count: Int) -> Bool {
        x &+ ((count &+ 7) & ~7) <= width
    }

    @inline(__always)
    private func maskRow(_ y: Int) -> UnsafePointer<UInt8>? {
        guard let m = clipMask else { return nil }
        return m + ((y &- clipRect.y0) &* clipRect.width &- clipRect.x0)
    }

    @inline(__always)
    package func prefetch(y: Int, x: Int, count: Int) {
        cprefetch_write_span(pixels + (y &* pitch &+ x), count &* 4)
    }

    package mutating func blitSpan(y: Int, x: Int, count: Int, alpha: UInt8) {
        let a = opacity == 255 ? UInt32(alpha) : PixelMath.mulDiv255(UInt32(alpha), opacity)
        if isSimpleSolid {
            let dst = pixels + (y &* pitch &+ x)
            if a == 255 && color >> 24 == 255 {
                if count >= 8 { ck_fill_rows(dst, pitch, 1, count, color) } else { dst.update(repeating: color, count: count) }
            } else {
                let s = PixelMath.scale(color, by: a)
                if count >= 3 && fitsWholeSteps(x: x, count: count) {
                    ck_source_over_solid_padded(dst, pitch, 1, count, s)
                } else if count >= PaintBlitter.kernelSpan {
                    ck_source_over_solid(dst, count, s)
                } else {
                    let ia = 255 &- (s >> 24)
                    for i in 0..<count { dst[i] = s &+ PixelMath.scale(dst[i], by: ia) }
                }
            }
            return
        }
        // Full coverage over, unclipped, never reads the coverage row.
        if !(a == 255 && blend == .sourceOver && clipMask == nil) {
            coverage.update(repeating: UInt8(a), count: count)
        }
        general(y: y, x: x, count: count, uniform: clipMask == nil ? a : nil)
    }

    package mutating func blitRun(y: Int, x: Int, alphas: UnsafeBufferPointer<UInt8>) {
        let count = alphas.count
        if isSimpleSolid {
            // Zero coverage scales the source to zero, and source-over of zero leaves the
            // pixel exactly as it was, so whole runs go through one kernel call, in
            // whole vector steps where the row has room for the last one.
            // Runs of one or two pixels are cheapest pixel by pixel.
            let dst = pixels + (y &* pitch &+ x)
            let c = color, op = opacity
            if count <= 2 {
                for i in 0..<count where alphas[i] != 0 {
                    let a = op == 255 ? UInt32(alphas[i]) : PixelMath.mulDiv255(UInt32(alphas[i]), op)
                    dst[i] = PixelMath.sourceOver(PixelMath.scale(c, by: a), dst[i])
                }
            } else if fitsWholeSteps(x: x, count: count) {
                ck_source_over_solid_coverage_padded(dst, alphas.baseAddress, count, c, op)
            } else {
                ck_source_over_solid_coverage(dst, alphas.baseAddress, count, c, op)
            }
            return
        }
        if opacity == 255 {
            coverage.update(from: alphas.baseAddress!, count: count)
        } else {
            ck_fade_coverage(coverage, alphas.baseAddress, count, opacity)
        }
        general(y: y, x: x, count: count, uniform: nil)
    }

    /// Makes one row's recorded calls on every row of `rows`, with the pixels `blitSpan`
    /// and `blitRun` would give. For a solid colour over, each call's scaled colour is
    /// worked out once: a span's, and each pixel's of a run (its coverage times the
    /// opacity), leaving one source-over per pixel and row.
    mutating func blitRows(_ rows: Range<Int>, replaying recorded: RowRecorder) {
        guard isSimpleSolid else {
            recorded.replay(rows: rows, into: &self)
            return
        }
        let c = color, op = opacity
        var spans: [(x: Int, count: Int, source: UInt32)] = []
        var singles: [(x: Int, source: UInt32)] = []
        for call in recorded.calls {
            if call.alphaStart < 0 {
                let a = op == 255 ? UInt32(call.alpha) : PixelMath.mulDiv255(UInt32(call.alpha), op)
                let source = PixelMath.scale(c, by: a)
                if source != 0 { spans.append((call.x, call.count, source)) }
            } else {
                for i in 0..<call.count {
                    let coverage = UInt32(recorded.alphas[call.alphaStart + i])
                    let a = op == 255 ? coverage : PixelMath.mulDiv255(coverage, op)
                    let source = PixelMath.scale(c, by: a)
                    if source != 0 { singles.append((call.x + i, source)) }
                }
            }
        }
        // Span by span down the rows, then each single pixel as a column of the same colour
        // over, eight rows a step: the calls of a row never share a pixel, so the order
        // changes nothing.
        let first = pixels + rows.lowerBound &* pitch
        for span in spans {
            if span.source >> 24 == 255 {
                ck_fill_rows(first + span.x, pitch, rows.count, span.count, span.source)
                continue
            }
            if span.count >= 3 && fitsWholeSteps(x: span.x, count: span.count) {
                ck_source_over_solid_padded(first + span.x, pitch, rows.count, span.count, span.source)
                continue
            }
            for y in rows {
                let dst = pixels + (y &* pitch &+ span.x)
                if span.count >= PaintBlitter.kernelSpan {
                    ck_source_over_solid(dst, span.count, span.source)
                } else {
                    let ia = 255 &- (span.source >> 24)
                    for i in 0..<span.count { dst[i] = span.source &+ PixelMath.scale(dst[i], by: ia) }
                }
            }
        }
        for single in singles {
            ck_source_over_solid_column(first + single.x, pitch, rows.count, single.source)
        }
    }

    /// - Parameter uniform: the coverage of every pixel when it is the same for all.
    private func general(y: Int, x: Int, count: Int, uniform: UInt32?) {
        if let m = maskRow(y) {
            ck_multiply_coverage(coverage, m + x, count)
        }
        // An opaque gradient over full coverage replaces the pixels: shade straight into them.
        if blend == .sourceOver, uniform == 255, let shader,
           shader._withUnsafeGuaranteedRef({ $0.isOpaque && $0.writesInPlace }) {
            shader._withUnsafeGuaranteedRef { $0.shade(x: x, y: y, count: count, into: pixels + (y &* pitch &+ x)) }
            return
        }
        if let shader {
            shader._withUnsafeGuaranteedRef { $0.shade(x: x, y: y, count: count, into: source) }
        } else {
            source.update(repeating: color, count: count)
        }
        let dst = pixels + (y &* pitch &+ x)
        switch blend {
        case .sourceOver:
            if uniform == 255 {
                if shader?._withUnsafeGuaranteedRef({ $0.isOpaque }) ?? (color >> 24 == 255) {
                    dst.update(from: source, count: count)
                } else {
                    ck_blend_row(source, dst, count, 255)
                }
            } else if fitsWholeSteps(x: x, count: count) {
                // Zero coverage past the run writes the pixels there back unchanged.
                UnsafeMutableRawPointer(coverage + count).storeBytes(of: UInt64(0), as: UInt64.self)
                ck_source_over_coverage_padded(dst, source, coverage, count)
            } else {
                ck_source_over_coverage(dst, source, coverage, count)
            }
        case .source:
            for i in 0..<count {
                let c = UInt32(coverage[i])
                if c == 0 { continue }
                dst[i] = c == 255 ? source[i] : PixelMath.lerp(dst[i], source[i], c)
            }
        default:
            let mode = blend
            for i in 0..<count {
                let c = UInt32(coverage[i])
                if c == 0 { continue }
                let blended = mode.blend(source[i], dst[i])
                dst[i] = c == 255 ? blended : PixelMath.lerp(dst[i], blended, c)
            }
        }
    }
}
