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
        return "Error: unknown command '\(EchoedValue.shortened(first))'; did you mean '\(guess)'? (see 'render --help')"
    }
}
