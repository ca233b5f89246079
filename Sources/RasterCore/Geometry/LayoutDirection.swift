/// The direction a user interface reads in: which side `leading` means, for layout
/// (stacks, alignments, directional insets, Flex rows) and for a text whose own
/// direction gives no answer.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
