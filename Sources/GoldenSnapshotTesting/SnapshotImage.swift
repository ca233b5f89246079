import Foundation
import GoldenTesting
import Raster
import SnapshotTesting

/// What an `.image` snapshot holds: the rendering, or why there is none.
///
/// A snapshot strategy cannot throw, so a subject that fails to render (or a reference
/// that fails to decode) becomes a `problem`. A rendering problem fails the test where
/// it happens, and the diff reports either problem as the failure. With no reference
/// on disk, swift-snapshot-testing records before it compares: it then stores an empty
/// file, which later runs report as an unreadable reference until it is recorded again.
public struct SnapshotImage: Sendable {
    public let bitmap: Bitmap?
    public let problem: String?

    public init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
        problem = nil
    }

    public init(problem: String) {
        bitmap = nil
        self.problem = problem
    }

    /// The result of `render`, or its error as the problem (reported as a test failure
    /// at once).
    public init(rendering render: () throws -> Bitmap, at site: GoldenCallSite = GoldenCallSite()) {
        do {
            self.init(try render())
        } catch {
            self.init(problem: "cannot render the snapshot subject: \(error)")
            GoldenIssue.record(problem ?? "", at: site)
        }
    }
}

extension Diffing where Value == SnapshotImage {
    /// PNG references compared with `ImageComparison` under `tolerance`; a failure
    /// carries the reference, the rendering and the diff image as attachments.
    ///
    /// The rendering is compared as PNG stores it (encoded and decoded again), as the
    /// reference is.
    public static func image(tolerance: ImageTolerance = .exact) -> Diffing {
        .diff(
            toData: { snapshot in
                guard let bitmap = snapshot.bitmap, let bytes = try? PNGEncoder.standard.encode(bitmap) else { return Data() }
                return Data(bytes)
            },
            fromData: { data in
                do {
                    return SnapshotImage(try PNGDecoder.decode([UInt8](data)))
                } catch {
                    return SnapshotImage(problem: "cannot read the reference image: \(error)")
                }
            },
            diffV2: { reference, snapshot in
                if let problem = snapshot.problem ?? reference.problem { return (problem, []) }
                guard let expected = reference.bitmap, let rendered = snapshot.bitmap else { return nil }
                let actual: Bitmap, actualBytes: [UInt8]
                do {
                    actualBytes = try PNGEncoder.standard.encode(rendered)
                    actual = try PNGDecoder.decode(actualBytes)
                } catch {
                    return ("cannot encode the rendering as PNG: \(error)", [])
                }
                let comparison = ImageComparison(expected: expected, actual: actual, tolerance: tolerance)
                if comparison.matches { return nil }
                var attachments: [DiffAttachment] = [.data(Data(actualBytes), name: "failure.png")]
                if let referenceBytes = try? PNGEncoder.standard.encode(expected) {
                    attachments.insert(.data(Data(referenceBytes), name: "reference.png"), at: 0)
                }
                if let diff = try? comparison.diffImage(), let bytes = try? PNGEncoder.standard.encode(diff) {
                    attachments.append(.data(Data(bytes), name: "difference.png"))
                }
                return ("image does not match its reference: \(comparison.summary)", attachments)
            }
        )
    }
}

extension Snapshotting where Value == Bitmap, Format == SnapshotImage {
    /// The image itself, compared exactly.
    public static var image: Snapshotting { image(tolerance: .exact) }

    /// The image itself, compared under `tolerance`.
    public static func image(tolerance: ImageTolerance) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { SnapshotImage($0) }
    }
}

extension Snapshotting where Value: Component, Value.EnvironmentType == Empty, Format == SnapshotImage {
    /// The component laid out in `size` points and rendered at `scale` pixels per point.
    public static func image(size: Size, scale: Double = 1, theme: Theme = .light, background: Color = .clear,
                             tolerance: ImageTolerance = .exact) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { component in
            SnapshotImage {
                try GoldenRendering.render(component, size: size, scale: scale, theme: theme, background: background)
            }
        }
    }
}

extension Snapshotting where Value == Scene, Format == SnapshotImage {
    /// The scene at rest, at its own scale.
    public static var image: Snapshotting { image() }

    /// The scene at rest, or its timeline's frame at `time` seconds; `scale` overrides
    /// the canvas scale.
    public static func image(at time: Double? = nil, scale: Double? = nil,
                             tolerance: ImageTolerance = .exact) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance)) { scene in
            SnapshotImage { try GoldenRendering.render(scene, at: time, scale: scale) }
        }
    }
}

extension Snapshotting where Value == URL, Format == SnapshotImage {
    /// The scene file at the URL (JSON or YAML), rendered as `Scene`'s `.image` does;
    /// an unreadable or invalid file fails the snapshot with the decoder's message.
    public static func sceneImage(at time: Double? = nil, scale: Double? = nil,
                                  tolerance: ImageTolerance = .exact) -> Snapshotting {
        Snapshotting<Scene, SnapshotImage>.image(at: time, scale: scale, tolerance: tolerance).pullbackThrowing()
    }
}

extension Snapshotting where Value == Scene, Format == SnapshotImage {
    /// This strategy on scene files: each URL is decoded first.
    fileprivate func pullbackThrowing() -> Snapshotting<URL, SnapshotImage> {
        let render = snapshot
        return Snapshotting<URL, SnapshotImage>(pathExtension: pathExtension, diffing: diffing) { url in
            do {
                return render(try SceneDecoder.decode(contentsOf: url.path))
            } catch {
                let problem = "\(url.path): \(error)"
                GoldenIssue.record(problem, at: GoldenCallSite())
                return Async(value: SnapshotImage(problem: problem))
            }
        }
    }
}
