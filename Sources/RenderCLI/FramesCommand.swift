import ArgumentParser
import Dispatch
import Foundation
import Raster

struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Export a scene's animation as numbered PNG frames (frame_00000.png, ...), an animated PNG, or a video or GIF through ffmpeg.",
        discussion: """
        Frame N shows the scene at N / fps. Every frame has the same bytes whatever --jobs \
        is and however the frames are split with --frames, so a long export can be spread \
        over machines: render frames scene.json -o out --frames 0..299 on one, --frames \
        300..599 on another. Frames are written to a temporary file and renamed, so an \
        interrupted export (Ctrl-C, a kill, a full disk) leaves no half-written frame; \
        running the same command again renders only the frames still missing (the folder \
        remembers what its frames were made from in .render-frames, and starts over when \
        the scene or the options changed). An -o ending in .apng is one animated PNG; in \
        .mp4, .mov, .webm, .gif or .webp, a video (H.264; VP9 with alpha; a GIF with one \
        palette; a lossless animated WebP) made by ffmpeg from frames streamed to it, \
        written whole or not at all. Any other \
        extension is refused unless --format says what to write.
        """
    )

    @OptionGroup var input: SceneInput

    @Option(name: .shortAndLong, help: "The folder to write frames into (made if missing; a name without an extension, or an existing folder), or a .apng, .mp4, .mov, .webm, .gif or .webp file.")
    var output: String?

    @Option(help: ArgumentHelp("What -o is, whatever its name says: png (a folder of PNG frames), apng, mp4, mov, webm, gif or webp.",
                               valueName: Output.allValueStrings.joined(separator: "|")))
    var format: Output?

    @Option(help: "Frames per second (default: the scene's animation.fps, else 60).")
    var fps: Double?

    @Option(help: "The frames to render: A..B (inclusive), A.., ..B or N (default: all).")
    var frames: String?

    @Option(help: "Frames rendered at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Also write the frames as one animated PNG to this file.")
    var apng: String?

    @Option(help: "Pixels per point; overrides canvas.scale.")
    var scale: Double?

    @Flag(help: "Encode with the standard PNG mode (smaller files, slower) instead of the fast one.")
    var compact = false

    @Flag(help: "Do not show the progress bar.")
    var quiet = false

    func validate() throws {
        if output == nil, apng == nil { throw ValidationError("give -o DIR, --apng FILE or both") }
        if format != nil, output == nil { throw ValidationError("--format: says what -o is; give -o as well") }
        try OptionBounds.checkFPS(fps)
        if let jobs, jobs < 1 { throw ValidationError("--jobs: expected at least 1, found \(jobs)") }
    }

    /// `A..B`, `A..`, `..B` or `N` within `0..<count`.
    static func parseRange(_ text: String, count: Int) throws -> ClosedRange<Int> {
        let last = count - 1
        func number(_ s: Substring) throws -> Int {
            guard let n = Int(s.trimmingCharacters(in: .whitespaces)), n >= 0 else {
                throw CommandFailure(description: "--frames: expected A..B, A.., ..B or N with frame numbers, found '\(text)'")
            }
            return n
        }
        let range: ClosedRange<Int>
        if let dots = text.range(of: "..") {
            let lo = text[..<dots.lowerBound], hi = text[dots.upperBound...]
            let a = lo.isEmpty ? 0 : try number(lo), b = hi.isEmpty ? last : try number(hi)
            guard a <= b else { throw CommandFailure(description: "--frames: the range '\(text)' is empty") }
            range = a...b
        } else {
            let n = try number(text[...])
            range = n...n
        }
        guard range.upperBound <= last else {
            throw CommandFailure(description: "--frames: the scene has frames 0..\(last), not '\(text)'")
        }
        return range
    }

    func run() throws {
        // Ctrl-C is caught from the start: one that comes while the scene loads stops
        // the export before its first frame, with the same one line.
        let stop = Interruption()
        var scene = try input.load()
        try SceneOptions.apply(scale: scale, to: &scene)
        do { try scene.canvas.checkSize() } catch let error as SceneError {
            throw CommandFailure(description: "\(input.name): \(error)")
        }
        let export = FrameExport(scene: scene, fps: fps)
        let range = try frames.map { try Self.parseRange($0, count: export.frameCount) } ?? 0...(export.frameCount - 1)
        // Where the frames go: a folder (`folder`), one animated PNG (`apng`), or both.
        let folder: String?, apng: String?
        switch try output.map({ ($0, try Self.kind(of: $0, format: format)) }) {
        case let (path, .png)?:
            (folder, apng) = (path, self.apng)
        case let (path, .apng)?:
            guard self.apng == nil else { throw CommandFailure(description: "--apng: -o \(path) is already an animated PNG; give one of them") }
            (folder, apng) = (nil, path)
        case let (path, .video(container))?:
            guard self.apng == nil else { throw CommandFailure(description: "--apng: give a video (-o \(path)) or an animated PNG, not both") }
            return try exportVideo(export, range: range, to: path, container: container, scene: scene, stop: stop)
        case nil:
            (folder, apng) = (nil, self.apng)
        }
        let done = try folder.map { try prepare(folder: $0, export: export, range: range) } ?? []
        let progress = ProgressBar(total: range.count, visible: !quiet && isatty(STDERR_FILENO) == 1)
        progress.resume(done.count)
        let encoded = try renderFrames(export, range: range, skipping: done, folder: folder, keepBytes: apng != nil, stop: stop,
                                       progress: progress)
        defer { progress.finish() }
        if let apng {
            try writeAnimatedPNG(apng, range: range, fps: export.fps, encoded: encoded, folder: folder, progress: progress)
        }
    }

    /// Renders the frames of `range` not in `skipping` on every core (`--jobs`), writing
    /// each into `folder` when there is one; returns the encoded frames when `keepBytes`.
    /// Ctrl-C and SIGTERM stop after the frames being written, so only complete frames
    /// stay in the folder.
    private func renderFrames(_ export: FrameExport, range: ClosedRange<Int>, skipping done: Set<Int>, folder: String?,
                              keepBytes: Bool, stop: Interruption, progress: ProgressBar) throws -> [Int: [UInt8]] {
        let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let chunks = Self.missingRuns(range, done: done).flatMap { FrameExport.chunks($0, jobs: jobs) }
        let failure = Locked<(Int, String)?>(nil)
        let encoded = Locked<[Int: [UInt8]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks.count) { job in
            do {
                func write(_ index: Int, _ bytes: [UInt8]) throws -> Bool {
                    guard !stop.requested else { return false }
                    if let folder {
                        try FileOutput.writeAtomically(bytes, to: Self.framePath(folder, index))
                    }
                    if keepBytes { encoded.withLock { $0[index] = bytes } }
                    progress.advance(bytes: folder == nil ? 0 : bytes.count)
                    return true
                }
                if compact {
                    try export.renderInPlace(chunks[job]) { index, bitmap, _ in
                        guard !stop.requested else { return false }
                        return try write(index, try PNGEncoder.standard.encode(bitmap))
                    }
                } else {
                    // The fast mode compresses again only the bands of rows a frame changed.
                    try export.renderPNGs(chunks[job], write)
                }
            } catch {
                stop.request()
                failure.withLock { f in
                    let first = chunks[job].lowerBound
                    if first < f?.0 ?? Int.max { f = (first, error is SceneError ? "\(input.name): \(error)" : "\(error)") }
                }
            }
        }
        stop.end()
        if let (_, message) = failure.withLock({ $0 }) {
            progress.finish()
            throw CommandFailure(description: message)
        }
        if stop.requested {
            progress.finish()
            throw CommandFailure(description: "interrupted after \(progress.done) of \(range.count) frames; every frame written is complete, and the same command continues")
        }
        return encoded.withLock { $0 }
    }

    /// Assembles the frames of `range` into an animated PNG at `path`: those just
    /// encoded, and those an earlier run of the export left in `folder`.
    private func writeAnimatedPNG(_ path: String, range: ClosedRange<Int>, fps: Double, encoded: [Int: [UInt8]],
                                  folder: String?, progress: ProgressBar) throws {
        var frames: [[UInt8]] = []
        for index in range {
            if let bytes = encoded[index] {
                frames.append(bytes)
            } else if let folder, let data = FileManager.default.contents(atPath: Self.framePath(folder, index)) {
                frames.append([UInt8](data))
            } else {
                throw CommandFailure(description: "--apng: frame \(index) is missing")
            }
        }
        do {
            let bytes = try APNGWriter.assemble(frames, delay: 1 / fps)
            try FileOutput.write(bytes, to: path)
            progress.add(bytes: bytes.count)
        } catch {
            throw CommandFailure(description: "\(error)")
        }
    }
}

