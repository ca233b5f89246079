// Styling article, "View updates": equality of type-erased styles through Mirror, as
// written.

private extension Equatable {
	func isEqual(to other: any Equatable) -> Bool {
		guard let other = other as? Self else { return false }
		return self == other
	}
}

extension AnyComponentStyle: Equatable {
	static func ==(lhs: Self, rhs: Self) -> Bool {
		guard type(of: lhs.base) == type(of: rhs.base) else {
			return false
		}
		let lhsChildren = Mirror(reflecting: lhs.base).children
		let rhsChildren = Mirror(reflecting: rhs.base).children
		return zip(lhsChildren, rhsChildren).allSatisfy { lhs, rhs in
			lhs.label == rhs.label && equal(lhs.value, rhs.value)
		}
	}

	private static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
		if let lhs = lhs as? any Equatable, let rhs = rhs as? any Equatable {
			lhs.isEqual(to: rhs)	
		} else if lhs is any DynamicProperty, rhs is any DynamicProperty {
			true
		} else {
			false
		}
	}
}
