import Foundation
import Raster

/// The scene `render serve` shows: loaded again whenever a file it reads changes, each
/// load a new `version`; frames (PNG and layout) rendered on demand and kept for the
/// current version.
///
/// Invariants: `status` changes only in `reload()`, under `condition`, which wakes every
/// long poll waiting on it; a frame is rendered from the scene of the version it is
/// filed under, one at a time (under `renderLock`); the served files are the scene file
/// and the files its last good load named, nothing else. `reloadIfChanged()` is called
/// from one thread at a time (the watcher), the only one that touches `signatures`.
final class ScenePreview: @unchecked Sendable {
    /// What one load gave.
    struct Status {
        var version: Int
        var scene: Scene?
        /// Ids, paths and props of its nodes for the page.
        var inspection: SceneInspection?
        /// The line the command line prints for the failure (nil when the scene loaded).
        var error: String?
        /// The scene file first, then every file the last good load named.
        var files: [String]
        var frameCount: Int
        var fps: Double
    }

    /// One rendered frame.
    struct Frame {
        var png: [UInt8]
        var layout: String
    }

    /// The most frames, and bytes of them, kept for the current version (beyond either,
    /// the cache starts over).
    static let maxCachedFrames = 120
    static let maxCachedBytes = 256 << 20

    let sceneFile: String
    private let load: () throws -> Scene
    private let fps: Double?
    private let condition = NSCondition()
    private var status: Status
    /// What each watched file looked like at the last load (inode, size, modification time).
    private var signatures: [String: String] = [:]
    private let renderLock = NSLock()
    private var frames: (version: Int, bytes: Int, byIndex: [Int: Result<Frame, CommandFailure>]) = (0, 0, [:])

    /// `load` reads the scene as the command line does (options applied) and throws what
    /// the command line would report.
    init(sceneFile: String, fps: Double?, load: @escaping () throws -> Scene) {
        self.sceneFile = sceneFile
        self.load = load
        self.fps = fps
        status = Status(version: 0, scene: nil, error: nil, files: [sceneFile], frameCount: 1, fps: fps ?? 60)
    }

    var current: Status {
        condition.lock()
        defer { condition.unlock() }
        return status
    }

    /// The status once its version differs from `version`, or the current one after
    /// `timeout` seconds.
    func wait(after version: Int, timeout: TimeInterval) -> Status {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while status.version == version, condition.wait(until: deadline) {}
        return status
    }

    /// Loads the scene again when a watched file changed (or on the first call).
    /// - Returns: the new status, or nil when nothing changed.
    @discardableResult
    func reloadIfChanged() -> Status? {
        let now = signatures(of: watchedFiles())
        guard now.contains(where: { signatures[$0.key] != $0.value }) || current.version == 0 else { return nil }
        return reload(signatures: now)
    }

    /// Loads the scene; `seen` is what the watched files looked like before.
    private func reload(signatures seen: [String: String]) -> Status {
        var next = current
        next.version += 1
        do {
            let scene = try load()
            let export = FrameExport(scene: scene, fps: fps)
            next.scene = scene
            next.inspection = SceneInspection(scene: scene)
            next.error = nil
            next.files = [sceneFile] + scene.files.filter { $0 != sceneFile }
            next.frameCount = export.frameCount
            next.fps = export.fps
        } catch {
            next.scene = nil
            next.inspection = nil
            next.error = oneLine(RenderCommand.fullMessage(for: error))
        }
        condition.lock()
        status = next
        condition.broadcast()
        condition.unlock()
        // Files watched before keep how they looked before the load, so a save during it
        // is seen at the next look; files newly watched are taken as they are now.
        signatures = signatures(of: watchedFiles()).merging(seen) { _, before in before }
        return next
    }

