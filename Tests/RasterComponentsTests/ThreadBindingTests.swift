import Foundation
@testable import RasterComponents
import XCTest

/// `ThreadBinding`: what the update pass uses instead of a task-local value, so it must
/// behave as one for synchronous code.
final class ThreadBindingTests: XCTestCase {
    private final class Seen: @unchecked Sendable {
        var marker: Marker? = Marker("unset")
    }

    private final class Marker: @unchecked Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    func testBinding_IsSeenInsideOnly_AndNestedBindingsRestoreTheOuterOne() {
        let binding = ThreadBinding<Marker>()
        let outer = Marker("outer"), inner = Marker("inner")
        XCTAssertNil(binding.current)
        binding.withValue(outer) {
            XCTAssertTrue(binding.current === outer)
            binding.withValue(inner) { XCTAssertTrue(binding.current === inner) }
            XCTAssertTrue(binding.current === outer)
            binding.withValue(nil) { XCTAssertNil(binding.current) }
            XCTAssertTrue(binding.current === outer)
        }
        XCTAssertNil(binding.current)
    }

    func testBinding_IsRestoredWhenTheBodyThrows() {
        struct Failure: Error {}
        let binding = ThreadBinding<Marker>()
        let outer = Marker("outer")
        binding.withValue(outer) {
            do {
                try binding.withValue(Marker("inner")) { throw Failure() }
                XCTFail("the body threw")
            } catch {
                XCTAssertTrue(binding.current === outer)
            }
        }
    }

    func testBinding_IsPerThread_AndKeepsItsValueAlive() {
        let binding = ThreadBinding<Marker>()
        weak var released: Marker?
        binding.withValue(Marker("only the binding holds it")) {
            released = binding.current
            XCTAssertEqual(binding.current?.name, "only the binding holds it")
            let seen = Seen()
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                seen.marker = binding.current
                done.signal()
            }
            thread.start()
            done.wait()
            XCTAssertNil(seen.marker)
        }
        XCTAssertNil(released)
        XCTAssertNil(binding.current)
    }
}
