@testable import RasterLayout
import RasterCore
import XCTest

/// A flex cache answers with the newest stored size of the smallest kind that matches
/// (Taffy's order of kinds: both dimensions known first), whatever order the answers
/// were stored in.
final class FlexCacheTests: XCTestCase {
    /// Laid out 100 wide with its height open in 50 points of room.
    private let query = FlexInput(known: OptionalSize(100, nil), definite: .none, parentSize: OptionalSize(nil, nil),
                                  available: AvailableSize(width: .definite(100), height: .definite(50)),
                                  sizingMode: .inherent, runMode: .computeSize)

    /// An answer the query matches: of kind 1 (width known) or of kind 5 (nothing
    /// known, and it came out 100 wide); `tag` tells the answers apart by height.
    private func answer(kind: Int, tag: Double) -> (FlexInput, FlexOutput) {
        var input = query
        if kind == 5 { input.known = OptionalSize(nil, nil) }
        return (input, FlexOutput(size: Size(width: 100, height: tag)))
    }

    private func cached(_ answers: [(kind: Int, tag: Double)]) -> Double? {
        var cache = FlexCache()
        for a in answers {
            let (input, output) = answer(kind: a.kind, tag: a.tag)
            cache.store(input, output, sizesAlike: false)
        }
        return cache.get(query)?.size.height
    }

    func testTheNewestOfTheSmallestKindAnswers() {
        let answers: [(kind: Int, tag: Double)] = [(5, 1), (1, 2), (5, 3), (1, 4), (5, 5)]
        // Every order of the five: the answer is the kind-1 one stored last.
        var orders: [[Int]] = [[]]
        for _ in answers.indices {
            orders = orders.flatMap { order in answers.indices.filter { !order.contains($0) }.map { order + [$0] } }
        }
        XCTAssertEqual(orders.count, 120)
        for order in orders {
            let stored = order.map { answers[$0] }
            let expected = stored.last { $0.kind == 1 }?.tag
            XCTAssertEqual(cached(stored), expected, "stored in the order \(order)")
        }
        // Only kind 5: the newest of those.
        XCTAssertEqual(cached([(5, 1), (5, 3), (5, 5)]), 5)
        XCTAssertEqual(cached([(5, 5), (5, 1)]), 1)
        XCTAssertNil(cached([]))
    }

    /// An answer for another height of room, or another width, is not taken.
    func testAnswersForOtherInputsAreNotTaken() {
        var cache = FlexCache()
        var other = query
        other.available.height = .definite(60)
        cache.store(other, FlexOutput(size: Size(width: 100, height: 7)), sizesAlike: false)
        other = query
        other.known = OptionalSize(90, nil)
        cache.store(other, FlexOutput(size: Size(width: 90, height: 8)), sizesAlike: false)
        XCTAssertNil(cache.get(query))
        cache.store(query, FlexOutput(size: Size(width: 100, height: 9)), sizesAlike: false)
        XCTAssertEqual(cache.get(query)?.size.height, 9)
    }

    /// An answer measured for the content serves the box's own sizing, and the other way
    /// round, only where the caller says the box sizes alike in both modes; sizes and
    /// full layouts alike.
    func testSizingModesShareAnswersOnlyForABoxThatSizesAlike() {
        for runMode in [RunMode.computeSize, .performLayout] {
            for (stored, asked) in [(SizingMode.content, SizingMode.inherent), (.inherent, .content)] {
                var input = query
                input.runMode = runMode
                input.sizingMode = stored
                var question = input
                question.sizingMode = asked
                var shared = FlexCache(), apart = FlexCache()
                shared.store(input, FlexOutput(size: Size(width: 100, height: 3)), sizesAlike: true)
                apart.store(input, FlexOutput(size: Size(width: 100, height: 3)), sizesAlike: false)
                XCTAssertEqual(shared.get(question)?.size.height, 3, "\(runMode) \(stored)")
                XCTAssertNil(apart.get(question), "\(runMode) \(stored)")
                XCTAssertEqual(apart.get(input)?.size.height, 3, "\(runMode) \(stored)")
            }
        }
    }

    /// Only a box with no size, limit or ratio of its own sizes alike in both modes
    /// (padding and clipping do not matter to it).
    func testABoxSizesAlikeOnlyWithoutSizesLimitsOrRatio() {
        XCTAssertTrue(BoxStyle().sizesAlikeInEitherMode)
        XCTAssertTrue(BoxStyle(padding: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), clipsContent: true)
            .sizesAlikeInEitherMode)
        let constrained: [BoxStyle] = [
            BoxStyle(width: .points(10)), BoxStyle(height: .percent(50)), BoxStyle(minWidth: .points(0)),
            BoxStyle(minHeight: .points(1)), BoxStyle(maxWidth: .percent(10)), BoxStyle(maxHeight: .points(5)),
            BoxStyle(aspectRatio: 2),
        ]
        for box in constrained { XCTAssertFalse(box.sizesAlikeInEitherMode, "\(box)") }
    }
}
