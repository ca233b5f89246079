/// The members of a JSON object in the order they were first written, each key once: a
/// repeated key keeps the place of its first member and the value of its last. Keys
/// compare as `String`s do (by canonical equivalence), as a dictionary's keys would.
///
/// A scene's objects are small (a node writes a handful of props) and are read by asking
/// for names, most of them absent. So the members are one array, found by a scan that a
/// mask of key lengths cuts short, and no key is hashed: neither when the parser makes
/// the object nor when a decoder asks for a name. Objects of more than
/// `Self.hashedDeduplication` members are deduplicated through a dictionary when made.
///
/// Invariants: no two members have equal keys; `lengths` has bit `n % 64` set for every
/// ASCII key of `n` UTF-8 bytes, and every bit once any key is not ASCII (such a key may
/// equal a name of another length).
public struct JSONObject: Sendable {
    /// One member: a key and its value.
    public typealias Member = (key: String, value: JSONValue)

    /// A member as the object keeps it (a struct, which arrays copy with its own code
    /// where a tuple goes through the runtime's generic copy).
    struct Entry {
        var key: String
        var value: JSONValue
    }

    private var members: [Entry]
    /// See the invariants.
    private(set) var lengths: UInt64

    /// Objects with more members than this are deduplicated through a dictionary.
    static let hashedDeduplication = 16

    /// An empty object.
    public init() {
        members = []
        lengths = 0
    }

