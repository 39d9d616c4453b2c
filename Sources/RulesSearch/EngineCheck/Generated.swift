/// Generated inputs made one at a time, as they are used: a check of a hundred million
/// queries holds one of them, not all (`(0..<count).map` asked for the whole array at once).
package struct Generated<Element>: Sequence, IteratorProtocol {
    private var left: Int
    private var rng: SeededGenerator
    private let make: (inout SeededGenerator) -> Element

    init(count: Int, seed: UInt64, make: @escaping (inout SeededGenerator) -> Element) {
        left = Swift.max(count, 0)
        rng = SeededGenerator(seed: seed)
        self.make = make
    }

    package mutating func next() -> Element? {
        guard left > 0 else { return nil }
        left -= 1
        return make(&rng)
    }

    package var underestimatedCount: Int { 0 }
}
