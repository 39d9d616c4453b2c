import Foundation

/// Text put into a page: every character that could start markup or end an attribute is
/// written as an entity, so that nothing from an index, a corpus or a query is ever read
/// as HTML. Addresses are built from percent-encoded parts only.
enum HTML {
    /// `text` for an element's content or a quoted attribute.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as one part of an address (a path segment, a query value): everything but
    /// letters, digits and `-._~` percent-encoded, as UTF-8.
    static func component(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The page of the record `id`; an id of dots alone has them encoded, which a browser
    /// would otherwise read as the folder above (`/rules/..` is `/`).
    static func rulePath(_ id: String) -> String {
        "/rules/" + (id.allSatisfy { $0 == "." } ? String(repeating: "%2E", count: id.count) : component(id))
    }

    /// The results page for `query`, page `page`.
    static func searchPath(_ query: String, page: Int = 1) -> String {
        "/search?q=" + component(query) + (page > 1 ? "&page=\(page)" : "")
    }
}