    /// The members in order; a repeated key keeps its first place and its last value.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        var entries: [Entry] = []
        entries.reserveCapacity(members.underestimatedCount)
        var gathering = Gathering()
        for (key, value) in members { gathering.add(key, ascii: key.isASCIIKey, value, to: &entries, from: 0) }
        self.init(gathered: entries, lengths: gathering.lengths)
    }

    /// The members in order, as `init(_:)` takes them.
    public init<S: Sequence>(uniqueKeysWithValues members: S) where S.Element == (String, JSONValue) {
        self.init(members)
    }

    /// A dictionary's entries, in the order of their keys (a dictionary has none of its own).
    public init(_ dictionary: [String: JSONValue]) {
        self.init(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Members a `Gathering` gathered, with its `lengths`.
    init(gathered members: [Entry], lengths: UInt64) {
        self.members = members
        self.lengths = lengths
    }

    /// The bit of `key` in `lengths`; `ascii` says whether the key is ASCII (false when
    /// not known: every bit).
    @inline(__always)
    static func lengthBit(_ key: String, ascii: Bool) -> UInt64 {
        ascii ? 1 << UInt64(key.utf8.count & 63) : ~0
    }

    /// An object's members gathered one by one as they are written, at the end of an
    /// array from `first` (the parser gathers every open object's members in one array):
    /// a repeated key gives its value to the member already there. A key whose bit is not
    /// yet in `lengths` cannot repeat an earlier one, so most keys are never compared;
    /// past `hashedDeduplication` members they are found through a dictionary instead.
    struct Gathering {
        /// `JSONObject.lengths` of the keys gathered so far.
        private(set) var lengths: UInt64 = 0
        /// Where each key is, once the object is too large to scan for repeats.
        private var places: [String: Int]?

        /// Adds `key` (ASCII when `ascii` says so) with `value` to `members[first...]`.
        @inline(__always)
        mutating func add(_ key: consuming String, ascii: Bool, _ value: consuming JSONValue, to members: inout [Entry],
                          from first: Int) {
            let bit = JSONObject.lengthBit(key, ascii: ascii)
            if lengths & bit == 0 && places == nil && members.count - first < JSONObject.hashedDeduplication {
                // A new length in a small object: a new key.
                members.append(Entry(key: key, value: value))
                lengths |= bit
                return
            }
            addChecked(key, bit: bit, value, to: &members, from: first)
        }

        /// `add` for a key that may repeat an earlier one.
        private mutating func addChecked(_ key: String, bit: UInt64, _ value: JSONValue, to members: inout [Entry],
                                         from first: Int) {
            if places == nil && members.count - first >= JSONObject.hashedDeduplication {
                var found: [String: Int] = [:]
                for i in first..<members.count { found[members[i].key] = i }
                places = found
            }
            let earlier = places.map { $0[key] } ?? members[first...].firstIndex { $0.key == key }
            if let earlier {
                members[earlier].value = value
            } else {
                places?[key] = members.count
                members.append(Entry(key: key, value: value))
            }
            lengths |= bit
        }
    }

    // MARK: - Lookup

    /// The position of the member whose key equals `name`.
    public func index(of name: String) -> Int? {
        name.isASCIIKey ? index(ofASCII: name) : members.firstIndex { $0.key == name }
    }

    /// `index(of:)` for a name known to be ASCII (a prop name as a decoder asks for it):
    /// only keys of its length, or any key when one is not ASCII, can equal it. Inlined,
    /// so that the length of a name written in the code is known when compiled.
    @inline(__always)
    func index(ofASCII name: String) -> Int? {
        let length = name.utf8.count
        guard lengths & (1 << UInt64(length & 63)) != 0 else { return nil }
        return search(name, length: length)
    }

    /// The value of `name`, a name known to be ASCII (`index(ofASCII:)`).
    @inline(__always)
    func value(ofASCII name: String) -> JSONValue? {
        index(ofASCII: name).map { members[$0].value }
    }

    private func search(_ name: String, length: Int) -> Int? {
        let anyWide = lengths == ~0
        return members.withUnsafeBufferPointer { buffer in
            for i in buffer.indices where (anyWide || buffer[i].key.utf8.count == length) && buffer[i].key == name {
                return i
            }
            return nil
        }
    }

    /// The value of `key`; setting nil removes the member, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { index(of: key).map { members[$0].value } }
        set {
            if let i = index(of: key) {
                if let newValue {
                    members[i].value = newValue
                } else {
                    members.remove(at: i)
                    lengths = members.reduce(0) { $0 | Self.lengthBit($1.key, ascii: $1.key.isASCIIKey) }
                }
            } else if let newValue {
                members.append(Entry(key: key, value: newValue))
                lengths |= Self.lengthBit(key, ascii: key.isASCIIKey)
            }
        }
    }

    /// Adds `other`'s members: a key both have takes `combine(ours, theirs)` in its place
    /// here, a new key is appended.
    public mutating func merge(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue) rethrows {
        for m in other.members {
            if let i = index(of: m.key) {
                members[i].value = try combine(members[i].value, m.value)
            } else {
                members.append(m)
                lengths |= Self.lengthBit(m.key, ascii: m.key.isASCIIKey)
            }
        }
    }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }
    /// The values transformed where `transform` gives one, keyed as here.
    public func compactMapValues<T>(_ transform: (JSONValue) throws -> T?) rethrows -> [String: T] {
        var out: [String: T] = [:]
        for m in members { if let v = try transform(m.value) { out[m.key] = v } }
        return out
    }

    /// The members sorted by key.
    public var sortedMembers: [Member] { members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
}

extension JSONObject: RandomAccessCollection {
    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { (members[position].key, members[position].value) }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// A repeated key keeps its first place and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

/// Equal when the members are, in any order (as dictionaries compare).
extension JSONObject: Hashable {
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.members.count == b.members.count else { return false }
        if a.members.count <= hashedDeduplication {
            return a.members.allSatisfy { m in b[m.key] == m.value }
        }
        return zip(a.sortedMembers, b.sortedMembers).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Independent of the order of the members: their own hashes are summed.
    public func hash(into hasher: inout Hasher) {
        var sum: UInt = 0
        for m in members {
            var h = Hasher()
            h.combine(m.key)
            h.combine(m.value)
            sum &+= UInt(bitPattern: h.finalize())
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}

extension String {
    /// Whether every scalar is ASCII: two such strings are equal only when their UTF-8
    /// bytes are, so two of different lengths differ. (One that is not ASCII may equal an
    /// ASCII one of another length: U+212A KELVIN SIGN is "K".)
    var isASCIIKey: Bool {
        utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? utf8.allSatisfy { $0 < 0x80 }
    }
}
