/// A bounded map with generational eviction, the scheme both text caches use.
///
/// Entries live in a current and a previous table. A hit in the previous table moves the
/// entry to the current one; when an insertion would take the current table past half
/// the limit, it becomes the previous table and the old previous table is dropped. So
/// the total cost never exceeds `limit` (plus one entry larger than half of it), what was
/// used since the last turnover always survives it, and a hit costs one hash lookup with
/// no bookkeeping. Not thread-safe: owners keep it behind a lock.
struct GenerationalCache<Key: Hashable, Value> {
    /// The most total cost held.
    let limit: Int
    private var current: [Key: (value: Value, cost: Int)] = [:]
    private var previous: [Key: (value: Value, cost: Int)] = [:]
    private var currentCost = 0
    private var previousCost = 0

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { current.count + previous.count }
    var cost: Int { currentCost + previousCost }

    /// The value for `key`, moved into the current generation if it was in the previous.
    mutating func value(for key: Key) -> Value? {
        if let entry = current[key] { return entry.value }
        guard let entry = previous.removeValue(forKey: key) else { return nil }
        previousCost -= entry.cost
        insert(entry.value, for: key, cost: entry.cost)
        return entry.value
    }

    mutating func contains(_ key: Key) -> Bool { current[key] != nil || previous[key] != nil }

    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if let old = current.removeValue(forKey: key) { currentCost -= old.cost }
        if currentCost + cost > limit / 2 {
            previous = current
            previousCost = currentCost
            current = [:]
            currentCost = 0
        }
        current[key] = (value, cost)
        currentCost += cost
    }

    /// Drops every entry whose key matches.
    mutating func removeAll(where matches: (Key) -> Bool) {
        for key in current.keys where matches(key) { currentCost -= current.removeValue(forKey: key)?.cost ?? 0 }
        for key in previous.keys where matches(key) { previousCost -= previous.removeValue(forKey: key)?.cost ?? 0 }
    }
}
