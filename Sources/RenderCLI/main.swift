import Foundation
import Raster
import RasterBench

let names = CommandLine.arguments.count > 1 ? CommandLine.arguments[1].split(separator: ",").map(String.init) : Workloads.names
for name in names {
    guard let w = try Workloads.make(name) else { continue }
    let r = try BenchRunner().run(w, saveTo: "/tmp/benchout")
    print(name, String(format: "%.2f ms", r.medianMS), r.bytes.map { "\($0) bytes" } ?? "")
}
