import RasterCore

/// What the compositor remembers of one layer from the last frame it drew.
struct LayerRecord {
    /// Held so that the identifier keying the record cannot be reused by another layer.
    let layer: Layer
    let geometryVersion: UInt64
    let version: UInt64
    let effectVersion: UInt64
    let contentVersion: UInt64
    /// Bounds coordinates → frame device pixels.
    let device: Transform
    /// The layer's `shadowOffset` in device pixels (the superlayer's device transform
    /// applied to it, as the shadow moves with the superlayer's space); zero without a
    /// shadow.
    let shadowOffset: Point
    /// The ancestors' clip (device pixels).
    let clip: PixelRect
    /// The sublayers drawn, in order.
    let children: [ObjectIdentifier]
    /// Device pixels the layer's own drawing touches (its whole subtree's when it casts
    /// a shadow from it), before the clip.
    let own: PixelRect
    /// Own pixels and every sublayer's, without a subtree shadow.
    let content: PixelRect
    /// Everything the subtree can touch.
    let subtree: PixelRect
    /// Changes whenever anything that shapes the subtree's pixels changed, except a move
    /// by whole pixels.
    let stamp: UInt64

    var visibleOwn: PixelRect { own.intersection(clip) }
    var visibleSubtree: PixelRect { subtree.intersection(clip) }
}

/// The records of one frame: stored one after another in the order they were made, and
/// found by layer through a map of small indices. A tree of a million layers keeps a
/// million records back to back and a map of 12-byte entries, where a map holding the
/// records themselves spends a whole record on each of its empty buckets too.
///
/// Invariant: `index[ObjectIdentifier(list[i].layer)] == i` for every record, and the
/// map holds nothing else.
struct LayerRecords {
    private(set) var list: [LayerRecord] = []
    private var index: [ObjectIdentifier: Int32] = [:]

    /// Room for `count` records without growing.
    init(capacity count: Int = 0) {
        list.reserveCapacity(count)
        index.reserveCapacity(count)
    }

    var isEmpty: Bool { list.isEmpty }
    var count: Int { list.count }

    /// The record of the layer with identifier `id`, if it has one.
    subscript(id: ObjectIdentifier) -> LayerRecord? {
        guard let i = index[id] else { return nil }
        return list[Int(i)]
    }

    /// Whether the layer with identifier `id` has a record.
    func contains(_ id: ObjectIdentifier) -> Bool { index[id] != nil }

    /// Adds `record`, replacing the one its layer had.
    mutating func add(_ record: LayerRecord) {
        let id = ObjectIdentifier(record.layer)
        if let i = index[id] {
            list[Int(i)] = record
            return
        }
        index[id] = Int32(list.count)
        list.append(record)
    }
}
