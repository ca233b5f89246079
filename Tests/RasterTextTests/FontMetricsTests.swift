@testable import RasterText
import XCTest

/// Vertical metrics read from a face record that FreeType filled from a hostile font.
final class FontMetricsTests: XCTestCase {
    /// A descender of -32768 (the most negative 16-bit value, which a fuzzed font gave)
    /// is 32768 below the baseline, not an overflow.
    func testTheMostNegativeDescenderIsReadWithoutOverflow() throws {
        let m = try XCTUnwrap(FontFace.verticalMetrics(unitsPerEm: 1000, ascender: 800, descender: Int(Int16.min),
                                                       height: 1200))
        XCTAssertEqual(m.0, 1000)
        XCTAssertEqual(m.1, 800)
        XCTAssertEqual(m.2, 32768)
        XCTAssertEqual(m.3, 0, "a line height below ascender plus descender leaves no gap")
        let normal = try XCTUnwrap(FontFace.verticalMetrics(unitsPerEm: 2048, ascender: 1900, descender: -500, height: 2600))
        XCTAssertEqual(normal.2, 500)
        XCTAssertEqual(normal.3, 200)
        XCTAssertNil(FontFace.verticalMetrics(unitsPerEm: 0, ascender: 1, descender: -1, height: 2))
    }
}
