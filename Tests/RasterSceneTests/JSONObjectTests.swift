import Foundation
import RasterScene
import XCTest

/// `JSONObject` keeps an object's members in one array found by a scan that a mask of
/// key lengths cuts short. What must hold whatever the shortcut: a key is found exactly
/// when a `String` equal to it (by canonical equivalence, as a dictionary compares keys)
/// is asked for, a repeated key keeps its last value, and equality and hashing ignore
/// the order of the members, as they did for the dictionary it replaces.
final class JSONObjectTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONObject {
        guard case .object(let o) = try JSONValue.parse(Data(text.utf8)) else { throw SceneError(path: "", message: "not an object") }
        return o
    }

    /// Every key written is found by itself and by nothing else of its length or of
    /// another, in objects the parser made and objects made from their members; the
    /// dictionary of the same members is the reference.
    func testLookups_FindWhatADictionaryFinds() throws {
        let keys = ["a", "b", "ab", "ba", "K", "type", "fill", "frame", "width", "height", "cornerRadius", "x\u{e9}",
                    "\u{212A}"]
        let asked = keys + ["c", "abc", "tyPe", "fil", "frames", "xe\u{301}", "K", "k", "\u{e9}", ""]
        var generator = SeededGenerator(state: 7)
        for round in 0..<200 {
            // A random subset of the keys, written in a random order, some twice.
            var written = keys.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
            if round % 3 == 0, let again = written.randomElement(using: &generator) { written.append(again) }
            let text = "{" + written.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
            let made = JSONObject(written.enumerated().map { ($1, JSONValue.number(Double($0))) })
            var reference: [String: JSONValue] = [:]
            for (i, key) in written.enumerated() { reference[key] = .number(Double(i)) }
            for object in [try parse(text), made] {
                XCTAssertEqual(object.count, reference.count, text)
                for name in asked {
                    XCTAssertEqual(object[name], reference[name], "\(name) in \(text)")
                    XCTAssertEqual(object.index(of: name) != nil, reference[name] != nil, "\(name) in \(text)")
                }
            }
        }
    }

    /// A repeated key keeps its last value in objects small enough to be scanned for
    /// repeats and in those deduplicated through a dictionary, as Python's `json` does.
    func testRepeatedKeys_KeepTheirLastValue() throws {
        for count in [2, 15, 16, 17, 40] {
            // Keys k0..k(count-1), then every third written again with a new value.
            var members = (0..<count).map { ("k\($0)", $0) }
            members += stride(from: 0, to: count, by: 3).map { ("k\($0)", 1_000 + $0) }
            let text = "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
            let made = JSONObject(members.map { ($0.0, JSONValue.number(Double($0.1))) })
            for object in [try parse(text), made] {
                XCTAssertEqual(object.count, count, text)
                for i in 0..<count {
                    XCTAssertEqual(object["k\(i)"], .number(Double(i % 3 == 0 ? 1_000 + i : i)), "k\(i) of \(count)")
                }
                XCTAssertEqual(object.keys, (0..<count).map { "k\($0)" }, "each key in its first place")
            }
        }
    }

    /// Equal members in another order make an equal object with the same hash; one value
    /// changed, or one member more, makes a different one.
    func testEqualityAndHash_IgnoreTheOrder() throws {
        for count in [3, 20] {
            let forward = try parse("{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}")
            let backward = try parse("{" + (0..<count).reversed().map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}")
            XCTAssertEqual(forward, backward)
            XCTAssertEqual(forward.hashValue, backward.hashValue)
            var changed = backward
            changed["k1"] = .number(-1)
            XCTAssertNotEqual(forward, changed)
            var more = backward
            more["extra"] = .null
            XCTAssertNotEqual(forward, more)
        }
    }

    /// Setting, removing and merging keep lookups right: a removed key is not found and
    /// a mask widened by a key that is not ASCII still finds every ASCII key.
    func testEdits_KeepLookupsRight() throws {
        var object: JSONObject = ["type": "Text", "text": "a"]
        object["fill"] = "red"
        XCTAssertEqual(object["fill"], "red")
        object["type"] = nil
        XCTAssertNil(object["type"])
        XCTAssertEqual(object["text"], "a")
        object["fill"] = nil
        XCTAssertNil(object["fill"])
        object.merge(["caf\u{e9}": 1, "text": "b"]) { _, new in new }
        XCTAssertEqual(object["cafe\u{301}"], 1)
        XCTAssertEqual(object["text"], "b")
        XCTAssertEqual(object.keys, ["text", "caf\u{e9}"])
        XCTAssertEqual(object, ["caf\u{e9}": 1, "text": "b"])
    }
}

/// A reproducible source of random choices (a 64-bit LCG).
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state ^ (state >> 29)
    }
}
