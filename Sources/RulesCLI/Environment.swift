import Foundation

/// One environment variable at a time, read with `getenv`: Foundation's
/// `ProcessInfo.environment` makes a dictionary of every variable, a twentieth of a search's
/// work, for the two or three a command asks about.
enum Environment {
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
