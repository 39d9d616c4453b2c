// rules-fuzz: one fuzz target under libFuzzer.
//
//     RULES_FUZZ_TARGET=TARGET [RULES_FUZZ_SEEDS=FOLDER] rules-fuzz [libFuzzer options] [corpus folders]
//
// Built by `Tests/Fuzz/run` (which sets both variables) with SwiftPM's `--sanitize fuzzer`
// and `--sanitize address` and `-D FUZZING`: libFuzzer then owns `main` and calls the two
// functions below. An ordinary `swift build` builds it too, as a program that says so.
import Foundation
import RulesFuzzTargets

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rules-fuzz: \(message)\n".utf8))
    exit(2)
}

#if FUZZING
    /// The target libFuzzer calls, chosen once before it starts.
    nonisolated(unsafe) var selected = FuzzTarget.s2Reader

    /// Called by libFuzzer before it reads its corpus folders: chooses the target and, when
    /// asked, writes its seeds into the folder named.
    @_cdecl("LLVMFuzzerInitialize")
    public func initialize(
        _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        guard let name = environment["RULES_FUZZ_TARGET"], let target = FuzzTarget(rawValue: name) else {
            fail("set RULES_FUZZ_TARGET to one of: \(names)")
        }
        selected = target
        if let folder = environment["RULES_FUZZ_SEEDS"].map(URL.init(fileURLWithPath:)) {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for (i, seed) in target.seeds.enumerated() {
                    try Data(seed).write(to: folder.appendingPathComponent("seed-\(i)"))
                }
            } catch {
                fail("cannot write the seeds into \(folder.path): \(error.localizedDescription)")
            }
        }
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        selected.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
#else
    @main
    enum UnfuzzedDriver {
        static func main() {
            fail("built without libFuzzer: run it with Tests/Fuzz/run TARGET SECONDS")
        }
    }
#endif
