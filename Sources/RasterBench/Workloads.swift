import Foundation
import Raster

/// One benchmark workload: scene objects built once (`prepare`), then `run` draws
/// everything into a cleared canvas, as the benchmark specification of the anchor workloads says.
public struct Workload {
    public let name: String
    public let summary: String
    public let width: Int
    public let height: Int
    /// Draws the scene; called once per timed run on a canvas cleared to white.
    public let draw: (Canvas) -> Void
    /// Replaces draw + clear for the encode workloads: returns the bytes produced.
    public let encode: (() throws -> Int)?
    /// `encode` with its frame composited on this many threads (`Compositor.threads`),
    /// for the workloads that composite one.
    public var threaded: ((Int) throws -> Int)?
    /// Glyphs drawn per run, for the text workloads' glyphs-per-second figure.
    public let glyphs: Int?
    /// Frames produced per run, for the animation workloads' frames-per-second figure.
    public let frames: Int?
    /// Scene nodes laid out per run (layout workloads).
    public let nodes: Int?
    /// Removes what the runs left behind (after timing).
    public var cleanup: (() -> Void)?
    /// Called before each run, untimed (to let go of what the last run kept).
    public var beforeRun: (() -> Void)?
    /// Where a run split into stages (`ScreenWorkloads`) logs their times.
    public var stages: StageLog?
    /// What the process did once before its first text, step by step in milliseconds
    /// (screen workloads; see `ScreenWorkloads.startup`).
    public var startup: [(name: String, ms: Double)] = []

    init(name: String, summary: String, width: Int, height: Int, glyphs: Int? = nil, frames: Int? = nil, nodes: Int? = nil,
         draw: @escaping (Canvas) -> Void, encode: (() throws -> Int)? = nil) {
        self.nodes = nodes
        self.name = name
        self.summary = summary
        self.width = width
        self.height = height
        self.draw = draw
        self.encode = encode
        self.glyphs = glyphs
        self.frames = frames
    }
}

extension Color {
    init(_ c: Color255) { self.init(r: c.r, g: c.g, b: c.b, a: c.a) }
}

public enum Workloads {
    public static let names = ["W1", "W1p", "W2", "W3", "W4", "W5", "W5p", "W6", "W7", "W8a", "W8b", "T1", "T2", "A1", "G1", "G2"]
        + DamageWorkloads.names + CompositorWorkloads.names + LayoutWorkloads.names
    /// Workloads run only when named: too large or slow for every run.
    public static let namedOnly = LayoutWorkloads.namedOnly + ScreenWorkloads.names

    public static func make(_ name: String) throws -> Workload? {
        switch name {
        case "W1": return w1(width: 1920, height: 1080, name: "W1")
        case "W1p": return w1(width: 1170, height: 2532, name: "W1p")
        case "W2": return w2()
        case "W3": return w3()
        case "W4": return w4()
        case "W5": return try w5(width: 1920, height: 1080, name: "W5")
        case "W5p": return try w5(width: 1170, height: 2532, name: "W5p")
        case "T1": return try t1()
        case "T2": return try t2()
        case "A1": return try a1()
        case "W6": return try w6()
        case "W7": return try w7()
        case "W8a": return try w8(name: "W8a", encoder: .standard)
        case "W8b": return try w8(name: "W8b", encoder: .fast)
        case "G1": return try g(name: "G1", shift: 0, tolerance: .exact)
        case "G2": return try g(name: "G2", shift: 0.3, tolerance: .perceptual())
        default:
            return try DamageWorkloads.make(name) ?? CompositorWorkloads.make(name) ?? ScreenWorkloads.make(name)
                ?? LayoutWorkloads.make(name)
        }
    }

    /// The W1 rounded rectangles (seed 1) for a canvas of the given size.
    public static func w1Shapes(width: Int, height: Int) -> [(Path, Color)] {
        var rng = LCG(seed: 1)
        let W = Double(width), H = Double(height)
        return (0..<2000).map { _ in
            let w = rng.uniform(20, 200), h = rng.uniform(20, 200)
            let x = rng.uniform(0, W - w), y = rng.uniform(0, H - h)
            let r = min(rng.uniform(4, 24), min(w, h) / 2)
            let color = Color(rng.colorRGBAHalf())
            return (Path(roundedRect: Rect(x: x, y: y, width: w, height: h), cornerRadius: r), color)
        }
    }

