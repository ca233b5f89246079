import Foundation
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The artifacts folder of a run: each failing assertion's expected, actual and diff
/// images, and one HTML page (`index.html`) showing them side by side with their numbers,
/// with a slider that wipes between expected and actual and an onion-skin fade of one
/// over the other, and a box per failure that builds the `render golden accept` command
/// copying the chosen actuals over their references (`accept(_:in:)`).
///
/// A run is every test process one `swift test` starts (they share a parent process),
/// so the page collects the failures of parallel workers and of both XCTest and Swift
/// Testing. Each failure leaves an entry file under `.entries/`; the page is rebuilt
/// from all entries after each failure, under a file lock. The first assertion of a new
/// run, passing or not, removes the files the previous run left (only those its entries
/// list, never anything else in the folder), so the page only ever shows this run.
package enum GoldenReport {
    /// One failing or recording assertion, as the page shows it.
    package struct Entry: Codable {
        package var name: String
        package var status: String
        package var message: String
        package var location: String
        package var reference: String
        package var expected: String?
        package var actual: String
        package var diff: String?
        package var numbers: [Number]

        package init(name: String, status: String, message: String, location: String, reference: String,
                     expected: String?, actual: String, diff: String?, numbers: [Number]) {
            self.name = name
            self.status = status
            self.message = message
            self.location = location
            self.reference = reference
            self.expected = expected
            self.actual = actual
            self.diff = diff
            self.numbers = numbers
        }
    }

    package struct Number: Codable {
        package var label: String
        package var value: String

        package init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    package static let pageName = "index.html"

    /// The figures the page shows beside a comparison's images.
    static func numbers(_ c: ImageComparison) -> [Number] {
        let total = c.actualSize.width * c.actualSize.height
        var rows: [Number] = [
            .init(label: "expected size", value: "\(c.expectedSize.width)×\(c.expectedSize.height)"),
            .init(label: "actual size", value: "\(c.actualSize.width)×\(c.actualSize.height)"),
            .init(label: "tolerance", value: c.tolerance.description),
        ]
        guard c.sameSize else { return rows }
        let percent = String(format: "%.3f %%", Double(c.differingPixels) * 100 / Double(max(1, total)))
        rows += [
            .init(label: "differing pixels", value: "\(c.differingPixels) of \(total) (\(percent)), \(c.budget) allowed"),
            .init(label: "changed pixels", value: "\(c.changedPixels)"),
            .init(label: "anti-aliasing ignored", value: "\(c.antialiasingPixels)"),
            .init(label: "max channel difference", value: "\(c.maxChannelDifference)"),
            .init(label: "max YIQ distance", value: String(format: "%.4f", c.maxPerceptualDistance)),
        ]
        if let b = c.differingBounds {
            rows.append(.init(label: "differing area", value: "x \(b.x0)..<\(b.x1), y \(b.y0)..<\(b.y1)"))
        }
        return rows
    }

    /// Writes a comparison's images into `folder` (`imagePath(name, kind)`: the actual
    /// and, when given, the expected PNG and the diff) and adds its entry.
    /// - Returns: the page's location.
    @discardableResult
    package static func record(name: String, status: String, message: String, location: String, reference: String,
                               actualPNG: [UInt8], expectedPNG: [UInt8]?, diff: Bitmap?, comparison: ImageComparison?,
                               in folder: URL) throws -> URL {
        let path = { (kind: String) in folder.appendingPathComponent(imagePath(name, kind)).path }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path("actual")).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try FileOutput.writeAtomically(actualPNG, to: path("actual"))
        if let expectedPNG { try FileOutput.writeAtomically(expectedPNG, to: path("expected")) }
        if let diff { try PNGEncoder.standard.write(diff, to: path("diff")) }
        let entry = Entry(name: name, status: status, message: message, location: location, reference: reference,
                          expected: expectedPNG == nil ? nil : imagePath(name, "expected"), actual: imagePath(name, "actual"),
                          diff: diff == nil ? nil : imagePath(name, "diff"), numbers: comparison.map(numbers) ?? [])
        return try add(entry, in: folder)
    }

    /// Adds `entry` (its image paths relative to `folder`) and rebuilds the page.
    /// - Returns: the page's location.
    @discardableResult
    package static func add(_ entry: Entry, in folder: URL, run: String = runIdentity) throws -> URL {
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        let entries = folder.appendingPathComponent(".entries")
        return try withLock(folder.appendingPathComponent(".lock")) {
            try clearEarlierRun(folder: folder, entries: entries, run: run)
            try fm.createDirectory(at: entries, withIntermediateDirectories: true)
            try write(entry, in: entries)
            return try writePage(folder: folder, entries: entries)
        }
    }

    /// Writes `entry` to its file under `entries` (one file per name).
    private static func write(_ entry: Entry, in entries: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let file = entries.appendingPathComponent(entry.name.replacingOccurrences(of: "/", with: "~") + ".json")
        try encoder.encode(entry).write(to: file, options: .atomic)
    }

    /// Rebuilds the page from every entry. - Returns: its location.
    @discardableResult
    private static func writePage(folder: URL, entries: URL) throws -> URL {
        let all = try readEntries(entries).sorted { $0.name < $1.name }
        let page = folder.appendingPathComponent(pageName)
        try Data(html(all, folder: folder.path).utf8).write(to: page, options: .atomic)
        return page
    }

    private static let begun = Locked<Set<String>>([])

    /// Clears what an earlier run left in `folder`, once per process and folder; does
    /// nothing when the folder does not exist.
    package static func beginRun(in folder: URL, run: String = runIdentity) {
        let first = begun.withLock { $0.insert(folder.path + "\u{0}" + run).inserted }
        guard first, FileManager.default.fileExists(atPath: folder.path) else { return }
        try? withLock(folder.appendingPathComponent(".lock")) {
            try clearEarlierRun(folder: folder, entries: folder.appendingPathComponent(".entries"), run: run)
        }
    }

    /// Where the images of the assertion named `name` go.
    package static func imagePath(_ name: String, _ kind: String) -> String { "\(name).\(kind).png" }

    package static func readEntries(_ folder: URL) throws -> [Entry] {
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
    package static let runIdentity: String = {
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

    package static func html(_ entries: [Entry], folder: String = folderPlaceholder) -> String {
        let failed = entries.filter { $0.status == "failed" }.count
        let accepted = entries.filter { $0.status == "accepted" }.count
        let recorded = entries.count - failed - accepted
        let counts = "\(failed) failed, " + (accepted > 0 ? "\(accepted) accepted, " : "") + "\(recorded) recorded"
        var out = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <title>Golden images: \(counts)</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin: 0 0 4px; font-family: ui-monospace, monospace; }
        section { background: #fff; border-radius: 10px; padding: 16px; margin: 0 0 20px; }
        .failed h2 { color: #c62828; } .recorded h2 { color: #8a6d00; } .accepted h2 { color: #2e7d32; }
        .message { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 12px; color: #3a3a3c; }
        table { border-collapse: collapse; margin: 8px 0; } td { padding: 2px 12px 2px 0; }
        td:first-child { color: #6e6e73; }
        .images { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
        figure { margin: 0; } figcaption { color: #6e6e73; margin-bottom: 4px; }
        figure img { max-width: 420px; border: 1px solid #d1d1d6; image-rendering: pixelated;
          background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .none { width: 200px; height: 80px; border: 1px dashed #c7c7cc; display: flex; align-items: center;
          justify-content: center; color: #8e8e93; }
        .compare { position: relative; display: inline-block; border: 1px solid #d1d1d6; line-height: 0;
          background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .compare img { max-width: 420px; image-rendering: pixelated; }
        .compare img.over { position: absolute; left: 0; top: 0; width: 100%; }
        .controls label { margin-right: 16px; color: #6e6e73; }
        #command { background: #1c1c1e; color: #f2f2f7; padding: 8px 12px; border-radius: 6px; white-space: pre-wrap; }
        </style></head><body>
        <h1>Golden images: \(counts)</h1>
        <p>Red in a diff marks differing pixels, yellow anti-aliasing the tolerance ignored, over a faded copy of the expected image. Click an image for full size. Under each failure, the slider wipes from expected (left) to actual (right) and the onion skin fades actual over expected.</p>
        <p>Tick the failures whose actual image is right, then run:</p>
        <pre id="command">render golden accept --artifacts \(escape(folderPlaceholder)) (tick a failure)</pre>
        <script>
        function wipe(input) { input.closest('section').querySelector('img.over').style.clipPath = 'inset(0 0 0 ' + input.value + '%)'; }
        function fade(input) { input.closest('section').querySelector('img.over').style.opacity = input.value / 100; }
        function command() {
          var names = Array.from(document.querySelectorAll('input.accept:checked')).map(function (box) { return "'" + box.value.replace(/'/g, "'\\''") + "'"; });
          document.getElementById('command').textContent = 'render golden accept --artifacts ' + document.body.dataset.folder + ' ' + (names.length ? names.join(' ') : '(tick a failure)');
        }
        </script>

        """
        for entry in entries {
            out += section(entry)
        }
        out += "</body></html>\n"
        let quoted = "'" + folder.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return out.replacingOccurrences(of: "<body>", with: "<body data-folder=\"\(escape(quoted))\">")
            .replacingOccurrences(of: "--artifacts \(folderPlaceholder) ", with: "--artifacts \(escape(quoted)) ")
    }

    /// Where the page says the artifacts are, filled in when the page is written.
    static let folderPlaceholder = "ARTIFACTS"

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
        \(compare(e))
        </section>

        """
    }

    /// The wipe and onion-skin view of a failure with both images (accepted or not), and
    /// the accept box of one not accepted yet.
    private static func compare(_ e: Entry) -> String {
        guard e.status == "failed" || e.status == "accepted" else { return "" }
        let accept = e.status == "accepted" ? "<span>accepted: the actual image is now the reference</span>"
            : "<label><input type=\"checkbox\" class=\"accept\" value=\"\(escape(e.name))\" onchange=\"command()\"> accept the actual image</label>"
        guard let expected = e.expected else { return "<p class=\"controls\">\(accept)</p>" }
        func src(_ path: String) -> String { escape(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) }
        return """
        <div class="compare"><img src="\(src(expected))" alt="expected"><img class="over" src="\(src(e.actual))" alt="actual" style="clip-path: inset(0 0 0 50%)"></div>
        <p class="controls"><label>wipe <input type="range" min="0" max="100" value="50" oninput="wipe(this)"></label>\
        <label>onion skin <input type="range" min="0" max="100" value="100" oninput="fade(this)"></label>\(accept)</p>
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

    // MARK: - Accepting

    /// Copies the actual image of each failure named in `names` (or of every failure not
    /// accepted yet when `names` is empty and `all` is true) over its reference, and marks
    /// it accepted in the report (naming an accepted failure again copies it again).
    /// - Returns: the names accepted and their references, in name order.
    /// - Throws: `GoldenAcceptError` for a name with no failure in the folder, or when
    ///   the folder holds no report.
    package static func accept(_ names: [String], all: Bool = false, in folder: URL) throws -> [(name: String, reference: String)] {
        let entries = folder.appendingPathComponent(".entries")
        guard FileManager.default.fileExists(atPath: entries.path) else {
            throw GoldenAcceptError(description: "\(folder.path): no golden failures recorded here (run the tests first, or give --artifacts)")
        }
        return try withLock(folder.appendingPathComponent(".lock")) {
            let failures = try readEntries(entries).filter { $0.status == "failed" || $0.status == "accepted" }.sorted { $0.name < $1.name }
            var chosen: [Entry] = []
            if all {
                chosen = failures.filter { $0.status == "failed" }
            } else {
                for name in names {
                    guard let entry = failures.first(where: { $0.name == name }) else {
                        let known = failures.map(\.name)
                        throw GoldenAcceptError(description: "no failure named '\(name)' in \(folder.path)"
                            + (known.isEmpty ? " (none failed)" : " (failed or accepted: \(known.prefix(8).joined(separator: ", "))\(known.count > 8 ? ", …" : ""))"))
                    }
                    chosen.append(entry)
                }
            }
            for entry in chosen {
                let actual = folder.appendingPathComponent(entry.actual)
                guard let bytes = FileManager.default.contents(atPath: actual.path) else {
                    throw GoldenAcceptError(description: "\(actual.path): the actual image of '\(entry.name)' is gone")
                }
                try FileManager.default.createDirectory(at: URL(fileURLWithPath: entry.reference).deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try FileOutput.writeAtomically(try referenceBytes(fromActualPNG: [UInt8](bytes), for: entry.reference), to: entry.reference)
                var accepted = entry
                accepted.status = "accepted"
                try write(accepted, in: entries)
            }
            if !chosen.isEmpty { try writePage(folder: folder, entries: entries) }
            return chosen.map { ($0.name, $0.reference) }
        }
    }
}

extension GoldenReport {
    /// The actual image (a PNG) as the reference's file stores it: the PNG itself, or for
    /// a `.jpg`/`.jpeg` or `.webp` reference the same pixels in that format (JPEG at
    /// quality 90, WebP lossless).
    static func referenceBytes(fromActualPNG png: [UInt8], for reference: String) throws -> [UInt8] {
        guard let format = try? ImageFormat.named(byExtensionOf: reference), format != .png else { return png }
        return try ImageEncoder(format: format).encode(try PNGDecoder.decode(png))
    }
}

/// Why `GoldenReport.accept` could not accept.
package struct GoldenAcceptError: Error, CustomStringConvertible {
    package let description: String
}
