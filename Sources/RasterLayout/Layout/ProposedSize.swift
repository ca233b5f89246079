import RasterCore

/// One of the two layout axes.
public enum Axis: Hashable, Sendable {
    case horizontal, vertical

    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// The size a parent proposes to a child, per axis (SwiftUI's `ProposedViewSize`).
///
/// Each dimension is a definite length, `nil` (unspecified: the child's ideal size),
/// `0` (its minimum) or `.infinity` (its maximum). The child answers with the size it
/// takes; the parent then places it.
///
/// Stored as an `OptionalSize` (two plain doubles, an unspecified dimension as
/// `OptionalLength`'s NaN): a proposal is 16 bytes instead of 25, and every node keeps
/// several (the proposals it was asked and their answers). Equality and hashing are
/// those of the two optionals.
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    private var dimensions: OptionalSize

    /// The proposed width in points; nil for unspecified.
    public var width: Double? {
        get { dimensions.width }
        set { dimensions.width = newValue }
    }
    /// The proposed height in points; nil for unspecified.
    public var height: Double? {
        get { dimensions.height }
        set { dimensions.height = newValue }
    }

    /// nil for a dimension left unspecified.
    public init(width: Double?, height: Double?) {
        dimensions = OptionalSize(width, height)
    }

    /// A definite proposal.
    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// Ask for the ideal size.
    public static let unspecified = ProposedSize(width: nil, height: nil)
    /// Ask for the minimum size.
    public static let zero = ProposedSize(width: 0, height: 0)
    /// Ask for the maximum size.
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    public subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A proposal of `main` along `axis` and `cross` across it.
    public init(_ axis: Axis, main: Double?, cross: Double?) {
        self = axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }

    /// The proposal as a size, unspecified dimensions replaced by `replacement`'s.
    public func replacingUnspecifiedDimensions(by replacement: Size = Size(width: .infinity, height: .infinity)) -> Size {
        Size(width: width ?? replacement.width, height: height ?? replacement.height)
    }

    /// A proposal from an available size as ComponentFlow passes it: infinite (or
    /// unbounded, `.greatestFiniteMagnitude`) dimensions mean "as large as you like",
    /// which is the ideal size.
    public init(available size: Size) {
        func dimension(_ v: Double) -> Double? {
            guard v.isFinite, v < Double.greatestFiniteMagnitude / 2 else { return nil }
            return max(0, v)
        }
        self.init(width: dimension(size.width), height: dimension(size.height))
    }

    public var description: String {
        func d(_ v: Double?) -> String { v.map { $0.isInfinite ? "inf" : "\($0)" } ?? "nil" }
        return "(\(d(width)), \(d(height)))"
    }
}

/// An optional length stored in a plain `Double`: nil is a quiet NaN with a payload no
/// operation on numbers produces, so a NaN given as a length stays a NaN length. Two
/// stored lengths are the same exactly when the optionals are equal.
enum OptionalLength {
    static let unspecifiedBits: UInt64 = 0x7FF8_5052_4F50_4F53

    @inline(__always)
    static func stored(_ value: Double?) -> Double {
        value ?? Double(bitPattern: unspecifiedBits)
    }

    @inline(__always)
    static func read(_ stored: Double) -> Double? {
        stored.bitPattern == unspecifiedBits ? nil : stored
    }

    /// Equal lengths, or both nil (nil is a NaN, so it equals no length, nor itself as
    /// a number).
    @inline(__always)
    static func same(_ a: Double, _ b: Double) -> Bool {
        a == b || (a.bitPattern == unspecifiedBits && b.bitPattern == unspecifiedBits)
    }
}

extension Size {
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A size of `main` along `axis` and `cross` across it.
    public init(_ axis: Axis, main: Double, cross: Double) {
        self = axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }

    /// Negative, NaN and infinite dimensions become 0 (a size a view can have).
    package var finite: Size {
        Size(width: width.isFinite ? max(0, width) : 0, height: height.isFinite ? max(0, height) : 0)
    }

    /// Negative and NaN dimensions become 0 (infinite ones stay).
    package var sanitized: Size {
        Size(width: width.isNaN ? 0 : max(0, width), height: height.isNaN ? 0 : max(0, height))
    }
}

extension Point {
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }

    /// A point at `main` along `axis` and `cross` across it.
    public init(_ axis: Axis, main: Double, cross: Double) {
        self = axis == .horizontal ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }
}
