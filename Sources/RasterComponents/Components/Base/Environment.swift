import RasterCore

/// What a component's `update` receives from its parent: typed values (the
/// `EnvironmentType`, one value or a tuple of up to four, read by type as in
/// ComponentFlow) and the shared `EnvironmentValues` that flow down the whole tree
/// (theme, styles, fonts).
///
/// Change tracking: the typed values are compared with the previous update's; shared
/// values are tracked per read. Each read through `values`, `theme`, `color(_:)` or
/// `style(for:)` is recorded by name, and the values read in are kept, so a component
/// (and the chain of parents above it) is updated again only when a value it actually
/// read changed.
///
/// The same type is SwiftUI's `@Environment(\.keyPath)` property wrapper for views
/// (the styling article's spelling): made with a key path, its `wrappedValue` reads the
/// shared values of the view body being evaluated (`ViewEnvironment.current`).
@propertyWrapper
public struct Environment<T> {
    let typed: [AnyEquatable]
    let shared: EnvironmentValues
    let recorder: EnvironmentReadRecorder?
    let keyPath: KeyPath<EnvironmentValues, T>?

    init(typed: [AnyEquatable], shared: EnvironmentValues = EnvironmentValues(), recorder: EnvironmentReadRecorder? = nil) {
        self.typed = typed
        self.shared = shared
        self.recorder = recorder
        keyPath = nil
    }

    /// `@Environment(\.colorScheme) var colorScheme`: a view's dynamic property.
    public init(_ keyPath: KeyPath<EnvironmentValues, T>) {
        typed = []
        shared = EnvironmentValues()
        recorder = nil
        self.keyPath = keyPath
    }

    /// The value at the property's key path in the environment of the body being
    /// evaluated. Only an environment made with a key path has one.
    public var wrappedValue: T {
        guard let keyPath else {
            preconditionFailure("Environment<\(T.self)> is a component's environment; only @Environment(\\.keyPath) has a wrappedValue")
        }
        return ViewEnvironment.current[keyPath: keyPath]
    }

    @usableFromInline
    init(erased: ErasedEnvironment) {
        self.init(typed: erased.typed, shared: erased.shared, recorder: erased.recorder)
    }

    var erased: ErasedEnvironment { ErasedEnvironment(typed: typed, shared: shared, recorder: recorder) }

    /// An environment with no typed values.
    public static var empty: Environment<Empty> { Environment<Empty>(typed: []) }

    /// The typed value at `index`. A value the parent did not give reads as its type's
    /// `DefaultEnvironmentValue.defaultEnvironmentValue` (as ComponentFlow's `Empty`
    /// environment reads as `Empty`); a type without a default is a required value, and
    /// its absence stops with a message naming the type and what to do.
    fileprivate func value<V: Equatable>(at index: Int, as type: V.Type) -> EnvironmentValue<V> {
        if index < typed.count, let v = typed[index].base as? V { return EnvironmentValue(v) }
        if let defaulted = V.self as? any DefaultEnvironmentValue.Type,
           let v = defaulted.defaultEnvironmentValue as? V {
            return EnvironmentValue(v)
        }
        preconditionFailure("the environment has no \(V.self) (value \(index + 1) of \(T.self)), and \(V.self) has no default: "
            + "give it in the parent's environment { ... } builder, or conform \(V.self) to DefaultEnvironmentValue")
    }

    // MARK: - Shared values (tracked)

    /// Reads a shared value, recording the read.
    public subscript<K: EnvironmentKey>(key key: K.Type) -> K.Value {
        recorder?.record(.key(ObjectIdentifier(K.self)))
        return shared[K.self]
    }

    /// The direction the subtree reads in (recorded like any shared value). Read from
    /// its own field rather than through the generic subscript, which a caller that is
    /// itself generic over the environment type runs unspecialized.
    public var layoutDirection: LayoutDirection {
        recorder?.record(.key(ObjectIdentifier(LayoutDirectionKey.self)))
        return shared.layoutDirection
    }

    /// The theme's name (reading the whole palette records every colour).
    public var theme: Theme {
        let t = shared.theme
        if let recorder {
            for name in t.colors.keys { recorder.record(.color(name)) }
            recorder.record(.themeName)
        }
        return t
    }

    /// Resolves a colour value against the theme, recording only the semantic colour read.
    public func color(_ value: ColorValue) -> Color {
        switch value {
        case .fixed(let c): return c
        case .semantic(let name):
            let c = shared.theme.colors[name.name] ?? .clear
            recorder?.record(.color(name.name))
            return c
        }
    }

    /// Resolves a fill against `rect` and the theme.
    public func paint(_ fill: Fill, in rect: Rect) -> Paint {
        fill.resolve(in: rect) { color($0) }
    }

    /// The styles for component type `C`, innermost first.
    public func styles<C: Stylable>(for type: C.Type) -> [AnyComponentStyle<C>] {
        let stack = shared.styleStack(for: C.self)
        recorder?.record(.style(ObjectIdentifier(C.self)))
        return stack.compactMap { $0.base as? AnyComponentStyle<C> }
    }

