// swift-tools-version:5.9
// rules: search the rules of Russian spelling and punctuation, a Swift port of the
// classic s2_search engine by Roman Parpalak. GPL-2.0-or-later.
import PackageDescription

/// A search run is a few milliseconds, so start-up counts. By default the compiler has the
/// runtime look up generic types such as `Dictionary<ByteKey, Int>` by mangled name, and
/// each first lookup scans every protocol conformance in the binary (some 5,000 with
/// Foundation linked in) for the `Hashable` it needs; direct metadata accessors pass the
/// conformance instead.
let startupSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]

/// The regex layer and the search core run millions of small calls; Swift's dynamic
/// exclusivity checks on class properties cost them about a tenth of their time in release
/// builds. The code keeps to the exclusivity rules (debug builds and tests still check).
let hotPathSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
] + startupSettings

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
        .target(name: "RulesRegex", dependencies: ["CPCRE2"], swiftSettings: hotPathSettings),
        // The built-in rules' index files as the binary's own bytes (#embed), read in place.
        .target(name: "CBuiltInRules"),
        // glibc's memmem, hidden from Swift behind _GNU_SOURCE.
        .target(name: "CByteSearch"),
        .target(name: "RulesSearch", dependencies: ["RulesRegex", "CBuiltInRules", "CByteSearch"], swiftSettings: hotPathSettings),
        // The terminal taken over for a full-screen view, and keys read from it.
        .target(name: "RulesTerminal"),
        .executableTarget(name: "rules", dependencies: ["RulesSearch", "RulesRegex", "RulesTerminal"], swiftSettings: startupSettings),
        // The fuzz targets' bodies (Tests/Fuzz): run by the libFuzzer driver that
        // Tests/Fuzz/run builds, and by swift test on every input kept.
        .target(name: "RulesFuzzTargets", dependencies: ["RulesSearch", "RulesRegex"], path: "Tests/Fuzz/Targets"),
        .executableTarget(name: "rules-fuzz", dependencies: ["RulesFuzzTargets"], path: "Tests/Fuzz/Driver"),
        .testTarget(name: "RulesRegexTests", dependencies: ["RulesRegex"], exclude: ["Fixtures"]),
        // Depends on the executable too, so that the CLI tests find it built.
        .testTarget(name: "RulesSearchTests", dependencies: ["RulesSearch", "RulesRegex", "RulesFuzzTargets", "RulesTerminal", "rules"],
                    exclude: ["Fixtures"]),
    ]
)
