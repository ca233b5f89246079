import ArgumentParser
import Foundation
import Raster
import RasterBench

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the anchor workloads (median of 7 runs after 1 warm-up, one thread).",
        discussion: "Build in release mode first: swift build -c release. Workloads: \(Workloads.names.joined(separator: ", ")); "
            + "run only when named with --only: \(Workloads.namedOnly.joined(separator: ", ")). "
            + "Without --json, the last line gives the peak resident memory of the whole run."
    )

    @Flag(help: "Print one JSON object {\"W1\": ms, ...}; encode workloads also give bytes, text workloads glyphs per second.")
    var json = false

    @Option(help: "Comma-separated workloads to run (default: all but those run only when named).")
    var only: String?

    @Option(help: "Write each workload's image to this folder.")
    var save: String?

    @Option(help: "Timed runs per workload (the anchors use 7; more for profiling).")
    var runs: Int = 7

    @Option(help: "Write the scene of each layout workload (L1...) to this folder as JSON and stop (for timing the same trees elsewhere).")
    var export: String?

    @Option(help: "Also time each drawing workload (W1 to W7) drawn by this many threads in bands of rows, and the compositing workloads (C1, S1 to S4) composited by them, and print the speed-up over one thread.")
    var threads: Int?

    func run() throws {
        var names = Workloads.names
        if let only {
            names = only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let known = Workloads.names + Workloads.namedOnly
            for name in names where !known.contains(name) {
                throw CommandFailure(description: "--only: unknown workload '\(EchoedValue.shortened(name))' (known: \(known.joined(separator: ", ")))")
            }
        }
        if let export {
            try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: true)
            for name in names {
                guard let scene = LayoutWorkloads.scene(name) ?? DamageWorkloads.scene(name) else { continue }
                try Data(scene.jsonText().utf8).write(to: URL(fileURLWithPath: export).appendingPathComponent("\(name).json"))
            }
            return
        }
        if let save {
            try FileManager.default.createDirectory(atPath: save, withIntermediateDirectories: true)
        }
        guard runs >= 1, runs <= 100_000 else { throw CommandFailure(description: "--runs: expected 1...100000, found \(runs)") }
        if let threads, !(1...1024).contains(threads) {
            throw CommandFailure(description: "--threads: expected 1...1024, found \(threads)")
        }
        var runner = BenchRunner()
        runner.timedRuns = runs
        var results: [BenchRunner.Result] = []
        /// The median drawn on `--threads` threads, by workload.
        var threaded: [String: Double] = [:]
        /// The start-up steps are the process's: printed under the first workload that has them.
        var printedStartup = false
        for name in names {
            guard let workload = try Workloads.make(name) else { continue }
            let timed = try runner.run(workload, saveTo: save, threads: [1] + (threads.map { [$0] } ?? []))
            let result = timed[0]
            results.append(result)
            if !json {
                let bytes = result.nodes.map { String(format: ", %d nodes, %.2f µs/node", $0, result.medianMS * 1000 / Double(max($0, 1))) }
                    ?? result.framesPerSecond.map { String(format: ", %.1f frames/s", $0) }
                    ?? result.bytes.map { ", \($0) bytes" }
                    ?? result.glyphsPerSecond.map { String(format: ", %.2f M glyphs/s", $0 / 1e6) } ?? ""
                try printOut(String(format: "%-4@ %9.2f ms  (min %.2f, max %.2f)%@  %@", name as NSString, result.medianMS,
                             result.minMS, result.maxMS, bytes as NSString, result.summary as NSString))
                let above = result.peakResident - result.residentAtStart
                try printOut(String(format: "     memory: %.1f MB resident at the start, peak %.1f MB (%.1f MB above it)",
                                    Double(result.residentAtStart) / 1_048_576, Double(result.peakResident) / 1_048_576,
                                    Double(max(0, above)) / 1_048_576))
            }
            if !json, !result.stages.isEmpty {
                func line(_ stages: [(name: String, ms: Double)]) -> String {
                    stages.map { String(format: "%@ %.2f", $0.name as NSString, $0.ms) }.joined(separator: ", ")
                }
                try printOut("     stages (medians, ms): " + line(result.stages))
                try printOut("     first run (with what else the process does once): " + line(result.firstStages))
                if !result.startup.isEmpty && !printedStartup {
                    try printOut("     start-up, once per process (ms): " + line(result.startup))
                    printedStartup = true
                }
            }
            if let threads, timed.count > 1 {
                let t = timed[1]
                threaded[name] = t.medianMS
                if !json {
                    try printOut(String(format: "%-4@ %9.2f ms  (min %.2f, max %.2f) on %d threads: %.2fx as fast as one",
                                        name as NSString, t.medianMS, t.minMS, t.maxMS, threads, result.medianMS / t.medianMS))
                }
            }
        }
        if json {
            let entries = results.map { r -> String in
                var fields = ["\"median_ms\": \(r.medianMS)"]
                if let frames = r.frames, let rate = r.framesPerSecond {
                    fields += ["\"frames\": \(frames)", "\"frames_per_second\": \(rate)"]
                } else if let nodes = r.nodes {
                    fields += ["\"nodes\": \(nodes)"]
                } else if let bytes = r.bytes {
                    fields += ["\"bytes\": \(bytes)"]
                } else if let glyphs = r.glyphs, let rate = r.glyphsPerSecond {
                    fields += ["\"glyphs\": \(glyphs)", "\"glyphs_per_second\": \(rate.rounded())"]
                }
                if let threads, let ms = threaded[r.name] {
                    fields += ["\"threads\": \(threads)", "\"threaded_median_ms\": \(ms)"]
                }
                fields += ["\"peak_resident_bytes\": \(r.peakResident)"]
                fields += ["\"summary\": " + JSONValue.string(r.summary).jsonText()]
                if !r.startup.isEmpty {
                    fields += ["\"startup_ms\": {" + r.startup.map { "\"\($0.name)\": \($0.ms)" }.joined(separator: ", ") + "}"]
                }
                return "\"\(r.name)\": {" + fields.joined(separator: ", ") + "}"
            }
            try printOut("{" + entries.joined(separator: ", ") + "}")
        } else {
            // The peak is brought down at each workload's start: the run's is the largest seen.
            let peak = results.reduce(PeakMemory.peak()) { max($0, $1.peakBeforeStart, $1.peakResident) }
            try printOut(String(format: "peak resident memory of this run: %.0f MB", Double(peak) / 1_048_576))
        }
    }
}
