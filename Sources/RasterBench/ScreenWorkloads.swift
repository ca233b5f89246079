import Foundation
import Raster

/// The screen workloads: a gallery screen from its scene file to PNG bytes, as `render
/// scene.json -o out.png` makes it, with each run split into its stages. Before every
/// run the text layout and glyph caches are emptied, so each run shapes and rasterizes
/// its text as a new process does. What a process does once before its first text is
/// timed step by step when the first screen workload is made (`startup`); what else the
/// first run does once falls on it, reported apart (`Result.firstStages`).
public enum ScreenWorkloads {
    public static let names = ["S1", "S2", "S3", "S4"]

    /// The gallery scene of each workload.
    static let files = ["S1": "chat.json", "S2": "paywall.json", "S3": "settings.json", "S4": "flex-dashboard.json"]

    /// The steps a process does once before its first text, each timed on its own when the
    /// first screen workload is made, in milliseconds: opening the shipped fonts, loading
    /// fontconfig's configuration and font list, opening ICU's break iterators. A step the
    /// process already did (a text workload made earlier in the same run) shows as next
    /// to nothing.
    static let startup: [(name: String, ms: Double)] = {
        func time(_ step: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            step()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        return [("fonts", time(TextStartup.openShippedFonts)), ("fontconfig", time(TextStartup.loadFontconfig)),
                ("ICU", time(TextStartup.openBreakIterators))]
    }()

    /// The stages of a run, in order.
    public static let stages = ["decode", "layout", "text", "raster", "composite", "encode"]

    /// The folder of the gallery scenes: `Fixtures/scenes` under the working directory,
    /// else under the nearest folder above the binary that has one (the checkout a
    /// `.build/.../render` was built in).
    static func scenesFolder() -> String? {
        func scenes(_ folder: URL) -> String? {
            let path = folder.appendingPathComponent("Fixtures/scenes").path
            return FileManager.default.fileExists(atPath: path + "/chat.json") ? path : nil
        }
        if let here = scenes(URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) { return here }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            if let found = scenes(folder) { return found }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// - Throws: `SceneError` when the gallery's scene files are not found.
    public static func make(_ name: String) throws -> Workload? {
        guard let file = files[name] else { return nil }
        guard let folder = scenesFolder() else {
            throw SceneError(path: "", message: "\(name) reads the gallery's Fixtures/scenes/\(file): run render bench from the repository's root")
        }
        let path = folder + "/" + file
        let log = StageLog(stages: stages)
        /// One run, composited on `threads` threads.
        func run(threads: Int) throws -> Int {
            log.clear()
            let scene = try log.time("decode") { try SceneDecoder.decode(contentsOf: path) }
            let renderer = SceneRenderer(scene: scene)
            renderer.host.rasterCacheLimit = 0   // one frame, as render keeps none
            renderer.host.compositorThreads = threads
            log.time("layout") { renderer.layoutTree() }
            // Text shaping happens while the tree is measured: it is taken out of layout.
            log.move(nanoseconds: TextLayoutCache.shared.shapingNanoseconds, from: "layout", to: "text")
            let frame = try log.time("composite") { try renderer.render() }
            log.move(nanoseconds: renderer.host.compositorStatistics?.rasterizeNanoseconds ?? 0, from: "composite",
                     to: "raster")
            return try log.time("encode") { try PNGEncoder.standard.encode(frame) }.count
        }
        var workload = Workload(name: name, summary: "file to PNG: the gallery's \(file), by stage", width: 1, height: 1,
                                draw: { _ in }, encode: { try run(threads: 1) })
        workload.threaded = { try run(threads: $0) }
        workload.beforeRun = {
            TextLayoutCache.shared.removeAll()
            GlyphCache.shared.removeAll()
        }
        workload.stages = log
        workload.startup = startup
        return workload
    }
}

/// The time of each stage of one run, in nanoseconds.
public final class StageLog {
    /// The stages, in the order a run goes through them (and results list them).
    public let stages: [String]
    public private(set) var nanoseconds: [String: Int] = [:]

    public init(stages: [String]) { self.stages = stages }

    func clear() { nanoseconds = [:] }

    func time<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { nanoseconds[stage, default: 0] += Int(DispatchTime.now().uptimeNanoseconds - start) }
        return try body()
    }

    /// Counts `nanoseconds` of `from` under `to` instead (a part measured inside a stage).
    func move(nanoseconds spent: Int, from: String, to: String) {
        let part = min(spent, nanoseconds[from, default: 0])
        nanoseconds[from, default: 0] -= part
        nanoseconds[to, default: 0] += part
    }
}
