// swift-tools-version:5.9
// rules: search the rules of Russian spelling and punctuation, a Swift port of the
// classic s2_search engine by Roman Parpalak. GPL-2.0-or-later.
import PackageDescription

let package = Package(
    name: "rules",
    products: [
        .executable(name: "rules", targets: ["rules"]),
        .library(name: "RulesSearch", targets: ["RulesSearch"]),
        .library(name: "RulesRegex", targets: ["RulesRegex"]),
    ],
    targets: [
        // PCRE2 (8-bit) from the system, plus a header of small inline wrappers for what
        // Swift cannot import: the width-suffixed function macros and PCRE2_ZERO_TERMINATED.
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        .target(name: "RulesRegex", dependencies: ["CPCRE2"]),
        .target(name: "RulesSearch", dependencies: ["RulesRegex"]),
        .executableTarget(name: "rules", dependencies: ["RulesSearch", "RulesRegex"]),
        .testTarget(name: "RulesRegexTests", dependencies: ["RulesRegex"]),
    ]
)
