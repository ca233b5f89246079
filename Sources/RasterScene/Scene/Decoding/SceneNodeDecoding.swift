import RasterComponents
import RasterCore
import RasterLayout
import RasterText

/// The props every node takes, applied around the component its type decoded, from
/// the inside out: `style` (an environment override), `padding`, `frame`, `fixedSize`,
/// `layoutPriority`, what the parent adds (a Flex item's options), then the decoration
/// and placement of `SceneNode`. In a container that lays out CSS boxes (a Flex),
/// `padding` and `frame` are the child's box (`SceneProps.box`) instead of SwiftUI's
/// padding and frame, and the `FlexItem` the parent makes becomes the `SceneNode`'s own
/// (one component, not two). Elsewhere, a node's own padding and frame are carried by its
/// `SceneNode`, which it then has even without an id or a decoration; below a
/// `fixedSize` or `layoutPriority` they are `Padding` and `Frame` components. A node
/// needs no `SceneNode` when it has no id, no decoration and no padding or frame of its
/// own (in a Flex it is then the plain `FlexItem`).
enum SceneNodeDecoding {
    static func applyCommonProps(_ p: SceneProps, to content: AnyComponent<Empty>, type: SceneComponentType, id: String?,
                                 childBoxes: Bool,
                                 wrapLayout: ((AnyComponent<Empty>, SceneProps) throws -> AnyComponent<Empty>)?)
        throws -> AnyComponent<Empty> {
        @inline(__always) func common(_ name: String) -> Bool { type.takesAsCommon(name) }
        // A common prop the node does not write keeps the value it starts from, which is
        // its spec's default (`SceneNodeStyle()`, no wrapper); `SceneDecodingTests` holds
        // the two equal. Reading only written props saves most of a node's decoding.
        @inline(__always) func given(_ name: String) -> Bool { p.isWritten(name) && common(name) }
        var c = content
        if given("style"), let (r, _) = try p.value("style") {
            c = AnyComponent(EnvironmentOverride(content: c, changes: try styleChanges(r, p.context)))
        }
        if childBoxes {
            if common("padding") || common("frame") {
                var box = given("frame") ? try frame(p, plain: { ($0.cssBox, nil) }, read: cssBox) ?? (BoxStyle(), nil)
                    : (BoxStyle(), nil)
                if given("padding") { box.0.setPadding(try p.insets("padding") ?? .zero) }
                if given("clip") { box.0.clipsContent = try p.boolValue("clip") }
                p.box = (box.0, box.1)
            }
        }
        // SwiftUI's padding and frame (outside a Flex) stay data until it is known whether
        // a scene node carries them; a wrapper outside them makes them components first.
        var paddingAndFrame: PaddingAndFrame?
        if !childBoxes {
            let insets = given("padding") ? try p.insets("padding") : nil
            let frame = given("frame") ? try Self.frame(p, plain: \.swiftUIFrame, read: swiftUIFrame) : nil
            if insets != nil || frame != nil {
                paddingAndFrame = PaddingAndFrame(padding: insets, frame: frame?.layout, alignment: frame?.alignment ?? .center)
            }
        }
        func padAndFrame() {
            if let pending = paddingAndFrame { c = pending.wrapping(c) }
            paddingAndFrame = nil
        }
        if given("fixedSize"), let (r, _) = try p.value("fixedSize") {
            switch r.value {
            case .bool(let b):
                if b {
                    padAndFrame()
                    c = c.fixedSize()
                }
            default:
                let horizontal = try r.name(of: ["horizontal", "vertical"]) == "horizontal"
                padAndFrame()
                c = horizontal ? c.fixedSize(vertical: false) : c.fixedSize(horizontal: false)
            }
        }
        if given("layoutPriority"), let priority = try p.number("layoutPriority"), priority != 0 {
            padAndFrame()
            c = c.layoutPriority(priority)
        }
        if let wrapLayout {
            padAndFrame()
            c = try wrapLayout(c, p)
        }
        var s = SceneNodeStyle()
        if given("background") { s.background = try p.paint("background") }
        if given("cornerRadius") { s.cornerRadius = try p.numberValue("cornerRadius") }
        if given("smoothCorners") { s.smoothCorners = try p.boolValue("smoothCorners") }
        if given("clip") { s.clip = try p.boolValue("clip") }
        if given("hidden") { s.hidden = try p.boolValue("hidden") }
        if given("opacity") { s.opacity = try p.numberValue("opacity") }
        if given("offset") { s.offset = try p.pointValue("offset") }
        if given("scale") { s.scale = try p.numberValue("scale") }
        if given("rotation") { s.rotation = try p.numberValue("rotation") }
        if given("border"), let b = try p.object("border") {
            s.border = SceneNodeStyle.Border(color: try b.color("color") ?? .fixed(.clear), width: try b.numberValue("width"))
            try b.finish()
        }
        if given("shadow"), let sh = try p.object("shadow") {
            s.shadow = SceneNodeStyle.Shadow(color: try sh.color("color") ?? .fixed(.black), radius: try sh.numberValue("radius"),
                                             offset: try sh.pointValue("offset"), opacity: try sh.numberValue("opacity"))
            try sh.finish()
        }
        if given("appear") { s.appear = try enterExit(p.object("appear")) }
        if given("disappear") { s.disappear = try enterExit(p.object("disappear")) }
        if given("flipsForRightToLeftLayoutDirection") {
            s.flipsForRightToLeft = try p.boolValue("flipsForRightToLeftLayoutDirection")
        }
        if id != nil || s != SceneNodeStyle() || paddingAndFrame != nil {
            let style = p.context.styleBox(s)
            if let item = c.wrapped as? FlexItem {
                // A Flex's child: the node is the item (one view around the content).
                c = AnyComponent(SceneNode(id: id, content: item.content, styleBox: style,
                                           flexLayoutBox: p.context.flexLayoutBox(FlexItemLayout(item))))
            } else if let paddingAndFrame {
                c = AnyComponent(SceneNode(id: id, content: c, styleBox: style, paddingAndFrame: paddingAndFrame))
            } else {
                c = AnyComponent(SceneNode(id: id, content: c, styleBox: style))
            }
        }
        // Outermost, so the node's own padding, frame and alignment read in it too.
        if given("layoutDirection"), let direction = try p.choice("layoutDirection", as: LayoutDirection.self) {
            c = AnyComponent(EnvironmentOverride(content: c, changes: [.layoutDirection(direction)]))
        }
        return c
    }

