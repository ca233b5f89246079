import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster

/// `render`: scene files to PNG, plus tools around them.
@main
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render declarative scene files (JSON or YAML) to PNG, JPEG or WebP images, and their animations to frames or video.",
        discussion: """
        `render SCENE -o OUT.png` is the default command. Every failure prints one line \
        naming the file, the JSON path and what was expected, exits with status 1 and \
        writes nothing.
        """,
        version: RenderVersion.description,
        subcommands: [DrawCommand.self, FramesCommand.self, LayoutCommand.self, ValidateCommand.self, ComponentsCommand.self,
                      SchemaCommand.self, DiffCommand.self, WatchCommand.self, ServeCommand.self, GoldenCommand.self, BenchCommand.self,
                      DocsCommand.self],
        defaultSubcommand: DrawCommand.self
    )

    /// Every failure, including usage errors, exits with status 1 and one line on stderr.
    /// A closed standard output is an error like any other (SIGPIPE is ignored, so writes
    /// report EPIPE instead of killing the process), and so is one closed before the
    /// program started.
    static func main() {
        FileOutput.reserveStandardStreams()
        signal(SIGPIPE, SIG_IGN)
        if let misspelt = misspeltCommand(CommandLine.arguments.dropFirst().first) {
            printError(misspelt)
            Foundation.exit(1)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            // Already reported by the command (as `validate` does per file).
            Foundation.exit(code.rawValue == 0 ? 0 : 1)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            printError(oneLine(fullMessage(for: error)))
            Foundation.exit(1)
        }
    }
}

extension RenderCommand {
    /// The line for a first argument that is a misspelt command ("frmaes"), which the
    /// default command would otherwise take for a scene file: not an option, a command,
    /// a path or an existing file, and near one command's name. Nil otherwise.
    static func misspeltCommand(_ first: String?) -> String? {
        guard let first, !first.hasPrefix("-"), !first.contains("/"), !first.contains("."),
              !FileManager.default.fileExists(atPath: first) else { return nil }
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !commands.contains(first), let guess = NameSuggestion.nearest(to: first, in: commands) else { return nil }
        return "Error: unknown command '\(first.prefix(40))'; did you mean '\(guess)'? (see 'render --help')"
    }
}

/// A usage error's message as one line: its first line, with where to find help
/// (ArgumentParser adds the usage and the help lines below it).
func oneLine(_ message: String) -> String {
    let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard var first = lines.first else { return "error: failed" }
    if !(first.hasPrefix("Error") || first.hasPrefix("error")) { first = "error: " + first }
    guard lines.count > 1 else { return first }
    let help = lines.first { $0.hasPrefix("See '") }.flatMap { line -> String? in
        guard let open = line.firstIndex(of: "'"), let close = line[line.index(after: open)...].firstIndex(of: "'") else { return nil }
        return String(line[line.index(after: open)..<close])
    } ?? "render --help"
    return "\(first) (see '\(help)')"
}

/// A failure already described for the user.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}

/// Writes `text` and a newline to standard error (best effort: there is nowhere to
/// report a failure to write an error).
func printError(_ text: String) {
    writeStandardError(text + "\n")
}

/// Writes `text` to standard error as it is (best effort).
func writeStandardError(_ text: String) {
    FileOutput.writeStandardError(Array(text.utf8))
}

extension FontSet: ExpressibleByArgument {}

/// Writes `text` and a newline to standard output.
/// - Throws: `CommandFailure` when standard output cannot take it (closed, a full disk).
func printOut(_ text: String) throws {
    do {
        try FileOutput.writeStandardOutput(Array((text + "\n").utf8))
    } catch {
        throw CommandFailure(description: "\(error)")
    }
}

/// Where a scene comes from and the canvas overrides every scene command takes.
struct SceneInput: ParsableArguments {
    @Argument(help: "The scene file (.json, .yaml or .yml); '-' reads standard input.")
    var scene: String?

    @Flag(help: "Read the scene from standard input (relative paths resolve against the current folder).")
    var stdin = false

    @Option(help: "The format of a scene on standard input (json or yaml; default: guessed from the first character).")
    var inputFormat: String?

    @Option(help: "Canvas width in points; overrides canvas.width.")
    var width: Double?

