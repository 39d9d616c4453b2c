import RulesRegex

/// The engine check as a JUnit XML report (`rules check-engines --junit FILE`): the format
/// that CI systems (GitHub Actions, GitLab, Jenkins) read and display as tests, so that a
/// run where the engines part shows as a failed test with its input and both answers,
/// not as a log line to look for. One test case a stage, in stage order.
package enum JUnitReport {
    /// The document for `report`, made on `corpus` (named as the text output names it),
    /// with the run's duration when known.
    ///
    /// A stage is a test case when it was compared or the difference was found there. The
    /// run stops at the first difference, so the stages after it that compared nothing are
    /// skipped test cases (a stage that would not have run at all, such as patterns without
    /// `--fuzz`, is among them: the report cannot tell the two apart). Cases excused at a
    /// match limit are not failures: they are named in their stage's `system-out`.
    package static func xml(_ report: EngineCheck.Report, corpus: String, seconds: Double? = nil) -> String {
        enum Outcome {
            case passed
            case failed(EngineCheck.Difference)
            case skipped
        }
        let stages = EngineCheck.Stage.allCases
        let failedAt = report.difference.flatMap { d in stages.firstIndex(of: d.stage) }
        var cases: [(stage: EngineCheck.Stage, outcome: Outcome)] = []
        for (i, stage) in stages.enumerated() {
            if let d = report.difference, d.stage == stage {
                cases.append((stage: stage, outcome: .failed(d)))
            } else if report.counts[stage] != nil || report.atMatchLimit.contains(where: { $0.stage == stage }) {
                cases.append((stage: stage, outcome: .passed))
            } else if let failedAt, i > failedAt {
                cases.append((stage: stage, outcome: .skipped))
            }
        }
        let failures = report.difference == nil ? 0 : 1
        let skipped = cases.filter { if case .skipped = $0.outcome { return true } else { return false } }.count
        let time = seconds.flatMap(decimal).map { " time=\"\($0)\"" } ?? ""
        let totals = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\"\(time)"
        let classname = attribute("check-engines." + dottedName(corpus))

        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"rules check-engines\" \(totals)>\n"
        xml += "  <testsuite name=\"\(attribute("check-engines: " + corpus))\" \(totals)>\n"
        for (stage, outcome) in cases {
            xml += "    <testcase classname=\"\(classname)\" name=\"\(attribute(stage.rawValue))\">\n"
            var properties: [(String, Int)] = []
            if let count = report.counts[stage] { properties.append(("compared", count)) }
            let excused = report.atMatchLimit.filter { $0.stage == stage }
            if !excused.isEmpty { properties.append(("at match limit", excused.count)) }
            if !properties.isEmpty {
                xml += "      <properties>\n"
                for (name, value) in properties {
                    xml += "        <property name=\"\(attribute(name))\" value=\"\(value)\"/>\n"
                }
                xml += "      </properties>\n"
            }
            switch outcome {
            case .passed:
                break
            case .failed(let d):
                let message = "engines differ at stage '\(d.stage.rawValue)' on \(d.stage.inputName) \(EngineComparison.show(d.input))"
                xml += "      <failure message=\"\(attribute(message))\" type=\"engine difference\">"
                xml += text(failureBody(d, report: report, corpus: corpus)) + "</failure>\n"
            case .skipped:
                xml += "      <skipped message=\"not reached: the check stops at the first difference\"/>\n"
            }
            if let first = excused.first {
                let body = """
                    not failed: a match limit was reached (a limit the README names) in \(excused.count) \
                    case\(excused.count == 1 ? "" : "s"); the first, \(EngineComparison.show(first.input))
                      pcre2:      \(first.left)
                      foundation: \(first.right)

                    """
                xml += "      <system-out>" + text(body) + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// The words of `rules check-engines`' own text output for a difference.
    private static func failureBody(_ d: EngineCheck.Difference, report: EngineCheck.Report, corpus: String) -> String {
        let counts = EngineCheck.Stage.allCases.compactMap { stage in report.counts[stage].map { "\(stage.rawValue) \($0)" } }
        return """
            engines differ at stage '\(d.stage.rawValue)' on \(d.stage.inputName) \(EngineComparison.show(d.input)) (\(corpus))
              pcre2:      \(d.left)
              foundation: \(d.right)
            compared before it: \(counts.joined(separator: ", "))

            """
    }

    // MARK: Escaping

    /// `string` as an attribute value: line breaks and tabs as character references, which
    /// a parser would otherwise turn into spaces.
    static func attribute(_ string: String) -> String { escaped(string, inAttribute: true) }

    /// `string` as character data.
    static func text(_ string: String) -> String { escaped(string, inAttribute: false) }

    /// The five markup characters as entities; a carriage return as a reference (a parser
    /// turns a bare one into a line feed); and the characters XML 1.0 has no place for even
    /// as references (control characters but tab, line feed and carriage return; U+FFFE,
    /// U+FFFF) as a visible `\u{1B}`: inputs are fuzzed and may hold any of them, and one
    /// would make the whole document unreadable.
    private static func escaped(_ string: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case "\t", "\n":
                if inAttribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `corpus` as one part of a dotted class name, which CI systems split at the dots into
    /// packages: letters, digits, `-` and `_` kept, every other run of characters one `_`.
    static func dottedName(_ corpus: String) -> String {
        var name = ""
        var gap = false
        for scalar in corpus.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_" {
                if gap, !name.isEmpty { name += "_" }
                gap = false
                name.unicodeScalars.append(scalar)
            } else {
                gap = true
            }
        }
        return name.isEmpty ? "corpus" : name
    }

    /// Seconds with three decimals, without Foundation's formatting; `nil` for a value that
    /// is no duration.
    private static func decimal(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return nil }
        let milliseconds = Int((seconds * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
