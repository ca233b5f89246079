import RasterComponents

/// SwiftUI's `DynamicProperty`: a property (such as `@Environment`) that takes its
/// value from where the view holding it is installed. Here every dynamic property reads
/// the environment of the body being evaluated (`ViewEnvironment.current`).
public protocol DynamicProperty {
    /// SwiftUI's hook for refreshing the value before a body is evaluated; nothing here
    /// calls it, and the default does nothing.
    mutating func update()
}

public extension DynamicProperty {
    mutating func update() {}
}

extension Environment: DynamicProperty {}
