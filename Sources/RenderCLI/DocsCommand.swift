import ArgumentParser
import Foundation
import Raster
import RasterSeedScenes

/// `render docs cli|scene`: the reference pages of docs/, written from the commands' own
/// help and the scene catalog (scripts/docs writes them; DocsTests checks them).
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Print a reference page in Markdown: cli (every command's help) or scene (every node type).",
        shouldDisplay: false
    )

    enum Page: String, ExpressibleByArgument, CaseIterable {
        case cli, scene
    }

    @Argument(help: "cli or scene.")
    var page: Page

    func run() throws {
        print(page == .cli ? Self.cliPage() : Self.scenePage(), terminator: "")
    }

    static func cliPage() -> String {
        var out = "# The `render` command\n\n"
        out += "Written by `scripts/docs` from the commands' own help; `render help COMMAND` prints the same.\n\n"
        out += "```\n\(RenderCommand.helpMessage(columns: 100))\n```\n"
        for command in RenderCommand.configuration.subcommands {
            let configuration = command.configuration
            guard configuration.shouldDisplay, let name = configuration.commandName else { continue }
            out += "\n## render \(name)\n\n```\n\(RenderCommand.helpMessage(for: command, columns: 100))\n```\n"
            for sub in configuration.subcommands {
                guard let subName = sub.configuration.commandName else { continue }
                out += "\n### render \(name) \(subName)\n\n```\n\(RenderCommand.helpMessage(for: sub, columns: 100))\n```\n"
            }
        }
        return out
    }

    static func scenePage() -> String {
        var out = "# Scene files: node types and props\n\n"
        out += "Written by `scripts/docs` from the prop specs the decoder reads through (`render components` prints the same, "
        out += "`render schema` gives the JSON Schema, whose `$id` is `\(SceneSchema.id)`). Colours take hex, CSS names, "
        out += "`rgb()`, `hsl()`, `clear` or a semantic name.\n\n"
        out += "```\n\(SceneCatalog.text(registry: .withSeedFrameworks))```\n"
        return out
    }
}
