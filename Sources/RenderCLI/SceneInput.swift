import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster
import RasterSeedScenes

extension FontSet: ExpressibleByArgument {}

/// Where one scene comes from, with the scene options (`SceneOptions`): what the
/// commands that read one scene take.
struct SceneInput: ParsableArguments {
    @Argument(help: "The scene file (.json, .yaml or .yml); '-' reads standard input.")
    var scene: String?

    @Flag(help: "Read the scene from standard input (relative paths resolve against the current folder).")
    var stdin = false

    @OptionGroup var options: SceneOptions

    var readsStandardInput: Bool { stdin || scene == "-" }

    /// The name messages use for the scene.
    var name: String { SceneOptions.name(scene: scene, standardInput: readsStandardInput) }

    func validate() throws {
        if stdin, let scene, scene != "-" {
            throw ValidationError("give a scene file or --stdin, not both")
        }
        if !readsStandardInput, scene == nil {
            throw ValidationError("missing the scene file (or --stdin)")
        }
    }

    /// The scene, decoded with the options (`SceneOptions.load`).
    func load(keepingDocument: Bool = true) throws -> Scene {
        try options.load(scene: scene, standardInput: readsStandardInput, keepingDocument: keepingDocument)
    }
}

/// The options every command that reads a scene takes, declared once: its format on
/// standard input, the canvas overrides, the font set, the limits and the file root.
struct SceneOptions: ParsableArguments {
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
                throw CommandFailure(description: "--max-memory: expected a size such as 4G or 512M, found '\(EchoedValue.shortened(maxMemory))'")
            }
            limits.memory = bytes
        }
        if let maxPixels {
            guard let count = SceneLimits.parse(count: maxPixels) else {
                throw CommandFailure(description: "--max-pixels: expected a count such as 2G or 800M, found '\(EchoedValue.shortened(maxPixels))'")
            }
            limits.pixels = count
        }
        if let maxCharacters {
            guard maxCharacters > 0 else { throw CommandFailure(description: "--max-characters: expected a positive count, found \(maxCharacters)") }
            limits.characters = maxCharacters
        }
        return limits
    }

    /// The name messages use for a scene.
    static func name(scene: String?, standardInput: Bool) -> String { standardInput ? "<stdin>" : scene ?? "" }

    func validate() throws {
        if let inputFormat, SceneDecoder.Format(rawValue: inputFormat) == nil {
            throw ValidationError("--input-format: expected json or yaml, found '\(EchoedValue.shortened(inputFormat))'")
        }
    }

    /// Decodes the scene and applies the overrides. Without `keepingDocument` the
    /// parsed file is let go once decoded (a command that renders it once needs only the
    /// decoded tree, and a large scene's parsed file is a good part of its memory).
    /// - Throws: `CommandFailure` naming the scene for every problem.
    func load(scene: String?, standardInput: Bool, keepingDocument: Bool = true) throws -> Scene {
        let name = Self.name(scene: scene, standardInput: standardInput)
        var decoded: Scene
        if let root {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandFailure(description: "--root: '\(EchoedValue.path(root))' is not a folder")
            }
        }
        let decoder = SceneDecoder(registry: .withSeedFrameworks, fontSet: fonts, limits: try limits(), fileRoot: root)
        do {
            if standardInput {
                let data = FileHandle.standardInput.readDataToEndOfFile()
                decoded = try decoder.decode(data, format: inputFormat.flatMap(SceneDecoder.Format.init(rawValue:)),
                                                                  baseDirectory: FileManager.default.currentDirectoryPath)
            } else {
                decoded = try decoder.decode(contentsOf: scene ?? "")
            }
        } catch let error as SceneError {
            throw CommandFailure(description: "\(name): \(error)")
        }
        if !keepingDocument { decoded.document = .null }
        try reportFonts(decoded, name: name)
        try Self.override(width, "width", &decoded.canvas.width)
        try Self.override(height, "height", &decoded.canvas.height)
        return decoded
    }

    /// Fails on a pinned font the scene needs and cannot use; warns once per Text about
    /// characters no font has; with `--verbose`, names the fonts each Text falls back to.
    func reportFonts(_ scene: Scene, name: String) throws {
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
