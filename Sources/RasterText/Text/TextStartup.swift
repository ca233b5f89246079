/// What a process does once before its first text, step by step: open the shipped fonts,
/// load fontconfig's configuration and the machine's font list, open ICU's break
/// iterators. Rendering does each when it first needs it; these run one step on its own,
/// for a server that wants its first request as fast as the others, or to time them apart
/// (`render bench`'s screen workloads). Each runs at most once per process (the iterators
/// once per thread); a later call returns at once.
public enum TextStartup {
    /// Opens the shipped font files (what `FontRegistry.shared` holds).
    public static func openShippedFonts() {
        _ = FontRegistry.shared.hasShippedFonts
    }

    /// Loads fontconfig's configuration and font list: what the first character that no
    /// shipped font has costs.
    public static func loadFontconfig() {
        SystemFonts.shared.loadConfiguration()
    }

    /// Opens this thread's ICU grapheme and line break iterators (loading their rules).
    public static func openBreakIterators() {
        let text = Array("a b".utf16)
        text.withUnsafeBufferPointer { text in
            _ = TextSegmentation.graphemeEnds(text)
            _ = TextSegmentation.lineBreaks(text, locale: "en")
        }
    }
}
