import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster

/// A usage error's message as one line: its first line, with where to find help
/// (ArgumentParser adds the usage and the help lines below it).
func oneLine(_ message: String) -> String {
    let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard var first = lines.first else { return "error: failed" }
    if !(first.hasPrefix("Error") || first.hasPrefix("error")) { first = "error: " + first }
    guard lines.count > 1 else { return first }
    let help = lines.first { $0.hasPrefix("See '") }.flatMap { line -> String? in
        guard let open = line.firstIndex(of: "'"), let close = line[line.index(after: open)...].firstIndex(of: "'") else { return nil }
        return String(line[line.index(after: open)..<close])
    } ?? "render --help"
    return "\(first) (see '\(help)')"
}

/// A failure already described for the user.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}

/// Writes `text` and a newline to standard error (best effort: there is nowhere to
/// report a failure to write an error).
func printError(_ text: String) {
    writeStandardError(text + "\n")
}

/// Writes `text` to standard error as it is (best effort).
func writeStandardError(_ text: String) {
    FileOutput.writeStandardError(Array(text.utf8))
}

/// Writes `text` and a newline to standard output.
/// - Throws: `CommandFailure` when standard output cannot take it (closed, a full disk).
func printOut(_ text: String) throws {
    do {
        try FileOutput.writeStandardOutput(Array((text + "\n").utf8))
    } catch {
        throw CommandFailure(description: "\(error)")
    }
}

/// The last render's objects, kept alive until the process exits or the next render
/// replaces them. Tearing down a large laid-out tree object by object costs as much as a
/// tenth of the render; the system reclaims the memory at exit at once. Only the latest
/// is held, so a long-running `render watch` does not keep every render it made.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: AnyObject?

    /// Keeps `object` (and releases the one kept before) until exit; main thread only.
    static func keep(_ object: AnyObject) { kept = object }
}
