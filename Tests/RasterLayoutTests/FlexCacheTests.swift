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
            cache.store(input, output, sizesAlike: false, definitenessAlike: false)
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
        cache.store(other, FlexOutput(size: Size(width: 100, height: 7)), sizesAlike: false, definitenessAlike: false)
        other = query
        other.known = OptionalSize(90, nil)
        cache.store(other, FlexOutput(size: Size(width: 90, height: 8)), sizesAlike: false, definitenessAlike: false)
        XCTAssertNil(cache.get(query))
        cache.store(query, FlexOutput(size: Size(width: 100, height: 9)), sizesAlike: false, definitenessAlike: false)
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
                shared.store(input, FlexOutput(size: Size(width: 100, height: 3)), sizesAlike: true, definitenessAlike: false)
                apart.store(input, FlexOutput(size: Size(width: 100, height: 3)), sizesAlike: false, definitenessAlike: false)
                XCTAssertEqual(shared.get(question)?.size.height, 3, "\(runMode) \(stored)")
                XCTAssertNil(apart.get(question), "\(runMode) \(stored)")
                XCTAssertEqual(apart.get(input)?.size.height, 3, "\(runMode) \(stored)")
            }
        }
    }

    /// A known size matches an answer for the same size differently definite, or an open
    /// size that came out at it where the question's is definite, only where the caller
    /// stored it as alike in any definiteness (nothing in the subtree reads it), and the
    /// open size was not sized under a min-content constraint; sizes and full layouts alike.
    func testDefinitenessIsComparedUnlessTheSubtreeReadsNone() {
        for runMode in [RunMode.computeSize, .performLayout] {
            var measured = query  // 100 wide, height open in 50 points, nothing definite
            measured.runMode = runMode
            var sameKnown = measured  // the same width, now definite
            sameKnown.definite = AxisFlags(width: true, height: false)
            var cameOut = measured  // the height it came out at, definite
            cameOut.known.height = 20
            cameOut.definite = AxisFlags(width: false, height: true)
            var indefinite = cameOut  // that height again, not definite
            indefinite.definite = .none
            var otherHeight = cameOut  // another height
            otherHeight.known.height = 21
            otherHeight.definite = AxisFlags(width: false, height: false)
            let answer = FlexOutput(size: Size(width: 100, height: 20))
            var alike = FlexCache(), apart = FlexCache()
            alike.store(measured, answer, sizesAlike: false, definitenessAlike: true)
            apart.store(measured, answer, sizesAlike: false, definitenessAlike: false)
            for question in [sameKnown, cameOut] {
                XCTAssertEqual(alike.get(question)?.size.height, 20, "\(runMode) \(question.definite)")
                XCTAssertNil(apart.get(question), "\(runMode) \(question.definite)")
            }
            XCTAssertEqual(apart.get(indefinite)?.size.height, 20, "\(runMode)")
            XCTAssertEqual(alike.get(indefinite)?.size.height, 20, "\(runMode)")
            XCTAssertNil(alike.get(otherHeight), "\(runMode)")
            // Measured under a min-content constraint, an answer serves no definite size.
            var minContent = measured
            minContent.available.height = .minContent
            var squeezed = FlexCache()
            squeezed.store(minContent, answer, sizesAlike: false, definitenessAlike: true)
            XCTAssertNil(squeezed.get(cameOut), "\(runMode)")
            XCTAssertEqual(squeezed.get(indefinite)?.size.height, 20, "\(runMode)")
        }
    }

    /// Only percentages, aspect ratios and absolute positioning read definiteness.
    func testOnlyPercentagesRatiosAndAbsoluteBoxesReadDefiniteness() {
        XCTAssertFalse(BoxStyle(width: .points(10), maxHeight: .points(3), padding: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            .readsDefiniteness)
        XCTAssertFalse(FlexContainerStyle().readsDefiniteness)
        var grown = FlexItemStyle()
        grown.grow = 1
        grown.basis = .points(4)
        grown.margin = DimensionEdges(top: .points(1), left: .auto, bottom: .points(2), right: .points(3))
        XCTAssertFalse(grown.readsDefiniteness)
        let boxes: [BoxStyle] = [
            BoxStyle(width: .percent(0.5)), BoxStyle(height: .percent(1)), BoxStyle(minWidth: .percent(0)),
            BoxStyle(minHeight: .percent(0.1)), BoxStyle(maxWidth: .percent(2)), BoxStyle(maxHeight: .percent(1)),
            BoxStyle(aspectRatio: 1.5),
        ]
        for box in boxes {
            XCTAssertTrue(box.readsDefiniteness, "\(box)")
        }
        var items: [FlexItemStyle] = []
        for change in 0..<4 {
            var item = FlexItemStyle()
            switch change {
            case 0: item.basis = .percent(0.5)
            case 1: item.margin.left = .percent(0.1)
            case 2: item.insets.top = .percent(0.1)
            default: item.isAbsolute = true
            }
            items.append(item)
        }
        for item in items {
            XCTAssertTrue(item.readsDefiniteness, "\(item)")
        }
        var gapped = FlexContainerStyle()
        gapped.rowGap = .percent(0.1)
        XCTAssertTrue(gapped.readsDefiniteness)
        var columnGapped = FlexContainerStyle()
        columnGapped.columnGap = .percent(0.1)
        XCTAssertTrue(columnGapped.readsDefiniteness)
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
