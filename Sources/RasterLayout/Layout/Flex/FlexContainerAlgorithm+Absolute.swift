import RasterCore

extension FlexContainerAlgorithm {
    /// An absolutely positioned child's style resolved against the container: its
    /// margins and insets (nil where auto) and how it sits on each axis without insets.
    struct AbsoluteChild {
        let node: Node
        let item: FlexItemStyle
        let box: BoxStyle
        let margin: (top: Double?, left: Double?, bottom: Double?, right: Double?)
        let left: Double?, right: Double?, top: Double?, bottom: Double?
        /// By `justify` along the container's direction, by `align-self` across it.
        let mainMode: FlexAlignment, crossMode: FlexAlignment
    }

    /// §4.1 Absolutely positioned children: out of the flow, placed by their insets
    /// against the container's padding box (insets resolve against its size), sized by
    /// their own size, by opposite insets, else by their content; auto margins share
    /// what is left. With neither inset on an axis, `justify` (main) or `align-self`
    /// (cross) place them as if they were the only item.
    mutating func layoutAbsoluteChildren() {
        let children = tree.children(of: node)
        // Every child in flow is an item: when all of them are, none is positioned.
        guard items.count < children.count else { return }
        for child in children {
            let item = oriented(tree.itemStyle(child))
            guard item.isAbsolute else { continue }
            let resolved = absoluteChild(child, item)
            let size = sizeAbsoluteChild(resolved)
            place(child, Rect(origin: absoluteOrigin(resolved, size), size: size))
        }
    }

    /// The child's margins, insets and static alignment against the container's size.
    func absoluteChild(_ child: Node, _ item: FlexItemStyle) -> AbsoluteChild {
        let size = containerSize
        let childBox = tree.boxStyle(child)
        let alignSelf = item.alignSelf ?? alignItems
        // How it sits without insets: by `justify` along the container's direction, by
        // `align-self` across it (baseline falls back to start).
        let mainMode = FlexAlignment(style.justify)
        let crossMode: FlexAlignment = switch alignSelf {
        case .start, .stretch: .flexStart
        case .baseline: .start
        case .end: .flexEnd
        case .center: .center
        }
        let margin = (top: item.margin.top.resolve(size.width), left: item.margin.left.resolve(size.width),
                      bottom: item.margin.bottom.resolve(size.width), right: item.margin.right.resolve(size.width))
        let left = item.insets.left.resolve(size.width), right = item.insets.right.resolve(size.width)
        let top = item.insets.top.resolve(size.height), bottom = item.insets.bottom.resolve(size.height)
        return AbsoluteChild(node: child, item: item, box: childBox, margin: margin, left: left, right: right, top: top,
                             bottom: bottom, mainMode: mainMode, crossMode: crossMode)
    }

    /// What sizing an absolutely positioned child works with: its limits, the sizes known
    /// so far, which sizes its style or insets give, and the room it is sized in.
    struct AbsoluteSizing {
        var lo: OptionalSize, hi: OptionalSize
        /// The upper limits the final size is held to (a ratio's minimum lifts the
        /// transferred maximum on its axis).
        var upper: OptionalSize
        var known: OptionalSize
        var definite = AxisFlags(width: true, height: true)
        let base: OptionalSize, ownSize: OptionalSize, paddingSums: Size
        let widthGiven: Bool, heightGiven: Bool
        let space: AvailableSize
    }

    /// The child's size: its own, its opposite insets' or its content's, within its
    /// limits, with its aspect ratio's automatic minimums (laid out at that size).
    func sizeAbsoluteChild(_ c: AbsoluteChild) -> Size {
        var s = absoluteSizing(c)
        if let ratio = c.box.aspectRatio {
            if !c.box.clipsContent {
                holdRatioAxisMinimum(c, ratio, &s)
                holdContentMinimums(c, &s)
            } else {
                // A clipping box has no automatic minimum: its ratio decides.
                s.known = s.known.applyingAspectRatio(ratio).clamped(s.lo, s.hi)
            }
        }
        let output = layout.perform(c.node, known: s.known, definite: s.definite, parentSize: s.base, available: s.space,
                                    sizingMode: .inherent)
        let final = OptionalSize(s.known.width ?? output.size.width, s.known.height ?? output.size.height)
            .clamped(s.lo, s.upper)
        return Size(width: final.width ?? 0, height: final.height ?? 0)
    }