    /// The node's `frame`: made straight from its numbers when it writes only sizes in
    /// points (`PlainFrame`), else read through its props by `read` (alignment,
    /// percentages, and every value to refuse, with its message).
    private static func frame<T>(_ p: SceneProps, plain: (PlainFrame) -> T?, read: (SceneProps) throws -> T) throws -> T? {
        if let value = p.writtenValue("frame"), let sizes = PlainFrame(value), let made = plain(sizes) {
            p.markUsed("frame")
            return made
        }
        return try p.object("frame").map(read)
    }

    /// A `frame` object whose keys are all sizes (`SceneSpecs.frame` less `alignment`),
    /// each a number of points its spec's type takes (`SceneProps.points`): decoding it
    /// through its props would give the same sizes.
    struct PlainFrame {
        var width: Double?, height: Double?, minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?

        init?(_ value: JSONValue) {
            guard case .object(let object) = value, object.count <= 6 else { return nil }
            for (key, value) in object {
                let isMaximum = key == "maxWidth" || key == "maxHeight"
                guard let d = SceneProps.points(value, isMaximum ? SceneSpecs.maxSize : SceneSpecs.size) else { return nil }
                switch key {
                case "width": width = d
                case "height": height = d
                case "minWidth": minWidth = d
                case "maxWidth": maxWidth = d
                case "minHeight": minHeight = d
                case "maxHeight": maxHeight = d
                default: return nil
                }
            }
        }

        /// As `cssBox` reads it (a size not written is auto).
        var cssBox: BoxStyle {
            var box = BoxStyle()
            func points(_ d: Double?) -> RasterLayout.Dimension { d.map { .points($0) } ?? .auto }
            box.width = points(width)
            box.height = points(height)
            box.minWidth = points(minWidth)
            box.minHeight = points(minHeight)
            box.maxWidth = points(maxWidth)
            box.maxHeight = points(maxHeight)
            return box
        }

        /// As `swiftUIFrame` reads it, with the alignment's default; nil when a minimum
        /// is above its maximum (which that refuses, naming both).
        var swiftUIFrame: (layout: FrameLayout, alignment: Alignment)? {
            if let lo = minWidth, let hi = maxWidth, lo > hi { return nil }
            if let lo = minHeight, let hi = maxHeight, lo > hi { return nil }
            return (FrameLayout(width: width, height: height, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
                                maxHeight: maxHeight), Self.defaultAlignment)
        }

        /// The alignment a `frame` that writes none has, as its spec declares it.
        private static let defaultAlignment = {
            guard case .string(let name) = SceneSpecs.frame["alignment"]?.defaultValue else { return SceneNodeDecoding.alignment(nil) }
            return SceneNodeDecoding.alignment(name)
        }()
    }

    /// A `frame` outside a Flex: SwiftUI's `.frame`, in points, its minimum no larger
    /// than its maximum.
    static func swiftUIFrame(_ f: SceneProps) throws -> (layout: FrameLayout, alignment: Alignment) {
        func points(_ name: String) throws -> Double? {
            guard f.isWritten(name), let (r, spec) = try f.value(name) else { return nil }
            guard case .points(let v) = try SceneProps.dimension(r, spec.type) else {
                throw r.error("a percentage applies inside a Flex (or to a Flex's own frame); give points here")
            }
            return v
        }
        let width = try points("width"), height = try points("height")
        let minWidth = try points("minWidth"), maxWidth = try points("maxWidth")
        let minHeight = try points("minHeight"), maxHeight = try points("maxHeight")
        for (lo, hi, loName, hiName) in [(minWidth, maxWidth, "minWidth", "maxWidth"), (minHeight, maxHeight, "minHeight", "maxHeight")] {
            if let lo, let hi, lo > hi {
                throw f.reader.child(loName, .number(lo)).error("\(loName) \(PropType.format(lo)) is greater than \(hiName) \(PropType.format(hi))")
            }
        }
        let layout = FrameLayout(width: width, height: height, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
                                 maxHeight: maxHeight)
        let placement = alignment(try f.choice("alignment"))
        try f.finish()
        return (layout, placement)
    }

