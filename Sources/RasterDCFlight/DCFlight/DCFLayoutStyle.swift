import RasterCore
import RasterLayout

/// A node's Yoga style read from its props, in the CSS terms the library's flexbox
/// engine takes.
///
/// Yoga is CSS flexbox with other initial values. Of Yoga's documented defaults these
/// apply: `flexDirection` is `column`, `flexShrink` is 0, `alignContent` is
/// `flex-start`, and `position` is `relative` (`top`/`left`/`bottom`/`right` move a
/// laid-out node without moving its siblings). `alignItems` is `stretch`, as in CSS.
/// `flex: n` is React Native's shorthand: a positive n grows by n from a basis of 0, a
/// negative one shrinks by -n.
///
/// Props read (React Native's names and keywords): `flexDirection`, `flexWrap`,
/// `justifyContent`, `alignItems`, `alignSelf`, `alignContent`, `flex`, `flexGrow`,
/// `flexShrink`, `flexBasis`, `width`, `height`, `minWidth`, `maxWidth`, `minHeight`,
/// `maxHeight`, `aspectRatio`, `padding` and `margin` (with `…Top`, `…Left`,
/// `…Bottom`, `…Right`, `…Horizontal`, `…Vertical`), `gap`, `rowGap`,
/// `columnGap`, `position`, `top`, `left`, `bottom`, `right`, `direction` and `overflow`.
/// A length is a number of points or a string `"50%"`; a value of the wrong kind is
/// ignored, as a prop the component does not know is (props never crash).
///
/// Invariant: `item.shrink` and `item.grow` are never negative.
struct DCFLayoutStyle {
    var container = FlexContainerStyle()
    var box = BoxStyle()
    var item = FlexItemStyle()
    var direction: LayoutDirection?
    /// `position: relative` insets (`left` wins over `right`, `top` over `bottom`).
    var relativeInsets = DimensionEdges.auto

    init(_ props: [String: Any]) {
        container.direction = .column
        container.alignContent = .start
        item.shrink = 0
        readContainer(props)
        readBox(props)
        readItem(props)
        if let d = props["direction"] as? String { direction = d == "rtl" ? .rightToLeft : d == "ltr" ? .leftToRight : nil }
    }

    private mutating func readContainer(_ props: [String: Any]) {
        let directions: [String: FlexDirection] = ["row": .row, "column": .column, "row-reverse": .rowReverse,
                                                   "column-reverse": .columnReverse]
        if let d = (props["flexDirection"] as? String).flatMap({ directions[$0] }) { container.direction = d }
        let wraps: [String: FlexWrap] = ["nowrap": .noWrap, "wrap": .wrap, "wrap-reverse": .wrapReverse]
        if let w = (props["flexWrap"] as? String).flatMap({ wraps[$0] }) { container.wrap = w }
        let justify: [String: FlexJustify] = ["flex-start": .start, "center": .center, "flex-end": .end,
                                              "space-between": .spaceBetween, "space-around": .spaceAround,
                                              "space-evenly": .spaceEvenly]
        if let j = (props["justifyContent"] as? String).flatMap({ justify[$0] }) { container.justify = j }
        if let a = Self.align(props["alignItems"]) { container.alignItems = a }
        let content: [String: FlexAlignContent] = ["flex-start": .start, "center": .center, "flex-end": .end,
                                                   "stretch": .stretch, "space-between": .spaceBetween,
                                                   "space-around": .spaceAround, "space-evenly": .spaceEvenly]
        if let a = (props["alignContent"] as? String).flatMap({ content[$0] }) { container.alignContent = a }
        if let gap = Self.length(props["gap"]) { container.rowGap = gap; container.columnGap = gap }
        if let gap = Self.length(props["rowGap"]) { container.rowGap = gap }
        if let gap = Self.length(props["columnGap"]) { container.columnGap = gap }
    }

