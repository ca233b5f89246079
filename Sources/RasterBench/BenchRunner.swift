import Foundation
import Raster

/// Times workloads the way the anchor harness does: per workload one warm-up run and
/// seven timed runs on one thread; a run clears the canvas to opaque white, then draws.
public struct BenchRunner {
    public struct Result: Sendable {
        public var name: String
        public var summary: String
        public var medianMS: Double
        public var minMS: Double
        public var maxMS: Double
        public var bytes: Int?
        /// Glyphs drawn per run (text workloads).
        public var glyphs: Int?
        /// Frames produced per run (animation workloads).
        public var frames: Int?
        /// Nodes laid out per run (layout workloads).
        public var nodes: Int?
        /// The median time of each stage over the timed runs, in milliseconds, in the
        /// workload's order (staged workloads).
        public var stages: [(name: String, ms: Double)] = []
        /// The stages of the first, untimed run: what the process does once falls on it.
        public var firstStages: [(name: String, ms: Double)] = []
        /// What the process did once before its first text, step by step (`Workload.startup`).
        public var startup: [(name: String, ms: Double)] = []
        /// Resident memory when the runs started (the workload's inputs made), and the
        /// peak while they ran, in bytes.
        public var residentAtStart = 0
        public var peakResident = 0
        /// The process's peak before the runs started (making the inputs included).
        public var peakBeforeStart = 0

        /// Frames per second at the median time.
        public var framesPerSecond: Double? {
            frames.map { Double($0) / (medianMS / 1000) }
        }

        /// Glyphs per second at the median time.
        public var glyphsPerSecond: Double? {
            glyphs.map { Double($0) / (medianMS / 1000) }
        }
    }

    public var timedRuns = 7
    public init() {}

    public func run(_ workload: Workload, saveTo directory: String? = nil) throws -> Result {
        try run(workload, saveTo: directory, threads: [1])[0]
    }

    /// Times a drawing workload drawn by each of `threads` (in bands of rows,
    /// `Canvas.drawInBands`, for more than one), alternating them run by run so that
    /// the machine's slower and faster moments fall on all alike. An encoding workload
    /// that composites a frame does so on each of `threads` (`Workload.threaded`); any
    /// other runs as it is, once per run, whatever `threads` says.
    public func run(_ workload: Workload, saveTo directory: String? = nil, threads: [Int]) throws -> [Result] {
        let bitmap = try Bitmap(width: workload.width, height: workload.height)
        let canvas = Canvas(bitmap: bitmap)
        let white = Color.white.premultiplied
        let counts = workload.encode == nil || workload.threaded != nil ? threads : [1]
        var times = [[Double]](repeating: [], count: counts.count)
        var stageRuns: [[String: Int]] = []
        var bytes: Int?
        let (peakBeforeStart, residentAtStart) = PeakMemory.reset()
        defer { workload.cleanup?() }   // also when a run throws
        for i in 0...timedRuns {
            for (k, threadCount) in counts.enumerated() {
                workload.beforeRun?()
                let start = DispatchTime.now().uptimeNanoseconds
                if let threaded = workload.threaded, threadCount > 1 {
                    _ = try threaded(threadCount)
                } else if let encode = workload.encode {
                    bytes = try encode()
                } else {
                    bitmap.fill(white)
                    if threadCount > 1 {
                        Canvas.drawInBands(bitmap, threads: threadCount, workload.draw)
                    } else {
                        workload.draw(canvas)
                    }
                }
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                if i > 0 { times[k].append(ms) }
                if k == 0, let log = workload.stages { stageRuns.append(log.nanoseconds) }
            }
        }
        let peakResident = PeakMemory.peak()
        if let directory, workload.encode == nil {
            try PNGEncoder.standard.write(bitmap, to: directory + "/\(workload.name).png")
        }
        return times.map { runs in
            let sorted = runs.sorted()
            var result = Result(name: workload.name, summary: workload.summary, medianMS: sorted[sorted.count / 2],
                                minMS: sorted.first ?? 0, maxMS: sorted.last ?? 0, bytes: bytes,
                                glyphs: workload.glyphs, frames: workload.frames, nodes: workload.nodes)
            result.residentAtStart = residentAtStart
            result.peakResident = peakResident
            result.peakBeforeStart = peakBeforeStart
            result.startup = workload.startup
            if let first = stageRuns.first, let log = workload.stages {
                let names = log.stages.filter { first[$0] != nil }
                result.firstStages = names.map { ($0, Double(first[$0] ?? 0) / 1e6) }
                result.stages = names.map { name in
                    let values = stageRuns.dropFirst().map { Double($0[name] ?? 0) / 1e6 }.sorted()
                    return (name, values.isEmpty ? 0 : values[values.count / 2])
                }
            }
            return result
        }
    }
}
