/// Line-break opportunities between grapheme clusters, after the Unicode line breaking
/// algorithm (UAX #14) for the classes that matter in UI text: mandatory breaks
/// (newlines), spaces, hyphens and dashes, slashes, ideographs and kana (which break
/// between any two, except before closing punctuation and small kana and after opening
/// punctuation), emoji, zero-width space, and the non-breaking glue characters.
///
/// Classes are taken from each cluster's first scalar, so a cluster is never split.
enum LineBreaker {
    enum Opportunity: UInt8 {
        case none, allowed, mandatory
    }

    enum BreakClass: UInt8 {
        case alphabetic, numeric, mandatory, space, zeroWidthSpace, glue, hyphen, dashBoth
        case slash, ideographic, open, close, nonStarter, infix, combining
    }

    /// The class of a cluster, from its first scalar.
    static func breakClass(_ s: Unicode.Scalar) -> BreakClass {
        let v = s.value
        switch v {
        case 0x41...0x5A, 0x61...0x7A: return .alphabetic
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return .mandatory
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return .space
        case 0x200B: return .zeroWidthSpace
        case 0xA0, 0x202F, 0x2007, 0x2060, 0xFEFF, 0x200D, 0x034F, 0x2011, 0x0F0C: return .glue
        case 0x2D, 0xAD, 0x2010, 0x2012, 0x2013, 0x058A, 0x1806: return .hyphen
        case 0x2014, 0x2E3A, 0x2E3B: return .dashBoth
        case 0x2F: return .slash
        case 0x30...0x39, 0x660...0x669, 0x6F0...0x6F9, 0x966...0x96F, 0xFF10...0xFF19: return .numeric
        case 0x28, 0x5B, 0x7B, 0xA1, 0xBF, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010,
             0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            return .open
        case 0x29, 0x5D, 0x7D, 0x2019, 0x201D, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011,
             0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D,
             0xFF60, 0xFF61, 0xFF63, 0xFF64:
            return .close
        case 0x21, 0x3F, 0x2C, 0x2E, 0x3A, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x7F8, 0x2044, 0xFE10,
             0xFE13, 0xFE14, 0xFF01, 0xFF1A, 0xFF1B, 0xFF1F:
            return .infix
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
             0x30FB, 0x30FC, 0x30FD, 0x30FE, 0x309D, 0x309E, 0x3005, 0x303B, 0x30A0, 0xFF65, 0xFF70,
             0x31F0...0x31FF:
            return .nonStarter
        case 0x1100...0x115F, 0x2E80...0x2FFF, 0x3003...0x3004, 0x3006...0x3007, 0x3012...0x3013,
             0x3020...0x303A, 0x303C...0x30FF, 0x3105...0x31EF, 0x3200...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF,
             0x20000...0x3FFFD:
            return .ideographic
        default:
            if v >= 0x1F000 && v <= 0x1FAFF || (v >= 0x2600 && v <= 0x27BF && s.properties.isEmojiPresentation) {
                return .ideographic
            }
            switch s.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return .combining
            case .openPunctuation: return .open
            case .closePunctuation: return .close
            default: return .alphabetic
            }
        }
    }

    /// `result[i]`: may a line end after cluster `i`. The last cluster always gets
    /// `.mandatory` (the text ends there).
    static func opportunities(_ classes: [BreakClass]) -> [Opportunity] {
        let n = classes.count
        var out = [Opportunity](repeating: .none, count: n)
        guard n > 0 else { return out }
        for i in 0..<(n - 1) {
            out[i] = between(classes, i)
        }
        out[n - 1] = .mandatory
        return out
    }

    private static func between(_ c: [BreakClass], _ i: Int) -> Opportunity {
        let a = c[i], b = c[i + 1]
        if a == .mandatory { return .mandatory }
        if b == .mandatory || b == .space || b == .zeroWidthSpace { return .none }
        if a == .zeroWidthSpace { return .allowed }
        if a == .glue || b == .glue || b == .combining { return .none }
        if a == .space {
            // After spaces, except before closing punctuation and other non-starters.
            return b == .close || b == .infix || b == .nonStarter ? .none : .allowed
        }
        if b == .close || b == .infix || b == .nonStarter { return .none }
        if a == .open { return .none }
        if a == .hyphen {
            // Not after a hyphen that starts a word ("-5", " -x"), nor before a digit.
            let startsWord = i == 0 || c[i - 1] == .space || c[i - 1] == .mandatory
            return startsWord || b == .numeric || b == .hyphen ? .none : .allowed
        }
        if a == .dashBoth || b == .dashBoth { return a == b ? .none : .allowed }
        if a == .slash { return b == .numeric ? .none : .allowed }
        if a == .ideographic || b == .ideographic { return .allowed }
        return .none
    }
}
