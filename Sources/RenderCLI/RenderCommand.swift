import ArgumentParser
import Foundation
import Raster

/// `render`: scene files to PNG, plus tools around them.
@main
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render declarative scene files to PNG.",
        subcommands: [DrawCommand.self, BenchCommand.self],
        defaultSubcommand: DrawCommand.self
    )

    /// Every failure, including usage errors, exits with status 1 and one line on stderr.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            let message = fullMessage(for: error)
            FileHandle.standardError.write(Data((message.hasPrefix("Error") || message.hasPrefix("error") ? message : "error: \(message)").utf8 + [0x0A]))
            Foundation.exit(1)
        }
    }
}

/// A failure already described for the user.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}

struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Render a scene file to a PNG (the default command: `render SCENE -o OUT.png`)."
    )

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Option(help: "Pixels per point; overrides the scene's canvas.scale.")
    var scale: Double?

    @Option(help: "Background color (#RRGGBB[AA] or clear); overrides canvas.background.")
    var background: String?

    @Flag(help: "Encode with the fast PNG mode (larger files).")
    var fast = false

    func run() throws {
        do {
            var decoded = try SceneDecoder.decode(contentsOf: scene)
            if let scale {
                guard scale > 0, scale <= 16 else { throw CommandFailure(description: "--scale: expected a number from 0.1 to 16, found \(scale)") }
                decoded.canvas.scale = scale
            }
            if let background {
                guard let color = background == "clear" ? Color.clear : Color(hex: background) else {
                    throw CommandFailure(description: "--background: expected a color ('#RRGGBB', '#RRGGBBAA' or 'clear'), found '\(background)'")
                }
                decoded.canvas.background = color
            }
            let renderer = SceneRenderer(scene: decoded)
            let (w, h) = renderer.pixelSize
            guard w * h <= SceneCanvas.maxPixels else {
                throw CommandFailure(description: "canvas: the canvas is \(w)x\(h) pixels, more than the limit of \(SceneCanvas.maxPixels) pixels")
            }
            let bitmap = try renderer.render()
            try (fast ? PNGEncoder.fast : PNGEncoder.standard).write(bitmap, to: output)
        } catch let error as SceneError {
            throw CommandFailure(description: "\(scene): \(error)")
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure(description: "\(error)")
        }
    }
}