    private mutating func readBox(_ props: [String: Any]) {
        if let v = Self.length(props["width"]) { box.width = v }
        if let v = Self.length(props["height"]) { box.height = v }
        if let v = Self.length(props["minWidth"]) { box.minWidth = v }
        if let v = Self.length(props["minHeight"]) { box.minHeight = v }
        if let v = Self.length(props["maxWidth"]) { box.maxWidth = v }
        if let v = Self.length(props["maxHeight"]) { box.maxHeight = v }
        if let ratio = DCFProps.number(props["aspectRatio"]), ratio > 0 { box.aspectRatio = ratio }
        let padding = Self.edges("padding", props)
        // Padding in percent is not taken: the engine's padding is in points.
        func points(_ d: Dimension) -> Double { if case .points(let v) = d { return max(0, v) } else { return 0 } }
        box.padding = EdgeInsets(top: points(padding.top), left: points(padding.left), bottom: points(padding.bottom),
                                 right: points(padding.right))
        box.clipsContent = (props["overflow"] as? String).map { $0 == "hidden" || $0 == "scroll" } ?? false
    }

    private mutating func readItem(_ props: [String: Any]) {
        if let flex = DCFProps.number(props["flex"]) {
            if flex > 0 {
                item.grow = flex
                item.basis = .points(0)
            } else if flex < 0 {
                item.shrink = -flex
            }
        }
        if let g = DCFProps.number(props["flexGrow"]) { item.grow = max(0, g) }
        if let s = DCFProps.number(props["flexShrink"]) { item.shrink = max(0, s) }
        if let b = Self.length(props["flexBasis"]) { item.basis = b }
        if let a = Self.align(props["alignSelf"]) { item.alignSelf = a }
        item.margin = Self.edges("margin", props, auto: true)
        let inset = DimensionEdges(top: Self.length(props["top"]) ?? .auto, left: Self.length(props["left"]) ?? .auto,
                                   bottom: Self.length(props["bottom"]) ?? .auto, right: Self.length(props["right"]) ?? .auto)
        if (props["position"] as? String) == "absolute" {
            item.isAbsolute = true
            item.insets = inset
        } else {
            relativeInsets = inset
        }
    }

    /// How far `position: relative` moves the node in a parent of `parent` size: by
    /// `left` (else minus `right`) and `top` (else minus `bottom`), percentages of the
    /// parent's width and height.
    func relativeOffset(in parent: Size) -> Point {
        func resolve(_ d: Dimension, _ base: Double) -> Double? {
            switch d {
            case .auto: return nil
            case .points(let v): return v
            case .percent(let f): return base * f
            }
        }
        let insets = relativeInsets
        return Point(x: resolve(insets.left, parent.width) ?? resolve(insets.right, parent.width).map { -$0 } ?? 0,
                     y: resolve(insets.top, parent.height) ?? resolve(insets.bottom, parent.height).map { -$0 } ?? 0)
    }

    /// `alignItems`/`alignSelf` keywords; nil for `auto` and anything unknown.
    private static func align(_ value: Any?) -> FlexAlign? {
        let names: [String: FlexAlign] = ["flex-start": .start, "center": .center, "flex-end": .end, "stretch": .stretch,
                                          "baseline": .baseline]
        return (value as? String).flatMap { names[$0] }
    }

    /// A number of points or `"N%"`; `"auto"` is `.auto`; nil for anything else.
    static func length(_ value: Any?) -> Dimension? {
        if let v = DCFProps.number(value) { return .points(v) }
        guard let s = value as? String else { return nil }
        if s == "auto" { return .auto }
        guard s.hasSuffix("%"), let v = Double(s.dropLast()), v.isFinite else { return nil }
        return .percent(v / 100)
    }

    /// `padding`/`margin` and their edge props, the more specific winning (an edge over
    /// `…Horizontal`/`…Vertical` over the whole); `auto` margins only where `auto`.
    static func edges(_ name: String, _ props: [String: Any], auto: Bool = false) -> DimensionEdges {
        func read(_ suffix: String) -> Dimension? {
            guard let d = length(props[name + suffix]) else { return nil }
            return d == .auto && !auto ? nil : d
        }
        let all = read(""), horizontal = read("Horizontal") ?? all, vertical = read("Vertical") ?? all
        let zero = Dimension.points(0)
        return DimensionEdges(top: read("Top") ?? vertical ?? zero, left: read("Left") ?? horizontal ?? zero,
                              bottom: read("Bottom") ?? vertical ?? zero,
                              right: read("Right") ?? horizontal ?? zero)
    }
}
