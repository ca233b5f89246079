import RasterCodecs
import RasterCore
import RasterText

/// A scene's timeline as numbered frames: frame N shows the tree at N / fps.
///
/// A range is rendered by one `ScenePlayer` on a tree decoded for it alone, so ranges
/// can run on different threads or machines; the player's state at a time does not
/// depend on the frames rendered before it, and the compositor's incremental frames
/// equal full renders, so every frame has the same bytes however the work is split.
public struct FrameExport {
    /// The scene whose timeline is exported.
    public let scene: Scene
    /// Frames per second.
    public let fps: Double
    /// Frames from 0 to the timeline's duration inclusive (1 without a timeline).
    public let frameCount: Int

    /// An export at `fps`, else the timeline's rate, else 60.
    public init(scene: Scene, fps: Double? = nil) {
        self.scene = scene
        let rate = fps ?? scene.timeline?.fps ?? 60
        self.fps = rate
        frameCount = scene.timeline?.frameCount(fps: rate) ?? 1
    }

    /// The time of frame `index`.
    public func time(of index: Int) -> Double { Double(index) / fps }

    /// Renders `range` in order, handing each frame to `body`; stops early when `body`
    /// returns false.
    public func render(_ range: ClosedRange<Int>, _ body: (Int, Bitmap) throws -> Bool) throws {
        try renderInPlace(range) { index, frame, _ in try body(index, frame.copy()) }
    }

    /// Renders `range` in order as `render` does, handing `body` the player's retained
    /// frame (valid until `body` returns) and the rows drawn again since the frame
    /// before (every row for the first frame of the range): rows outside them hold the
    /// same pixels as in the frame before.
    /// - Parameter redrawAll: rasterize and composite every frame whole (the same pixels).
    public func renderInPlace(_ range: ClosedRange<Int>, redrawAll: Bool = false,
                              _ body: (Int, Bitmap, [Range<Int>]) throws -> Bool) throws {
        let player = try makePlayer()
        for index in range {
            let (frame, damage) = try player.frameInPlace(at: time(of: index), redrawAll: redrawAll)
            guard try body(index, frame, damage.map { $0.y0..<$0.y1 }) else { return }
        }
    }

    /// Renders `range` in order and hands `body` each frame as PNG bytes, compressing
    /// again only the bands of rows the frame changed (`PNGFrameEncoder`): the bytes
    /// `PNGFrameEncoder` gives each frame whole, whatever was reused. Returns what the
    /// encoder did.
    /// - Parameter redrawAll: rasterize, composite and encode every frame whole.
    @discardableResult
    public func renderPNGs(_ range: ClosedRange<Int>, redrawAll: Bool = false,
                           _ body: (Int, [UInt8]) throws -> Bool) throws -> PNGFrameEncoder.Statistics {
        let encoder = PNGFrameEncoder()
        try renderInPlace(range, redrawAll: redrawAll) { index, frame, changedRows in
            try body(index, try encoder.encode(frame, changedRows: redrawAll ? nil : changedRows))
        }
        return encoder.statistics
    }

    /// A player at time 0 on a tree decoded for it alone (with the scene's canvas as
    /// overridden), as each rendered range uses: its `frame(at: time(of: N))` is frame N.
    public func makePlayer() throws -> ScenePlayer {
        var decoded = try SceneDecoder(registry: scene.registry, limits: scene.limits, fileRoot: scene.fileRoot)
            .decode(scene.document, baseDirectory: scene.baseDirectory, reusing: scene)
        decoded.canvas = scene.canvas
        return ScenePlayer(scene: decoded)
    }

    /// A SHA-256 of everything the frames' pixels depend on: the scene document, the
    /// canvas as overridden, the frame rate, the font set, the pixels of every image,
    /// and `settings` (the caller's encoder choice). Two exports with equal fingerprints
    /// write equal frames, so a folder of frames can be resumed.
    public func fingerprint(settings: String) -> String {
        var text = "frames 1\n\(scene.document.jsonText())\n"
        let c = scene.canvas
        text += "canvas \(c.width) \(c.height) \(c.scale) \(c.background) \(c.alignment)\nfps \(fps)\n"
        text += "fonts \(scene.fonts.fontSet.rawValue)\nsettings \(settings)\n"
        var bytes = Array(text.utf8)
        for (path, image) in scene.images.sorted {
            let b = image.bitmap
            bytes += Array("image \(path) \(b.width)x\(b.height)\n".utf8)
            for y in 0..<b.height {
                bytes += UnsafeRawBufferPointer(start: b.row(y), count: b.width * 4)
            }
        }
        for (path, document) in scene.images.sortedSVGs {
            bytes += Array("svg \(path) \(document.bytes.count)\n".utf8) + document.bytes
        }
        return bytes.withUnsafeBytes { PinnedFonts.sha256($0) }
    }

    /// `range` cut into at most `jobs` contiguous pieces of nearly equal length.
    public static func chunks(_ range: ClosedRange<Int>, jobs: Int) -> [ClosedRange<Int>] {
        let n = max(1, min(jobs, range.count))
        return (0..<n).map { i in
            let lo = range.lowerBound + range.count * i / n, hi = range.lowerBound + range.count * (i + 1) / n - 1
            return lo...hi
        }
    }
}

/// Ranges render on several threads: each decodes its own tree from the scene's JSON
/// document, and what they share (the document, the canvas, the font registry, the
/// decoded images, the registry's decoders) is immutable or locked.
extension FrameExport: @unchecked Sendable {}
