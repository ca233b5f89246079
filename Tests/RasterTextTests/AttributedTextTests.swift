import RasterCore
import RasterText
import XCTest

/// An attributed text hashes its spans when they are set (the layout caches look a text
/// up several times per measurement); a paragraph style hashes its numbers and flags.
final class AttributedTextTests: XCTestCase {
    private let font = Font.system(size: 15)

    func testATextEditedInPlaceEqualsAndHashesAsOneMadeWithItsSpans() {
        var edited = AttributedText([TextSpan("Hello", font: font), TextSpan(" world", font: font)])
        edited.spans[1].text = " there"
        edited.spans.append(TextSpan("!", font: font, color: .white))
        let made = AttributedText([TextSpan("Hello", font: font), TextSpan(" there", font: font),
                                   TextSpan("!", font: font, color: .white)])
        XCTAssertEqual(edited, made)
        XCTAssertEqual(edited.hashValue, made.hashValue)
        let table = [made: 1]
        XCTAssertEqual(table[edited], 1, "a lookup with the edited text finds the entry of the made one")

        var other = made
        other.spans[2].paint = .solid(.black)
        XCTAssertNotEqual(other, made, "a span's paint is part of the text")
        XCTAssertNil(table[other])
    }

    func testParagraphStylesDifferingOnlyInTheirEnumerationsAreKeptApart() {
        let base = ParagraphStyle()
        var centred = base
        centred.alignment = .center
        var rightToLeft = base
        rightToLeft.direction = .rtl
        XCTAssertNotEqual(base, centred)
        XCTAssertNotEqual(base, rightToLeft)
        let table = [base: "base", centred: "centred", rightToLeft: "rtl"]
        XCTAssertEqual(table.count, 3)
        XCTAssertEqual(table[centred], "centred")
        XCTAssertEqual(table[rightToLeft], "rtl")
        XCTAssertEqual(table[ParagraphStyle()], "base")
    }
}
