import RasterCore

/// §9.2: the items, the available space and each item's flex base size and hypothetical main size.
extension FlexContainerAlgorithm {
    /// 1. One item per in-flow child (absolutely positioned ones are laid out last).
    /// `room` holds at least one item per child.
    mutating func generateFlexItems(_ children: [Node], into room: UnsafeMutableBufferPointer<Item>) {
        var count = 0
        for child in children {
            let styles = tree.item(child)
            guard !styles.item.isAbsolute else { continue }
            let item = oriented(styles.item)
            let childBox = styles.box
            let base = percentBase
            let ratio = childBox.aspectRatio
            let w = base.width
            let specified = childBox.size(base), ownMin = childBox.minSize(base), ownMax = childBox.maxSize(base)
            var limits = childBox.limits(base)
            if ratio != nil {
                // An item's cross limits do not transfer into its main size through the
                // ratio (its flex basis keeps within them, its flexed size does not), as
                // Chrome sizes flex items.
                limits.min[dir] = ownMin[dir]
                limits.max[dir] = ownMax[dir]
            }
            room.initializeElement(at: count, to: Item(
                node: child,
                mainDimension: childBox.dimension(dir),
                crossDimension: childBox.dimension(cross),
                minMainDimension: childBox.minDimension(dir),
                basis: item.basis,
                size: childBox.sizeWithRatio(base),
                specifiedSize: specified,
                aspectRatio: ratio,
                ownMinSize: ownMin,
                ownMaxSize: ownMax,
                minSize: limits.min,
                maxSize: limits.max,
                alignSelf: item.alignSelf ?? alignItems,
                clips: childBox.clipsContent,
                grow: item.grow, shrink: item.shrink,
                inset: (item.insets.top.resolve(base.height), item.insets.left.resolve(base.width),
                        item.insets.bottom.resolve(base.height), item.insets.right.resolve(base.width)),
                margin: EdgeInsets(top: item.margin.top.resolveOrZero(w), left: item.margin.left.resolveOrZero(w),
                                   bottom: item.margin.bottom.resolveOrZero(w), right: item.margin.right.resolveOrZero(w)),
                marginIsAuto: (item.margin.top.isAuto, item.margin.left.isAuto, item.margin.bottom.isAuto,
                               item.margin.right.isAuto),
                padding: childBox.padding))
            count += 1
        }
        items = UnsafeMutableBufferPointer(rebasing: room[..<count])
    }

    /// 2. The room for the items: the content box where definite, else the room the
    /// container has less its margins and padding (possibly infinite).
    func determineAvailableSpace() -> AvailableSize {
        func space(_ axis: Axis) -> AvailableSpace {
            if let outer = nodeOuterSize[axis] {
                return .definite(outer - (axis == .horizontal ? padding.horizontal : padding.vertical))
            }
            // A height has one intrinsic size, its content's laid out: a row measured
            // for its min-content height lays its items out as in any open height (the
            // box measured keeps its own ratio's height open, see `init`).
            if axis == .vertical, dir == .horizontal, input.available.height == .minContent { return .maxContent }
            let m = axis == .horizontal ? margin.horizontal : margin.vertical
            let p = axis == .horizontal ? padding.horizontal : padding.vertical
            return input.available[axis].minus(m).minus(p)
        }
        return AvailableSize(width: space(.horizontal), height: space(.vertical))
    }

    /// The room and known size an item is measured with across the main axis.
    func crossConstraint(_ i: Int, _ available: AvailableSize, forBaseSize: Bool)
        -> (space: AvailableSpace, known: OptionalSize) {
        let crossParent = nodeInnerSize[cross]
        let marginSum = crossSum(items[i].margin)
        let lo = items[i].minSize[cross].map { $0 + marginSum }, hi = items[i].maxSize[cross].map { $0 + marginSum }
        let space: AvailableSpace
        switch available[cross] {
        case .definite(let v): space = .definite(FlexMath.clamp(crossParent ?? v, lo, hi))
        case .minContent: space = forBaseSize ? (lo.map(AvailableSpace.definite) ?? .minContent) : .minContent
        case .maxContent: space = forBaseSize ? (hi.map(AvailableSpace.definite) ?? .maxContent) : .maxContent
        }
        // The cross size as specified (one the ratio transfers from the open main size
        // is not known yet).
        var known = items[i].specifiedSize.clamped(items[i].minSize, items[i].maxSize)
        known[dir] = nil
        // A stretched cross size counts before lines are sized only where it is
        // definite (§9.8: a single-line container of definite cross size); elsewhere the
        // item is measured at its fit-content cross size, as Chrome does.
        // It is held within the item's own limits only (as the stretched size is, not
        // by limits its ratio transfers).
        if items[i].alignSelf == .stretch, known[cross] == nil, stretchIsDefinite(items[i], placed: false),
           let room = crossParent ?? available[cross].value {
            known[cross] = max(FlexMath.clamp(room - marginSum, items[i].ownMinSize[cross], items[i].ownMaxSize[cross]),
                               crossSum(items[i].padding))
        }
        return (space, known)
    }

