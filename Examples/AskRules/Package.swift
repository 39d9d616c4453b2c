// swift-tools-version:5.9
// An example of depending on RulesSearch by version: the README's "Using the library"
// code, built and run by Examples/run against a tagged copy of this repository.
import PackageDescription

let package = Package(
    name: "AskRules",
    dependencies: [
        // Examples/run sets RULES_PACKAGE_URL to its tagged copy; a package of your own
        // names the repository it takes rules from.
        .package(url: Context.environment["RULES_PACKAGE_URL"] ?? "https://example.org/rules.git", from: "0.2.0")
    ],
    targets: [
        .executableTarget(
            name: "AskRules",
            dependencies: [.product(name: "RulesSearch", package: "rules"), .product(name: "RulesCheck", package: "rules")])
    ]
)
