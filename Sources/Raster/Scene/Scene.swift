import Foundation

/// A decoded scene file: the canvas and the node tree (the shape subset of the
/// scene contract; see docs/ARCHITECTURE.md for what is decoded so far).
public struct Scene: Sendable {
    public var canvas: SceneCanvas
    public var root: SceneNode
    /// The folder relative paths in the scene resolve against.
    public var baseDirectory: String
    /// The bundled fonts plus the scene's `fonts` map.
    public var fonts: FontRegistry = .shared
}

public struct SceneCanvas: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var background: Color
    public var alignment: Alignment

    /// The largest output accepted, in pixels (width × height × scale²).
    public static let maxPixels = 100_000_000
}

/// Where content sits inside a larger box (the ZStack alignment names).
public struct Alignment: Hashable, Sendable {
    /// 0 = leading/top, 0.5 = centre, 1 = trailing/bottom.
    public var x: Double
    public var y: Double

    public static let names: [String: Alignment] = [
        "center": .init(x: 0.5, y: 0.5), "topLeading": .init(x: 0, y: 0), "top": .init(x: 0.5, y: 0),
        "topTrailing": .init(x: 1, y: 0), "leading": .init(x: 0, y: 0.5), "trailing": .init(x: 1, y: 0.5),
        "bottomLeading": .init(x: 0, y: 1), "bottom": .init(x: 0.5, y: 1), "bottomTrailing": .init(x: 1, y: 1),
    ]
    public static let center = Alignment(x: 0.5, y: 0.5)
    public static let topLeading = Alignment(x: 0, y: 0)
    public static let top = Alignment(x: 0.5, y: 0)
    public static let topTrailing = Alignment(x: 1, y: 0)
    public static let leading = Alignment(x: 0, y: 0.5)
    public static let trailing = Alignment(x: 1, y: 0.5)
    public static let bottomLeading = Alignment(x: 0, y: 1)
    public static let bottom = Alignment(x: 0.5, y: 1)
    public static let bottomTrailing = Alignment(x: 1, y: 1)
}

/// A paint as written in a scene (colours are resolved while decoding).
public typealias ScenePaint = Fill

public struct SceneStroke: Hashable, Sendable {
    public var paint: ScenePaint
    public var width: Double
    public var dash: [Double]
    public var dashPhase: Double
    public var cap: StrokeStyle.Cap
    public var join: StrokeStyle.Join
}

public struct SceneShadow: Hashable, Sendable {
    public var color: Color
    /// CSS blur radius (σ = radius / 2).
    public var radius: Double
    public var offset: Point
    public var opacity: Double
}

public struct SceneFrame: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var maxHeight: Double?
    public var alignment: Alignment = .center
}

/// One node of the tree with the props every node takes and its type's own.
public struct SceneNode: Sendable, Hashable {
    public enum Kind: Hashable, Sendable {
        case zStack(children: [SceneNode], alignment: Alignment)
        case rectangle
        case roundedRectangle(cornerRadius: Double)
        case circle
        case path(Path, fillRule: FillRule)
        case text(AttributedText, ParagraphStyle)
    }

    public var kind: Kind
    public var id: String?
    /// Shape props.
    public var fill: ScenePaint?
    public var stroke: SceneStroke?
    public var width: Double?
    public var height: Double?
    public var smoothCorners = false
    // Props every node takes.
    public var padding = EdgeInsets.zero
    public var frame: SceneFrame?
    public var offset = Point.zero
    public var opacity = 1.0
    public var scale = 1.0
    public var rotation = 0.0
    public var background: ScenePaint?
    public var cornerRadius = 0.0
    public var clip = false
    public var borderColor: Color?
    public var borderWidth = 0.0
    public var shadow: SceneShadow?
    public var hidden = false
}
