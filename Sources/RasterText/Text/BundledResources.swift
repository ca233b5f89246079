import CEmbeddedFonts
import Foundation

/// The package's shipped fonts: built into the binary (`CEmbeddedFonts`), unless a
/// resource folder on disk overrides them.
///
/// A folder `Render_RasterText.resources` holding `Fonts/` is looked for, in order:
/// 1. in `RENDER_RESOURCES`, when set (the folder itself);
/// 2. beside the running executable;
/// 3. under an install prefix: `<prefix>/share/render/` for a binary in `<prefix>/bin`;
/// 4. beside each loaded bundle (a test bundle, an app's bundle).
///
/// A shipped file found in the first such folder is read from there; every other one
/// comes from the binary, so a binary copied alone anywhere still has all of them.
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

    /// The overriding resource folder, nil when there is none (the built-in fonts
    /// serve). Found once.
    static let folder: String? = {
        var isFolder: ObjCBool = false
        return candidates.first {
            FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("Fonts"), isDirectory: &isFolder)
                && isFolder.boolValue
        }
    }()

    /// The path of shipped font file `name` in the overriding folder, nil when there is
    /// no folder or it lacks the file.
    static func fontPath(_ name: String) -> String? {
        guard let folder else { return nil }
        let path = ((folder as NSString).appendingPathComponent("Fonts") as NSString).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The bytes of shipped font file `name` built into the binary, nil for a name that
    /// is not one of them. They live as long as the process.
    static func builtInFont(_ name: String) -> UnsafeRawBufferPointer? {
        var length = 0
        guard let start = cef_font(name, &length) else { return nil }
        return UnsafeRawBufferPointer(start: start, count: length)
    }

    /// The names of the font files built into the binary, in the order they were built in.
    static var builtInFontNames: [String] {
        var names: [String] = []
        while let name = cef_font_name(names.count) { names.append(String(cString: name)) }
        return names
    }

    /// Built-in font file `name`, read in place and named "built-in:NAME" where a path
    /// would be (errors, font reports); nil for a name that is not built in.
    static func builtInFile(_ name: String) -> FontFile? {
        builtInFont(name).map { FontFile(path: "built-in:\(name)", staticBytes: $0) }
    }

    /// The faces of shipped font file `name`: the overriding folder's file when it has
    /// one that opens, else the one built into the binary; empty for a name that is
    /// neither.
    static func faces(_ name: String) -> [FontFace] {
        if let path = fontPath(name), let faces = try? FontFace.load(path: path), !faces.isEmpty { return faces }
        return builtInFile(name).flatMap { try? FontFace.load(file: $0) } ?? []
    }
}