    /// The shared values without recording reads (to pass them on unchanged).
    public var untrackedValues: EnvironmentValues { shared }
}

/// The type-erased form of an `Environment`: what the update machinery hands a component
/// it holds as `any Component` (see `Component.updateErased`). Opaque: only the machinery
/// makes and reads one.
public struct ErasedEnvironment {
    let typed: [AnyEquatable]
    let shared: EnvironmentValues
    let recorder: EnvironmentReadRecorder?
}

// MARK: - Typed values

/// A typed environment value that reads as `defaultEnvironmentValue` when no parent
/// gives it (SwiftUI's `EnvironmentKey.defaultValue` for ComponentFlow's typed values).
public protocol DefaultEnvironmentValue: Equatable {
    /// The value read when no parent gives one.
    static var defaultEnvironmentValue: Self { get }
}

extension Empty: DefaultEnvironmentValue {
    public static var defaultEnvironmentValue: Empty { .shared }
}

extension Theme: DefaultEnvironmentValue {
    public static var defaultEnvironmentValue: Theme { .light }
}

/// One typed environment value; `@dynamicMemberLookup` reaches into it
/// (`environment[Theme.self].colors`).
@dynamicMemberLookup
public struct EnvironmentValue<V: Equatable>: Equatable {
    /// The wrapped value; its members are also reachable on the wrapper directly.
    public let value: V
    /// An entry of `value`, as written in an `EnvironmentBuilder` block.
    public init(_ value: V) { self.value = value }
    public subscript<U>(dynamicMember keyPath: KeyPath<V, U>) -> U { value[keyPath: keyPath] }
}

public extension Environment where T: Equatable {
    subscript(_ t: T.Type) -> EnvironmentValue<T> { value(at: 0, as: T.self) }
}

public extension Environment {
    subscript<T1: Equatable, T2: Equatable>(_ t: T1.Type) -> EnvironmentValue<T1> where T == (T1, T2) {
        value(at: 0, as: T1.self)
    }
    subscript<T1: Equatable, T2: Equatable>(_ t: T2.Type) -> EnvironmentValue<T2> where T == (T1, T2) {
        value(at: 1, as: T2.self)
    }
    subscript<T1: Equatable, T2: Equatable, T3: Equatable>(_ t: T1.Type) -> EnvironmentValue<T1> where T == (T1, T2, T3) {
        value(at: 0, as: T1.self)
    }
    subscript<T1: Equatable, T2: Equatable, T3: Equatable>(_ t: T2.Type) -> EnvironmentValue<T2> where T == (T1, T2, T3) {
        value(at: 1, as: T2.self)
    }
    subscript<T1: Equatable, T2: Equatable, T3: Equatable>(_ t: T3.Type) -> EnvironmentValue<T3> where T == (T1, T2, T3) {
        value(at: 2, as: T3.self)
    }
    subscript<T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable>(_ t: T1.Type) -> EnvironmentValue<T1>
        where T == (T1, T2, T3, T4) { value(at: 0, as: T1.self) }
    subscript<T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable>(_ t: T2.Type) -> EnvironmentValue<T2>
        where T == (T1, T2, T3, T4) { value(at: 1, as: T2.self) }
    subscript<T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable>(_ t: T3.Type) -> EnvironmentValue<T3>
        where T == (T1, T2, T3, T4) { value(at: 2, as: T3.self) }
    subscript<T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable>(_ t: T4.Type) -> EnvironmentValue<T4>
        where T == (T1, T2, T3, T4) { value(at: 3, as: T4.self) }
}

/// Builds the typed part of an environment from values or `EnvironmentValue`s:
/// `environment: { theme; strings }` makes an `Environment<(Theme, Strings)>`.
@resultBuilder
public enum EnvironmentBuilder {
    public static func buildExpression<V: Equatable>(_ value: V) -> EnvironmentValue<V> { EnvironmentValue(value) }
    public static func buildExpression<V: Equatable>(_ value: EnvironmentValue<V>) -> EnvironmentValue<V> { value }
    public static func buildExpression<V>(_ environment: Environment<V>) -> Environment<V> { environment }