extension FramesCommand {
    /// What `-o` holds: a folder of PNG frames, one animated PNG, or a video. Named on
    /// the command line (and by extensions) png, apng, mp4, mov, webm, gif, webp.
    enum Output: Equatable, ExpressibleByArgument {
        case png, apng
        case video(VideoEncoder.Container)

        init?(argument: String) {
            switch argument {
            case "png": self = .png
            case "apng": self = .apng
            default:
                guard let container = VideoEncoder.Container(rawValue: argument) else { return nil }
                self = .video(container)
            }
        }

        static var allValueStrings: [String] { ["png", "apng"] + VideoEncoder.Container.allCases.map(\.rawValue) }
    }

    /// What `-o path` is: `format` when given; else a folder for a name without an
    /// extension, one ending in '/' or an existing folder, else what the extension names.
    /// - Throws: `CommandFailure` for any other extension (`.png` included: one image is
    ///   `render draw`'s; frames need a folder, an animated PNG or a video).
    static func kind(of path: String, format: Output?) throws -> Output {
        if let format { return format }
        let ext = (path as NSString).pathExtension
        var isFolder: ObjCBool = false
        if ext.isEmpty || path.hasSuffix("/") || FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue {
            return .png
        }
        if let kind = Output(argument: ext.lowercased()), kind != .png { return kind }
        let files = Output.allValueStrings.filter { $0 != "png" }.map { "." + $0 }.joined(separator: ", ")
        throw CommandFailure(description: "-o: cannot tell what to write from '.\(ext.prefix(20))' (known: a folder, without an extension; \(files)); give --format \(Output.allValueStrings.joined(separator: "|"))")
    }

