import Foundation
import RasterFuzzing

#if FUZZING
/// libFuzzer's entry point (built with `-sanitize=fuzzer -DFUZZING` by `scripts/fuzz`);
/// `FUZZ_TARGET` names the target.
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// libFuzzer's driver, for an executable whose `main` SwiftPM names itself.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The executable's entry point under the name SwiftPM links as `main`: hands control to
/// libFuzzer's driver.
@_cdecl("Fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
#else
/// Without the fuzzer: `fuzz TARGET FILE...` replays saved inputs, one line each.
@main
struct FuzzReplay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                exit(1)
            }
            let start = Date()
            target.run([UInt8](data))
            print(String(format: "%@: ok (%.3f s)", path, Date().timeIntervalSince(start)))
        }
    }
}
#endif
