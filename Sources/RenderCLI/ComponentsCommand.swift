import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster
import RasterSeedScenes

struct ComponentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "components",
        abstract: "List every node type with its props, their types and defaults."
    )

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        try printOut(json ? SceneCatalog.json(registry: .withSeedFrameworks).jsonText(pretty: true) : SceneCatalog.text(registry: .withSeedFrameworks))
    }
}
