import CCrypto
import Foundation
import RasterCore

/// The fonts `--fonts bundled` falls back to beyond those shipped in the package: files
/// of named Debian package versions, too large to ship, each checked against its SHA-256
/// before first use, so pictures made with them are the same on every machine or the run
/// says why not.
///
/// The CJK collections hold one face per region (Japanese, Korean, Simplified and
/// Traditional Chinese, Hong Kong); a text's language picks one, else its characters do
/// (kana: Japanese, Hangul: Korean, else Simplified Chinese).
package final class PinnedFonts: Sendable {
    static let shared = PinnedFonts()

    /// A pinned file.
    package struct File: Sendable {
        package var name: String
        var directory: String
        var package: String
        var version: String
        package var sha256: String
        package var path: String { directory + "/" + name }
    }

    package static let cjkRegular = File(name: "NotoSansCJK-Regular.ttc", directory: "/usr/share/fonts/opentype/noto",
                                 package: "fonts-noto-cjk", version: "1:20220127+repack1-1",
                                 sha256: "b76b0433203017ca80401b2ee0dd69350349871c4b19d504c34dbdd80541690a")
    package static let cjkBold = File(name: "NotoSansCJK-Bold.ttc", directory: "/usr/share/fonts/opentype/noto",
                              package: "fonts-noto-cjk", version: "1:20220127+repack1-1",
                              sha256: "faa5f3656a78b2e2d450d27fe8382c778bc2b6bb5ea29c986664a6a435056ceb")
    package static let emoji = File(name: "NotoColorEmoji.ttf", directory: "/usr/share/fonts/truetype/noto",
                            package: "fonts-noto-color-emoji", version: "2.042-0+deb12u1",
                            sha256: "e5899ed38b8ed83e08bd3ac5de09791e9d19d288333a796de1d35ad17396f1ec")
    package static let files = [cjkRegular, cjkBold, emoji]

    let emoji: File
    let cjkRegular: File
    let cjkBold: File

    /// A set of pinned files (the shared one pins the Debian 12 packages above).
    package init(emoji: File = PinnedFonts.emoji, cjkRegular: File = PinnedFonts.cjkRegular, cjkBold: File = PinnedFonts.cjkBold) {
        self.emoji = emoji
        self.cjkRegular = cjkRegular
        self.cjkBold = cjkBold
    }

    /// The CJK collection's face for a language.
    package enum Region: Int, Sendable {
        case japanese = 0, korean, simplifiedChinese, traditionalChinese, hongKong
    }

    private struct State: @unchecked Sendable {
        var files: [String: Result<FontFile, FontError>] = [:]
        var faces: [String: FontFace] = [:]
    }

    private let state = Locked(State())

    /// The emoji face, or the error that keeps it from being used.
    func emojiFace() -> Result<FontFace, FontError> {
        face(emoji, index: 0)
    }

    /// The CJK face for `region`, regular or bold by `weight`.
    func cjkFace(region: Region, weight: FontWeight) -> Result<FontFace, FontError> {
        face(weight.value >= 600 ? cjkBold : cjkRegular, index: region.rawValue)
    }

    /// The region a BCP 47 language names, nil for other languages and none.
    static func region(language: String) -> Region? {
        let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
        if tag == "ja" || tag.hasPrefix("ja-") { return .japanese }
        if tag == "ko" || tag.hasPrefix("ko-") { return .korean }
        guard tag == "zh" || tag.hasPrefix("zh-") else { return nil }
        if tag.contains("-hk") || tag.contains("-mo") { return .hongKong }
        if tag.contains("hant") || tag.contains("-tw") { return .traditionalChinese }
        return .simplifiedChinese
    }

    private func face(_ file: File, index: Int) -> Result<FontFace, FontError> {
        let key = "\(file.path)#\(index)"
        return state.withLock { s in
            if let face = s.faces[key] { return .success(face) }
            let opened: Result<FontFile, FontError>
            if let known = s.files[file.path] {
                opened = known
            } else {
                opened = PinnedFonts.open(file)
                s.files[file.path] = opened
            }
            switch opened {
            case .failure(let error): return .failure(error)
            case .success(let bytes):
                do {
                    let face = try FontFace.load(file: bytes, index: index)
                    s.faces[key] = face
                    return .success(face)
                } catch let error as FontError {
                    return .failure(error)
                } catch {
                    return .failure(.unusable(path: file.path, reason: "\(error)"))
                }
            }
        }
    }

    private static func open(_ file: File) -> Result<FontFile, FontError> {
        guard FileManager.default.fileExists(atPath: file.path) else {
            return .failure(.unreadable(path: file.path, reason: "not installed; the bundled font set needs \(file.package) \(file.version) (scripts/deps.sh installs it)"))
        }
        do {
            let bytes = try FontFile.read(path: file.path)
            let digest = sha256(UnsafeRawBufferPointer(bytes.bytes))
            guard digest == file.sha256 else {
                return .failure(.unusable(path: file.path, reason: "its SHA-256 is \(digest.prefix(12))…, not the pinned \(file.sha256.prefix(12))… of \(file.package) \(file.version); install that version or render with --fonts system"))
            }
            return .success(bytes)
        } catch let error as FontError {
            return .failure(error)
        } catch {
            return .failure(.unreadable(path: file.path, reason: "\(error)"))
        }
    }

    /// The SHA-256 of `bytes` in lowercase hex.
    package static func sha256(_ bytes: UnsafeRawBufferPointer) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }
}
