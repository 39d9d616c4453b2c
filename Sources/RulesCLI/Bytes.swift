/// Text as the search core reads it: bytes, as PHP's strings are. Named here rather than
/// imported from RulesRegex, which the command line does not use (it reads text, never
/// patterns), and not re-exported by RulesSearch, whose users read `String`s.
typealias Bytes = [UInt8]