    static func w1(width: Int, height: Int, name: String) -> Workload {
        let shapes = w1Shapes(width: width, height: height)
        return Workload(name: name, summary: "fill 2000 rounded rects \(width)x\(height)", width: width, height: height) { canvas in
            for (path, color) in shapes { canvas.fill(path, paint: .solid(color)) }
        }
    }

    /// A1: the W1 scene animated over 60 frames, each rendered, encoded in the fast PNG
    /// mode and written to disk, frames spread over every core (interleaved, so each
    /// core gets early and late frames alike).
    static func a1() throws -> Workload {
        let shapes = w1Shapes(width: 1920, height: 1080)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-bench-a1-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let frameCount = 60
        var workload = Workload(name: "A1", summary: "60 animated W1 frames rendered, fast-encoded and written, \(cores) cores",
                                width: 1920, height: 1080, frames: frameCount, draw: { _ in }, encode: {
            let written = Locked(0)
            let failure = Locked<(any Error)?>(nil)
            DispatchQueue.concurrentPerform(iterations: cores) { job in
                do {
                    let bitmap = try Bitmap(width: 1920, height: 1080)
                    let canvas = Canvas(bitmap: bitmap)
                    for f in stride(from: job, to: frameCount, by: cores) {
                        bitmap.fill(Color.white.premultiplied)
                        let fade = 1 - Double(f) / 120
                        for (i, (path, color)) in shapes.enumerated() {
                            canvas.save()
                            canvas.translate(x: Double(4 * f * (i % 3 - 1)), y: Double(2 * f * (i % 5 - 2)))
                            let faded = Color(r: color.r, g: color.g, b: color.b, a: UInt8((Double(color.a) * fade).rounded()))
                            canvas.fill(path, paint: .solid(faded))
                            canvas.restore()
                        }
                        let bytes = try PNGEncoder.fast.encode(bitmap)
                        try FileOutput.writeAtomically(bytes, to: directory + String(format: "/frame_%05d.png", f))
                        written.withLock { $0 += bytes.count }
                    }
                } catch {
                    failure.withLock { $0 = error }
                }
            }
            if let error = failure.withLock({ $0 }) { throw error }
            return written.withLock { $0 }
        })
        workload.cleanup = { try? FileManager.default.removeItem(atPath: directory) }
        return workload
    }

    static func w2() -> Workload {
        var rng = LCG(seed: 2)
        let W = 1920.0, H = 1080.0
        var blobs: [(Path, Color)] = []
        for _ in 0..<500 {
            let cx = rng.uniform(60, W - 60), cy = rng.uniform(60, H - 60), R = rng.uniform(20, 60)
            let n = rng.randint(5, 9), ratio = rng.uniform(0.4, 0.8), phi = rng.uniform(0, 2 * Double.pi)
            let color = Color(rng.colorRGBAHalf())
            let count = 2 * n
            let v = (0..<count).map { k -> Point in
                let angle = phi + Double(k) * Double.pi / Double(n)
                let rad = k % 2 == 0 ? R : R * ratio
                return Point(x: cx + rad * cos(angle), y: cy + rad * sin(angle))
            }
            var path = Path()
            path.move(to: v[0])
            for k in 0..<count {
                let prev = v[(k - 1 + count) % count], cur = v[k], next = v[(k + 1) % count], next2 = v[(k + 2) % count]
                let c1 = cur + (next - prev) * (1.0 / 6), c2 = next - (next2 - cur) * (1.0 / 6)
                path.cubic(to: next, control1: c1, control2: c2)
            }
            path.close()
            blobs.append((path, color))
        }
        var lines: [(Path, Color)] = []
        for _ in 0..<500 {
            var x = rng.uniform(0, W), y = rng.uniform(0, H)
            let m = rng.randint(4, 12)
            var path = Path()
            path.move(to: Point(x: x, y: y))
            for _ in 0..<(m - 1) {
                x += rng.uniform(-80, 80)
                y += rng.uniform(-80, 80)
                path.line(to: Point(x: x, y: y))
            }
            lines.append((path, Color(rng.colorRGBAHalf())))
        }
        let style = StrokeStyle(width: 3, cap: .butt, join: .round)
        return Workload(name: "W2", summary: "500 cubic blobs + 500 stroked polylines", width: 1920, height: 1080) { canvas in
            for (path, color) in blobs { canvas.fill(path, paint: .solid(color)) }
            for (path, color) in lines { canvas.stroke(path, style: style, paint: .solid(color)) }
        }
    }

