import Foundation
import XCTest

/// The Makefile: `make install` into a staging root, what man and bash then make of the
/// files, `make uninstall`, and `make deb`. Each test works in a temporary directory of
/// its own and leaves nothing in the repository.
final class InstallTests: XCTestCase {
    private var temporary: URL!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("rules-install-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
        temporary = nil
    }

    /// What `make install DESTDIR=… PREFIX=/usr` puts where, with its mode.
    private static let installed: [(path: String, mode: Int)] = [
        ("usr/bin/rules", 0o755),
        ("usr/share/man/man1/rules.1", 0o644),
        ("usr/share/man/ru/man1/rules.1", 0o644),
        ("usr/share/bash-completion/completions/rules", 0o644),
        ("usr/share/zsh/vendor-completions/_rules", 0o644),
        ("usr/share/fish/vendor_completions.d/rules.fish", 0o644),
    ]

    func testMakeInstallAndUninstall() throws {
        try requireTools("make", "man", "bash")
        let root = temporary.appendingPathComponent("root")
        let arguments = ["DESTDIR=\(root.path)", "PREFIX=/usr"]

        let install = try runTool(["make", "-C", TestPaths.repository.path, "install", "RULES=\(TestPaths.rulesBinary.path)"] + arguments)
        XCTAssertEqual(install.status, 0, install.output)
        for (path, mode) in Self.installed {
            let url = root.appendingPathComponent(path)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular, path)
            XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o7777 }, mode, path)
        }
        let bin = root.appendingPathComponent("usr/bin/rules")
        // Installed stripped: smaller, no symbol table, the same program.
        let installedSize = try Data(contentsOf: bin).count
        XCTAssertLessThan(installedSize, try Data(contentsOf: TestPaths.rulesBinary).count)
        let symbols = try runTool(["nm", bin.path])
        XCTAssertTrue(symbols.stderr.contains("no symbols"), symbols.output)
        XCTAssertEqual(try runTool([bin.path, "--version"]).stdout, try runTool([TestPaths.rulesBinary.path, "--version"]).stdout)
        let manPage = root.appendingPathComponent("usr/share/man/man1/rules.1")
        XCTAssertEqual(try Data(contentsOf: manPage), try Data(contentsOf: TestPaths.repository.appendingPathComponent("doc/rules.1")))

        // man finds the page in the installed tree (it may warn on standard error).
        let man = try runTool(["man", "-M", root.appendingPathComponent("usr/share/man").path, "-w", "rules"])
        if man.status != 0, man.stderr.contains("minimized") { throw XCTSkip("man is the stub of a minimized system") }
        XCTAssertEqual(man.status, 0, man.output)
        let found = man.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue([manPage.path, manPage.resolvingSymlinksInPath().path].contains(found), man.output)
        // And the Russian page, for a Russian locale.
        let russianPage = root.appendingPathComponent("usr/share/man/ru/man1/rules.1")
        XCTAssertEqual(
            try Data(contentsOf: russianPage), try Data(contentsOf: TestPaths.repository.appendingPathComponent("doc/rules.ru.1")))
        // man finds it under a Russian locale, when the system has one (CI makes it: .ci/run).
        let russianLocale = try runTool(["locale", "-a"]).stdout.split(separator: "\n").contains { $0.lowercased() == "ru_ru.utf8" }
        if russianLocale {
            // (man looks in the locale's folders of MANPATH, not of -M.)
            let environment = ["MANPATH": root.appendingPathComponent("usr/share/man").path, "LC_ALL": "ru_RU.UTF-8"]
            let manRussian = try runTool(["man", "-w", "rules"], environment: environment)
            XCTAssertEqual(manRussian.status, 0, manRussian.output)
            let foundRussian = manRussian.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue([russianPage.path, russianPage.resolvingSymlinksInPath().path].contains(foundRussian), manRussian.output)
        } else {
            print(
                "InstallTests: no ru_RU.UTF-8 locale here (localedef -i ru_RU -f UTF-8 ru_RU.UTF-8 makes one): the Russian man page is not looked up"
            )
        }

        // Each completion script is the one the binary prints for its shell.
        for (shell, path) in [
            ("bash", "usr/share/bash-completion/completions/rules"),
            ("zsh", "usr/share/zsh/vendor-completions/_rules"),
            ("fish", "usr/share/fish/vendor_completions.d/rules.fish"),
        ] {
            let script = try Data(contentsOf: root.appendingPathComponent(path))
            XCTAssertFalse(script.isEmpty, path)
            XCTAssertTrue(String(decoding: script, as: UTF8.self).contains("rules"), path)
            let generated = try runRules(["completions", shell])
            XCTAssertEqual(generated.status, 0, generated.stderr)
            XCTAssertEqual(script, generated.stdout, "\(path) is not the output of rules completions \(shell)")
        }

        // The bash completion, sourced as bash-completion does, completes `rules se`.
        let bashCompletion = root.appendingPathComponent("usr/share/bash-completion/completions/rules")
        let bash = try runTool([
            "bash", "-c",
            """
            source "$1" || exit 1
            COMP_WORDS=(rules se); COMP_CWORD=1; COMP_LINE='rules se'; COMP_POINT=8
            _rules || exit 1
            printf '%s\\n' "${COMPREPLY[@]}"
            """, "bash", bashCompletion.path,
        ])
        XCTAssertEqual(bash.status, 0, bash.output)
        XCTAssertTrue(bash.stdout.split(separator: "\n").contains("search"), bash.output)

        // Uninstall removes every file that install wrote, and needs no binary.
        let uninstall = try runTool(["make", "-C", TestPaths.repository.path, "uninstall", "RULES=/nonexistent/rules"] + arguments)
        XCTAssertEqual(uninstall.status, 0, uninstall.output)
        for (path, _) in Self.installed {
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path) is left")
        }
        XCTAssertEqual(try regularFiles(under: root), [], "files left after make uninstall")
    }

    func testMakeDeb() throws {
        try requireTools("make", "dpkg-deb", "dpkg", "gzip")
        let repository = TestPaths.repository
        let version = try XCTUnwrap(
            String(decoding: try runRules(["--version"]).stdout, as: UTF8.self).split(separator: " ").dropFirst().first.map(String.init))
        let architecture = try runTool(["dpkg", "--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = "rules_\(version)_\(architecture).deb"
        let inRepository = [repository.appendingPathComponent(name).path, repository.appendingPathComponent("deb-staging").path]
        let there = inRepository.map { FileManager.default.fileExists(atPath: $0) }

        // gzip rather than dpkg-deb's default xz, only to be quicker on a debug binary.
        let make = try runTool(
            ["make", "-C", repository.path, "deb", "RULES=\(TestPaths.rulesBinary.path)", "DEBDIR=\(temporary.path)"],
            environment: ["DPKG_DEB_COMPRESSOR_TYPE": "gzip"])
        XCTAssertEqual(make.status, 0, make.output)
        for (path, was) in zip(inRepository, there) where !was {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "make deb DEBDIR=… wrote \(path)")
        }
        let debs = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasSuffix(".deb") }
        XCTAssertEqual(debs, [name])
        let deb = temporary.appendingPathComponent(name).path

        let info = try runTool(["dpkg-deb", "--info", deb])
        XCTAssertEqual(info.status, 0, info.output)
        let fields = info.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for field in ["Package: rules", "Version: \(version)", "Architecture: \(architecture)", "Recommends: hunspell-ru"] {
            XCTAssertTrue(fields.contains(field), "no \(field) in\n\(info.stdout)")
        }
        XCTAssertTrue(fields.contains { $0.hasPrefix("Maintainer: ") && $0.contains("@") }, info.stdout)
        XCTAssertTrue(fields.contains { $0.hasPrefix("Description: ") && $0.count > "Description: ".count }, info.stdout)
        XCTAssertFalse(
            fields.contains { $0.hasPrefix("Depends:") || $0.hasPrefix("Pre-Depends:") }, "a static binary has no Depends:\n\(info.stdout)")

        let contents = try runTool(["dpkg-deb", "-c", deb])
        XCTAssertEqual(contents.status, 0, contents.output)
        // `-rwxr-xr-x root/root 123 2025-01-01 00:00 ./usr/bin/rules`: mode, owner, path.
        var entries: [String: (mode: String, owner: String)] = [:]
        for line in contents.stdout.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 6 else { continue }
            entries[String(columns[columns.count - 1])] = (String(columns[0]), String(columns[1]))
        }
        let expected = [
            "./usr/bin/rules": "-rwxr-xr-x",
            "./usr/share/man/man1/rules.1.gz": "-rw-r--r--",
            "./usr/share/man/ru/man1/rules.1.gz": "-rw-r--r--",
            "./usr/share/bash-completion/completions/rules": "-rw-r--r--",
            "./usr/share/zsh/vendor-completions/_rules": "-rw-r--r--",
            "./usr/share/fish/vendor_completions.d/rules.fish": "-rw-r--r--",
            "./usr/share/doc/rules/copyright": "-rw-r--r--",
        ]
        for (path, mode) in expected {
            let entry = entries[path]
            XCTAssertEqual(entry?.mode, mode, "\(path) in\n\(contents.stdout)")
            XCTAssertEqual(entry?.owner, "root/root", path)
        }
        XCTAssertNil(entries["./usr/share/man/man1/rules.1"], "the man page is shipped uncompressed")

        let clean = try runTool(["make", "-C", repository.path, "clean", "DEBDIR=\(temporary.path)"])
        XCTAssertEqual(clean.status, 0, clean.output)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "left after make clean")
    }

    // MARK: - Helpers

    private func requireTools(_ names: String...) throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            let found = path.split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
            }
            if !found { throw XCTSkip("\(name) is not on PATH; this test needs it") }
        }
    }

    private func regularFiles(under directory: URL) throws -> [String] {
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        return try walk.compactMap { item in
            let url = item as! URL
            return try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true ? nil : url.path
        }
    }
}

