import Foundation

/// The process's resident memory, current and peak, for telling what one workload took.
///
/// On Linux the peak (VmHWM) can be brought back down to the current size
/// (`/proc/self/clear_refs`), so a workload's peak is measured from its own start;
/// elsewhere the peak is the process's so far.
public enum PeakMemory {
    /// Brings the recorded peak down to the current resident size, where the system
    /// allows it. Returns the peak it had until then and the current resident size, in
    /// bytes.
    @discardableResult
    static func reset() -> (peakBefore: Int, current: Int) {
        let before = peak()
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            try? handle.write(contentsOf: Data("5".utf8))
            try? handle.close()
        }
        return (before, status("VmRSS") ?? 0)
    }

    /// The peak resident size in bytes since the last `reset` (Linux), else the process's.
    public static func peak() -> Int {
        if let bytes = status("VmHWM") { return bytes }
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss
        #endif
    }

    /// A `kB` figure of /proc/self/status, in bytes.
    private static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
