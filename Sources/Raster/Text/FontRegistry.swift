import Foundation
import Synchronization

/// The fonts text can be set in: families of faces by weight, a default family, and the
/// fallback chain that draws characters a chosen font lacks.
///
/// `FontRegistry.shared` starts with the bundled fonts: Inter (regular, medium,
/// semibold, bold) as the default family and DejaVu Sans (book, bold) as the
/// wide-coverage fallback. Both ship inside the package, so text never depends on the
/// fonts a machine has installed. Register more from files (TTF, OTF, TTC; every face of
/// a collection) or bytes; faces registered with `fallback: true` (an emoji font, a CJK
/// font) join the end of the chain.
///
/// Fallback order for a character: the chosen face, then the default family (nearest
/// weight), then DejaVu Sans, then the registered fallbacks in registration order. A
/// character with emoji presentation tries colour fonts first. Thread-safe.
public final class FontRegistry: Sendable {
    public static let defaultFamily = "Inter"
    public static let fallbackFamily = "DejaVu Sans"

    /// The registry scene rendering and `Font`'s default family use.
    public static let shared = FontRegistry()

    private struct State {
        var families: [String: [FontFace]] = [:]
        var fallbacks: [FontFace] = []
        var chains: [FontFace: [FontFace]] = [:]
    }

    private let state = Mutex(State())

    /// A registry with the bundled fonts (`bundled: false`: an empty one).
    public init(bundled: Bool = true) {
        guard bundled else { return }
        let faces = FontRegistry.bundledFaces
        state.withLock { s in
            for (family, face) in faces { s.families[family, default: []].append(face) }
        }
    }

    /// The bundled faces, opened once per process and shared by every registry.
    private static let bundledFaces: [(String, FontFace)] = {
        let files: [(String, String)] = [
            (defaultFamily, "Inter-Regular.otf"), (defaultFamily, "Inter-Medium.otf"),
            (defaultFamily, "Inter-SemiBold.otf"), (defaultFamily, "Inter-Bold.otf"),
            (fallbackFamily, "DejaVuSans.ttf"), (fallbackFamily, "DejaVuSans-Bold.ttf"),
        ]
        return files.compactMap { family, name in
            guard let path = bundledFontPath(name), let face = try? FontFace.load(path: path).first else { return nil }
            return (family, face)
        }
    }()

    /// Where a bundled font file is, or nil if the resource bundle is missing.
    public static func bundledFontPath(_ name: String) -> String? {
        let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fonts")
        return url?.path
    }

    /// Registers every face of the font file at `path` under `family` (default: the
    /// family name inside the font). Returns the faces.
    /// - Throws: `FontError` naming the file when it is unreadable, not a font, or
    ///   truncated.
    @discardableResult
    public func register(path: String, family: String? = nil, fallback: Bool = false) throws -> [FontFace] {
        let faces = try FontFace.load(path: path)
        register(faces, family: family, fallback: fallback)
        return faces
    }

    /// Registers faces under `family` (default: each face's own family name); with
    /// `fallback`, they also join the fallback chain.
    public func register(_ faces: [FontFace], family: String? = nil, fallback: Bool = false) {
        state.withLock { s in
            for face in faces {
                let name = family ?? face.familyName
                if !(s.families[name]?.contains(face) ?? false) { s.families[name, default: []].append(face) }
                if fallback && !s.fallbacks.contains(face) { s.fallbacks.append(face) }
            }
            s.chains.removeAll()
        }
    }

    /// Registered family names, sorted.
    public var families: [String] { state.withLock { $0.families.keys.sorted() } }

    /// The face of `family` nearest `weight` (CSS weight matching; upright faces
    /// preferred). An empty family is the default family.
    /// - Throws: `FontError.unknownFamily` when no face has that family.
    public func face(family: String, weight: FontWeight) throws -> FontFace {
        let name = family.isEmpty ? FontRegistry.defaultFamily : family
        return try state.withLock { s in
            guard let faces = s.families[name], !faces.isEmpty else {
                throw FontError.unknownFamily(name, known: s.families.keys.sorted())
            }
            return FontRegistry.nearest(faces, weight)
        }
    }

    public func face(for font: Font) throws -> FontFace {
        try face(family: font.family, weight: font.weight)
    }

    private static func nearest(_ faces: [FontFace], _ weight: FontWeight) -> FontFace {
        let upright = faces.filter { !$0.isItalic }
        let pool = upright.isEmpty ? faces : upright
        let best = weight.preference(among: pool.map(\.weight)).first
        return pool.first { $0.weight == best } ?? pool[0]
    }

    /// The faces to try, in order, for characters set in `primary`.
    public func fallbackChain(for primary: FontFace) -> [FontFace] {
        state.withLock { s in
            if let chain = s.chains[primary] { return chain }
            var chain = [primary]
            for family in [FontRegistry.defaultFamily, FontRegistry.fallbackFamily] {
                if let faces = s.families[family], !faces.isEmpty {
                    let f = FontRegistry.nearest(faces, primary.weight)
                    if !chain.contains(f) { chain.append(f) }
                }
            }
            for f in s.fallbacks where !chain.contains(f) { chain.append(f) }
            s.chains[primary] = chain
            return chain
        }
    }
}

extension FontRegistry: Equatable {
    /// Registries are equal only when they are the same registry.
    public static func == (lhs: FontRegistry, rhs: FontRegistry) -> Bool { lhs === rhs }
}
