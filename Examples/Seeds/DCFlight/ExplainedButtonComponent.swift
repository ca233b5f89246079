// DCFlight article, "Protocol Methods Explained": the iOS blocks of createView, updateView,
// applyLayout, getIntrinsicSize and handleTunnelMethod, as written, as the methods of one
// component (the article shows them one by one).
final class ExplainedButtonComponent: DCFComponent {
    init() {}

    func createView(props: [String: Any]) -> UIView {
        let button = UIButton(type: .system)
        
        // Apply initial props
        if let title = props["title"] as? String {
            button.setTitle(title, for: .normal)
        }
        
        // Apply semantic colors (MUST support)
        if let primaryColor = props["primaryColor"] as? String {
            if let color = ColorUtilities.color(fromHexString: primaryColor) {
                button.setTitleColor(color, for: .normal)
            }
        }
        
        // Store props for merging (optional but recommended)
        storeProps(props.mapValues { $0 as Any? }, in: button)
        
        return button
    }

    func updateView(_ view: UIView, withProps props: [String: Any]) -> Bool {
        guard let button = view as? UIButton else { return false }
        
        // Update title if changed
        if let title = props["title"] as? String {
            button.setTitle(title, for: .normal)
        }
        
        // Update semantic colors (MUST support)
        if let primaryColor = props["primaryColor"] as? String {
            if let color = ColorUtilities.color(fromHexString: primaryColor) {
                button.setTitleColor(color, for: .normal)
            }
        }
        
        return true
    }

    func applyLayout(_ view: UIView, layout: YGNodeLayout) {
        view.frame = CGRect(
            x: layout.left,
            y: layout.top,
            width: layout.width,
            height: layout.height
        )
    }

    func getIntrinsicSize(_ view: UIView, forProps props: [String: Any]) -> CGSize {
        guard let button = view as? UIButton else {
            return CGSize.zero
        }
        
        let size = button.intrinsicContentSize
        return CGSize(
            width: max(1, size.width),
            height: max(1, size.height)
        )
    }

    static func handleTunnelMethod(_ method: String, params: [String: Any]) -> Any? {
        switch method {
        case "focus":
            // Focus the input field
            return true
        case "blur":
            // Blur the input field
            return true
        default:
            return nil
        }
    }
}
