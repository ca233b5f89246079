import ArgumentParser
import Foundation
import GoldenArtifacts

/// `render golden`: tools over the golden-image artifacts a test run leaves.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Work with golden-image test failures (the report in .build/golden-artifacts).",
        subcommands: [GoldenAcceptCommand.self]
    )
}

/// `render golden accept NAME...`: the chosen failures' actual images become their
/// references.
struct GoldenAcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Copy the actual image of each named failure over its reference image.",
        discussion: "Names are the golden names the failures and the report show (\"cards/profile\"). The report's boxes build this command; the report then marks those failures accepted."
    )

    @Argument(help: "The failures to accept.")
    var names: [String] = []

    @Flag(help: "Accept every failure in the report not accepted yet.")
    var all = false

    @Option(help: ArgumentHelp("The artifacts folder of the run (default .build/golden-artifacts, or GOLDEN_ARTIFACTS).", valueName: "dir"))
    var artifacts: String?

    func validate() throws {
        if names.isEmpty, !all { throw ValidationError("name the failures to accept, or give --all") }
        if !names.isEmpty, all { throw ValidationError("give names or --all, not both") }
    }

    func run() throws {
        let folder = artifacts ?? ProcessInfo.processInfo.environment["GOLDEN_ARTIFACTS"] ?? ".build/golden-artifacts"
        do {
            let accepted = try GoldenReport.accept(names, all: all, in: URL(fileURLWithPath: folder))
            for (name, reference) in accepted { print("accepted \(name): \(reference)") }
            if accepted.isEmpty { print("no failures to accept in \(folder)") }
        } catch let error as GoldenAcceptError {
            throw CommandFailure(description: error.description)
        }
    }
}