    static func w3() -> Workload {
        var rng = LCG(seed: 3)
        let W = 1920.0, H = 1080.0
        var items: [(Path, Paint)] = []
        for _ in 0..<200 {
            let w = rng.uniform(40, 300), h = rng.uniform(40, 300)
            let x = rng.uniform(0, W - w), y = rng.uniform(0, H - h)
            let r = min(rng.uniform(4, 24), min(w, h) / 2)
            let c0 = rng.colorRGB(), c1 = rng.colorRGB()
            let gradient = Gradient(stops: [GradientStop(Color(r: c0.0, g: c0.1, b: c0.2), 0),
                                            GradientStop(Color(r: c1.0, g: c1.1, b: c1.2), 1)])
            items.append((Path(roundedRect: Rect(x: x, y: y, width: w, height: h), cornerRadius: r),
                          .linear(LinearGradient(start: Point(x: x, y: y), end: Point(x: x + w, y: y + h), gradient: gradient))))
        }
        for _ in 0..<200 {
            let rad = rng.uniform(20, 120)
            let cx = rng.uniform(rad, W - rad), cy = rng.uniform(rad, H - rad)
            let c0 = rng.colorRGB(), c1 = rng.colorRGB()
            let gradient = Gradient(stops: [GradientStop(Color(r: c0.0, g: c0.1, b: c0.2), 0),
                                            GradientStop(Color(r: c1.0, g: c1.1, b: c1.2, a: 128), 1)])
            items.append((Path(ellipseIn: Rect(x: cx - rad, y: cy - rad, width: 2 * rad, height: 2 * rad)),
                          .radial(RadialGradient(center: Point(x: cx, y: cy), radius: rad, gradient: gradient))))
        }
        return Workload(name: "W3", summary: "200 linear-gradient rrects + 200 radial circles", width: 1920, height: 1080) { canvas in
            for (path, paint) in items { canvas.fill(path, paint: paint) }
        }
    }

    static func w4() -> Workload {
        var rng = LCG(seed: 4)
        let W = 1920.0, H = 1080.0
        var cards: [(Path, Color)] = []
        for _ in 0..<100 {
            let x = rng.uniform(20, W - 320), y = rng.uniform(20, H - 240)
            let fill = Color(r: UInt8(rng.randint(200, 255)), g: UInt8(rng.randint(200, 255)), b: UInt8(rng.randint(200, 255)))
            cards.append((Path(roundedRect: Rect(x: x, y: y, width: 300, height: 200), cornerRadius: 16), fill))
        }
        let shadow = Color(r: 0, g: 0, b: 0, a: 77), border = Color(r: 0, g: 0, b: 0, a: 51)
        let style = StrokeStyle(width: 1)
        return Workload(name: "W4", summary: "100 cards: blurred shadow + fill + border", width: 1920, height: 1080) { canvas in
            for (path, fill) in cards {
                canvas.drawShadow(of: path, color: shadow, sigma: 10, offset: Point(x: 0, y: 8))
                canvas.fill(path, paint: .solid(fill))
                canvas.stroke(path, style: style, paint: .solid(border))
            }
        }
    }