    static let manifestName = ".render-frames"

    static func framePath(_ folder: String, _ index: Int) -> String {
        (folder as NSString).appendingPathComponent(String(format: "frame_%05d.png", index))
    }

    /// Makes `folder`, removes temporary files a killed run left, and returns the frames
    /// of `range` already there from an export with the same fingerprint (none when the
    /// fingerprint differs; the manifest is then rewritten for this export).
    func prepare(folder: String, export: FrameExport, range: ClosedRange<Int>) throws -> Set<Int> {
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(description: "-o: cannot make the folder '\(folder)'")
        }
        for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(".frame_") && name.hasSuffix(".tmp") || name.hasPrefix(Self.manifestName + ".") && name.hasSuffix(".tmp") {
            try? fm.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
        let key = export.fingerprint(settings: compact ? "compact" : "fast banded")
        let manifest = (folder as NSString).appendingPathComponent(Self.manifestName)
        if let data = fm.contents(atPath: manifest), String(decoding: data, as: UTF8.self) == key + "\n" {
            return Set(range.filter { fm.fileExists(atPath: Self.framePath(folder, $0)) })
        }
        do {
            try FileOutput.writeAtomically(Array((key + "\n").utf8), to: manifest)
        } catch {
            throw CommandFailure(description: "\(error)")
        }
        return []
    }

    /// The runs of consecutive frames of `range` not in `done`.
    static func missingRuns(_ range: ClosedRange<Int>, done: Set<Int>) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for i in range {
            if done.contains(i) {
                if let s = start { runs.append(s...(i - 1)) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        if let s = start { runs.append(s...range.upperBound) }
        return runs
    }

    /// Streams the frames in order to ffmpeg (`VideoEncoder`); Ctrl-C or SIGTERM stops it
    /// and leaves nothing behind.
    private func exportVideo(_ export: FrameExport, range: ClosedRange<Int>, to output: String,
                             container: VideoEncoder.Container, scene: Scene, stop: Interruption) throws {
        let (width, height) = scene.canvas.pixelSize
        let video = try VideoEncoder(path: output, container: container, width: width, height: height, fps: export.fps)
        let progress = ProgressBar(total: range.count, visible: !quiet && isatty(STDERR_FILENO) == 1)
        defer { stop.end() }
        func interrupted() -> CommandFailure {
            CommandFailure(description: "interrupted after \(progress.done) of \(range.count) frames; \(output) was not written")
        }
        do {
            // ffmpeg is handed each frame's pixels at once: the retained frame, uncopied.
            try export.renderInPlace(range) { _, bitmap, _ in
                guard !stop.requested else { return false }
                try video.append(bitmap)
                progress.advance()
                return true
            }
        } catch let error as SceneError {
            video.cancel()
            throw CommandFailure(description: "\(input.name): \(error)")
        } catch {
            video.cancel()
            // Ctrl-C reaches ffmpeg too (one process group): when it quits first, the
            // failed write is the interruption, not a fault of ffmpeg's.
            throw stop.requested ? interrupted() : error
        }
        if stop.requested {
            video.cancel()
            throw interrupted()
        }
        try video.finish()
        progress.add(bytes: (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0)
        progress.finish()
    }
}
