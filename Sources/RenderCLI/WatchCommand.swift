import ArgumentParser
import Foundation
import Raster

/// `render watch SCENE -o OUT`: renders, then renders again whenever the scene, a file
/// beside it or a file its last good render named (wherever it is) changes, printing one
/// line per render (or the error, and keeps watching).
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Render a scene, and again each time it, a file it names or a file in its folder is saved.",
        discussion: """
        Every option of `render draw` applies (formats, limits, fonts). Each render prints \
        one line with the time it took, or the error; a broken scene does not stop the \
        watch, and OUT keeps its last good image. Stop with Ctrl-C (or SIGTERM): the render \
        under way finishes, and the watch exits with status 0.
        """
    )

    /// What each render does: every option of `render draw`.
    @OptionGroup var draw: DrawCommand

    @Option(help: "Seconds between looks at the files (default 0.25).")
    var interval: Double = 0.25

    func validate() throws {
        try OptionBounds.checkInterval(interval)
        guard draw.output != "-" else { throw ValidationError("-o: watch writes a file, not standard output") }
        guard draw.input.scene != nil, !draw.input.readsStandardInput else { throw ValidationError("watch needs a scene file") }
    }

    func run() throws {
        let scene = draw.input.scene ?? ""
        let output = draw.output
        var seen: [String: Date] = [:]
        // The files the last good render named: images and fonts may live anywhere.
        var named: [String] = []
        let stop = Interruption()
        defer { stop.end() }
        while !stop.requested {
            let now = Self.modificationTimes(around: scene, except: output, including: named)
            if now != seen {
                let start = Date()
                do {
                    named = try draw.render().files
                    Self.report("rendered \(output) in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
                } catch {
                    Self.report(oneLine(RenderCommand.fullMessage(for: error)))
                }
                // The files to watch from now on, as they were before the render (so a
                // save during it shows at the next look); a file named for the first time
                // as it is after, unless it changed since the render began: it may have
                // been read before that save, so it stays unseen and the next look renders
                // again. (File times come from a coarse clock, up to a tick behind `start`.)
                let after = Self.modificationTimes(around: scene, except: output, including: named)
                seen = after.merging(now.filter { after[$0.key] != nil }) { _, before in before }
                for (path, time) in after where now[path] == nil && time > start.addingTimeInterval(-0.1) {
                    seen[path] = .distantPast
                }
            }
            // Sleeps in short steps so a stop is seen within 0.1 s.
            let wake = Date().addingTimeInterval(interval)
            while !stop.requested, Date() < wake { Thread.sleep(forTimeInterval: min(0.1, interval)) }
        }
    }

    /// The scene's and its folder's files (up to 2,000, two levels deep, not `output`),
    /// and the files in `including`, and when each last changed.
    static func modificationTimes(around scene: String, except output: String, including: [String] = []) -> [String: Date] {
        let skipped = URL(fileURLWithPath: output).standardizedFileURL.path
        var times: [String: Date] = [:]
        let fm = FileManager.default
        func note(_ path: String) {
            if let date = (try? fm.attributesOfItem(atPath: path))?[.modificationDate] as? Date { times[path] = date }
        }
        note(scene)
        for path in including where URL(fileURLWithPath: path).standardizedFileURL.path != skipped { note(path) }
        let folder = (scene as NSString).deletingLastPathComponent
        let root = folder.isEmpty ? "." : folder
        var queue = [(root, 0)]
        while let (dir, depth) = queue.first, times.count < 2_000 {
            queue.removeFirst()
            for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] where !name.hasPrefix(".") && times.count < 2_000 {
                let path = (dir as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if depth < 1 { queue.append((path, depth + 1)) }
                } else if URL(fileURLWithPath: path).standardizedFileURL.path != skipped {
                    note(path)
                }
            }
        }
        return times
    }

    private static func report(_ line: String) {
        writeStandardError("\(clock()) \(line)\n")
    }

    /// The local time of day on a 24-hour clock, `HH:mm:ss`, for lines of a running watch.
    static func clock(_ date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}
