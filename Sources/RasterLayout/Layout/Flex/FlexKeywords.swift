/// The keyword values of the flex container and item properties, as CSS spells them
/// (the raw values are the scene file's spellings).

/// `flex-direction`: the main axis and which end it starts from.
public enum FlexDirection: String, Equatable, Sendable, CaseIterable { case row, column, rowReverse, columnReverse }

/// `justify-content`: where the free space of a line goes along the main axis.
public enum FlexJustify: String, Equatable, Sendable, CaseIterable {
    case start, center, end, spaceBetween, spaceAround, spaceEvenly
}

/// `align-items` and `align-self`: where an item sits across its line (start and end
/// are flex-start and flex-end).
public enum FlexAlign: String, Equatable, Sendable, BitwiseCopyable, CaseIterable { case stretch, start, center, end, baseline }

/// `align-content`: where the free space across a multi-line container goes.
public enum FlexAlignContent: String, Equatable, Sendable, CaseIterable {
    case stretch, start, center, end, spaceBetween, spaceAround, spaceEvenly
}

/// `flex-wrap`: one line, or lines that stack forward or backward across.
public enum FlexWrap: String, Equatable, Sendable, CaseIterable { case noWrap = "nowrap", wrap, wrapReverse }
