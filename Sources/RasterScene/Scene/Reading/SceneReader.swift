import Foundation
import RasterCore

/// Typed access to one JSON value with its path, so every decoding error names where
/// it happened and what was expected.
///
/// The path is kept as a chain of keys and indices and spelled out only when asked for
/// (an error, a record of where a node is), so reading a prop costs no string work.
public struct SceneReader {
    /// The value read.
    public let value: JSONValue
    private let location: Location

    /// A reader of `value` at the written path `path` (empty for the document).
    public init(_ value: JSONValue, path: String) {
        self.value = value
        location = .text(path)
    }

    private init(_ value: JSONValue, location: Location) {
        self.value = value
        self.location = location
    }

    /// A reader of `value` at this reader's place (an edited version of the value).
    func replacingValue(_ value: JSONValue) -> SceneReader { SceneReader(value, location: location) }

    /// Where the value is, as errors name it: `root.children[2].frame`.
    public var path: String { location.text }

    /// A path as the steps that led to it from a written prefix.
    private indirect enum Location {
        case text(String)
        case key(Location, String)
        case index(Location, Int)

        var text: String {
            var steps: [Location] = []
            var at = self
            while true {
                switch at {
                case .text(let prefix):
                    var out = prefix
                    for step in steps.reversed() {
                        switch step {
                        case .key(_, let k): out += out.isEmpty ? k : ".\(k)"
                        case .index(_, let i): out += "[\(i)]"
                        case .text: break
                        }
                    }
                    return out
                case .key(let parent, _), .index(let parent, _):
                    steps.append(at)
                    at = parent
                }
            }
        }
    }

    /// An error at this value's path.
    public func error(_ message: String) -> SceneError { SceneError(path: path, message: message) }

    /// An error saying `what` was expected and what kind of value was found.
    public func expected(_ what: String) -> SceneError {
        error("expected \(what), found \(value.kindName)")
    }

    /// A reader of `v`, found under `key` of this value.
    public func child(_ key: String, _ v: JSONValue) -> SceneReader {
        SceneReader(v, location: .key(location, key))
    }

    /// The value as an object.
    public func object() throws -> JSONObject {
        guard case .object(let o) = value else { throw expected("an object") }
        return o
    }

    /// The value's items as readers, each with its index in the path.
    public func array() throws -> [SceneReader] {
        guard case .array(let a) = value else { throw expected("an array") }
        return a.enumerated().map { SceneReader($1, location: .index(location, $0)) }
    }

    /// The value as a finite number.
    public func number() throws -> Double {
        guard case .number(let d) = value else { throw expected("a number") }
        // Only YAML can write these (`.nan`, `.inf`); the message spells them its way.
        guard d.isFinite else { throw error("expected a finite number, found \(d.isNaN ? ".nan" : d < 0 ? "-.inf" : ".inf")") }
        return d
    }

    /// A finite number inside `range`.
    public func number(in range: ClosedRange<Double>) throws -> Double {
        let d = try number()
        guard range.contains(d) else { throw error("expected a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(format(d))") }
        return d
    }

    /// The value as a boolean.
    public func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw expected("true or false") }
        return b
    }

    /// The value as a string.
    public func string() throws -> String {
        guard case .string(let s) = value else { throw expected("a string") }
        return s
    }

    /// The item at `index` of an array value (the caller has checked the bounds).
    func item(_ index: Int, _ v: JSONValue) -> SceneReader {
        SceneReader(v, location: .index(location, index))
    }

    /// One of the given names.
    public func name(of choices: [String]) throws -> String {
        let s = try string()
        guard choices.contains(s) else {
            let list = choices.map { "'\($0)'" }.joined(separator: ", ")
            let shown = list.count <= 80 ? list : list.prefix(79) + "…"
            throw error("expected one of \(shown), found '\(shortened(s))'\(NameSuggestion.hint(for: s, in: choices))")
        }
        return s
    }

    /// `[x, y]`.
    public func pair() throws -> (Double, Double) {
        let items = try array()
        guard items.count == 2 else { throw error("expected an array of two numbers [x, y], found \(items.count) items") }
        return (try items[0].number(), try items[1].number())
    }

    func format(_ d: Double) -> String { PropType.format(d) }

    /// A value from the input as an error message quotes it (`EchoedValue`).
    package func shortened(_ s: String) -> String { EchoedValue.shortened(s) }
}

