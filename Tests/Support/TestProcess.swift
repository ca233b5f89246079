import Foundation
import RasterCore

/// A program run to completion by the tests: a reference tool, an oracle script or the
/// `render` binary. Standard error is read on its own thread, so a chatty program cannot
/// block on a full pipe while its output is read.
package struct TestProcess {
    /// The `render` executable beside the test bundle (in the build folder); the path it
    /// would have when it is not built.
    package static var renderExecutable: URL {
        let bundle = Bundle(for: BundleMarker.self).bundleURL
        let candidates = [bundle.appendingPathComponent("render"), bundle.deletingLastPathComponent().appendingPathComponent("render")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    package let status: Int32
    package let stdout: Data
    package let stderr: String
    package var text: String { String(decoding: stdout, as: UTF8.self) }

    /// Runs `arguments[0]` found on `PATH` (through /usr/bin/env), or `executable` with
    /// `arguments`.
    package static func run(_ arguments: [String], executable: URL? = nil, environment: [String: String]? = nil,
                    stdin: Data? = nil) throws -> TestProcess {
        let process = Process()
        process.executableURL = executable ?? URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let errors = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        let errHandle = err.fileHandleForReading
        Thread.detachNewThread {
            let data = errHandle.readDataToEndOfFile()
            errors.withLock { $0 = data }
            drained.signal()
        }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return TestProcess(status: process.terminationStatus, stdout: output,
                           stderr: String(decoding: errors.withLock { $0 }, as: UTF8.self))
    }

    /// An oracle script of `scripts/oracle/` run with python3; throws with its message
    /// when it fails (`scripts/deps.sh` installs what the oracles need).
    package static func oracle(_ script: String, _ arguments: [String]) throws -> Data {
        let path = TestFixtures.directory.deletingLastPathComponent().appendingPathComponent("scripts/oracle/\(script)").path
        let run = try run(["python3", path] + arguments)
        guard run.status == 0 else { throw Failure(description: "\(script) did not run (scripts/deps.sh installs what it needs): \(run.stderr.suffix(400))") }
        return run.stdout
    }

    /// A reference tool run to its output; throws with its message when it fails.
    package static func tool(_ arguments: [String]) throws -> Data {
        let run = try run(arguments)
        guard run.status == 0 else { throw Failure(description: "\(arguments[0]) failed (scripts/deps.sh installs it): \(run.stderr.prefix(300))") }
        return run.stdout
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) { self.description = description }
    }
}

/// A class of the test bundle, to find the bundle by.
private final class BundleMarker {}
