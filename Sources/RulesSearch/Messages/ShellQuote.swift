/// A word as a shell (sh, bash, zsh, fish) reads it back: as it is when it holds only
/// characters no shell treats specially, else in single quotes (a single quote inside as `'\''`).
package enum ShellQuote {
    package static func quote(_ word: String) -> String {
        // A leading = (zsh's equals expansion) or ~ (the home folder) means something too.
        let plain =
            !word.isEmpty && !"=~".contains(word.first!)
            && word.unicodeScalars.allSatisfy { s in
                s.value > 0x7F
                    ? s.properties.isAlphabetic || s.properties.numericType != nil
                    : "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=+@%".unicodeScalars.contains(s)
            }
        if plain { return word }
        // Not Foundation's replacingOccurrences: its first call costs a one-query run half
        // a million instructions.
        var quoted = "'"
        for c in word.unicodeScalars {
            if c == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(c) }
        }
        return quoted + "'"
    }
}