    /// The W6 source image: a gradient with a 32-pixel checkerboard in blue.
    public static func w6Image() throws -> Bitmap {
        let image = try Bitmap(width: 512, height: 512)
        for y in 0..<512 {
            for x in 0..<512 {
                let b: UInt8 = ((x / 32) + (y / 32)) % 2 == 0 ? 255 : 0
                image[x, y] = PremultipliedColor(r: UInt8(x * 255 / 511), g: UInt8(y * 255 / 511), b: b, a: 255)
            }
        }
        return image
    }

    static func w6() throws -> Workload {
        let source = ImageSource(try w6Image())
        let angle = 15 * Double.pi / 180
        let transforms: [Transform] = (0..<20).map { i in
            let cx = 960 + 16 * Double(i % 5) - 32, cy = 540 + 16 * Double(i / 5) - 24
            let a = 2 * cos(angle), b = 2 * sin(angle), c = -2 * sin(angle), d = 2 * cos(angle)
            return Transform(a: a, b: b, c: c, d: d, tx: cx - 256 * (a + c), ty: cy - 256 * (b + d))
        }
        return Workload(name: "W6", summary: "20x 512->1024 bilinear, rotated 15 degrees", width: 1920, height: 1080) { canvas in
            for t in transforms { canvas.drawImage(source, transform: t, filter: .bilinear) }
        }
    }

    static func w7() throws -> Workload {
        let layers: [ImageSource] = try (0..<50).map { k in
            let layer = try Bitmap(width: 400, height: 300)
            for y in 0..<300 {
                let row = layer.row(y)
                for x in 0..<400 {
                    row[x] = PremultipliedColor(r: UInt8((x + 5 * k) & 255), g: UInt8((y + 3 * k) & 255),
                                                b: UInt8((5 * k) & 255), a: 255).packed
                }
            }
            return ImageSource(layer)
        }
        return Workload(name: "W7", summary: "50 layers 400x300 at opacity 0.6", width: 1920, height: 1080) { canvas in
            for (k, layer) in layers.enumerated() {
                let t = Transform(translationX: Double(40 + 150 * (k % 10)), y: Double(40 + 150 * (k / 10)))
                canvas.drawImage(layer, transform: t, opacity: 0.6)
            }
        }
    }

    /// G1, G2: the comparison behind golden tests, on two W1 frames at 1920x1080. G1
    /// compares identical frames exactly (a passing golden test); G2 compares frames
    /// whose shapes moved by `shift` px perceptually, anti-aliasing ignored (every
    /// shape edge changes: the slow path). The byte column is the differing-pixel count.
    static func g(name: String, shift: Double, tolerance: ImageTolerance) throws -> Workload {
        let expected = try Bitmap(width: 1920, height: 1080, color: Color.white.premultiplied)
        let actual = try Bitmap(width: 1920, height: 1080, color: Color.white.premultiplied)
        w1(width: 1920, height: 1080, name: "W1").draw(Canvas(bitmap: expected))
        let canvas = Canvas(bitmap: actual)
        canvas.translate(x: shift, y: shift)
        w1(width: 1920, height: 1080, name: "W1").draw(canvas)
        let summary = shift == 0 ? "exact comparison of identical W1 frames"
            : "perceptual comparison of W1 frames \(shift) px apart, anti-aliasing ignored"
        return Workload(name: name, summary: summary, width: 1920, height: 1080, draw: { _ in }) {
            let comparison = ImageComparison(expected: expected, actual: actual, tolerance: tolerance)
            return comparison.changedPixels == 0 ? 0 : max(1, comparison.differingPixels)
        }
    }

    static func w8(name: String, encoder: PNGEncoder) throws -> Workload {
        let frame = try Bitmap(width: 1920, height: 1080, color: Color.white.premultiplied)
        let canvas = Canvas(bitmap: frame)
        w1(width: 1920, height: 1080, name: "W1").draw(canvas)
        let summary = name == "W8a" ? "PNG encode of W1, default settings" : "PNG encode of W1, fastest settings"
        return Workload(name: name, summary: summary, width: 1920, height: 1080, draw: { _ in }) {
            try encoder.encode(frame).count
        }
    }
}
