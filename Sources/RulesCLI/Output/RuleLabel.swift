import RulesSearch

/// How a rule of the built-in rules is named in the results view and in `rules show`: a
/// paragraph by its § number, a chapter as «Глава N.». A record without a place (a corpus of
/// one's own) keeps its title alone.
enum RuleLabel {
    static func title(_ title: String, place: RulePlace?) -> String {
        switch place?.kind {
        case .paragraph?: "§ \(place!.number). " + title
        case .chapter?: "Глава \(place!.number). " + title
        case nil: title
        }
    }

    /// The line that names the chapter a paragraph belongs to.
    static func chapter(_ title: String, place: RulePlace?) -> String {
        place.map { "Глава \($0.number). " + title } ?? "Глава: " + title
    }
}
