import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the frame of every node with an id as JSON: {\"id\": [x, y, width, height], ...}.",
        discussion: "Frames are in canvas points, after layout and offset, before rotation and scale."
    )

    @OptionGroup var input: SceneInput

    func run() throws {
        let scene = try input.load(keepingDocument: false)
        let renderer = SceneRenderer(scene: scene)
        ProcessLifetime.keep(renderer)   // a large tree is not torn down just before exit
        let frames = renderer.layout()
        let object = JSONValue.object(JSONObject(frames.mapValues { r in
            JSONValue.array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
        }))
        try printOut(object.jsonText(pretty: true))
    }
}
