import ArgumentParser
import Foundation
import GoldenArtifacts
import Raster

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two images (PNG, JPEG or WebP) pixel by pixel, as the golden tests do.",
        discussion: """
        Exact by default: a pixel differs when any channel differs. --threshold compares \
        colours by their YIQ distance instead (0.1 is a difference people notice at a \
        glance) and leaves out anti-aliasing pixels unless --include-antialiasing. \
        --max-pixels and --max-fraction allow that many differing pixels. --report DIR \
        adds a failing comparison to the HTML report the golden tests write (expected, \
        actual and diff with a slider and an onion-skin fade; diffs run from one script \
        share a page), and `render golden accept NAME --artifacts DIR` then copies the \
        actual over the expected image. Exits with status 0 when the images match and 1 \
        when they do not (or cannot be read).
        """
    )

    @Argument(help: "The reference image.")
    var expected: String

    @Argument(help: "The image to check.")
    var actual: String

    @Option(name: .shortAndLong, help: "Write a diff image: differing pixels in red (ignored anti-aliasing in yellow) over a faded reference.")
    var output: String?

    @Option(help: ArgumentHelp("Add the comparison, when the images do not match, to the HTML report in this folder (named after ACTUAL's file).",
                               valueName: "dir"))
    var report: String?

    @Option(help: "Compare perceptually: pixels count only when their YIQ distance exceeds this (0...1).")
    var threshold: Double?

    @Flag(help: "With --threshold, count anti-aliasing pixels too.")
    var includeAntialiasing = false

    @Option(help: "Match when at most this many pixels differ.")
    var maxPixels: Int = 0

    @Option(help: "Match when at most this fraction (0...1) of the pixels differ.")
    var maxFraction: Double = 0

    func validate() throws {
        if let threshold, !(0...1).contains(threshold) {
            throw ValidationError("--threshold: expected a number in 0...1, found \(threshold)")
        }
        if includeAntialiasing, threshold == nil {
            throw ValidationError("--include-antialiasing: only with --threshold (exact comparison counts every pixel)")
        }
        if maxPixels < 0 { throw ValidationError("--max-pixels: expected at least 0, found \(maxPixels)") }
        if !(0...1).contains(maxFraction) {
            throw ValidationError("--max-fraction: expected a number in 0...1, found \(maxFraction)")
        }
    }

    var tolerance: ImageTolerance {
        let metric: ImageTolerance.Metric = threshold.map {
            .perceptual(threshold: $0, ignoresAntialiasing: !includeAntialiasing)
        } ?? .exact
        return ImageTolerance(metric: metric, maxDifferingPixels: maxPixels, maxDifferingFraction: maxFraction)
    }

    func run() throws {
        let e: Bitmap, a: Bitmap
        do {
            e = try ImageDecoder.decode(contentsOf: expected)
            a = try ImageDecoder.decode(contentsOf: actual)
        } catch let error as PNGError {
            throw CommandFailure(description: "\(error)")
        }
        let comparison = ImageComparison(expected: e, actual: a, tolerance: tolerance)
        try printOut(comparison.summary)
        if let output {
            guard let diff = try comparison.diffImage() else {
                throw CommandFailure(description: "-o: no diff image, the sizes differ")
            }
            try PNGEncoder.standard.write(diff, to: output)
        }
        if let report {
            let folder = URL(fileURLWithPath: report)
            GoldenReport.beginRun(in: folder)
            if !comparison.matches {
                let page = try writeReport(comparison, expected: e, actual: a, in: folder)
                try printOut("report: \(page.path)")
            }
        }
        if !comparison.matches { throw ExitCode(1) }
    }

    /// The comparison's images (as PNG) and its entry in the report in `folder`, named
    /// after the actual image's file. - Returns: the page.
    private func writeReport(_ comparison: ImageComparison, expected e: Bitmap, actual a: Bitmap, in folder: URL) throws -> URL {
        let name = ((actual as NSString).lastPathComponent as NSString).deletingPathExtension
        do {
            return try GoldenReport.record(name: name, status: "failed", message: comparison.summary, location: "render diff",
                                           reference: URL(fileURLWithPath: expected).path,
                                           actualPNG: try PNGEncoder.standard.encode(a), expectedPNG: try PNGEncoder.standard.encode(e),
                                           diff: try comparison.diffImage(), comparison: comparison, in: folder)
        } catch {
            throw CommandFailure(description: "--report: cannot write the report in \(report ?? ""): \(error)")
        }
    }
}