private final class OutputBox: @unchecked Sendable {
    var data = Data()
}

/// Runs `arguments` through `/usr/bin/env` with no input; returns status and both outputs.
/// A make or man setting of the caller's (MAKEFLAGS from an enclosing make, MANPATH, an
/// exported PREFIX) must not steer what is tested.
private func runTool(
    _ arguments: [String], environment: [String: String] = [:]
) throws -> (status: Int32, stdout: String, stderr: String, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for key in [
        "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEFILES", "GNUMAKEFLAGS", "DESTDIR", "PREFIX", "RULES", "DEBDIR",
        "MANPAGE", "MANPATH", "MANOPT", "BASH_ENV", "ENV", "DPKG_DEB_COMPRESSOR_TYPE",
    ] {
        env.removeValue(forKey: key)
    }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardInput = FileHandle.nullDevice
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Standard error is drained on a thread of its own, so that neither pipe can fill up.
    let errors = OutputBox()
    let done = DispatchSemaphore(value: 0)
    Thread {
        errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
        done.signal()
    }.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    let out = String(decoding: output, as: UTF8.self)
    let err = String(decoding: errors.data, as: UTF8.self)
    return (process.terminationStatus, out, err, "$ \(arguments.joined(separator: " "))\n\(out)\(err)")
}
