// ComponentFlow article, "ActionSlot: Callback Indirection": the usage pattern, as
// written, in a function that returns what it made. Filled in: the `...` of the
// Text arguments (the article elides the font and colour).
public func actionSlotUsagePattern() -> (button: Button, highlightedAction: ActionSlot<Bool>) {
    // Usage pattern
    let highlightedAction = ActionSlot<Bool>()
    
    // Create component with stable slot
    let button = Button(
        content: AnyComponent(Text(text: "Tap me", font: UIFont.system(size: 17.0), color: UIColor.black)),
        action: { print("Tapped") },
        highlightedAction: highlightedAction
    )
    
    // Connect handler later (doesn't change the component's equality)
    highlightedAction.connect { isHighlighted in
        print("Highlighted: \(isHighlighted)")
    }

    return (button, highlightedAction)
}