    /// 3. Each item's flex base size and hypothetical main size.
    mutating func determineFlexBaseSizes(_ available: AvailableSize) {
        // The items are worked on in place (the helpers read only the item they are
        // given), rather than each copied out and back.
        let items = self.items
        for i in items.indices {
            let (crossSpace, known) = crossConstraint(i, available, forBaseSize: true)
            setFlexBaseSize(&items[i], available, crossSpace: crossSpace, known: known)
            // Floored by padding, as Chrome and Firefox do (the spec does not floor it).
            let paddingMain = mainSum(items[i].padding)
            items[i].flexBasis = max(items[i].flexBasis, paddingMain)
            items[i].innerFlexBasis = items[i].flexBasis - paddingMain
            // The content minimum is measured only where it can hold a size up: not while
            // the base size and the maximum reach a bound it cannot pass (a clamp to it
            // then changes nothing).
            let bound = items[i].ownMinSize[dir] != nil || items[i].clips ? .infinity : minimumBound(i)
            let lower: Double?
            if bound.isFinite, items[i].flexBasis >= bound, (items[i].maxSize[dir] ?? .infinity) >= bound {
                items[i].resolvedMinimumMainSize = .nan
                items[i].minimumBound = bound
                items[i].minimumSpace = crossSpace
                items[i].minimumKnown = known
                lower = nil
            } else {
                items[i].resolvedMinimumMainSize = automaticMinimum(i, crossSpace: crossSpace, known: known)
                lower = max(items[i].resolvedMinimumMainSize, paddingMain)
            }
            let hypothetical = FlexMath.clamp(items[i].flexBasis, lower, items[i].maxSize[dir])
            items[i].hypotheticalInnerSize[dir] = hypothetical
            items[i].hypotheticalOuterSize[dir] = hypothetical + mainSum(items[i].margin)
        }
    }

    /// 3. A-E: the item's flex base size (and whether it is definite), before the
    /// padding floor.
    func setFlexBaseSize(_ item: inout Item, _ available: AvailableSize, crossSpace: AvailableSpace,
                         known: OptionalSize) {
        let basisStyle = item.basis
        // A percentage basis of an indefinite container is `auto` across a row (as
        // Chrome sizes a row's width) and `content` down a column (as it sizes a
        // column's height): the item's own height then does not count.
        let percentOpen = {
            if case .percent = basisStyle { return dir == .vertical && percentBase[dir] == nil }
            return false
        }()
        if let basis = basisStyle.resolve(percentBase[dir]) ?? (percentOpen ? nil : item.size[dir]) {
            // A. A definite flex basis (or a size the aspect ratio transfers).
            item.flexBasis = basis
            item.hasDefiniteBasis = true
        } else if let ratio = item.aspectRatio, let crossSize = known[cross], definiteness(item)[cross] {
            // B. An aspect ratio and a definite cross size (a stretched one included).
            item.flexBasis = mainFromCross(crossSize, ratio)
            item.hasDefiniteBasis = true
        } else {
            // C, E. Sized as max-content in the main axis (min-content when the
            // container itself is sized under a min-content constraint).
            let mainSpace: AvailableSpace = available[dir] == .minContent ? .minContent : .maxContent
            let space = AvailableSize(width: dir == .horizontal ? mainSpace : crossSpace,
                                      height: dir == .horizontal ? crossSpace : mainSpace)
            item.flexBasis = layout.measure(item.node, known: known, definite: definiteness(item), parentSize: percentBase, available: space,
                                            sizingMode: .content, axis: dir)
            if let ratio = item.aspectRatio {
                // A box's content sizes keep within its cross limits carried through
                // the ratio (css-sizing-4 §5.1), though its used size may flex past
                // them.
                item.flexBasis = FlexMath.clamp(item.flexBasis, item.ownMinSize[cross].map { mainFromCross($0, ratio) },
                                                item.ownMaxSize[cross].map { mainFromCross($0, ratio) })
                if dir == .vertical, known[cross] == nil {
                    // A column lays the item out at a width within its limits (those
                    // its height's limits transfer included), and its height follows.
                    let width = FlexMath.clamp(crossFromMain(item.flexBasis, ratio), item.minSize[cross], item.maxSize[cross])
                    item.flexBasis = mainFromCross(width, ratio)
                }
            }
        }
    }

