// swift-tools-version:6.0
// rules: search the rules of Russian spelling and punctuation, a Swift port of the
// classic s2_search engine by Roman Parpalak. GPL-2.0-or-later.
import PackageDescription

// No target sets compiler flags, so that another package can depend on this one by
// version (SwiftPM refuses `unsafeFlags` in a dependency). The release build of the command
// (`make`, see the Makefile) passes two flags to every module: direct metadata accessors
// instead of lookups by mangled name, which cost a search's start-up a scan of every
// protocol conformance in the binary, and no dynamic exclusivity checks, which cost the
// regex layer and the search core about a tenth of their time (the code keeps to the
// exclusivity rules: debug builds and tests check them).

let package = Package(
    name: "rules",
    products: [
        .executable(name: "rules", targets: ["rules"]),
        .library(name: "RulesSearch", targets: ["RulesSearch"]),
        .library(name: "RulesRegex", targets: ["RulesRegex"]),
        .library(name: "RulesCheck", targets: ["RulesCheck"]),
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
        // Hunspell from the system (C++, its C interface): the dictionary `rules check`
        // reads (Debian's hunspell-ru, found at run time; without it, only check fails).
        .systemLibrary(
            name: "CHunspell",
            pkgConfig: "hunspell",
            providers: [.apt(["libhunspell-dev"])]
        ),
        // libevent's HTTP server (evhttp) from the system: `rules serve` (Debian's libevent-dev,
        // whose static libraries link into the static binary with no TLS library behind them).
        .systemLibrary(
            name: "CLibEvent",
            pkgConfig: "libevent",
            providers: [.apt(["libevent-dev"])]
        ),
        // An HTTP server on it: a socket, a thread per core, limits and a clean stop; it
        // knows nothing of what it serves.
        .target(name: "RulesServe", dependencies: ["CLibEvent"]),
        // The built-in rules' index files as the binary's own bytes (#embed), read in place.
        .target(name: "CBuiltInRules"),
        // glibc's memmem, hidden from Swift behind _GNU_SOURCE.
        .target(name: "CByteSearch"),
        // Its folders' READMEs say what each file holds; they are not built.
        .target(
            name: "RulesSearch", dependencies: ["RulesRegex", "CBuiltInRules", "CByteSearch"],
            exclude: ["FileFormats/README.md", "HTMLToText/README.md"]),
        // `rules check`: words checked against the dictionary, their corrections ranked by
        // the mistakes people make, and the paragraph of the built-in rules that decides each.
        .target(name: "RulesCheck", dependencies: ["RulesSearch", "CHunspell"]),
        // The terminal taken over for a full-screen view, and keys read from it.
        .target(name: "RulesTerminal"),
        // The command line: arguments, output, the full-screen view; the executable only
        // calls it, so that the tests can call it in-process.
        .target(name: "RulesCLI", dependencies: ["RulesSearch", "RulesRegex", "RulesTerminal", "RulesCheck", "RulesServe"]),
        .executableTarget(name: "rules", dependencies: ["RulesCLI"]),
        // The fuzz targets' bodies (Tests/Fuzz): run by the libFuzzer driver that
        // Tests/Fuzz/run builds, and by swift test on every input kept.
        .target(name: "RulesFuzzTargets", dependencies: ["RulesSearch", "RulesRegex"], path: "Tests/Fuzz/Targets"),
        .executableTarget(name: "rules-fuzz", dependencies: ["RulesFuzzTargets"], path: "Tests/Fuzz/Driver"),
        // The search timed in-process through the library's two ways in, for bench/run.
        .executableTarget(name: "rules-bench", dependencies: ["RulesSearch"], path: "bench/InProcess"),
        .testTarget(name: "RulesRegexTests", dependencies: ["RulesRegex"], exclude: ["Fixtures"]),
        // Depends on the executable too, so that the CLI tests find it built.
        .testTarget(
            name: "RulesSearchTests",
            dependencies: [
                "RulesSearch", "RulesRegex", "RulesFuzzTargets", "RulesTerminal", "RulesCLI", "RulesCheck", "RulesServe", "rules",
            ],
            exclude: ["Fixtures"]),
    ]
)