    /// The sizes the child's style and insets give, its limits and its room, with its
    /// width settled (fit-content in the room).
    func absoluteSizing(_ c: AbsoluteChild) -> AbsoluteSizing {
        let (child, item, childBox, margin) = (c.node, c.item, c.box, c.margin)
        let (left, right, top, bottom) = (c.left, c.right, c.top, c.bottom)
        let (mainMode, crossMode) = (c.mainMode, c.crossMode)
        let size = containerSize
        let base = OptionalSize(size.width, size.height)
        let ratio = childBox.aspectRatio
        let paddingSums = childBox.paddingSums
        let limits = childBox.limits(base)
        var lo = limits.min.or(OptionalSize(paddingSums.width, paddingSums.height))
            .atLeast(paddingSums)
        if let ratio, childBox.size(base).width == nil {
            // A width its ratio may give is at least what the ratio makes of the
            // padding's height.
            lo.width = max(lo.width ?? 0, FixedPoint.width(ofHeight: paddingSums.height, ratio))
        }
        let hi = limits.max
        var known = childBox.sizeWithRatio(base).clamped(lo, hi)
        // Which sizes the box's own style or its insets give (the ratio gives the other).
        let ownSize = childBox.size(base)
        let widthGiven = ownSize.width != nil || (left != nil && right != nil)
        if known.width == nil, let left, let right {
            known.width = max(size.width - (margin.left ?? 0) - (margin.right ?? 0) - left - right, 0)
            known = known.applyingAspectRatio(ratio).clamped(lo, hi)
        }
        // Between a top and a bottom inset, `align-self` (not the container's
        // `alignItems`) places the box in the block axis, as Chrome does whatever the
        // direction: stretched (auto, stretch) or at its content height and aligned.
        let blockAlignment = top != nil && bottom != nil && item.alignSelf != .stretch ? item.alignSelf : nil
        let heightGiven = ownSize.height != nil || (blockAlignment == nil && top != nil && bottom != nil)
        if known.height == nil, blockAlignment == nil, let top, let bottom {
            known.height = max(max(size.height - top - bottom, 0) - (margin.top ?? 0) - (margin.bottom ?? 0), 0)
            known = known.applyingAspectRatio(ratio).clamped(lo, hi)
        }
        // The room it is sized in is its inset-modified containing block: the padding
        // box less its insets, an auto one counting as 0 (CSS Positioned Layout §4.1,
        // CSS 2 §10.3.7), or with neither inset on an axis the room its static position
        // leaves (Chrome); the box takes its margins off it and applies its limits.
        func room(_ axis: Axis, _ start: Double?, _ end: Double?) -> AvailableSpace {
            guard start == nil, end == nil else { return .definite(max(size[axis] - (start ?? 0) - (end ?? 0), 0)) }
            let (mode, reversed) = axis == dir ? (mainMode, style.isReverse) : (crossMode, isWrapReverse)
            let (insetStart, insetEnd) = axis == .horizontal ? (padding.left, padding.right) : (padding.top, padding.bottom)
            return .definite(staticRoom(mode, reversed: reversed, container: size[axis], insetStart: insetStart,
                                        insetEnd: insetEnd))
        }
        let space = AvailableSize(width: room(.horizontal, left, right), height: room(.vertical, top, bottom))
        if known.width == nil {
            // Its width is settled first (fit-content in the room), as for any
            // absolutely positioned box, and its content is laid out in it.
            known.width = layout.measure(child, known: known, definite: AxisFlags(width: true, height: true),
                                         parentSize: base, available: space, sizingMode: .inherent,
                                         axis: .horizontal)
        }
        return AbsoluteSizing(lo: lo, hi: hi, upper: hi, known: known, base: base, ownSize: ownSize,
                              paddingSums: paddingSums, widthGiven: widthGiven, heightGiven: heightGiven, space: space)
    }

    /// The automatic minimum of a box with a ratio (css-sizing-4 §5.2) in the axis the
    /// ratio sizes: while its minimum there is auto, its content's min-content size,
    /// held only by its own maximum (a maximum the ratio transfers does not hold it).
    /// The width counts as the axis the ratio sizes also when the box gives its width
    /// and only its insets its height, as Chrome sizes it (its height then follows the
    /// width through the ratio).
    func holdRatioAxisMinimum(_ c: AbsoluteChild, _ ratio: Double, _ s: inout AbsoluteSizing) {
        let (child, childBox) = (c.node, c.box)
        let widthFollowsHeight = s.heightGiven && (!s.widthGiven || (s.ownSize.width != nil && s.ownSize.height == nil))
        let ratioAxis: Axis? = widthFollowsHeight ? .horizontal : s.heightGiven ? nil : .vertical
        if let axis = ratioAxis, childBox.minSize(s.base)[axis] == nil {
            let own = childBox.maxSize(s.base)
            let contentKnown = axis == .horizontal ? OptionalSize(nil, s.known.height) : OptionalSize(s.known.width, nil)
            let contentSpace = axis == .horizontal ? AvailableSize(width: .minContent, height: s.space.height) : s.space
            let transferred = s.known.width.map { FlexMath.clamp(FixedPoint.height(ofWidth: $0, ratio), s.lo.height, s.hi.height) }
            if let ratioSize = s.known[axis] ?? transferred {
                let content = layout.measure(child, known: contentKnown, definite: AxisFlags(width: true, height: true),
                                             parentSize: s.base, available: contentSpace, sizingMode: .content,
                                             axis: axis)
                let held = FlexMath.clamp(content, nil, own[axis])
                // A height the content holds open is not definite for percentages
                // inside (a width, settled before its content, is).
                if axis == .vertical, held > ratioSize { s.definite.height = false }
                s.known[axis] = max(ratioSize, held)
                s.upper[axis] = own[axis]
            }
        }
    }

