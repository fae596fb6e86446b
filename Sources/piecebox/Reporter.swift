import LuaHost

/// Prints reports as a person reads them: one line per test, failures in full, totals last.
struct Reporter {
    var verbose = false
    var listOnly = false

    func print(_ report: FileReport) -> String {
        var lines: [String] = []
        if listOnly {
            lines.append(report.path)
            for t in report.tests {
                lines.append(t.status == .failed ? "  ✗ \(t.name): \(t.message)" : "  \(t.name)")
            }
            return lines.joined(separator: "\n")
        }
        let mark = report.failed > 0 ? "FAIL" : "PASS"
        lines.append("\(mark) \(report.path)")
        for t in report.tests {
            switch t.status {
            case .passed: lines.append("  ✓ \(t.name)")
            case .skipped: lines.append("  - \(t.name) (skipped)")
            case .failed:
                lines.append("  ✗ \(t.name)")
                for l in t.message.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("      " + l) }
                if !t.traceback.isEmpty {
                    lines.append("      traceback:")
                    for l in t.traceback.split(separator: "\n") { lines.append("    " + l) }
                }
            }
            if (t.status == .failed || verbose) && !t.output.isEmpty {
                lines.append("      printed:")
                for l in t.output { lines.append("        " + l) }
            }
        }
        if (report.failed > 0 || verbose) && !report.output.isEmpty {
            lines.append("  printed at top level:")
            for l in report.output { lines.append("    " + l) }
        }
        return lines.joined(separator: "\n")
    }

    static func summary(passed: Int, failed: Int, skipped: Int) -> String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
