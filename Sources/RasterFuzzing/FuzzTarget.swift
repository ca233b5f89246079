import Foundation
import Raster

/// What the fuzz harnesses feed with arbitrary bytes: each decoder a user's file reaches,
/// then the work that follows it (layout and drawing of a decoded scene, a timeline's
/// frames, text set in a decoded font), under limits small enough that every input
/// finishes quickly. Bad input must end in a thrown error, never a crash or a hang.
///
/// The same entry points replay saved inputs in the tests (`Fixtures/fuzz/`), so every
/// crash a fuzzing run finds stays a regression test.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Scene files (JSON or YAML): decoded, laid out and drawn.
    case scene
    /// Scene files with a timeline: decoded, and their first and last frames drawn.
    case timeline
    /// Image files (PNG, JPEG, WebP, told apart by their signature): decoded.
    case png
    /// Font files: loaded, then a mixed-script line set and drawn in each face.
    case font

    /// Limits that keep one input cheap: a small canvas, tree and memory budget.
    static let limits = SceneLimits(nodes: 2_000, depth: 40, memory: 64 << 20)
    static let maxCanvasPixels = 1 << 20

    /// The most characters an error about a scene may have (the line `render` prints
    /// after the file's name): values it echoes are cut (`EchoedValue`).
    public static let maxErrorLength = 200

    /// Runs the target on `bytes`. Errors are the expected outcome for bad input and
    /// are swallowed; anything else (a trap, a hang) is a finding, and so is an error
    /// about a scene longer than `maxErrorLength`.
    public func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        switch self {
        case .scene:
            guard let scene = checked({ try decode(data) }) else { return }
            _ = checked { try SceneRenderer(scene: scene).render() }
        case .timeline:
            guard let scene = checked({ try decode(data) }) else { return }
            let export = FrameExport(scene: scene, fps: 10)
            let last = min(export.frameCount - 1, 50)
            _ = checked { try export.render(0...last) { index, _ in index == 0 || index == last } }
        case .png:
            _ = try? ImageDecoder.decode(bytes, maxPixels: 1 << 22)
        case .font:
            guard let faces = try? FontFace.load(data: data, name: "fuzz.ttf") else { return }
            let registry = FontRegistry(bundled: false)
            registry.register(Array(faces.prefix(4)), family: "Fuzz")
            let text = AttributedText([TextSpan("Fuzz ffi AV مرحبا שלום नमस्ते 漢字 👍🏽", font: Font(family: "Fuzz", size: 20))])
            guard let layout = try? TextLayout(text, width: 200, registry: registry),
                  let bitmap = try? Bitmap(width: 220, height: 120) else { return }
            Canvas(bitmap: bitmap).draw(layout, at: Point(x: 4, y: 4))
        }
    }

    /// `body`'s result, nil when it throws; an error line longer than `maxErrorLength`
    /// stops the process (so that the fuzzer saves the input).
    private func checked<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            let line = "\(error)"
            precondition(line.count <= Self.maxErrorLength, "an error line of \(line.count) characters: \(line.prefix(400))")
            return nil
        }
    }

    private func decode(_ data: Data) throws -> Scene {
        let scene = try SceneDecoder(fontSet: .bundled, limits: FuzzTarget.limits).decode(data, baseDirectory: "/nonexistent")
        let (w, h) = scene.canvas.pixelSize
        guard w * h <= FuzzTarget.maxCanvasPixels else { throw CocoaError(.fileReadTooLarge) }
        return scene
    }
}
