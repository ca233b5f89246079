import CKernels

/// The five PNG row filters (PNG specification section 9) for 4-byte pixels, and the
/// adaptive choice between them.
///
/// Invariants: `apply` writes exactly `count` residual bytes; `previous` is the unfiltered
/// row above (all zeros for the first row); the loops (the `CKernels` filter kernels)
/// read only unfiltered rows, so they have no loop-carried dependency and vectorise.
enum PNGRowFilter: UInt8, CaseIterable, Sendable {
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4

    func apply(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
               into out: UnsafeMutablePointer<UInt8>) {
        ck_png_filter(rawValue, row, previous, count, out)
    }

    /// The usual heuristic for the adaptive choice: the sum of residuals read as signed bytes.
    static func cost(_ residuals: UnsafePointer<UInt8>, count: Int) -> Int {
        Int(ck_png_filter_cost(residuals, count))
    }
}
