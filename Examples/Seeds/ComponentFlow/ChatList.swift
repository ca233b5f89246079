// An example in the article's style: a list of rows in the article's VStack (whose
// children appear and disappear with `.default(scale: true, alpha: true)`), and a
// selection marker that `transition.animateView` moves to the selected row.

/// One row: a rounded bar with its title's width.
public final class ChatRow: Component {
    let width: CGFloat
    let color: UIColor

    public init(width: CGFloat, color: UIColor) {
        self.width = width
        self.color = color
    }

    public static func ==(lhs: ChatRow, rhs: ChatRow) -> Bool {
        return lhs.width == rhs.width && lhs.color == rhs.color
    }

    public func update(view: ComponentView, availableSize: CGSize, state: EmptyComponentState, environment: Environment<Empty>,
                transition: ComponentTransition) -> CGSize {
        view.layer.backgroundPaint = .solid(color)
        view.layer.cornerRadius = 6.0
        return CGSize(width: width, height: 24.0)
    }
}

/// The column beside the rows with a dot that `animateView` moves to the selected row, as
/// ComponentFlow code moves the views a component manages inside an animated transition.
public final class SelectionMarker: Component {
    public final class View: ComponentView {
        public let dot = ComponentView()

        public required init() {
            super.init()
            dot.layer.backgroundPaint = .solid(UIColor(r: 0, g: 122, b: 255))
            dot.layer.cornerRadius = 4.0
            addSubview(dot)
        }
    }

    let y: CGFloat
    let height: CGFloat

    public init(y: CGFloat, height: CGFloat) {
        self.y = y
        self.height = height
    }

    public static func ==(lhs: SelectionMarker, rhs: SelectionMarker) -> Bool {
        return lhs.y == rhs.y && lhs.height == rhs.height
    }

    public func makeView() -> View {
        return View()
    }

    public func update(view: View, availableSize: CGSize, state: EmptyComponentState, environment: Environment<Empty>,
                transition: ComponentTransition) -> CGSize {
        transition.animateView {
            view.dot.frame = CGRect(origin: CGPoint(x: 0.0, y: self.y), size: CGSize(width: 8.0, height: 24.0))
        }
        return CGSize(width: 8.0, height: height)
    }
}

/// The list: rows by id, and the marker beside the selected one.
public final class ChatList: CombinedComponent {
    let rows: [(id: String, width: CGFloat)]
    let selected: Int

    public init(rows: [(id: String, width: CGFloat)], selected: Int) {
        self.rows = rows
        self.selected = selected
    }

    public static func ==(lhs: ChatList, rhs: ChatList) -> Bool {
        return lhs.rows.map(\.id) == rhs.rows.map(\.id) && lhs.rows.map(\.width) == rhs.rows.map(\.width)
            && lhs.selected == rhs.selected
    }

    public static var body: Body {
        let list = Child(VStack<Empty>.self)
        let marker = Child(SelectionMarker.self)

        return { context in
            let rows = context.component.rows.map { row in
                AnyComponentWithIdentity(id: row.id, component: AnyComponent(ChatRow(width: row.width, color: UIColor(r: 199, g: 199, b: 204))))
            }
            let stack = list.update(component: VStack(rows, alignment: .left, spacing: 8.0),
                                    availableSize: context.availableSize, transition: context.transition)
            let markerY = CGFloat(context.component.selected) * 32.0
            let mark = marker.update(component: SelectionMarker(y: markerY, height: stack.size.height),
                                     availableSize: context.availableSize, transition: context.transition)
            context.add(stack.position(CGPoint(x: 16.0 + stack.size.width / 2.0, y: stack.size.height / 2.0)))
            context.add(mark.position(CGPoint(x: 4.0, y: stack.size.height / 2.0)))
            return CGSize(width: context.availableSize.width, height: stack.size.height)
        }
    }
}