    /// The content minimums a ratio box keeps where both sizes are otherwise given: its
    /// content's min-content width when it gives both sizes, its content's height when
    /// its insets give the height.
    func holdContentMinimums(_ c: AbsoluteChild, _ s: inout AbsoluteSizing) {
        let (child, childBox) = (c.node, c.box)
        if s.ownSize.width != nil, s.ownSize.height != nil,
           childBox.minSize(s.base).width == nil, let width = s.known.width {
            // A box that gives both sizes keeps its content's min-content width (not
            // what the ratio makes of its height or padding) as its automatic minimum.
            let minContent = AvailableSize(width: .minContent, height: s.space.height)
            let content = tree.isFlexContainer(child)
                ? layout.measure(child, known: .none, definite: AxisFlags(width: false, height: false), parentSize: s.base,
                                 available: minContent, sizingMode: .content, axis: .horizontal)
                : tree.measureContent(child, known: .none, available: minContent).width + s.paddingSums.width
            if content > width {
                let ownMaximum = childBox.maxSize(s.base).width
                s.known.width = FlexMath.clamp(content, nil, ownMaximum)
                s.upper.width = ownMaximum
            }
        }
        if s.ownSize.height == nil, childBox.minSize(s.base).height == nil,
           let width = s.known.width, let height = s.known.height {
            // A height its insets give keeps the content's height as its automatic
            // minimum (the width follows the insets' height through the ratio).
            let content = layout.measure(child, known: OptionalSize(width, nil), definite: AxisFlags(width: true, height: false),
                                         parentSize: s.base, available: s.space, sizingMode: .content, axis: .vertical)
            if content > height {
                let ownMaximum = childBox.maxSize(s.base).height
                s.known.height = FlexMath.clamp(content, nil, ownMaximum)
                s.definite.height = false
                s.upper.height = ownMaximum
            }
        }
    }

    /// Where the child of size `finalSize` sits: by its insets and margins (auto ones
    /// sharing the room between opposite insets), else at its static position.
    func absoluteOrigin(_ c: AbsoluteChild, _ finalSize: Size) -> Point {
        let (item, margin) = (c.item, c.margin)
        let (left, right, top, bottom) = (c.left, c.right, c.top, c.bottom)
        let (mainMode, crossMode) = (c.mainMode, c.crossMode)
        let size = containerSize
        // Auto margins share the room between opposite insets; without insets they
        // count as 0 (the box sits at its static position, as Chrome places it).
        // Two horizontal auto margins take no negative space (CSS 2 §10.3.7); a single
        // one, and vertical ones, take it.
        // The inset-modified containing block is never negative.
        let roomWidth = max(0, size.width - (left ?? 0) - (right ?? 0)) - finalSize.width - (margin.left ?? 0)
            - (margin.right ?? 0)
        let roomHeight = max(0, size.height - (top ?? 0) - (bottom ?? 0)) - finalSize.height - (margin.top ?? 0)
            - (margin.bottom ?? 0)
        let free = Size(width: margin.left == nil && margin.right == nil ? max(0, roomWidth) : roomWidth,
                        height: roomHeight)
        let horizontalInsets = left != nil && right != nil, verticalInsets = top != nil && bottom != nil
        let autoWidth = Double((margin.left == nil ? 1 : 0) + (margin.right == nil ? 1 : 0))
        let autoHeight = Double((margin.top == nil ? 1 : 0) + (margin.bottom == nil ? 1 : 0))
        let shareWidth = horizontalInsets && autoWidth > 0 ? free.width / autoWidth : 0
        let shareHeight = verticalInsets && autoHeight > 0 ? free.height / autoHeight : 0
        var resolved = EdgeInsets(top: margin.top ?? shareHeight, left: margin.left ?? shareWidth,
                                  bottom: margin.bottom ?? shareHeight, right: margin.right ?? shareWidth)
        if let top, let bottom, autoHeight == 0 {
            let y = Self.blockOffset(container: size.height, top: top, bottom: bottom, marginTop: margin.top ?? 0,
                                     marginBottom: margin.bottom ?? 0, size: finalSize.height,
                                     alignment: item.alignSelf)
            resolved.top = y - top
        }
        let (startMain, endMain) = dir == .horizontal ? (left, right) : (top, bottom)
        let (startCross, endCross) = dir == .horizontal ? (top, bottom) : (left, right)
        // Without insets on an axis: placed as the only item would be, by `justify`
        // along the container's direction and by `align-self` across it.
        let main = absolutePosition(dir, start: startMain, end: endMain, size: finalSize[dir], margins: resolved,
                                    mode: mainMode, reversed: style.isReverse)
        let crossPosition = absolutePosition(cross, start: startCross, end: endCross, size: finalSize[cross],
                                             margins: resolved, mode: crossMode, reversed: isWrapReverse)
        return Point(dir, main: main, cross: crossPosition)
    }

