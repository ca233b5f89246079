import ArgumentParser
import Foundation
import Raster
import RasterBench

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the anchor workloads (median of 7 runs after 1 warm-up, one thread).",
        discussion: "Build in release mode first: swift build -c release. Workloads: \(Workloads.names.joined(separator: ", "))."
    )

    @Flag(help: "Print one JSON object {\"W1\": ms, ...}; encode workloads also give bytes.")
    var json = false

    @Option(help: "Comma-separated workloads to run (default: all).")
    var only: String?

    @Option(help: "Write each workload's image to this folder.")
    var save: String?

    func run() throws {
        var names = Workloads.names
        if let only {
            names = only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for name in names where !Workloads.names.contains(name) {
                throw CommandFailure(description: "--only: unknown workload '\(name)' (known: \(Workloads.names.joined(separator: ", ")))")
            }
        }
        if let save {
            try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true)
        }
        var results: [BenchRunner.Result] = []
        for name in names {
            guard let workload = try Workloads.make(name) else { continue }
            let result = try BenchRunner().run(workload, saveTo: save)
            results.append(result)
            if !json {
                let bytes = result.bytes.map { ", \($0) bytes" } ?? ""
                print(String(format: "%-4@ %9.2f ms  (min %.2f, max %.2f)%@  %@", name as NSString, result.medianMS,
                             result.minMS, result.maxMS, bytes as NSString, result.summary as NSString))
            }
        }
        if json {
            let entries = results.map { r -> String in
                if let bytes = r.bytes {
                    return "\"\(r.name)\": {\"median_ms\": \(r.medianMS), \"bytes\": \(bytes)}"
                }
                return "\"\(r.name)\": \(r.medianMS)"
            }
            print("{" + entries.joined(separator: ", ") + "}")
        }
    }
}
