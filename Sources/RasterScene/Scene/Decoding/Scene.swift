import Foundation
import RasterComponents
import RasterCore
import RasterText

/// A decoded scene file: the canvas, the component tree built from `root`, the shared
/// environment it renders in (theme, fonts, styles) and the timeline, if any.
public struct Scene {
    /// The output size, scale, background and root alignment.
    public var canvas: SceneCanvas
    /// The root node's component (every node with an id is a `SceneNode`).
    public var root: AnyComponent<Empty>
    /// Theme, semantic colours, fonts and styles, as the file sets them.
    public var environment: EnvironmentValues
    /// The events of the file's `animation`; nil when it has none.
    public var timeline: SceneTimeline?
    /// The folder relative paths in the scene resolve against.
    public var baseDirectory: String
    /// The node type of every id, sorted by id.
    public var nodeTypes: [String: String]
    /// The parsed file.
    public var document: JSONValue
    /// The decoded node model `root` was built from, which a `ScenePlayer` copies and
    /// edits as its timeline runs.
    var model: SceneModel?
    /// The registry the scene was decoded with.
    public var registry: SceneRegistry
    /// The images the scene's nodes show, decoded once.
    public var images: SceneImageCache
    /// Every Text node of the file, with its JSON path.
    public var texts: [SceneText] = []
    /// What rendering the scene may cost (the decoder's limits).
    public var limits: SceneLimits = .default
    /// The folder the scene's files are confined to (the decoder's `fileRoot`).
    public var fileRoot: String?
    /// Every file the scene names (images, fonts, also those only a timeline event
    /// inserts), as paths relative to the working folder or absolute, sorted. Empty for a
    /// scene decoded `reusing` another (its fonts are not read again).
    public var files: [String] = []

    /// The bundled fonts plus the scene's `fonts` map.
    public var fonts: FontRegistry { environment.fonts }

    /// For each Text that falls back to other fonts, lacks characters or needs a pinned
    /// font that cannot be used: its path and what happened, in file order. Equal texts
    /// are looked at once (a list repeats its labels).
    public func fontReport() -> [(path: String, use: FontUse)] {
        var seen: [AttributedText: FontUse?] = [:]
        return texts.compactMap { t in
            let use: FontUse?
            if let known = seen[t.text] {
                use = known
            } else {
                use = try? FontUse(t.text, registry: fonts)
                seen[t.text] = use
            }
            guard let use, !use.isPlain else { return nil }
            return (t.path, use)
        }
    }
}

/// A Text node of a scene file: where it is and its text.
public struct SceneText: Sendable {
    /// The JSON path of the Text node.
    public var path: String
    /// Its text with the fonts and attributes it is drawn with.
    public var text: AttributedText
}

/// The `canvas` section: the output size in points, pixels per point, the colour
/// under everything and where the root sits when smaller than the canvas.
public struct SceneCanvas: Sendable, Hashable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Pixels per point of the output.
    public var scale: Double
    /// The colour the scene is drawn over.
    public var background: Color
    /// Where the root is placed in the canvas when it is smaller.
    public var alignment: Alignment

    /// The largest output accepted, in pixels (width × height × scale²):
    /// `Bitmap.maxImagePixels`.
    public static let maxPixels = Bitmap.maxImagePixels

    /// The output size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        (Int((width * scale).rounded(.up)), Int((height * scale).rounded(.up)))
    }

    /// Throws when the output would exceed `maxPixels`.
    public func checkSize(path: String = "canvas") throws {
        let (w, h) = pixelSize
        guard Double(w) * Double(h) <= Double(Self.maxPixels) else {
            throw SceneError(path: path, message: "the canvas is \(w)x\(h) pixels at scale \(PropType.format(scale)), more than the limit of \(Self.maxPixels) pixels")
        }
    }
}
