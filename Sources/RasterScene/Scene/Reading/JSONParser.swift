import Foundation

/// A strict JSON parser (RFC 8259) straight to `JSONValue`, in one pass over the bytes.
///
/// Its cost is linear in the size of the document whatever its nesting (a decoder that
/// tracks a coding path per value is quadratic in the depth), and its errors name the
/// line and column. Strings must be valid UTF-8 with valid escapes (a lone surrogate is
/// an error); numbers follow JSON's grammar and are read as the nearest `Double`.
///
/// Invariant: `index` only moves forward, never past `bytes.count`; every read of
/// `bytes[index]` is preceded by a check that `index < bytes.count`.
struct JSONParser {
    /// Arrays and objects nested deeper than this are refused (`SceneLimits.maxNesting`).
    static let maxNesting = SceneLimits.maxNesting

    /// The document, valid for the parser's lifetime (`parse(_:)` scopes it).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// The members of the objects being read, innermost last: an object's members are
    /// gathered here and its array is made once, at its size, when it closes.
    private var members: [JSONObject.Entry] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value of the JSON document in `data`.
    /// - Throws: `JSONSyntaxError` naming the line, the column and what was expected.
    static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(raw.bindMemory(to: UInt8.self))
            return try parser.parse()
        }
    }

    private mutating func parse() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipSpace()
        let value = try parseValue()
        skipSpace()
        guard index == bytes.count else { throw error("unexpected \(describe(index)) after the document") }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of the document, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString().text)
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describe(index)), expected a value")
        }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxNesting else { throw error("nested more than \(Self.maxNesting) levels deep") }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        index += 1
        skipSpace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object([:])
        }
        let first = members.count
        var gathering = JSONObject.Gathering()
        while true {
            skipSpace()
            guard peek(UInt8(ascii: "\"")) else { throw error("unexpected \(describe(index)), expected a key in quotes") }
            let (key, ascii) = try parseString()
            skipSpace()
            guard peek(UInt8(ascii: ":")) else { throw error("unexpected \(describe(index)), expected ':' after the key") }
            index += 1
            skipSpace()
            let value = try parseValue()
            gathering.add(key, ascii: ascii, value, to: &members, from: first)
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "}")) {
                index += 1
                depth -= 1
                let object = JSONObject(gathered: Array(members[first...]), lengths: gathering.lengths)
                members.removeSubrange(first...)
                return .object(object)
            } else {
                throw error("unexpected \(describe(index)), expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        index += 1
        var array: [JSONValue] = []
        skipSpace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(array)
        }
        while true {
            skipSpace()
            array.append(try parseValue())
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
            } else if peek(UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                return .array(array)
            } else {
                throw error("unexpected \(describe(index)), expected ',' or ']'")
            }
        }
    }

    /// The string at `index` (a quote), and whether it was written in ASCII without
    /// escapes (false says nothing: an escape may stand for an ASCII character).
    private mutating func parseString() throws -> (text: String, ascii: Bool) {
        let start = index
        index += 1
        // Most strings have no escapes: their text is the bytes between the quotes.
        var end = index
        var ascii = true
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") {
                let text: String
                if ascii && end - index <= Interned.maxCount {
                    text = interned(from: index, count: end - index)
                } else if ascii {
                    // ASCII is valid UTF-8 as it is.
                    text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                } else {
                    guard let valid = String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) else {
                        throw error("a string that is not valid UTF-8", at: start)
                    }
                    text = valid
                }
                index = end + 1
                return (text, ascii)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            if b >= 0x80 { ascii = false }
            end += 1
        }
        var run = index
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                scalars.append(contentsOf: bytes[run..<index])
                index += 1
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    throw error("a string that is not valid UTF-8", at: start)
                }
                return (text, false)
            }
            if b < 0x20 { throw error("a control character inside a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                scalars.append(contentsOf: bytes[run..<index])
                try parseEscape(into: &scalars)
                run = index
            } else {
                index += 1
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws {
        index += 1
        guard index < bytes.count else { throw error("unterminated escape") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(c)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a lone surrogate \\u\(String(code, radix: 16, uppercase: true)) in a string")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a lone surrogate \\u\(String(code, radix: 16, uppercase: true)) in a string")
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw error("a lone surrogate \\u\(String(code, radix: 16, uppercase: true)) in a string")
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("an invalid \\u escape") }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error("an invalid escape '\\\(Character(Unicode.Scalar(c)))' in a string", at: index - 2)
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            v = v << 4 | UInt32(d)
            index += 1
        }
        return v
    }

    /// A short ASCII string read before, by its bytes: keys and many values repeat (every
    /// node writes `type`, a list's rows write the same props and colours), and finding
    /// one here costs less than making it again.
    private struct Interned {
        /// The longest string kept: its bytes fit `low` and `high`.
        static let maxCount = 16
        /// The string's bytes, little-endian, zero past its end.
        var low: UInt64 = 0, high: UInt64 = 0
        /// Its length, -1 for an empty slot.
        var count = -1
        var text = ""
    }

    /// Slots of strings read before, picked by their bytes (a later string that picks a
    /// taken slot replaces it).
    private var internedStrings = [Interned](repeating: Interned(), count: 256)

    /// The ASCII string of the `count` bytes (at most `Interned.maxCount`) at `start`:
    /// the one read before with the same bytes, else made and kept.
    private mutating func interned(from start: Int, count: Int) -> String {
        var words: (low: UInt64, high: UInt64) = (0, 0)
        let source = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]))
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: source) }
        let mix = (words.low ^ (words.high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: mix >> 56)
        if internedStrings[slot].count == count && internedStrings[slot].low == words.low
            && internedStrings[slot].high == words.high {
            return internedStrings[slot].text
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]), as: UTF8.self)
        internedStrings[slot] = Interned(low: words.low, high: words.high, count: count, text: text)
        return text
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func parseNumber() throws -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else if digits() == 0 {
            throw error("a number needs digits", at: start)
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'", at: start) }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent", at: start) }
        }
        // Up to 15 digits without an exponent: the digits are an exact integer and the
        // power of ten that scales them is exact, so one division rounds correctly
        // (Clinger's fast path).
        let negative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start + 1 : start
        if index - digitsStart <= 16 {
            var v = 0, count = 0, fraction = -1
            for i in digitsStart..<index {
                let b = bytes[i]
                if b == UInt8(ascii: ".") { fraction = 0; continue }
                guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { count = 16; break }
                v = v * 10 + Int(b - UInt8(ascii: "0"))
                count += 1
                if fraction >= 0 { fraction += 1 }
            }
            if count <= 15 {
                let magnitude = fraction > 0 ? Double(v) / Self.powersOfTen[fraction] : Double(v)
                return negative ? -magnitude : magnitude
            }
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) else {
            throw error("an invalid number", at: start)
        }
        guard value.isFinite else { throw error("a number too large for a double", at: start) }
        return value
    }

    /// 10⁰ to 10¹⁵, each exact as a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { (0..<$0).reduce(1.0) { x, _ in x * 10 } }

    private mutating func expectWord(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard index + n <= bytes.count,
              word.withUTF8Buffer({ w in bytes[index..<(index + n)].elementsEqual(w) }) else {
            throw error("unexpected \(describe(index)), expected a value")
        }
        index += n
    }

    // MARK: - Bytes

    private func peek(_ b: UInt8) -> Bool { index < bytes.count && bytes[index] == b }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The character at `i`, as a message quotes it.
    private func describe(_ i: Int) -> String {
        guard i < bytes.count else { return "end of the document" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return String(format: "byte 0x%02X", b)
    }

    private func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let at = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for b in bytes[..<at] {
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}

/// A JSON syntax error with where it is (1-based line and column, in characters).
struct JSONSyntaxError: Error, CustomStringConvertible {
    let line: Int
    let column: Int
    let message: String

    var description: String { "line \(line), column \(column): \(message)" }
}
