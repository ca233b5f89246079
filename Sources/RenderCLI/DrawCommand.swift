import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster

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

    @Option(help: "Threads that composite the image, in bands of rows (default: one per core); the bytes are the same for any number.")
    var threads: Int?

    /// The encoder `--format`, OUT's extension and `--quality` ask for (checked before
    /// any rendering).
    func outputEncoder() throws -> ImageEncoder {
        var chosen = format
        let ext = (output as NSString).pathExtension.lowercased()
        // (A .webp is one image here; `render frames` makes an animated one.)
        if chosen == nil, let kind = FramesCommand.Output(argument: ext), kind != .png, kind != .video(.webp) {
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
        if let threads, !(1...1024).contains(threads) {
            throw CommandFailure(description: "--threads: expected 1...1024, found \(threads)")
        }
        var scene = try input.load(keepingDocument: false)
        try SceneOptions.apply(scale: scale, to: &scene)
        if let background {
            guard let color = background == "clear" ? Color.clear : Color(css: background) else {
                throw CommandFailure(description: "--background: expected a color ('#RRGGBB', '#RRGGBBAA', a CSS name, rgb(), hsl() or 'clear'), found '\(EchoedValue.shortened(background))'")
            }
            scene.canvas.background = color
        }
        do {
            let renderer = SceneRenderer(scene: scene)
            ProcessLifetime.keep(renderer)
            // One frame: no raster is drawn twice, so none is kept.
            renderer.host.rasterCacheLimit = 0
            renderer.host.compositorThreads = threads ?? ProcessInfo.processInfo.activeProcessorCount
            // The host's own frame, encoded where it is (the renderer outlives it): no copy.
            let bitmap = try renderer.renderInPlace().frame
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
