/// The commands of `rules`, in the order help lists them.
enum CommandName: String, CaseIterable {
    case search, browse, titles, show, stem, index
    case checkEngines = "check-engines"
    case completions, help
}
