import Foundation
import Raster

/// The compositor workloads: a layer tree drawn into a frame by a `Compositor` made for
/// the run, as a one-frame render does. Their figure beside the time is the memory the
/// run took above what it started with, against the frame's own size.
public enum CompositorWorkloads {
    public static let names = ["C1"]

    /// A drawing that fills its layer with a diagonal gradient in a rounded rectangle,
    /// rasterized by the compositor at the layer's size.
    struct Card: LayerDrawing {
        let hue: Int

        func draw(in canvas: Canvas, size: Size) {
            let gradient = Gradient(colors: [Color(r: UInt8(hue & 255), g: 120, b: 200),
                                             Color(r: 240, g: UInt8((hue * 7) & 255), b: 90)])
            canvas.fill(Path(roundedRect: Rect(origin: .zero, size: size), cornerRadius: 18),
                        paint: .linear(LinearGradient(start: .zero, end: Point(x: size.width, y: size.height),
                                                      gradient: gradient)))
        }
    }

    /// C1: 50 layers of 400 x 300 points, each with its own drawing, at opacity 0.6, in a
    /// 1920 x 1080 frame (W7's arrangement).
    public static func fiftyLayers() -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 1920, height: 1080)
        root.position = Point(x: 960, y: 540)
        for k in 0..<50 {
            let layer = Layer()
            layer.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
            layer.position = Point(x: Double(40 + 150 * (k % 10)) + 200, y: Double(40 + 150 * (k / 10)) + 150)
            layer.opacity = 0.6
            layer.drawing = Card(hue: 37 * k)
            root.addSublayer(layer)
        }
        return root
    }

    public static func make(_ name: String) throws -> Workload? {
        guard name == "C1" else { return nil }
        let root = fiftyLayers()
        func run(threads: Int) throws -> Int {
            let compositor = try Compositor(size: Size(width: 1920, height: 1080), scale: 1, background: .white)
            compositor.rasterCacheLimit = 0
            compositor.threads = threads
            compositor.render(root)
            return compositor.statistics.rasterizations
        }
        var workload = Workload(name: name, summary: "compositor: a 1920x1080 frame of 50 layers with drawings at opacity 0.6, one frame",
                                width: 1920, height: 1080, draw: { _ in }, encode: { try run(threads: 1) })
        workload.threaded = { try run(threads: $0) }
        return workload
    }
}