    /// Whether the item's used minimum main size, not measured yet, cannot change `size`
    /// clamped by the item's maximum: it is at most `minimumBound`, which both reach.
    func minimumCannotBind(_ i: Int, at size: Double) -> Bool {
        let bound = items[i].minimumBound
        return items[i].resolvedMinimumMainSize.isNaN && size >= bound && (items[i].maxSize[dir] ?? .infinity) >= bound
    }

    /// The item's used minimum main size, its content measured if it is not yet.
    func measuredMinimumMainSize(_ i: Int) -> Double {
        let known = items[i].resolvedMinimumMainSize
        if !known.isNaN { return known }
        let measured = automaticMinimum(i, crossSpace: items[i].minimumSpace, known: items[i].minimumKnown)
        items[i].resolvedMinimumMainSize = measured
        return measured
    }

    /// An upper bound of the automatic minimum found without measuring: the content's
    /// minimum is held to the specified and maximum main sizes, so the minimum is at
    /// most the smaller of them (or the padding, or a minimum the ratio transfers).
    func minimumBound(_ i: Int) -> Double {
        var cap = Double.infinity
        if let s = items[i].specifiedSize[dir] { cap = s }
        if let m = items[i].ownMaxSize[dir] { cap = min(cap, m) }
        guard cap.isFinite else { return .infinity }
        return max(cap, mainSum(items[i].padding), items[i].minSize[dir] ?? 0)
    }

    /// 4.5 The automatic minimum size: the min-content size, no larger than the
    /// specified or maximum size; 0 for a clipped item. Only the item's own minimum
    /// replaces the automatic one (a minimum the ratio transfers does not).
    func automaticMinimum(_ i: Int, crossSpace: AvailableSpace, known: OptionalSize) -> Double {
        let paddingMain = mainSum(items[i].padding)
        if let specified = items[i].ownMinSize[dir] ?? (items[i].clips ? 0 : nil) {
            return max(specified, paddingMain)
        } else {
            let space = AvailableSize(width: dir == .horizontal ? .minContent : crossSpace,
                                      height: dir == .horizontal ? crossSpace : .minContent)
            var minContent = layout.measure(items[i].node, known: known, definite: definiteness(items[i]), parentSize: percentBase, available: space,
                                            sizingMode: .content, axis: dir)
            if let ratio = items[i].aspectRatio {
                // The content size suggestion of a box with a ratio is held within
                // its cross limits carried through the ratio.
                // (A row's item whose height is definite, its own or stretched, is
                // not held by its maximum height there, as Chrome sizes it.)
                let heldByCrossMaximum = dir == .vertical
                    || (items[i].specifiedSize[cross] == nil && !stretchIsDefinite(items[i], placed: false))
                minContent = FlexMath.clamp(minContent, items[i].ownMinSize[cross].map { mainFromCross($0, ratio) },
                                            heldByCrossMaximum ? items[i].ownMaxSize[cross].map { mainFromCross($0, ratio) } : nil)
            }
            if let s = items[i].specifiedSize[dir] { minContent = min(minContent, s) }
            if let m = items[i].ownMaxSize[dir] { minContent = min(minContent, m) }
            // A minimum the aspect ratio transfers is part of the automatic one.
            return max(minContent, paddingMain, items[i].minSize[dir] ?? 0)
        }
    }
}
