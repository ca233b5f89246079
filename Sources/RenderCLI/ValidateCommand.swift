import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster

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
