/// `Page::rus_plural` of s2_search: the form of a Russian noun for a number — one for 1,
/// 21, 101 (but not 11, 111), two for 2–4, 22–24 (but not 12–14), many for the rest. The
/// reference words its results header with it («Нашлось 5 страниц.»).
package enum RussianPlural {
    package static func choose<T>(_ number: Int, many: T, one: T, two: T) -> T {
        let n = number.magnitude
        let lastTwo = n % 100
        let last = n % 10
        if lastTwo == 1 || lastTwo > 20 && last == 1 { return one }
        if (2...4).contains(lastTwo) || lastTwo > 20 && (2...4).contains(last) { return two }
        return many
    }
}
