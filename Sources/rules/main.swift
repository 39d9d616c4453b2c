import RulesRegex
import RulesSearch
import Foundation

let engine = Engines.make(ProcessInfo.processInfo.environment["RULES_ENGINE"] ?? "pcre2")!
let stemmer = Stemmer(preg: Preg(engine: engine))
let reader = LineReader()
let out = OutputBuffer()
var line = Bytes()
while let w = try reader.next() {
    line.removeAll(keepingCapacity: true)
    line += w; line.append(9); line += stemmer.stem(w); line.append(10)
    out.write(line)
}
out.flush()
