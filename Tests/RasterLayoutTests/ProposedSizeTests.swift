import RasterLayout
import XCTest

/// A proposal stores an unspecified dimension as a NaN bit pattern of its own; it must
/// still read, compare and hash exactly as a pair of optional doubles does.
final class ProposedSizeTests: XCTestCase {
    private let samples: [Double?] = [nil, 0, -0.0, 1, 320.5, .infinity, -.infinity, .nan, .greatestFiniteMagnitude]

    func testEveryDimensionReadsBackAsGiven() {
        for w in samples {
            for h in samples {
                let p = ProposedSize(width: w, height: h)
                XCTAssertEqual(p.width == nil, w == nil, "width \(String(describing: w))")
                XCTAssertEqual(p.height == nil, h == nil, "height \(String(describing: h))")
                if let w { XCTAssertEqual(p.width!.bitPattern, w.bitPattern) }
                if let h { XCTAssertEqual(p.height!.bitPattern, h.bitPattern) }
            }
        }
    }

    /// Setting a dimension to nil and back, by property and by axis.
    func testSettingDimensions() {
        var p = ProposedSize(width: 10, height: nil)
        p.width = nil
        XCTAssertNil(p.width)
        p[.vertical] = 5
        XCTAssertEqual(p.height, 5)
        p[.horizontal] = .infinity
        XCTAssertEqual(p, ProposedSize(width: .infinity, height: 5))
        XCTAssertEqual(ProposedSize.unspecified, ProposedSize(width: nil, height: nil))
        XCTAssertNotEqual(ProposedSize(width: nil, height: 0), ProposedSize(width: 0, height: 0))
    }

    /// Equality and hashing are those of the optionals: a NaN length equals nothing, an
    /// unspecified dimension equals an unspecified one, and equal proposals hash alike.
    func testEqualityAndHashingMatchOptionals() {
        for w1 in samples {
            for h1 in samples {
                for w2 in samples {
                    for h2 in samples {
                        let a = ProposedSize(width: w1, height: h1), b = ProposedSize(width: w2, height: h2)
                        XCTAssertEqual(a == b, w1 == w2 && h1 == h2, "\(a) vs \(b)")
                        if a == b { XCTAssertEqual(a.hashValue, b.hashValue) }
                    }
                }
            }
        }
        var pair = Hasher(), proposal = Hasher()
        pair.combine(Optional(3.0))
        pair.combine(Optional<Double>.none)
        ProposedSize(width: 3, height: nil).hash(into: &proposal)
        XCTAssertEqual(pair.finalize(), proposal.finalize())
    }
}
