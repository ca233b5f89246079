import Foundation
import Raster

/// Where an assertion was made: the source location failures point at, and what a
/// reference is named after when the call gives no name.
///
/// The default name is `<test file>/<test function>`, for example
/// `CardTests/testCompactLayout` (argument labels and parentheses dropped, characters
/// other than letters, digits, `.`, `_` and `-` replaced by `_`). The second unnamed
/// assertion of one test function adds `.2`, the third `.3`, in the order they run
/// within the process; give a name to tests that assert in loops or take arguments.
public struct GoldenCallSite: Sendable {
    public let fileID: StaticString
    public let filePath: StaticString
    public let function: StaticString
    public let line: UInt
    public let column: UInt

    public init(fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
                line: UInt = #line, column: UInt = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.function = function
        self.line = line
        self.column = column
    }

    var path: String { "\(filePath)" }

    /// The test file's name without its extension.
    var fileStem: String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".swift") ? String(last.dropLast(6)) : last
    }

    /// `file:line`, for messages.
    var location: String { "\(path):\(line)" }

    private static let counters = Locked<[String: Int]>([:])
    private static let roots = Locked<[String: URL]>([:])

    /// The reference name for an unnamed assertion, numbering repeats within a test.
    func nextDefaultName() -> String {
        let base = "\(Self.sanitized(fileStem))/\(Self.sanitized(Self.functionName("\(function)")))"
        let n = Self.counters.withLock { counters -> Int in
            let n = (counters[base] ?? 0) + 1
            counters[base] = n
            return n
        }
        return n == 1 ? base : "\(base).\(n)"
    }

    /// `testFoo()` and `renders(card:)` become `testFoo` and `renders`.
    static func functionName(_ function: String) -> String {
        let name = function.split(separator: "(", maxSplits: 1).first.map(String.init) ?? function
        return name.isEmpty ? "golden" : name
    }

    static func sanitized(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    }

    /// The nearest folder above the test file that holds `Package.swift` (the working
    /// directory when there is none).
    var packageRoot: URL {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        if let known = Self.roots.withLock({ $0[directory.path] }) { return known }
        var url = directory
        var found = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while url.path != "/" && !url.path.isEmpty {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                found = url
                break
            }
            url.deleteLastPathComponent()
        }
        Self.roots.withLock { $0[directory.path] = found }
        return found
    }
}
