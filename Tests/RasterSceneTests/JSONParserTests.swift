import Foundation
import RasterScene
import XCTest

/// The scene parser against Python's `json` module (strict: no NaN or Infinity) as the
/// reference: the same documents accepted, the same values read (numbers to the same
/// double), the same documents refused; errors name line and column; and its cost stays
/// linear in nesting. One deliberate difference: a lone surrogate escape, which Python
/// keeps in its string, is refused (a Swift string cannot hold one).
final class JSONParserTests: XCTestCase {
    /// The reference's readings of `texts`: each value (re-encoded by the reference and
    /// read back exactly) or nil when it refuses the text.
    private func reference(_ texts: [String]) throws -> [JSONValue?] {
        // The readings come back with every string character escaped, so that reading
        // them back takes the parser's escape path, not the fast paths under test.
        let script = """
        import json, sys
        def refuse(name): raise ValueError(name)
        def escaped(s):
            out = []
            for c in s:
                o = ord(c)
                if o >= 0x10000:
                    o -= 0x10000
                    out.append('\\\\u%04x\\\\u%04x' % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
                else:
                    out.append('\\\\u%04x' % o)
            return '"' + ''.join(out) + '"'
        def encode(v):
            if isinstance(v, str): return escaped(v)
            if isinstance(v, list): return '[' + ','.join(map(encode, v)) + ']'
            if isinstance(v, dict): return '{' + ','.join(escaped(k) + ':' + encode(x) for k, x in v.items()) + '}'
            return json.dumps(v)
        out = []
        for text in json.load(sys.stdin):
            try:
                out.append([json.loads(text, parse_constant=refuse)])
            except ValueError:
                out.append(None)
        sys.stdout.write(encode(out))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(JSONValue.array(texts.map(JSONValue.string)).jsonText().utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, case .array(let results) = try JSONValue.parse(data) else {
            throw SceneError(path: "", message: "python3 did not run")
        }
        return results.map { result in
            if case .array(let wrapped) = result { return wrapped.first }
            return nil
        }
    }

    private func ours(_ text: String) -> JSONValue? { try? JSONValue.parse(Data(text.utf8)) }

    private func assertLikeTheReference(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try reference(texts)
        for (text, want) in zip(texts, expected) {
            XCTAssertEqual(ours(text), want, text, file: file, line: line)
        }
    }

    /// Decimals of up to 16 digits with the point anywhere (the parser's exact fast
    /// path and the longer ones past it) read to the reference's double, bit for bit.
    func testDecimals_ReadToTheReferencesDouble() throws {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var texts = ["-0.0", "0.1", "0.3", "-1.5", "999999999999999.9", "1.000000000000001", "123456789012345",
                     "0.000000000000001", "9007199254740993", "4.35"]
        for _ in 0..<400 {
            let count = 1 + next(16)
            var digits = String(1 + next(9)) + (1..<count).map { _ in String(next(10)) }.joined()
            let point = next(count + 1)  // count or 0: no point
            if point > 0, point < count { digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point)) }
            texts.append((next(2) == 0 ? "-" : "") + digits)
        }
        let expected = try reference(texts)
        for (text, want) in zip(texts, expected) {
            guard case .number(let reference)? = want, case .number(let read)? = ours(text) else {
                XCTFail("\(text) is not a number to one of the parsers"); continue
            }
            XCTAssertEqual(read.bitPattern, reference.bitPattern, text)
        }
    }

    func testValidDocuments_ReadAsTheReferenceReadsThem() throws {
        let documents = [
            #"{"a": 1, "b": [true, false, null], "c": {"d": "e"}}"#,
            #"[0, -0, 1.5, -2.25e3, 1E-7, 12345678901234567890, 0.1]"#,
            #""\u00e9\u4e2d\ud83d\ude00 \"quoted\" \\ \/ \b\f\n\r\t""#,
            #"{"emoji": "👩‍👩‍👧", "rtl": "مرحبا", "empty": "", "nested": [[[[[]]]]]}"#,
            " \n\t{ \"spaces\" : [ 1 , 2 ] } \r\n",
            #"{"dup": 1, "dup": 2}"#,
            #"{"a": 1, "b": 2, "a": 3, "c": {"b": 4, "b": 5}}"#,
            // Short strings read again are found by their bytes: these differ only past
            // their eighth byte, or by their length.
            #"[{"abcdefghijklmnop": 1, "abcdefghijklmnoq": 2}, "abcdefgh", "abcdefghi", "abcdefgh", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnoq", "", "a", "a", "b"]"#,
            // More such strings than the parser keeps, so that many share a slot.
            "[" + (0..<3_000).map { #""prefix..\#($0 % 997)\#(String(repeating: "x", count: $0 % 5))""# }.joined(separator: ",") + "]",
            "{" + (0..<40).map { #""k\#($0 % 23)": \#($0)"# }.joined(separator: ", ") + "}",
            "3.141592653589793",
            "[1e308, -1e-308, 5e-324]",
        ]
        XCTAssertFalse(try reference(documents).contains { $0 == nil }, "the reference reads them all")
        try assertLikeTheReference(documents)
    }

    func testInvalidDocuments_AreRefusedAsTheReferenceRefusesThem() throws {
        let documents = [
            #"{"a": 1,}"#, "[1, 2,]", "[01]", "[1.]", "[.5]", "[+1]", "['single']", "[NaN]", "[Infinity]",
            #"{"a" 1}"#, #"{a: 1}"#, "[1 2]", #""unterminated"#, "[\"tab\there\"]", #"["\x"]"#, #"["\u12"]"#,
            "[1] [2]", "", "   ", "tru", "nul", "[1e]", "[1e+]", "[-]", #"{"a": }"#,
        ]
        XCTAssertTrue(try reference(documents).allSatisfy { $0 == nil }, "the reference refuses them all")
        try assertLikeTheReference(documents)
    }

    /// Strings written by `jsonText()` escape quotes, backslashes, control characters
    /// and line separators, stay on one line, and read back in the reference as the same
    /// strings.
    func testWrittenStrings_ReadBackInTheReference() throws {
        let strings = ["plain", "a\"b\\c", "line\nbreak\r\ttab", "\u{0}\u{1F}\u{7F}\u{85}", "a\u{2028}b\u{2029}c", "émoji 👋"]
        let written = strings.map { JSONValue.string($0).jsonText() }
        for text in written { XCTAssertFalse(text.contains("\n") || text.contains("\u{2028}"), text) }
        XCTAssertEqual(try reference(written), strings.map { JSONValue.string($0) })
    }

    func testNumbersBeyondADouble_AreRefused() {
        // Python reads 1e999 as infinity; a scene has no use for it.
        XCTAssertThrowsError(try JSONValue.parse(Data("[1e999]".utf8))) { error in
            XCTAssertTrue("\(error)".contains("too large"), "\(error)")
        }
    }

    func testLoneSurrogatesAndBadUTF8_AreRefusedWithTheirPlace() {
        for text in [#"["\ud800"]"#, #"["\udc00x"]"#, #"["\ud800\u0041"]"#] {
            XCTAssertThrowsError(try JSONValue.parse(Data(text.utf8)), text) { error in
                XCTAssertTrue("\(error)".contains("lone surrogate"), "\(error)")
            }
        }
        var bytes = Array(#"{"a": "x"#.utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Array(#""}"#.utf8))
        XCTAssertThrowsError(try JSONValue.parse(Data(bytes))) { error in
            XCTAssertTrue("\(error)".contains("line 1, column 7") && "\(error)".contains("UTF-8"), "\(error)")
        }
    }

    func testErrors_NameLineAndColumn() {
        let text = "{\n  \"a\": 1,\n  \"b\" 2\n}"
        XCTAssertThrowsError(try JSONValue.parse(Data(text.utf8))) { error in
            XCTAssertTrue("\(error)".contains("line 3, column 7: unexpected '2', expected ':'"), "\(error)")
        }
    }

    func testRandomDocuments_ReadAsTheReferenceReadsThem() throws {
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        func value(_ depth: Int) -> Any {
            switch next(depth > 3 ? 4 : 6) {
            case 0: return NSNull()
            case 1: return next(2) == 0
            case 2: return Double(next(2_000_000) - 1_000_000) / Double([1, 10, 1000, 7][next(4)])
            case 3: return String((0..<next(8)).map { _ in Character(Unicode.Scalar([0x41, 0x3B1, 0x4E2D, 0x1F600, 0x22, 0x5C, 0x0A][next(7)])!) })
            case 4: return (0..<next(5)).map { _ in value(depth + 1) }
            default: return Dictionary(uniqueKeysWithValues: (0..<next(5)).map { ("k\($0)", value(depth + 1)) })
            }
        }
        let texts = try (0..<300).map { _ in
            String(decoding: try JSONSerialization.data(withJSONObject: value(0), options: [.fragmentsAllowed]), as: UTF8.self)
        }
        try assertLikeTheReference(texts)
    }

    func testDeepNesting_IsRefusedPastTheLimitAndFastBelowIt() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        XCTAssertThrowsError(try JSONValue.parse(Data(deep.utf8))) { error in
            XCTAssertTrue("\(error)".contains("nested more than 512 levels deep"), "\(error)")
        }
        // 500 levels, each an object holding the next and a few siblings: parsed in one pass.
        var text = "1"
        for level in 0..<500 { text = #"{"a": [1, 2, 3], "level": \#(level), "next": \#(text)}"# }
        let value = try JSONValue.parse(Data(text.utf8))
        guard case .object(let top) = value else { return XCTFail("not an object") }
        XCTAssertEqual(top["level"], .number(499))
    }
}
