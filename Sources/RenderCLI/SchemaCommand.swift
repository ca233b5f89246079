import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster
import RasterSeedScenes

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of scene files."
    )

    func run() throws {
        try printOut(SceneSchema.text(registry: .withSeedFrameworks))
    }
}
