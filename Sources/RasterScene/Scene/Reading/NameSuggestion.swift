/// "Did you mean" for misspelled names (node types, props, choices): the known name
/// nearest the given one by edit distance (insertions, deletions, substitutions and
/// swaps of neighbours, ignoring case), when it is near enough to be a slip.
public enum NameSuggestion {
    /// The nearest of `known` to `name`, nil when none is within a third of the name's
    /// length (at least one edit).
    public static func nearest(to name: String, in known: [String]) -> String? {
        let target = Array(name.lowercased())
        guard !target.isEmpty, target.count <= 64 else { return nil }
        let limit = max(1, target.count / 3)
        var best: (String, Int)?
        for candidate in known {
            let d = distance(target, Array(candidate.lowercased()), limit: limit)
            if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// `" (did you mean 'X'?)"` or empty.
    static func hint(for name: String, in known: [String]) -> String {
        nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance, stopping early past `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                current[j] = d
                rowBest = min(rowBest, d)
            }
            if rowBest > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
