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

    @OptionGroup var options: SceneOptions

    func validate() throws {
        if scenes.filter({ $0 == "-" }).count + (stdin ? 1 : 0) > 1 {
            throw ValidationError("standard input holds one scene: give '-' or --stdin once")
        }
    }

    func run() throws {
        let names = stdin ? ["-"] + scenes : scenes
        guard !names.isEmpty else { throw ValidationError("missing the scene file (or --stdin)") }
        var failures = 0
        for file in names {
            let standardInput = file == "-"
            let name = SceneOptions.name(scene: file, standardInput: standardInput)
            do {
                let scene = try options.load(scene: file, standardInput: standardInput, keepingDocument: false)
                try scene.canvas.checkSize()
                let (w, h) = scene.canvas.pixelSize
                try printOut("\(name): ok (\(w)x\(h) pixels, \(scene.nodeTypes.count) nodes with ids\(scene.timeline.map { ", \($0.events.count) timeline events" } ?? ""))")
            } catch let error as SceneError {
                failures += 1
                printError("Error: \(name): \(error)")
            } catch {
                failures += 1
                printError("Error: \(error)")
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}