    public static func buildBlock() -> Environment<Empty> { Environment<Empty>(typed: []) }
    public static func buildBlock<V>(_ environment: Environment<V>) -> Environment<V> {
        Environment<V>(typed: environment.typed)
    }
    public static func buildBlock<T1: Equatable>(_ t1: EnvironmentValue<T1>) -> Environment<T1> {
        Environment(typed: [AnyEquatable(t1.value)])
    }
    public static func buildBlock<T1: Equatable, T2: Equatable>(_ t1: EnvironmentValue<T1>, _ t2: EnvironmentValue<T2>)
        -> Environment<(T1, T2)> {
        Environment(typed: [AnyEquatable(t1.value), AnyEquatable(t2.value)])
    }
    public static func buildBlock<T1: Equatable, T2: Equatable, T3: Equatable>(
        _ t1: EnvironmentValue<T1>, _ t2: EnvironmentValue<T2>, _ t3: EnvironmentValue<T3>) -> Environment<(T1, T2, T3)> {
        Environment(typed: [AnyEquatable(t1.value), AnyEquatable(t2.value), AnyEquatable(t3.value)])
    }
    public static func buildBlock<T1: Equatable, T2: Equatable, T3: Equatable, T4: Equatable>(
        _ t1: EnvironmentValue<T1>, _ t2: EnvironmentValue<T2>, _ t3: EnvironmentValue<T3>, _ t4: EnvironmentValue<T4>)
        -> Environment<(T1, T2, T3, T4)> {
        Environment(typed: [AnyEquatable(t1.value), AnyEquatable(t2.value), AnyEquatable(t3.value), AnyEquatable(t4.value)])
    }
}

// MARK: - Read tracking

/// A value compared through its own `==`.
public struct AnyEquatable: Equatable {
    /// The wrapped value; equal only to a value of the same type that its `==` calls equal.
    public let base: any Equatable
    /// Wraps `base` for comparison with other wrapped values.
    public init(_ base: any Equatable) { self.base = base }

    public static func == (lhs: AnyEquatable, rhs: AnyEquatable) -> Bool {
        func equal<A: Equatable>(_ a: A, _ b: any Equatable) -> Bool {
            guard let b = b as? A else { return false }
            return a == b
        }
        return equal(lhs.base, rhs.base)
    }

    /// Whether `a` and `b` are equal by `a`'s `==` (false when `b` is of another type); nil
    /// when `a` is not `Equatable`.
    package static func compare(_ a: Any, _ b: Any) -> Bool? {
        guard let a = a as? any Equatable else { return nil }
        guard let b = b as? any Equatable else { return false }
        return AnyEquatable(a) == AnyEquatable(b)
    }
}

/// A shared environment value a component can read.
enum EnvironmentRead: Hashable {
    case key(ObjectIdentifier)
    case color(String)
    case themeName
    case style(ObjectIdentifier)

    /// Whether this read gives the same value in `a` as in `b` (compared without
    /// boxing: what a read records is its name, and the values it held in are kept).
    func holds(in a: EnvironmentValues, as b: EnvironmentValues) -> Bool {
        switch self {
        // An unset key reads as its (constant) default: "unset" stands for it.
        case .key(let id): return a.storage[id] == b.storage[id]
        case .color(let name): return (a.theme.colors[name] ?? .clear) == (b.theme.colors[name] ?? .clear)
        case .themeName: return a.theme.name == b.theme.name
        case .style(let id): return (a.styles[id] ?? []) == (b.styles[id] ?? [])
        }
    }
}

/// The names of the shared values a component, or a subtree, read: each once, in the
/// order first read. A component reads a few and a subtree no more than the distinct
/// keys, colours and styles there are, so the first two are kept inline and the rest
/// in a list (nothing is hashed, and most nodes allocate nothing).
struct EnvironmentReads {
    private var first: EnvironmentRead?
    private var second: EnvironmentRead?
    private var others: [EnvironmentRead] = []

    var isEmpty: Bool { first == nil }

    func contains(_ read: EnvironmentRead) -> Bool {
        guard let first else { return false }
        if first == read { return true }
        guard let second else { return false }
        return second == read || others.contains(read)
    }

    mutating func insert(_ read: EnvironmentRead) {
        if first == nil {
            first = read
        } else if contains(read) {
            return
        } else if second == nil {
            second = read
        } else {
            others.append(read)
        }
    }

    /// Adds the names of `other` not read yet.
    mutating func formUnion(_ other: EnvironmentReads) {
        if isEmpty {
            self = other
            return
        }
        other.forEach { insert($0) }
    }

    mutating func removeAll() {
        first = nil
        second = nil
        if !others.isEmpty { others.removeAll(keepingCapacity: true) }
    }

    /// Whether every read gives the same value in `a` as in `b`.
    func hold(in a: EnvironmentValues, as b: EnvironmentValues) -> Bool {
        guard let first else { return true }
        guard first.holds(in: a, as: b) else { return false }
        guard let second else { return true }
        return second.holds(in: a, as: b) && others.allSatisfy { $0.holds(in: a, as: b) }
    }

    private func forEach(_ body: (EnvironmentRead) -> Void) {
        guard let first else { return }
        body(first)
        guard let second else { return }
        body(second)
        for read in others { body(read) }
    }
}

/// Collects the shared values one component read during its `update` (one access at a
/// time, so without run-time exclusivity checks). An update pass keeps one per depth of
/// nested updates and reuses it (`UpdatePass.withNode`).
final class EnvironmentReadRecorder {
    @exclusivity(unchecked) private(set) var reads = EnvironmentReads()
    func record(_ read: EnvironmentRead) { reads.insert(read) }
    func reset() { reads.removeAll() }
}