    /// Where a child of `size` starts on `axis`: after its `start` inset and margin,
    /// else before its `end` inset and margin, else at its static position by `mode`.
    private func absolutePosition(_ axis: Axis, start: Double?, end: Double?, size: Double, margins: EdgeInsets,
                                  mode: FlexAlignment, reversed: Bool) -> Double {
        let horizontal = axis == .horizontal
        let (marginStart, marginEnd) = horizontal ? (margins.left, margins.right) : (margins.top, margins.bottom)
        if let start { return start + marginStart }
        if let end { return containerSize[axis] - size - end - marginEnd }
        return staticPosition(mode, reversed: reversed, size: size, container: containerSize[axis],
                              insetStart: horizontal ? padding.left : padding.top,
                              insetEnd: horizontal ? padding.right : padding.bottom,
                              marginStart: marginStart, marginEnd: marginEnd)
    }

    /// The top of a box between a top and a bottom inset, as Chrome places it in its
    /// inset-modified containing block: the room between the insets (anchored at the
    /// top when they overlap), the box at its start (auto, stretch, start, baseline),
    /// centre or end by `align-self`; an explicit alignment then shifts an overflowing
    /// box back inside the container as far as its insets allow (CSS Position 3 and
    /// Box Alignment's default overflow alignment).
    static func blockOffset(container: Double, top: Double, bottom: Double, marginTop: Double, marginBottom: Double,
                            size: Double, alignment: FlexAlign?) -> Double {
        var start = top, end = bottom
        let room = container - start - end
        if room < 0 { end += room }
        let roomStart = start, roomEnd = end
        let free = container - start - end - marginTop - size - marginBottom
        switch alignment {
        case .center?:
            let half = FixedPoint.divided(free, by: 2)
            start += half
            end += free - half
        case .end?: start += free
        default: end += free
        }
        if alignment != nil {
            let safeEnd = min(roomEnd, 0)
            if end < safeEnd {
                start += end - safeEnd
                end = safeEnd
            }
            let safeStart = min(roomStart, 0)
            if start < safeStart {
                end += start - safeStart
                start = safeStart
            }
        }
        return start + marginTop
    }

    /// Where a box without insets on an axis is anchored in its container's content box:
    /// `mode` as the only item would be placed (flex-start and flex-end swap when the axis
    /// is `reversed`; a distribution places it as the only item).
    private enum StaticAnchor {
        case start, end, center

        init(_ mode: FlexAlignment, reversed: Bool) {
            switch mode {
            case .start: self = .start
            case .flexStart, .spaceBetween, .stretch: self = reversed ? .end : .start
            case .end: self = .end
            case .flexEnd: self = reversed ? .start : .end
            case .center, .spaceAround, .spaceEvenly: self = .center
            }
        }
    }

    /// The room an absolutely positioned box without insets on an axis has there, from
    /// its static position (Chrome): from the content box's start to the far edge, from
    /// its end back to the near edge, or twice the distance from its centre to the
    /// nearer edge.
    private func staticRoom(_ mode: FlexAlignment, reversed: Bool, container: Double, insetStart: Double,
                            insetEnd: Double) -> Double {
        switch StaticAnchor(mode, reversed: reversed) {
        case .start: return max(container - insetStart, 0)
        case .end: return max(container - insetEnd, 0)
        case .center:
            let centre = (insetStart + container - insetEnd) / 2
            return max(2 * min(centre, container - centre), 0)
        }
    }

    /// Where an absolutely positioned box without insets on an axis sits: at the start
    /// of the content box, its end, or centred.
    private func staticPosition(_ mode: FlexAlignment, reversed: Bool, size: Double, container: Double,
                                insetStart: Double, insetEnd: Double, marginStart: Double, marginEnd: Double) -> Double {
        switch StaticAnchor(mode, reversed: reversed) {
        case .start: return insetStart + marginStart
        case .end: return container - insetEnd - size - marginEnd
        case .center: return FixedPoint.divided(container + insetStart - insetEnd - size + marginStart - marginEnd, by: 2)
        }
    }
}
