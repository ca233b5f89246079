import Foundation
import RasterCore

/// Output of finished bytes (a PNG, an animated PNG, a frame) to where the user asked.
///
/// - `-` is standard output, written directly.
/// - An existing path that is not a regular file (a device such as `/dev/null` or
///   `/dev/full`, a named pipe, a socket) is opened and written in place, so the node
///   stays what it is.
/// - Anything else is a regular file, written atomically: a temporary file in the same
///   folder, then `rename(2)` over the target. A failure removes the temporary file, so
///   the target is either its old self or complete, and nothing else is left behind.
///
/// Every failure is a `PNGError` of kind `.io` with one line naming the path and the
/// system's reason (`no space left on device`, `broken pipe`, `permission denied`, `is a
/// folder`). Writes retry after interruptions and continue after short counts.
public enum FileOutput {
    /// The name messages use for standard output.
    public static let standardOutputName = "standard output"

    /// Writes `bytes` to standard error, best effort: there is nowhere to report a
    /// failure to write an error.
    public static func writeStandardError(_ bytes: [UInt8]) {
        try? writeAll(bytes, to: STDERR_FILENO, name: "standard error")
    }

    /// Writes `bytes` to `path` as the type describes (`-`: standard output).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" { return try writeStandardOutput(bytes) }
        try writeAtomically(bytes, to: path)
    }

    /// Writes `bytes` to standard output.
    public static func writeStandardOutput(_ bytes: [UInt8]) throws {
        if closedAtStart.withLock({ $0.contains(STDOUT_FILENO) }) {
            throw PNGError(kind: .io, message: "cannot write: it was closed when the program started", path: standardOutputName)
        }
        try writeAll(bytes, to: STDOUT_FILENO, name: standardOutputName)
    }

    /// The standard streams that were closed when `reserveStandardStreams` ran.
    private static let closedAtStart = Locked<Set<Int32>>([])

    /// Opens `/dev/null` on any of descriptors 0, 1 and 2 that is closed, so that no file
    /// the program opens later takes its number (a PNG meant for a closed standard output
    /// would otherwise land in whatever file took descriptor 1). Writing to standard
    /// output then fails with a clear error instead. Call once, first thing in `main`.
    public static func reserveStandardStreams() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            guard null >= 0 else { continue }
            if null != fd {
                dup2(null, fd)
                close(null)
            }
            closedAtStart.withLock { _ = $0.insert(fd) }
        }
    }

    /// Writes `bytes` to the file at `path`: in place when it exists and is not a regular
    /// file, else through a temporary file and a rename.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        guard !path.isEmpty else {
            throw PNGError(kind: .io, message: "the output path is empty")
        }
        var info = stat()
        if stat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { throw failure(path, "it is a folder") }
            if kind != S_IFREG { return try writeInPlace(bytes, to: path) }
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else { throw failure(path, reason(errno, folder: true)) }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else { throw failure(path, "\(folder) is not a folder") }
        let temporary = (folder as NSString).appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path, reason(errno, folder: true)) }
        do {
            try writeAll(bytes, to: fd, name: path)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        // close(2) reports write errors some file systems defer (NFS, quotas).
        guard close(fd) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, reason(code))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(path, reason(code))
        }
    }

    /// Writes to an existing device, pipe or socket without replacing it.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, reason(errno)) }
        defer { close(fd) }
        try writeAll(bytes, to: fd, name: path)
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure(name, reason(errno))
                }
                if n == 0 { throw failure(name, "the device takes no more bytes") }
                offset += n
            }
        }
    }

    private static func failure(_ path: String, _ reason: String) -> PNGError {
        PNGError(kind: .io, message: "cannot write: \(reason)", path: path)
    }

    /// The system's reason in lower case (`no space left on device`), with the folder
    /// named where the error is about it.
    private static func reason(_ code: Int32, folder: Bool = false) -> String {
        switch code {
        case ENOENT where folder: return "no such folder"
        case EACCES where folder, EPERM where folder: return "permission denied in its folder"
        case EROFS: return "the file system is read-only"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
