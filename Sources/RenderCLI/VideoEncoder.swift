import Foundation
import Raster

/// A video, animated GIF or animated WebP made by ffmpeg from frames streamed to its standard input as
/// raw straight-alpha RGBA (no temporary images). ffmpeg writes a temporary file beside
/// the target, renamed into place once it finished cleanly; a failure or `cancel()`
/// removes it, so the target is never half-written.
///
/// - MP4 and MOV: H.264, yuv420p (odd sizes padded by one row or column), quality CRF 18.
/// - WebM: VP9 with alpha (yuva420p), CRF 30.
/// - GIF: a palette made for the whole clip (transparency kept), looping.
/// - WebP: animated, lossless (libwebp through ffmpeg's libwebp_anim), looping: every
///   frame's pixels exactly (fully transparent ones keep only their alpha).
final class VideoEncoder {
    enum Container: String, CaseIterable {
        case mp4, mov, webm, gif, webp
    }

    /// ffmpeg's path from `PATH`, nil when it is not installed.
    static var ffmpeg: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let path: String
    let width: Int
    let height: Int
    private let temporary: String
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let errorText = Locked<Data>(Data())
    private let errorReader = DispatchGroup()

    init(path: String, container: Container, width: Int, height: Int, fps: Double) throws {
        guard let ffmpeg = Self.ffmpeg else {
            throw CommandFailure(description: "\(path): writing .\(container.rawValue) needs ffmpeg, which is not installed (apt-get install ffmpeg, or scripts/deps.sh)")
        }
        self.path = path
        self.width = width
        self.height = height
        let url = URL(fileURLWithPath: path)
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
        let codec: [String]
        switch container {
        case .mp4, .mov:
            codec = ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
                     "-movflags", "+faststart", "-f", container.rawValue]
        case .webm:
            codec = ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "30", "-b:v", "0", "-f", "webm"]
        case .gif:
            codec = ["-filter_complex", "split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse",
                     "-loop", "0", "-f", "gif"]
        case .webp:
            codec = ["-c:v", "libwebp_anim", "-lossless", "1", "-pix_fmt", "bgra", "-loop", "0", "-f", "webp"]
        }
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-s", "\(width)x\(height)", "-framerate", PropType.format(fps), "-i", "pipe:0"] + codec + [temporary]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandFailure(description: "\(path): cannot start ffmpeg (\(ffmpeg))")
        }
        // Read ffmpeg's messages as they come, so a full pipe never blocks it.
        let handle = errors.fileHandleForReading
        let text = errorText, group = errorReader
        group.enter()
        DispatchQueue.global().async {
            let data = handle.readDataToEndOfFile()
            text.withLock { $0 = data }
            group.leave()
        }
    }

    /// Sends one frame (the size given at the start).
    func append(_ bitmap: Bitmap) throws {
        do {
            try input.fileHandleForWriting.write(contentsOf: bitmap.straightRGBA())
        } catch {
            cancel()
            throw CommandFailure(description: "\(path): ffmpeg stopped reading frames\(lastMessage.map { ": \($0)" } ?? "")")
        }
    }

    /// Ends the stream, waits for ffmpeg and moves its file into place.
    func finish() throws {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        errorReader.wait()
        guard process.terminationStatus == 0 else {
            unlink(temporary)
            throw CommandFailure(description: "\(path): ffmpeg failed\(lastMessage.map { ": \($0)" } ?? " (status \(process.terminationStatus))")")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandFailure(description: "\(path): cannot write: \(reason)")
        }
    }

    /// Stops ffmpeg and removes its partial file.
    func cancel() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        errorReader.wait()
        unlink(temporary)
    }

    /// ffmpeg's last line of error output, shortened.
    private var lastMessage: String? {
        errorReader.wait()
        let lines = String(decoding: errorText.withLock { $0 }, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.last { !$0.isEmpty }.map { $0.count > 160 ? String($0.prefix(159)) + "…" : $0 }
    }
}
