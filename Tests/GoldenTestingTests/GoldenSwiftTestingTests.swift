import Foundation
import GoldenTesting
import RasterCodecs
import RasterComponents
import RasterCore
import Testing

/// The golden kit under Swift Testing: failures become issues at the call, and the
/// `.golden(...)` trait scopes a configuration.
@Suite struct GoldenSwiftTestingTests {
    private static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("golden-swift-testing-\(UUID().uuidString)")
    }

    private func swatch(_ color: Color) -> AnyComponent<Empty> {
        AnyComponent(RoundedRectangle(cornerRadius: 4, fill: .color(.fixed(color)), width: 20, height: 12))
    }

    @Test func failuresAreIssuesAtTheCall() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try withGoldenConfiguration(GoldenConfiguration(directory: folder.path, artifactsDirectory: folder.appendingPathComponent("a").path)) {
            withKnownIssue {
                let missing = assertGolden(of: swatch(.red), size: Size(24, 16), scale: 2, named: "swatch", record: .never)
                #expect(missing.status == .failed)
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("no reference image") }
            }
            withKnownIssue {
                _ = assertGolden(of: swatch(.red), size: Size(24, 16), scale: 2, named: "swatch", record: .missing)
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("recorded a new reference") }
                    && issue.sourceLocation?.fileName == "GoldenSwiftTestingTests.swift"
            }
            let matched = assertGolden(of: swatch(.red), size: Size(24, 16), scale: 2, named: "swatch")
            #expect(matched.status == .matched)
            let reference = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("swatch.png").path)
            #expect(reference.width == 48 && reference.height == 32)
            withKnownIssue {
                _ = assertGolden(of: swatch(.blue), size: Size(24, 16), scale: 2, named: "swatch")
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("golden 'swatch' does not match") }
            }
        }
    }

    @Test(.golden(tolerance: .perceptual(maxDifferingPixels: 3)))
    func theTraitScopesAConfiguration() {
        #expect(GoldenConfiguration.current.tolerance == .perceptual(maxDifferingPixels: 3))
        #expect(GoldenConfiguration.current.record == nil)
    }
}
