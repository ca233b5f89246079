/// SwiftUI's `DynamicProperty`: a property (such as `@Environment` or `@State`) whose
/// value comes from where the view or style holding it is installed. Before a view's or
/// a style's body is evaluated, `update()` is called on each dynamic property it holds
/// (found through its stored properties, nested dynamic properties included), as
/// SwiftUI does. A dynamic property keeps what it updates in a reference it shares with
/// its copies, since the holder is a value.
///
/// Style equality treats two dynamic properties of a style as equal: what they read is
/// compared where it is read (`AnyComponentStyle`'s `==`).
public protocol DynamicProperty {
    /// Refreshes the property before its holder's body is evaluated; the default does
    /// nothing.
    mutating func update()
}

public extension DynamicProperty {
    mutating func update() {}
}

extension Environment: DynamicProperty {}

/// Calls `update()` on every dynamic property `holder` stores, depth first (a dynamic
/// property's own dynamic properties before it), as SwiftUI does before a body.
public func updateDynamicProperties(of holder: Any) {
    for child in Mirror(reflecting: holder).children {
        guard var property = child.value as? any DynamicProperty else { continue }
        updateDynamicProperties(of: property)
        property.update()
    }
}
