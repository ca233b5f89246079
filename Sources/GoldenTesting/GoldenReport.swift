import Foundation
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The artifacts folder of a run: each failing assertion's expected, actual and diff
/// images, and one HTML page (`index.html`) showing them all side by side with their
/// numbers.
///
/// A run is every test process one `swift test` starts (they share a parent process),
/// so the page collects the failures of parallel workers and of both XCTest and Swift
/// Testing. Each failure leaves an entry file under `.entries/`; the page is rebuilt
/// from all entries after each failure, under a file lock. The first assertion of a new
/// run, passing or not, removes the files the previous run left (only those its entries
/// list, never anything else in the folder), so the page only ever shows this run.
enum GoldenReport {
    /// One failing or recording assertion, as the page shows it.
    struct Entry: Codable {
        var name: String
        var status: String
        var message: String
        var location: String
        var reference: String
        var expected: String?
        var actual: String
        var diff: String?
        var numbers: [Number]
    }

    struct Number: Codable {
        var label: String
        var value: String
    }

    static let pageName = "index.html"

    /// Adds `entry` (its image paths relative to `folder`) and rebuilds the page.
    /// - Returns: the page's location.
    @discardableResult
    static func add(_ entry: Entry, in folder: URL, run: String = runIdentity) throws -> URL {
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        let entries = folder.appendingPathComponent(".entries")
        return try withLock(folder.appendingPathComponent(".lock")) {
            try clearEarlierRun(folder: folder, entries: entries, run: run)
            try fm.createDirectory(at: entries, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let file = entries.appendingPathComponent(entry.name.replacingOccurrences(of: "/", with: "~") + ".json")
            try encoder.encode(entry).write(to: file, options: .atomic)
            let all = try readEntries(entries).sorted { $0.name < $1.name }
            let page = folder.appendingPathComponent(pageName)
            try Data(html(all).utf8).write(to: page, options: .atomic)
            return page
        }
    }

    private static let begun = Locked<Set<String>>([])

    /// Clears what an earlier run left in `folder`, once per process and folder; does
    /// nothing when the folder does not exist.
    static func beginRun(in folder: URL, run: String = runIdentity) {
        let first = begun.withLock { $0.insert(folder.path + "\u{0}" + run).inserted }
        guard first, FileManager.default.fileExists(atPath: folder.path) else { return }
        try? withLock(folder.appendingPathComponent(".lock")) {
            try clearEarlierRun(folder: folder, entries: folder.appendingPathComponent(".entries"), run: run)
        }
    }

    /// Where the images of the assertion named `name` go.
    static func imagePath(_ name: String, _ kind: String) -> String { "\(name).\(kind).png" }

    private static func readEntries(_ folder: URL) throws -> [Entry] {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "json" }.compactMap {
            try? JSONDecoder().decode(Entry.self, from: Data(contentsOf: $0))
        }
    }

    /// Removes what an earlier run left when this process's run differs from the one
    /// the folder records, and records this run.
    private static func clearEarlierRun(folder: URL, entries: URL, run: String) throws {
        let marker = folder.appendingPathComponent(".entries-run")
        if (try? String(contentsOf: marker, encoding: .utf8)) == run { return }
        let fm = FileManager.default
        for entry in try readEntries(entries) {
            for path in [entry.expected, entry.actual, entry.diff].compactMap({ $0 }) {
                try? fm.removeItem(at: folder.appendingPathComponent(path))
            }
        }
        try? fm.removeItem(at: entries)
        try? fm.removeItem(at: folder.appendingPathComponent(pageName))
        try Data(run.utf8).write(to: marker, options: .atomic)
    }

    /// The parent process and its start time: the same for every test process of one
    /// `swift test`, different for the next one.
    static let runIdentity: String = {
        let parent = getppid()
        #if os(Linux)
        if let stat = try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            // Field 22, the start time, counted from the state field just after the name.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 19 { return "\(parent)-\(fields[19])" }
        }
        #endif
        return "\(parent)"
    }()

    private static func withLock<R>(_ lockFile: URL, _ body: () throws -> R) throws -> R {
        let fd = open(lockFile.path, O_CREAT | O_RDWR, 0o644)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    // MARK: - The page

    static func html(_ entries: [Entry]) -> String {
        let failed = entries.filter { $0.status == "failed" }.count
        let recorded = entries.count - failed
        var out = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <title>Golden images: \(failed) failed, \(recorded) recorded</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin: 0 0 4px; font-family: ui-monospace, monospace; }
        section { background: #fff; border-radius: 10px; padding: 16px; margin: 0 0 20px; }
        .failed h2 { color: #c62828; } .recorded h2 { color: #8a6d00; }
        .message { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 12px; color: #3a3a3c; }
        table { border-collapse: collapse; margin: 8px 0; } td { padding: 2px 12px 2px 0; }
        td:first-child { color: #6e6e73; }
        .images { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; } figcaption { color: #6e6e73; margin-bottom: 4px; }
        figure img { max-width: 420px; border: 1px solid #d1d1d6; image-rendering: pixelated;
          background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .none { width: 200px; height: 80px; border: 1px dashed #c7c7cc; display: flex; align-items: center;
          justify-content: center; color: #8e8e93; }
        </style></head><body>
        <h1>Golden images: \(failed) failed, \(recorded) recorded</h1>
        <p>Red in a diff marks differing pixels, yellow anti-aliasing the tolerance ignored, over a faded copy of the expected image. Click an image for full size.</p>

        """
        for entry in entries {
            out += section(entry)
        }
        out += "</body></html>\n"
        return out
    }

    private static func section(_ e: Entry) -> String {
        var rows = "<tr><td>reference</td><td>\(escape(e.reference))</td></tr>"
        rows += "<tr><td>assertion</td><td>\(escape(e.location))</td></tr>"
        for n in e.numbers { rows += "<tr><td>\(escape(n.label))</td><td>\(escape(n.value))</td></tr>" }
        return """
        <section class="\(e.status)" id="\(escape(e.name))">
        <h2>\(escape(e.name)) (\(e.status))</h2>
        <div class="message">\(escape(e.message))</div>
        <table>\(rows)</table>
        <div class="images">\(figure("expected", e.expected))\(figure("actual", e.actual))\(figure("diff", e.diff))</div>
        </section>

        """
    }

    private static func figure(_ caption: String, _ path: String?) -> String {
        guard let path else {
            return "<figure><figcaption>\(caption)</figcaption><div class=\"none\">none</div></figure>"
        }
        let src = escape(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
        return "<figure><figcaption>\(caption)</figcaption><a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(caption)\"></a></figure>"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
