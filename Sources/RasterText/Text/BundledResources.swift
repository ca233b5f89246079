import Foundation

/// Where the package's resources (the shipped fonts) are, found without
/// `Bundle.module`, whose accessor stops the process when its bundle is not where the
/// build left it.
///
/// The resource folder `Render_RasterText.resources` is looked for, in order:
/// 1. in `RENDER_RESOURCES`, when set (the folder itself);
/// 2. beside the running executable (how `swift build` lays out every product, and how
///    a copied binary carries it);
/// 3. under an install prefix: `<prefix>/share/render/` for a binary in `<prefix>/bin`;
/// 4. beside each loaded bundle (a test bundle, an app's bundle).
///
/// The first folder holding `Fonts/` wins; none found is `FontError.unreadable` naming
/// the first place looked in and where the folder may be.
package enum BundledResources {
    static let folderName = "Render_RasterText.resources"

    /// Every place looked in, in order.
    static var candidates: [String] {
        var places: [String] = []
        if let env = ProcessInfo.processInfo.environment["RENDER_RESOURCES"], !env.isEmpty { places.append(env) }
        if let exe = executableDirectory {
            places.append((exe as NSString).appendingPathComponent(folderName))
            let prefix = (exe as NSString).deletingLastPathComponent
            places.append(((prefix as NSString).appendingPathComponent("share/render") as NSString).appendingPathComponent(folderName))
        }
        for bundle in [Bundle.main] + Bundle.allBundles {
            places.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(folderName).path)
            places.append(bundle.bundleURL.appendingPathComponent(folderName).path)
        }
        var seen = Set<String>()
        return places.filter { seen.insert($0).inserted }
    }

    /// The folder of the running executable (symlinks resolved), nil when unknown.
    private static var executableDirectory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } ?? ""
        guard !path.isEmpty else { return nil }
        return (path as NSString).deletingLastPathComponent
    }

    /// The resource folder, or the error saying where it was looked for. Found once.
    static let folder: Result<String, FontError> = {
        let places = candidates
        var isFolder: ObjCBool = false
        if let found = places.first(where: {
            FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("Fonts"), isDirectory: &isFolder)
                && isFolder.boolValue
        }) {
            return .success(found)
        }
        return .failure(.unreadable(path: places.first ?? folderName, reason: missingReason))
    }()

    /// Why the folder was not found: one line naming where to put it.
    static let missingReason = "the package's fonts (\(folderName)) are not beside the binary, under <prefix>/share/render or in RENDER_RESOURCES"

    /// One line for a user when the folder is missing, nil when it was found.
    package static var problem: String? {
        guard case .failure = folder else { return nil }
        let first = candidates.first.map { " (looked first in \($0))" } ?? ""
        return missingReason + first
    }

    /// The path of the shipped font file `name`, nil when it or the folder is missing.
    static func font(_ name: String) -> String? {
        guard case .success(let folder) = folder else { return nil }
        let path = ((folder as NSString).appendingPathComponent("Fonts") as NSString).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
