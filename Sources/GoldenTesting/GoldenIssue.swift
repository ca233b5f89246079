import XCTest
#if canImport(Testing)
import Testing
#endif

/// Reports a golden failure to the test framework running it: Swift Testing when a
/// Swift Testing test is current, XCTest otherwise.
public enum GoldenIssue {
    public static func record(_ message: String, at site: GoldenCallSite) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: "\(site.fileID)", filePath: site.path,
                                                        line: Int(site.line), column: Int(site.column)))
            return
        }
        #endif
        XCTFail(message, file: site.filePath, line: site.line)
    }
}