    /// A `frame` as a CSS box (a Flex's, or an item's): sizes and limits of the border
    /// box, percentages of the container allowed, a minimum above the maximum winning
    /// (CSS's rule); the alignment of an item's content when written.
    static func cssBox(_ f: SceneProps) throws -> (BoxStyle, Alignment?) {
        var box = BoxStyle()
        func infinite(_ d: RasterLayout.Dimension?) -> RasterLayout.Dimension {
            guard let d else { return .auto }
            if case .points(let v) = d, v.isInfinite { return .auto }
            return d
        }
        /// The sizes have no default: one not written is auto.
        func written(_ name: String) throws -> RasterLayout.Dimension? {
            f.isWritten(name) ? try f.dimension(name) : nil
        }
        box.width = try written("width") ?? .auto
        box.height = try written("height") ?? .auto
        box.minWidth = try written("minWidth") ?? .auto
        box.minHeight = try written("minHeight") ?? .auto
        box.maxWidth = infinite(try written("maxWidth"))
        box.maxHeight = infinite(try written("maxHeight"))
        let alignment = f.has("alignment") ? Self.alignment(try f.choice("alignment")) : nil
        if f.isWritten("alignment") { _ = try f.value("alignment") }
        try f.finish()
        return (box, alignment)
    }

    /// `{"liga": false, "tnum": true, "salt": 2}` as feature settings, in tag order; nil
    /// when the prop is absent.
    static func features(_ p: SceneProps) throws -> [FontFeature]? {
        guard let (r, _) = try p.value("features") else { return nil }
        return try r.object().sorted { $0.key < $1.key }.map { tag, value in
            let entry = r.child(tag, value)
            let number: UInt32
            switch value {
            case .bool(let b): number = b ? 1 : 0
            default: number = UInt32(try SceneProps.number(entry, .integer(min: 0, max: 65_535)))
            }
            guard let feature = FontFeature(tag, number) else {
                throw entry.error("an OpenType feature tag is four printable ASCII characters, found '\(entry.shortened(tag))'")
            }
            return feature
        }
    }

    /// A BCP 47 language tag (`SceneValues.languagePattern`).
    static func language(_ p: SceneProps) throws -> String? {
        guard let (r, _) = try p.value("language") else { return nil }
        let tag = try r.string()
        guard SceneValues.matches(tag, SceneValues.languagePattern) else { throw r.error("expected a BCP 47 language tag such as 'en', 'ja' or 'zh-Hant', found '\(r.shortened(tag))'") }
        return tag
    }

    static func alignment(_ name: String?) -> Alignment {
        name.flatMap { Alignment.names[$0] } ?? .center
    }

    /// `{"scale": true, "alpha": true}` (ComponentFlow's defaults) or custom values.
    private static func enterExit(_ p: SceneProps?) throws -> ChildTransition? {
        guard let p else { return nil }
        var t = ChildTransition()
        if let (r, _) = try p.value("scale") {
            switch r.value {
            case .bool(let b): t.scale = b ? 0.01 : nil
            default: t.scale = try SceneProps.number(r, .number(min: 0, max: 1_000))
            }
        }
        if try p.bool("alpha") == true { t.opacity = 0 }
        if let o = try p.number("opacity") { t.opacity = o }
        t.offset = try p.point("offset")
        try p.finish()
        return t
    }

    /// A `style` value (one name or a stack, outermost last): the style stacks it sets,
    /// for every stylable type that has all the names.
    static func styleChanges(_ r: SceneReader, _ context: SceneDecodingContext) throws -> [EnvironmentOverride.Change] {
        let names = try styleNames(r)
        let families = context.registry.styles.values.sorted { $0.typeName < $1.typeName }
        let matching = families.filter { family in names.allSatisfy(family.names.contains) }
        guard !matching.isEmpty else {
            let known = families.map { "\($0.typeName): \($0.names.joined(separator: ", "))" }.joined(separator: "; ")
            let unknown = names.first { name in !families.contains { $0.names.contains(name) } } ?? names.joined(separator: ", ")
            throw r.error("unknown style '\(r.shortened(unknown))' (styles: \(known.isEmpty ? "none registered" : known))")
        }
        return matching.map { $0.change(names) }
    }

    static func styleNames(_ r: SceneReader) throws -> [String] {
        switch r.value {
        case .string(let s): return [s]
        case .array: return try r.array().map { try $0.string() }
        default: throw r.expected("a style name or a list of style names")
        }
    }
}