    /// Extensions of the files a scene may name (images, fonts, scenes).
    static let sceneFileExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "svg", "ttf", "otf", "ttc", "json", "yaml", "yml"]

    /// The scene, the files it named at its last good load, and, while it is broken, the
    /// images and fonts beside it (a file it names may be the one missing).
    private func watchedFiles() -> [String] {
        let s = current
        guard s.error != nil else { return s.files }
        let beside = WatchCommand.modificationTimes(around: sceneFile, except: "").keys
            .filter { Self.sceneFileExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        return s.files + beside.sorted()
    }

    private func signatures(of paths: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for path in paths {
            var info = stat()
            result[path] = stat(path, &info) == 0
                ? "\(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec) \(info.st_mtim.tv_nsec)" : "missing"
        }
        return result
    }

    /// Frame `index` of the current scene, with the version it was drawn from: its PNG (the
    /// standard encoder, as `render` and `render frames --compact` write) and its layout as
    /// JSON; or a `CommandFailure` with the command line's line when the scene is broken or
    /// the frame cannot be drawn (or the index is out of range). When `wanted` names a
    /// version that is no longer current, nothing is drawn and the result is nil.
    func frame(_ index: Int, version wanted: Int? = nil) -> (version: Int, result: Result<Frame, CommandFailure>?) {
        renderLock.lock()
        defer { renderLock.unlock() }
        // Read under the lock: a request that waited for an earlier render is answered
        // from the version current when its turn comes.
        let s = current
        if let wanted, wanted != s.version { return (s.version, nil) }
        return (s.version, frame(index, of: s))
    }

    private func frame(_ index: Int, of s: Status) -> Result<Frame, CommandFailure> {
        guard let scene = s.scene, let inspection = s.inspection else {
            return .failure(CommandFailure(description: s.error ?? "the scene has not loaded"))
        }
        guard index >= 0, index < s.frameCount else {
            return .failure(CommandFailure(description: "frame \(index) is outside 0...\(s.frameCount - 1)"))
        }
        if frames.version != s.version || frames.byIndex.count >= Self.maxCachedFrames || frames.bytes >= Self.maxCachedBytes {
            frames = (s.version, 0, [:])
        }
        if let done = frames.byIndex[index] { return done }
        let result: Result<Frame, CommandFailure>
        do {
            result = .success(try render(scene, inspection: inspection, index: index, fps: s.fps, version: s.version))
        } catch let error as SceneError {
            result = .failure(CommandFailure(description: oneLine(RenderCommand.fullMessage(for: CommandFailure(description: "\(sceneFile): \(error)")))))
        } catch {
            result = .failure(CommandFailure(description: oneLine(RenderCommand.fullMessage(for: error))))
        }
        frames.byIndex[index] = result
        if case .success(let frame) = result { frames.bytes += frame.png.count + frame.layout.utf8.count }
        return result
    }

    private func render(_ scene: Scene, inspection: SceneInspection, index: Int, fps: Double, version: Int) throws -> Frame {
        try scene.canvas.checkSize()
        let export = FrameExport(scene: scene, fps: fps)
        let player = try export.makePlayer()
        let time = export.time(of: index)
        let bitmap = try player.frame(at: time)
        let png = try PNGEncoder.standard.encode(bitmap)
        var frames = player.renderer.layout()
        // Nodes without an id, laid out (not drawn) in the scene that gives them one.
        if let identified = inspection.identified, let probe = try? FrameExport(scene: identified, fps: fps).makePlayer(),
           (try? probe.advance(to: time)) != nil {
            for (id, frame) in probe.renderer.layout() where inspection.pathIDs.contains(id) { frames[id] = frame }
        }
        let layout = inspection.entries(frames, scene: scene)
        let object = JSONValue.object([
            "version": .number(Double(version)), "frame": .number(Double(index)), "time": .number(time),
            "canvas": .object(["width": .number(scene.canvas.width), "height": .number(scene.canvas.height)]),
            "nodes": .array(layout),
        ])
        return Frame(png: png, layout: object.jsonText())
    }
}
