import Synchronization
import RasterCore
import RasterText

/// A key for a value shared down the component tree, with its default. Values that are
/// not `Equatable` count as changed whenever they are set again.
public protocol EnvironmentKey {
    /// The type of the value stored under the key.
    associatedtype Value
    /// The value read where no parent has set one.
    static var defaultValue: Value { get }
}

/// A stored value without equality. Equal only to copies of the same assignment: a
/// subtree whose environment was not set again skips as usual, and a value set again
/// (even to the same value) counts as changed for its readers.
struct OpaqueEnvironmentValue: Equatable {
    let value: Any
    /// Unique to the assignment that stored the value.
    private let assignment: UInt64

    init(value: Any) {
        self.value = value
        assignment = Self.assignments.wrappingAdd(1, ordering: .relaxed).newValue
    }

    private static let assignments = Atomic<UInt64>(0)

    static func == (lhs: OpaqueEnvironmentValue, rhs: OpaqueEnvironmentValue) -> Bool { lhs.assignment == rhs.assignment }
}

/// The values every component can read, whatever its `EnvironmentType`: the theme
/// (semantic colours), the style stacks of stylable components, the font registry and
/// anything registered through an `EnvironmentKey`. Parents pass them down unchanged
/// unless they override some for their subtree.
public struct EnvironmentValues: Equatable {
    /// The values, shared by copies until one of them changes: every component and
    /// layout node carries a copy, which is then one reference to count.
    ///
    /// Invariant: a box another copy may hold is never changed (`edit` copies it first),
    /// so boxes may be shared across threads.
    private final class Contents: @unchecked Sendable {
        var theme: Theme = .light
        var styles: [ObjectIdentifier: [AnyEquatable]] = [:]
        var storage: [ObjectIdentifier: AnyEquatable] = [:]
        /// The value of `LayoutDirectionKey` in `storage`, kept beside it: layout reads it
        /// at every flex container and item, and a lookup hashes and casts.
        var layoutDirection = LayoutDirectionKey.defaultValue
        var stamp: UInt64 = 0

        init() {}

        init(copying other: Contents) {
            theme = other.theme
            styles = other.styles
            storage = other.storage
            layoutDirection = other.layoutDirection
            stamp = other.stamp
        }
    }

    private var contents: Contents
    /// The box of the defaults, shared by every value that changed nothing.
    private static let defaults = Contents()

    /// Changes the values through `body` (in a box of this value's own) and takes a new
    /// stamp.
    private mutating func edit(_ body: (Contents) -> Void) {
        if !isKnownUniquelyReferenced(&contents) { contents = Contents(copying: contents) }
        body(contents)
        contents.stamp = Self.nextStamp()
    }

    /// The theme semantic colours resolve against; `.light` unless a parent overrides it.
    public var theme: Theme {
        get { contents.theme }
        set { edit { $0.theme = newValue } }
    }
    /// Style stacks by component type, innermost first.
    var styles: [ObjectIdentifier: [AnyEquatable]] {
        get { contents.styles }
        set { edit { $0.styles = newValue } }
    }
    var storage: [ObjectIdentifier: AnyEquatable] { contents.storage }
    /// Names the contents: every change takes a new stamp, so two values with the same
    /// stamp are copies of one another and hold the same values (0: the defaults). What
    /// a component read from one is still there in the other, unread.
    var stamp: UInt64 { contents.stamp }

    private static let stamps = Atomic<UInt64>(0)
    private static func nextStamp() -> UInt64 { stamps.wrappingAdd(1, ordering: .relaxed).newValue }

    /// The defaults: the light theme, no styles and every key at its default value.
    public init() {
        contents = Self.defaults
    }

    public subscript<K: EnvironmentKey>(_ key: K.Type) -> K.Value {
        get {
            // Folds to a load where `K` is known.
            if K.self == LayoutDirectionKey.self, let direction = contents.layoutDirection as? K.Value { return direction }
            guard let stored = storage[ObjectIdentifier(K.self)]?.base else { return K.defaultValue }
            if let value = stored as? K.Value { return value }
            if let opaque = stored as? OpaqueEnvironmentValue, let value = opaque.value as? K.Value { return value }
            return K.defaultValue
        }
        set {
            if K.self == LayoutDirectionKey.self, let direction = newValue as? LayoutDirection {
                edit {
                    $0.storage[ObjectIdentifier(K.self)] = AnyEquatable(direction)
                    $0.layoutDirection = direction
                }
            } else if let equatable = newValue as? any Equatable {
                edit { $0.storage[ObjectIdentifier(K.self)] = AnyEquatable(equatable) }
            } else {
                edit { $0.storage[ObjectIdentifier(K.self)] = AnyEquatable(OpaqueEnvironmentValue(value: newValue)) }
            }
        }
    }

    /// The fonts text components lay out with.
    public var fonts: FontRegistry {
        get { self[FontRegistryKey.self] }
        set { self[FontRegistryKey.self] = newValue }
    }

    /// The direction text paragraphs without a strong character of their own run in.
    public var layoutDirection: LayoutDirection {
        get { contents.layoutDirection }
        set { self[LayoutDirectionKey.self] = newValue }
    }

    // MARK: - Styles

    func styleStack<C: Stylable>(for type: C.Type) -> [AnyEquatable] {
        styles[ObjectIdentifier(C.self)] ?? []
    }

    /// Wraps the current style of `C` components in `style` (it becomes the outermost).
    public mutating func push<C: Stylable>(_ style: AnyComponentStyle<C>) {
        edit { $0.styles[ObjectIdentifier(C.self), default: []].append(AnyEquatable(style)) }
    }

    /// Replaces the style stack of `C` components.
    public mutating func setStyles<C: Stylable>(_ stack: [AnyComponentStyle<C>]) {
        edit { $0.styles[ObjectIdentifier(C.self)] = stack.map { AnyEquatable($0) } }
    }

    /// The style stack of `C`, innermost first (the last is the outermost: the current
    /// style), as the styling article's `@Environment(\.[componentStyles: .init(C.self)])`
    /// reads it; setting it replaces the stack.
    public subscript<C: Stylable>(componentStyles key: ComponentStylesKey<C>) -> [AnyComponentStyle<C>] {
        get { styleStack(for: C.self).compactMap { $0.base as? AnyComponentStyle<C> } }
        set { setStyles(newValue) }
    }

    public static func == (lhs: EnvironmentValues, rhs: EnvironmentValues) -> Bool {
        lhs.contents === rhs.contents
            || (lhs.theme == rhs.theme && lhs.styles == rhs.styles && lhs.storage == rhs.storage)
    }
}

enum LayoutDirectionKey: EnvironmentKey {
    static var defaultValue: LayoutDirection { .leftToRight }
}

enum FontRegistryKey: EnvironmentKey {
    static var defaultValue: FontRegistry { .shared }
}

/// Names the style stack of one stylable type in a key path
/// (`\.[componentStyles: .init(Badge.self)]`).
public struct ComponentStylesKey<C: Stylable>: Hashable {
    /// The key of `type`'s styles.
    public init(_ type: C.Type) {}
}
