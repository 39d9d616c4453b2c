/// A dictionary that remembers insertion order, as every PHP array does.
///
/// The reference's results depend on that order: ranking ties keep the order in which
/// chapters were first met, and the snippet patterns list words in the order they were
/// found. Assigning to an existing key keeps its place; removal keeps the others in order.
package struct OrderedMap<Key: Hashable, Value> {
    package private(set) var keys: [Key] = []
    package private(set) var values: [Value] = []
    private var positions: [Key: Int] = [:]

    package init() {}

    package init(minimumCapacity: Int) {
        keys.reserveCapacity(minimumCapacity)
        values.reserveCapacity(minimumCapacity)
        positions.reserveCapacity(minimumCapacity)
    }

    package var count: Int { keys.count }
    package var isEmpty: Bool { keys.isEmpty }

    package func index(of key: Key) -> Int? { positions[key] }

    package subscript(key: Key) -> Value? {
        get { positions[key].map { values[$0] } }
        set {
            if let newValue {
                if let i = positions[key] {
                    values[i] = newValue
                } else {
                    append(key, newValue)
                }
            } else if positions[key] != nil {
                remove(where: { $0 == key })
            }
        }
    }

    /// The value for `key`, created with `makeDefault` at the end when missing, changed in place.
    package mutating func update<R>(
        _ key: Key, default makeDefault: @autoclosure () -> Value,
        _ body: (inout Value) -> R
    ) -> R {
        let i: Int
        if let existing = positions[key] {
            i = existing
        } else {
            i = keys.count
            append(key, makeDefault())
        }
        return body(&values[i])
    }

    package mutating func append(_ key: Key, _ value: Value) {
        positions[key] = keys.count
        keys.append(key)
        values.append(value)
    }

    /// Removes every entry whose key satisfies `shouldRemove`, keeping the others' order.
    package mutating func remove(where shouldRemove: (Key) -> Bool) {
        var newKeys: [Key] = []
        var newValues: [Value] = []
        newKeys.reserveCapacity(keys.count)
        newValues.reserveCapacity(keys.count)
        for (k, v) in zip(keys, values) where !shouldRemove(k) {
            newKeys.append(k)
            newValues.append(v)
        }
        keys = newKeys
        values = newValues
        positions = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    }

    /// Entries in order.
    package var entries: Zip2Sequence<[Key], [Value]> { zip(keys, values) }
}

extension OrderedMap: Sendable where Key: Sendable, Value: Sendable {}

extension OrderedMap: Equatable where Value: Equatable {
    package static func == (a: OrderedMap, b: OrderedMap) -> Bool {
        a.keys == b.keys && a.values == b.values
    }
}
