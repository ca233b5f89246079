import CUnicode
import Foundation
import RasterCore

/// Grapheme clusters (UAX #29) and line break opportunities (UAX #14, with ICU's
/// dictionaries for Thai, Lao, Khmer, Burmese and CJK) from ICU, over UTF-16 text.
///
/// Every call names its locale, so results never depend on the process's environment.
enum TextSegmentation {
    /// The end offset of each grapheme cluster, ascending; the last is `text.count`.
    /// An Indic conjunct (consonants joined by a virama, Unicode 15.1's rule GB9c) is
    /// one cluster whatever ICU's version (`keepingConjuncts`).
    static func graphemeEnds(_ text: UnsafeBufferPointer<UInt16>) -> [Int32] {
        guard text.count > 0 else { return [] }
        var ends = [Int32](repeating: 0, count: text.count)
        let n = ends.withUnsafeMutableBufferPointer { out in
            cu_grapheme_ends(text.baseAddress, Int32(text.count), out.baseAddress, Int32(text.count))
        }
        // ICU only fails on allocation; one cluster per code unit is the safe answer then.
        guard n > 0 else { return (1...text.count).map { Int32($0) } }
        ends.removeSubrange(Int(n)...)
        guard text.contains(where: mayLinkAConjunct) else { return ends }
        return keepingConjuncts(ends, text)
    }

    /// True for the viramas that link the consonants of a conjunct
    /// (Indic_Conjunct_Break=Linker in Unicode 15.1: Devanagari, Bengali, Gujarati,
    /// Oriya, Telugu and Malayalam), and for the Gurmukhi, Tamil and Kannada ones that
    /// share their place in the blocks from U+0900 to U+0D7F (each block's U+xx4D or
    /// U+xxCD): a test per code unit without a lookup; a text with one of the three
    /// extra ones only takes the exact pass below for nothing.
    static func mayLinkAConjunct(_ unit: UInt16) -> Bool {
        unit >= 0x0900 && unit < 0x0D80 && unit & 0x7F == 0x4D
    }

    /// `ends` less those inside one of Swift's `Character`s, which follow Unicode
    /// 15.1's grapheme rules and so never split a conjunct, where ICU older than 15.1
    /// does (Debian 12's ICU 72 keeps "क्ष" whole but splits "क्ुर", a mark between the
    /// virama and the consonant, before the "र"). Clusters only merge: an end kept is one
    /// both agree on.
    static func keepingConjuncts(_ ends: [Int32], _ text: UnsafeBufferPointer<UInt16>) -> [Int32] {
        // (An unpaired surrogate decodes to U+FFFD, also one code unit: offsets agree.)
        var characterEnds = Set<Int32>()
        var offset = 0
        for character in String(decoding: text, as: UTF16.self) {
            offset += character.utf16.count
            characterEnds.insert(Int32(offset))
        }
        return ends.filter(characterEnds.contains)
    }

    /// The offsets a line may end at, ascending (the last is `text.count`), each with
    /// whether a line must end there.
    static func lineBreaks(_ text: UnsafeBufferPointer<UInt16>, locale: String) -> [(offset: Int, hard: Bool)] {
        guard text.count > 0 else { return [] }
        var offsets = [Int32](repeating: 0, count: text.count)
        var hard = [UInt8](repeating: 0, count: text.count)
        let n = offsets.withUnsafeMutableBufferPointer { o in
            hard.withUnsafeMutableBufferPointer { h in
                locale.withCString { cu_line_breaks(text.baseAddress, Int32(text.count), $0, o.baseAddress, h.baseAddress, Int32(text.count)) }
            }
        }
        guard n > 0 else { return [(text.count, true)] }
        return (0..<Int(n)).map { (Int(offsets[$0]), hard[$0] != 0) }
    }
}

/// A text run through the Unicode bidi algorithm (UAX #9) by ICU: embedding levels,
/// paragraphs, and the visual order of any line.
///
/// Thread-safe: a shaped paragraph is shared by every thread that lays it out at some
/// width (`TextLayoutCache`), and ICU sets each line into one line object the handle
/// holds, so every call into ICU holds `lock`.
final class BidiParagraphs: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSLock()
    let length: Int

    /// Nil when ICU cannot run (allocation failure).
    init?(_ text: UnsafeBufferPointer<UInt16>, direction: TextDirection, fallback: LayoutDirection) {
        let level: UInt8
        switch direction {
        case .ltr: level = 0
        case .rtl: level = 1
        case .auto: level = fallback == .rightToLeft ? 0xFF : 0xFE
        }
        guard let h = cu_bidi_create(text.baseAddress, Int32(text.count), level) else { return nil }
        handle = h
        length = text.count
    }

    deinit { cu_bidi_destroy(handle) }

    /// The level of every code unit (odd: right to left).
    func levels() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        let n = lock.withLock {
            out.withUnsafeMutableBufferPointer { cu_bidi_levels(handle, $0.baseAddress, Int32(length)) }
        }
        return n == length ? out : [UInt8](repeating: 0, count: length)
    }

    /// The paragraphs with their base levels.
    func paragraphs() -> [(range: Range<Int>, rtl: Bool)] {
        let capacity = max(length, 1)
        var starts = [Int32](repeating: 0, count: capacity), limits = starts
        var levels = [UInt8](repeating: 0, count: capacity)
        let n = lock.withLock { cu_bidi_paragraphs(handle, &starts, &limits, &levels, Int32(capacity)) }
        guard n > 0 else { return [(0..<length, false)] }
        return (0..<Int(n)).map { (Int(starts[$0])..<Int(limits[$0]), levels[$0] & 1 == 1) }
    }

    /// The runs of the line `range` (inside one paragraph) left to right on screen.
    func lineRuns(_ range: Range<Int>) -> [(range: Range<Int>, rtl: Bool)] {
        guard !range.isEmpty else { return [] }
        let capacity = range.count
        var starts = [Int32](repeating: 0, count: capacity), lengths = starts
        var rtl = [UInt8](repeating: 0, count: capacity)
        let n = lock.withLock {
            cu_bidi_line_runs(handle, Int32(range.lowerBound), Int32(range.upperBound), &starts, &lengths, &rtl,
                              Int32(capacity))
        }
        guard n > 0 else { return [(range, false)] }
        return (0..<Int(n)).map { (Int(starts[$0])..<Int(starts[$0] + lengths[$0]), rtl[$0] != 0) }
    }
}
