// DCFlight article, "iOS Optional Helper": updateView through updateViewWithMerging, as
// written. Filled in (the article shows only this method): createView, applyProps (what
// the merged props do) and getIntrinsicSize.
final class MergingButtonComponent: DCFComponent {
    init() {}

    // iOS can use updateViewWithMerging for automatic props merging
    func updateView(_ view: UIView, withProps props: [String: Any]) -> Bool {
        return updateViewWithMerging(view, withProps: props.mapValues { $0 as Any? })
    }

    // Filled in:
    func createView(props: [String: Any]) -> UIView {
        let button = UIButton(type: .system)
        storeProps(props.mapValues { $0 as Any? }, in: button)
        _ = applyProps(button, props: props)
        return button
    }

    func applyProps(_ view: UIView, props: [String: Any]) -> Bool {
        guard let button = view as? UIButton else { return false }
        button.setTitle(props["title"] as? String, for: .normal)
        if let primaryColor = props["primaryColor"] as? String,
           let color = ColorUtilities.color(fromHexString: primaryColor) {
            button.setTitleColor(color, for: .normal)
        }
        return true
    }

    func getIntrinsicSize(_ view: UIView, forProps props: [String: Any]) -> CGSize {
        (view as? UIButton)?.intrinsicContentSize ?? CGSize(width: 1.0, height: 1.0)
    }
    // End of what is filled in.
}
