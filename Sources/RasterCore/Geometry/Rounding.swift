/// `floor` and `ceil` for any floating-point type, so code written against
/// CoreGraphics' `CGFloat` (here `Double`) finds them without Foundation. Where
/// Foundation is imported too, its concrete `Double` versions are chosen; both round the
/// same way.
@inlinable public func floor<T: FloatingPoint>(_ x: T) -> T { x.rounded(.down) }

/// See `floor`.
@inlinable public func ceil<T: FloatingPoint>(_ x: T) -> T { x.rounded(.up) }
