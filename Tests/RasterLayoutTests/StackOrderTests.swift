@testable import RasterLayout
import RasterCore
import XCTest

/// The order a stack serves its children in is SwiftUI's: highest layout priority
/// first, then least flexible, and stack order between equals. It is checked against
/// that rule written as one stable sort over every child, on random stacks with few
/// distinct priorities and flexibilities (so that ties are common), and the estimates
/// are asked only of children that share their priority.
final class StackOrderTests: XCTestCase {
    private typealias Estimate = StackAlgorithm.FlexibilityEstimate

    /// The rule as one comparison, sorted with the index as the last key.
    private func reference(_ priorities: [Double], _ estimates: [Estimate]) -> [Int] {
        (0..<priorities.count).sorted { a, b in
            if priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
            let ea = estimates[a], eb = estimates[b]
            return ea < eb || (!(eb < ea) && a < b)
        }
    }

    func testOrderMatchesOneStableSort() {
        var generator = SystemRandomNumberGenerator()
        let lengths: [Double] = [0, 10, 20, .infinity]
        var sortedCases = 0, unsortedCases = 0
        for trial in 0..<2_000 {
            let n = Int.random(in: 0...12, using: &generator)
            let levels = trial % 3 == 0 ? [0.0] : [0, 1, -2]
            let priorities = (0..<n).map { _ in levels.randomElement(using: &generator) ?? 0 }
            let estimates = (0..<n).map { _ -> Estimate in
                let low = lengths.dropLast().randomElement(using: &generator) ?? 0
                let high = max(low, lengths.randomElement(using: &generator) ?? 0)
                return Estimate(minLength: low, maxLength: high)
            }
            var asked = Set<Int>()
            let order = StackAlgorithm.order(priorities: priorities) { i in
                asked.insert(i)
                return estimates[i]
            }
            let expected = reference(priorities, estimates)
            XCTAssertEqual(order, expected, "priorities \(priorities), estimates \(estimates)")
            let shared = Set((0..<n).filter { i in priorities.indices.contains { $0 != i && priorities[$0] == priorities[i] } })
            XCTAssertEqual(asked, shared, "estimates asked of children alone in their priority, or not of a shared one")
            if expected == Array(0..<n) { sortedCases += 1 } else { unsortedCases += 1 }
        }
        // Both paths ran: lists already in order and lists that needed sorting.
        XCTAssertGreaterThan(sortedCases, 100)
        XCTAssertGreaterThan(unsortedCases, 100)
    }

    /// Equal children of one priority keep stack order, and a more flexible child
    /// earlier in the stack goes after a less flexible one.
    func testExamples() {
        let fixed = Estimate(minLength: 10, maxLength: 10)
        let flexible = Estimate(minLength: 0, maxLength: .infinity)
        XCTAssertEqual(StackAlgorithm.order(priorities: [0, 0, 0]) { _ in fixed }, [0, 1, 2])
        let estimates = [flexible, fixed, flexible, fixed]
        XCTAssertEqual(StackAlgorithm.order(priorities: [0, 0, 0, 0]) { estimates[$0] }, [1, 3, 0, 2])
        XCTAssertEqual(StackAlgorithm.order(priorities: [0, 1, 0, 1]) { estimates[$0] }, [1, 3, 0, 2])
        XCTAssertEqual(StackAlgorithm.order(priorities: [0, 0, 5, 0]) { estimates[$0] }, [2, 1, 3, 0])
    }
}
