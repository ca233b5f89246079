import Foundation
import Raster
import XCTest

/// Compares rendered bitmaps with reference PNGs under `Fixtures/golden/`.
///
/// Exact comparison. On mismatch the actual image and a diff image (differing pixels in
/// red over a faded reference) are written to `.build/golden-artifacts/` and the failure
/// message gives their paths. References are re-recorded only when `RECORD_GOLDENS=1`
/// (and then only those whose pixels differ); a missing reference is recorded and the
/// test fails saying so.
enum GoldenImage {
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    static var fixtures: URL { packageRoot.appendingPathComponent("Fixtures") }
    static var artifacts: URL { packageRoot.appendingPathComponent(".build/golden-artifacts") }

    static func assertMatches(_ bitmap: Bitmap, named name: String, file: StaticString = #filePath, line: UInt = #line) {
        let reference = fixtures.appendingPathComponent("golden/\(name).png")
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        let exists = FileManager.default.fileExists(atPath: reference.path)
        // Recording leaves a reference whose pixels already match untouched, so only
        // images that changed show up as changed files.
        if record, exists, let old = try? PNGDecoder.decode(contentsOf: reference.path),
           let actual = try? PNGDecoder.decode(try PNGEncoder.standard.encode(bitmap)), actual.pixelsEqual(old) {
            return
        }
        if record || !exists {
            do {
                try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
                try PNGEncoder.standard.write(bitmap, to: reference.path)
            } catch {
                XCTFail("could not record \(reference.path): \(error)", file: file, line: line)
                return
            }
            if !exists {
                XCTFail("recorded new reference \(reference.path); check it and run again", file: file, line: line)
            }
            return
        }
        let expected: Bitmap
        do {
            expected = try PNGDecoder.decode(contentsOf: reference.path)
        } catch {
            XCTFail("cannot read reference \(reference.path): \(error)", file: file, line: line)
            return
        }
        // PNG stores straight alpha; compare what a round trip through PNG gives.
        let actual: Bitmap
        do {
            actual = try PNGDecoder.decode(try PNGEncoder.standard.encode(bitmap))
        } catch {
            XCTFail("cannot round-trip the actual image: \(error)", file: file, line: line)
            return
        }
        let comparison = ImageComparison(expected: expected, actual: actual)
        if comparison.isIdentical { return }
        let outDir = artifacts.appendingPathComponent((name as NSString).deletingLastPathComponent)
        try? FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        let base = artifacts.appendingPathComponent(name)
        try? PNGEncoder.standard.write(actual, to: base.path + ".actual.png")
        if let diff = try? ImageComparison.diffImage(expected: expected, actual: actual) {
            try? PNGEncoder.standard.write(diff, to: base.path + ".diff.png")
        }
        let message = "\(name): \(comparison.summary)"
        XCTFail("\(message); actual and diff written to \(base.path).actual.png / .diff.png", file: file, line: line)
    }
}