    @Option(help: "Canvas height in points; overrides canvas.height.")
    var height: Double?

    @Option(help: ArgumentHelp("Where characters the scene's fonts lack come from: system (installed fonts) or bundled (the project's pinned fonts, identical on every machine); overrides the scene's fontSet.", valueName: "system|bundled"))
    var fonts: FontSet?

    @Flag(help: "Report the fonts each Text falls back to.")
    var verbose = false

    @Option(help: ArgumentHelp("The most nodes a scene may have (default \(SceneLimits.default.nodes)).", valueName: "count"))
    var maxNodes: Int?

    @Option(help: ArgumentHelp("The deepest a scene's nodes may nest (default \(SceneLimits.default.depth)).", valueName: "levels"))
    var maxDepth: Int?

    @Option(help: ArgumentHelp("The pixel memory drawing may need, e.g. 4G or 512M (default \(SceneLimits.describe(bytes: SceneLimits.default.memory))).",
                               valueName: "size"))
    var maxMemory: String?

    @Option(help: ArgumentHelp("The pixels drawing one frame may rasterize, e.g. 2G or 800M (default \(SceneLimits.describe(count: SceneLimits.default.pixels))).",
                               valueName: "count"))
    var maxPixels: String?

    @Option(help: ArgumentHelp("The characters all of a scene's texts may have together (default \(SceneLimits.describe(count: SceneLimits.default.characters))).",
                               valueName: "count"))
    var maxCharacters: Int?

    @Option(help: ArgumentHelp("Confine every file the scene names (images, fonts) to this folder: no absolute paths, no '..', no links leading out. For scenes you did not write.", valueName: "dir"))
    var root: String?

    /// The limits the options set.
    func limits() throws -> SceneLimits {
        var limits = SceneLimits.default
        if let maxNodes {
            guard maxNodes > 0 else { throw CommandFailure(description: "--max-nodes: expected a positive count, found \(maxNodes)") }
            limits.nodes = maxNodes
        }
        if let maxDepth {
            guard maxDepth > 0 else { throw CommandFailure(description: "--max-depth: expected a positive count, found \(maxDepth)") }
            limits.depth = maxDepth
        }
        if let maxMemory {
            guard let bytes = SceneLimits.parse(bytes: maxMemory) else {
                throw CommandFailure(description: "--max-memory: expected a size such as 4G or 512M, found '\(maxMemory.prefix(40))'")
            }
            limits.memory = bytes
        }
        if let maxPixels {
            guard let count = SceneLimits.parse(count: maxPixels) else {
                throw CommandFailure(description: "--max-pixels: expected a count such as 2G or 800M, found '\(maxPixels.prefix(40))'")
            }
            limits.pixels = count
        }
        if let maxCharacters {
            guard maxCharacters > 0 else { throw CommandFailure(description: "--max-characters: expected a positive count, found \(maxCharacters)") }
            limits.characters = maxCharacters
        }
        return limits
    }

    var readsStandardInput: Bool { stdin || scene == "-" }

    /// The name messages use for the scene.
    var name: String { readsStandardInput ? "<stdin>" : scene ?? "" }

    func validate() throws {
        if stdin, let scene, scene != "-" {
            throw ValidationError("give a scene file or --stdin, not both")
        }
        if !readsStandardInput, scene == nil {
            throw ValidationError("missing the scene file (or --stdin)")
        }
        if let inputFormat, SceneDecoder.Format(rawValue: inputFormat) == nil {
            throw ValidationError("--input-format: expected json or yaml, found '\(inputFormat.prefix(40))'")
        }
    }

