import Foundation
import GoldenArtifacts
import Raster

/// Compares a rendering with its reference image, records references as the record
/// mode says, and writes the failure artifacts: the work behind `assertGolden`, without
/// reporting to a test framework.
///
/// Both sides are compared as PNG stores them: the rendering is encoded with the
/// standard encoder and decoded again. A reference is written only when its bytes would
/// change, and always atomically.
public enum GoldenVerifier {
    /// Without a name, the call site gives one (see `GoldenCallSite`).
    public static func verify(_ bitmap: Bitmap, named name: String?, configuration: GoldenConfiguration = GoldenConfiguration(),
                              at site: GoldenCallSite) -> GoldenOutcome {
        let name = name ?? site.nextDefaultName()
        let settings: ResolvedGoldenSettings
        do {
            settings = try ResolvedGoldenSettings(GoldenConfiguration.current.overridden(by: configuration),
                                                  packageRoot: site.packageRoot)
        } catch {
            return failure(name, "golden '\(name)': \(error)")
        }
        GoldenReport.beginRun(in: settings.artifacts)
        if let problem = problem(inName: name) { return failure(name, problem) }
        do {
            return try Check(name: name, settings: settings, site: site).run(bitmap)
        } catch {
            return failure(name, "golden '\(name)': \(error)")
        }
    }

    /// Why `name` cannot name a file under the golden folder, if it cannot.
    static func problem(inName name: String) -> String? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.isEmpty || name.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "golden name '\(name)': expected a relative path of non-empty parts without '.' or '..'"
        }
        return nil
    }

    static func failure(_ name: String, _ message: String) -> GoldenOutcome {
        GoldenOutcome(status: .failed, name: name, reference: nil, comparison: nil, message: message, report: nil)
    }

    /// One assertion's steps.
    private struct Check {
        let name: String
        let settings: ResolvedGoldenSettings
        let site: GoldenCallSite
        var reference: URL { settings.directory.appendingPathComponent(name + ".png") }

        func run(_ bitmap: Bitmap) throws -> GoldenOutcome {
            let actualBytes = try PNGEncoder.standard.encode(bitmap)
            let actual = try PNGDecoder.decode(actualBytes)
            let mode = settings.record
            guard let existing = try? Data(contentsOf: reference) else {
                guard mode != .never else {
                    let (report, where_) = writeArtifacts(actualBytes: actualBytes, expectedBytes: nil, diff: nil,
                                                          comparison: nil, status: .failed,
                                                          message: "no reference image (record mode 'never')")
                    return outcome(.failed, nil, report,
                                   "no reference image at \(reference.path), and the record mode is 'never'.\n" + where_)
                }
                try write(actualBytes)
                return outcome(.recorded, nil, nil,
                               "recorded a new reference at \(reference.path) (record mode '\(mode.rawValue)'); "
                               + "check it and run again")
            }
            if Data(actualBytes) == existing { return outcome(.matched, nil, nil, nil) }
            let expected: Bitmap
            do {
                expected = try PNGDecoder.decode([UInt8](existing))
            } catch {
                guard mode == .all || mode == .failed else {
                    return outcome(.failed, nil, nil, "cannot read the reference \(reference.path): \(error)")
                }
                try write(actualBytes)
                return outcome(.recorded, nil, nil,
                               "replaced the unreadable reference \(reference.path) (record mode '\(mode.rawValue)')")
            }
            let comparison = ImageComparison(expected: expected, actual: actual, tolerance: settings.tolerance)
            if mode == .all, comparison.isIdentical {
                try write(actualBytes)
                return outcome(.recorded, comparison, nil,
                               "re-recorded \(reference.path) (record mode 'all'): the same pixels, new bytes")
            }
            if mode != .all, comparison.matches { return outcome(.matched, comparison, nil, nil) }
            switch mode {
            case .all, .failed:
                let (report, where_) = writeArtifacts(actualBytes: actualBytes, expectedBytes: existing,
                                                      diff: try comparison.diffImage(), comparison: comparison,
                                                      status: .recorded, message: comparison.summary)
                try write(actualBytes)
                return outcome(.recorded, comparison, report,
                               "recorded \(reference.path) over a reference that differed "
                               + "(record mode '\(mode.rawValue)'): \(comparison.summary)\n" + where_)
            case .missing, .never:
                let (report, where_) = writeArtifacts(actualBytes: actualBytes, expectedBytes: existing,
                                                      diff: try comparison.diffImage(), comparison: comparison,
                                                      status: .failed, message: comparison.summary)
                return outcome(.failed, comparison, report,
                               "golden '\(name)' does not match \(reference.path): \(comparison.summary)\n" + where_
                               + "\nto accept the new image: render golden accept '\(name)' --artifacts '\(settings.artifacts.path)'"
                               + ", or run again with \(GoldenRecordMode.environmentVariable)=failed")
            }
        }

        private func outcome(_ status: GoldenOutcome.Status, _ comparison: ImageComparison?, _ report: URL?,
                             _ message: String?) -> GoldenOutcome {
            GoldenOutcome(status: status, name: name, reference: reference, comparison: comparison, message: message,
                          report: report)
        }

        private func write(_ bytes: [UInt8]) throws {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileOutput.writeAtomically(bytes, to: reference.path)
        }

        private func artifact(_ kind: String) -> URL {
            settings.artifacts.appendingPathComponent(GoldenReport.imagePath(name, kind))
        }

        /// Writes the images and the report entry. A failure to write does not hide the
        /// comparison: it becomes part of the message instead.
        /// - Returns: the report page (nil when writing failed), and the message lines
        ///   naming the files written, or saying why there are none.
        private func writeArtifacts(actualBytes: [UInt8], expectedBytes: Data?, diff: Bitmap?, comparison: ImageComparison?,
                                    status: GoldenOutcome.Status, message: String) -> (report: URL?, lines: String) {
            do {
                let report = try writeArtifactFiles(actualBytes: actualBytes, expectedBytes: expectedBytes, diff: diff,
                                                    comparison: comparison, status: status, message: message)
                var lines = "actual: \(artifact("actual").path)\n"
                if expectedBytes != nil { lines += "old:    \(artifact("expected").path)\n" }
                if diff != nil { lines += "diff:   \(artifact("diff").path)\n" }
                return (report, lines + "report: \(report.path)")
            } catch {
                return (nil, "could not write the failure images to \(settings.artifacts.path): \(error)")
            }
        }

        private func writeArtifactFiles(actualBytes: [UInt8], expectedBytes: Data?, diff: Bitmap?, comparison: ImageComparison?,
                                        status: GoldenOutcome.Status, message: String) throws -> URL {
            try GoldenReport.record(name: name, status: status.rawValue, message: message, location: site.location,
                                    reference: reference.path, actualPNG: actualBytes, expectedPNG: expectedBytes.map { [UInt8]($0) },
                                    diff: diff, comparison: comparison, in: settings.artifacts)
        }
    }
}
