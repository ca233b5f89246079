import RasterComponents
import RasterCore
import XCTest

final class ColorValueTests: XCTestCase {
    /// `ColorValue("...")` reads a colour as scene files write it.
    func testColorValue_ReadsColoursAsScenesWriteThem() {
        XCTAssertEqual(ColorValue("#FF000080"), .fixed(Color(r: 255, g: 0, b: 0, a: 128)))
        XCTAssertEqual(ColorValue("red"), .fixed(Color(r: 255, g: 0, b: 0)))
        XCTAssertEqual(ColorValue("RebeccaPurple"), .fixed(Color(r: 0x66, g: 0x33, b: 0x99)))
        XCTAssertEqual(ColorValue("rgb(0 0 255 / 50%)"), .fixed(Color(r: 0, g: 0, b: 255, a: 128)))
        XCTAssertEqual(ColorValue("clear"), .fixed(.clear))
        XCTAssertEqual(ColorValue("accent"), .accent, "the theme's names stay semantic")
        XCTAssertEqual(ColorValue("brand"), .semantic(SemanticColor("brand")), "a name of the theme's own")
        // With the names a scene defines: they win over CSS's; hex is never a name.
        XCTAssertEqual(ColorValue("red", isSemantic: { $0 == "red" }), .semantic(SemanticColor("red")))
        XCTAssertEqual(ColorValue("blue", isSemantic: { $0 == "red" }), .fixed(Color(r: 0, g: 0, b: 255)))
        XCTAssertNil(ColorValue("#12", isSemantic: { _ in true }))
        XCTAssertNil(ColorValue("brand", isSemantic: { _ in false }))
    }
}