    /// Decodes the scene and applies the overrides.
    /// - Throws: `CommandFailure` naming the scene for every problem.
    func load() throws -> Scene {
        var decoded: Scene
        if let root {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandFailure(description: "--root: '\(root.prefix(80))' is not a folder")
            }
        }
        let decoder = SceneDecoder(fontSet: fonts, limits: try limits(), fileRoot: root)
        do {
            if readsStandardInput {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                decoded = try decoder.decode(data, format: inputFormat.flatMap(SceneDecoder.Format.init(rawValue:)),
                                                                  baseDirectory: FileManager.default.currentDirectoryPath)
            } else {
                decoded = try decoder.decode(contentsOf: scene ?? "")
            }
        } catch let error as SceneError {
            throw CommandFailure(description: "\(name): \(error)")
        }
        try reportFonts(decoded)
        try Self.override(width, "width", &decoded.canvas.width)
        try Self.override(height, "height", &decoded.canvas.height)
        return decoded
    }

    /// Fails on a pinned font the scene needs and cannot use; warns once per Text about
    /// characters no font has; with `--verbose`, names the fonts each Text falls back to.
    func reportFonts(_ scene: Scene) throws {
        for (path, use) in scene.fontReport() {
            if let problem = use.problems.first {
                throw CommandFailure(description: "\(name): \(path): \(problem)")
            }
            if !use.missing.isEmpty {
                printError("warning: \(name): \(path): no font has \(FontUse.codePoints(use.missing))")
            }
            if verbose && !use.fallbacks.isEmpty {
                let faces = use.fallbacks.map { "\($0.familyName) \($0.styleName) (\($0.path)\($0.faceIndex > 0 ? "#\($0.faceIndex)" : ""))" }
                printError("\(name): \(path): falls back to \(faces.joined(separator: ", "))")
            }
        }
    }

    /// Applies a `--NAME` override of the canvas prop NAME, checked against its range.
    static func override(_ value: Double?, _ name: String, _ target: inout Double) throws {
        guard let value else { return }
        do {
            target = try SceneSpecs.canvas.check(value, for: name, path: "--\(name)")
        } catch let error as SceneError {
            throw CommandFailure(description: "\(error)")
        }
    }

    /// Applies a `--scale` override.
    static func apply(scale: Double?, to scene: inout Scene) throws {
        try override(scale, "scale", &scene.canvas.scale)
    }
}

extension ImageFormat: ExpressibleByArgument {}

/// Bounds of options several commands share, said the same way in each.
enum OptionBounds {
    /// `--fps`: above 0, at most 1000.
    static func checkFPS(_ fps: Double?) throws {
        if let fps, !(fps > 0 && fps <= 1000) {
            throw ValidationError("--fps: expected a number above 0, at most 1000, found \(PropType.format(fps))")
        }
    }

    /// `--interval` (seconds between looks at the files): 0.01 to 60.
    static func checkInterval(_ interval: Double) throws {
        guard interval >= 0.01, interval <= 60 else {
            throw ValidationError("--interval: expected seconds from 0.01 to 60, found \(interval)")
        }
    }
}

struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Render a scene to an image (the default command: `render SCENE -o OUT.png`).",
        discussion: """
        The format follows OUT's extension (.png, .jpg or .jpeg, .webp; PNG for '-' and for \
        a name without one) or --format. The image is written to a temporary file beside OUT \
        and renamed into place, so OUT is never half-written.
        """
    )

    @OptionGroup var input: SceneInput

    @Option(name: .shortAndLong, help: "The image file to write; '-' writes to standard output.")
    var output: String

    @Option(help: ArgumentHelp("The image format, instead of the one OUT's extension names.", valueName: "png|jpeg|webp"))
    var format: ImageFormat?

    @Option(help: ArgumentHelp("JPEG quality (default 90), or lossy WebP at this quality (WebP is lossless without it); 1 to 100.",
                               valueName: "1-100"))
    var quality: Int?

    @Option(help: "Pixels per point; overrides canvas.scale.")
    var scale: Double?

    @Option(help: "Background color, as a scene writes colors (#RGB, #RRGGBBAA, a CSS name, rgb(), hsl(), clear); overrides canvas.background.")
    var background: String?

    @Flag(help: "Encode with the fast PNG mode (larger files).")
    var fast = false

    /// The encoder `--format`, OUT's extension and `--quality` ask for (checked before
    /// any rendering).
    func outputEncoder() throws -> ImageEncoder {
        var chosen = format
        let ext = (output as NSString).pathExtension.lowercased()
        if chosen == nil, let kind = FramesCommand.Output(argument: ext), kind != .png {
            throw CommandFailure(description: "-o: a .\(ext) file holds frames, which render frames writes (render frames SCENE -o \(output.suffix(60))); one image is .png, .jpg or .webp")
        }
        if chosen == nil, output != "-" {
            do {
                chosen = try ImageFormat.named(byExtensionOf: output)
            } catch let error as PNGError {
                throw CommandFailure(description: "-o: \(error.message); give --format png, jpeg or webp")
            }
        }
        let resolved = chosen ?? .png
        if let quality {
            guard (1...100).contains(quality) else { throw CommandFailure(description: "--quality: expected a number from 1 to 100, found \(quality)") }
            guard resolved != .png else { throw CommandFailure(description: "--quality: PNG is lossless; quality applies to jpeg and webp") }
        }
        return ImageEncoder(format: resolved, quality: quality, png: fast ? .fast : .standard)
    }

    func run() throws {
        try render()
    }

    /// Renders and writes the output. - Returns: the scene as loaded (`render watch`
    /// follows the files it names).
    @discardableResult
    func render() throws -> Scene {
        guard !output.isEmpty else { throw CommandFailure(description: "-o: expected a file path or '-', found an empty string") }
        let encoder = try outputEncoder()   // checked before the scene is read
        var scene = try input.load()
        try SceneInput.apply(scale: scale, to: &scene)
        if let background {
            guard let color = background == "clear" ? Color.clear : Color(css: background) else {
                throw CommandFailure(description: "--background: expected a color ('#RRGGBB', '#RRGGBBAA', a CSS name, rgb(), hsl() or 'clear'), found '\(background.prefix(40))'")
            }
            scene.canvas.background = color
        }
        do {
            let renderer = SceneRenderer(scene: scene)
            ProcessLifetime.keep(renderer)
            let bitmap = try renderer.render()
            let bytes = try encoder.encode(bitmap)
            if output == "-" {
                try FileOutput.writeStandardOutput(bytes)
            } else {
                try FileOutput.writeAtomically(bytes, to: output)
            }
        } catch let error as SceneError {
            throw CommandFailure(description: "\(input.name): \(error)")
        } catch let error as PNGError {
            throw CommandFailure(description: "\(error)")
        }
        return scene
    }
}

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the frame of every node with an id as JSON: {\"id\": [x, y, width, height], ...}.",
        discussion: "Frames are in canvas points, after layout and offset, before rotation and scale."
    )

    @OptionGroup var input: SceneInput

    func run() throws {
        let scene = try input.load()
        let frames = SceneRenderer(scene: scene).layout()
        let object = JSONValue.object(frames.mapValues { r in
            .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
        })
        try printOut(object.jsonText(pretty: true))
    }
}

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files without rendering them.",
        discussion: "Prints one line per file; exits with status 1 when any file has a problem."
    )

    @Argument(help: "Scene files ('-' reads standard input).")
    var scenes: [String] = []

    @Flag(help: "Read one scene from standard input.")
    var stdin = false

    func run() throws {
        let names = stdin ? ["-"] + scenes : scenes
        guard !names.isEmpty else { throw ValidationError("missing the scene file (or --stdin)") }
        var failures = 0
        for name in names {
            let input = try SceneInput.parse([name])
            do {
                let scene = try input.load()
                try scene.canvas.checkSize()
                let (w, h) = scene.canvas.pixelSize
                try printOut("\(input.name): ok (\(w)x\(h) pixels, \(scene.nodeTypes.count) nodes with ids\(scene.timeline.map { ", \($0.events.count) timeline events" } ?? ""))")
            } catch let error as SceneError {
                failures += 1
                printError("Error: \(input.name): \(error)")
            } catch {
                failures += 1
                printError("Error: \(error)")
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

struct ComponentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "components",
        abstract: "List every node type with its props, their types and defaults."
    )

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        try printOut(json ? SceneCatalog.json().jsonText(pretty: true) : SceneCatalog.text())
    }
}

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of scene files."
    )

    func run() throws {
        try printOut(SceneSchema.text())
    }
}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two images (PNG, JPEG or WebP) pixel by pixel, as the golden tests do.",
        discussion: """
        Exact by default: a pixel differs when any channel differs. --threshold compares \
        colours by their YIQ distance instead (0.1 is a difference people notice at a \
        glance) and leaves out anti-aliasing pixels unless --include-antialiasing. \
        --max-pixels and --max-fraction allow that many differing pixels. --report DIR \
        adds a failing comparison to the HTML report the golden tests write (expected, \
        actual and diff with a slider and an onion-skin fade; diffs run from one script \
        share a page), and `render golden accept NAME --artifacts DIR` then copies the \
        actual over the expected image. Exits with status 0 when the images match and 1 \
        when they do not (or cannot be read).
        """
    )

    @Argument(help: "The reference image.")
    var expected: String

    @Argument(help: "The image to check.")
    var actual: String

    @Option(name: .shortAndLong, help: "Write a diff image: differing pixels in red (ignored anti-aliasing in yellow) over a faded reference.")
    var output: String?

    @Option(help: ArgumentHelp("Add the comparison, when the images do not match, to the HTML report in this folder (named after ACTUAL's file).",
                               valueName: "dir"))
    var report: String?

    @Option(help: "Compare perceptually: pixels count only when their YIQ distance exceeds this (0...1).")
    var threshold: Double?

    @Flag(help: "With --threshold, count anti-aliasing pixels too.")
    var includeAntialiasing = false

    @Option(help: "Match when at most this many pixels differ.")
    var maxPixels: Int = 0

    @Option(help: "Match when at most this fraction (0...1) of the pixels differ.")
    var maxFraction: Double = 0

    func validate() throws {
        if let threshold, !(0...1).contains(threshold) {
            throw ValidationError("--threshold: expected a number in 0...1, found \(threshold)")
        }
        if includeAntialiasing, threshold == nil {
            throw ValidationError("--include-antialiasing: only with --threshold (exact comparison counts every pixel)")
        }
        if maxPixels < 0 { throw ValidationError("--max-pixels: expected at least 0, found \(maxPixels)") }
        if !(0...1).contains(maxFraction) {
            throw ValidationError("--max-fraction: expected a number in 0...1, found \(maxFraction)")
        }
    }

    var tolerance: ImageTolerance {
        let metric: ImageTolerance.Metric = threshold.map {
            .perceptual(threshold: $0, ignoresAntialiasing: !includeAntialiasing)
        } ?? .exact
        return ImageTolerance(metric: metric, maxDifferingPixels: maxPixels, maxDifferingFraction: maxFraction)
    }

    func run() throws {
        let e: Bitmap, a: Bitmap
        do {
            e = try ImageDecoder.decode(contentsOf: expected)
            a = try ImageDecoder.decode(contentsOf: actual)
        } catch let error as PNGError {
            throw CommandFailure(description: "\(error)")
        }
        let comparison = ImageComparison(expected: e, actual: a, tolerance: tolerance)
        try printOut(comparison.summary)
        if let output {
            guard let diff = try comparison.diffImage() else {
                throw CommandFailure(description: "-o: no diff image, the sizes differ")
            }
            try PNGEncoder.standard.write(diff, to: output)
        }
        if let report {
            let folder = URL(fileURLWithPath: report)
            GoldenReport.beginRun(in: folder)
            if !comparison.matches {
                let page = try writeReport(comparison, expected: e, actual: a, in: folder)
                try printOut("report: \(page.path)")
            }
        }
        if !comparison.matches { throw ExitCode(1) }
    }

    /// The comparison's images (as PNG) and its entry in the report in `folder`, named
    /// after the actual image's file. - Returns: the page.
    private func writeReport(_ comparison: ImageComparison, expected e: Bitmap, actual a: Bitmap, in folder: URL) throws -> URL {
        let name = ((actual as NSString).lastPathComponent as NSString).deletingPathExtension
        do {
            return try GoldenReport.record(name: name, status: "failed", message: comparison.summary, location: "render diff",
                                           reference: URL(fileURLWithPath: expected).path,
                                           actualPNG: try PNGEncoder.standard.encode(a), expectedPNG: try PNGEncoder.standard.encode(e),
                                           diff: try comparison.diffImage(), comparison: comparison, in: folder)
        } catch {
            throw CommandFailure(description: "--report: cannot write the report in \(report ?? ""): \(error)")
        }
    }
}

/// The last render's objects, kept alive until the process exits or the next render
/// replaces them. Tearing down a large laid-out tree object by object costs as much as a
/// tenth of the render; the system reclaims the memory at exit at once. Only the latest
/// is held, so a long-running `render watch` does not keep every render it made.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: AnyObject?

    /// Keeps `object` (and releases the one kept before) until exit; main thread only.
    static func keep(_ object: AnyObject) { kept = object }
}
