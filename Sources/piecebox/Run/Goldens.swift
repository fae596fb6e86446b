import Foundation
import LuaHost
import PieceKit

/// Golden frame logs for `piecebox run --golden DIR`: each scenario's log is compared with its golden test by test
/// (see `GoldenStore`, the library code scripts and Swift tests use too), as one more test in the file's report,
/// "golden frame log". Goldens are named after the scenario's path from its project root (`ProjectRoot`), so
/// however the path was typed it finds the same golden.
struct Goldens {
    let store: GoldenStore
    /// The run's `--filter`: with one, only the selected tests' parts of a golden are compared and recorded.
    let filter: String?
    /// The watcher's `u`: for each file, the tests that failed their golden comparison, the only ones it may record.
    var accepting: [String: GoldenFailure] = [:]

    /// The golden of `file`.
    func path(for file: String) -> String { store.path(ProjectRoot.goldenName(for: file)) }

    /// Checks (and records, by the mode) the golden of `file` from the log just written at `log`: a test whose part
    /// differs fails with its summary, and the test "golden frame log" is added for the file as a whole.
    func check(file: String, log: String, report: FileReport) -> FileReport {
        checked(file: file, log: log, report: report).report
    }

    /// `check`, also saying which tests failed on their golden comparison (nil when the golden did not fail).
    func checked(file: String, log: String, report: FileReport) -> (report: FileReport, failure: GoldenFailure?) {
        var out = report
        let name = "golden frame log"
        // A file that made no stage leaves no log: its golden is empty, so one that starts making frames shows.
        let actual = RegularFile.contents(log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        // A file of explorations only logs no frames (their runs' stages are quiet): it gets no golden, and no
        // empty one is written for it, unless one is kept already.
        let tests = report.tests.filter { $0.name != "(file)" }
        if actual.isEmpty, !tests.isEmpty, tests.allSatisfy({ $0.tags.contains("explore") }),
           RegularFile.kind(at: path(for: file)) == nil {
            return (out, nil)
        }
        var selected = selection(report)
        if case .tests(let tests)? = accepting[file] { selected.accepted = tests }
        let outcome = store.check(name: ProjectRoot.goldenName(for: file), actual: actual,
                                  selection: selected, what: file)
        // Header keys that differ, in a golden that matched: one line on standard error for the file, every key with
        // the test for --verbose. A failing or recorded golden says them in its message.
        if outcome.status == .matched, !outcome.headerLine.isEmpty {
            writeErr("piecebox: \(ReportText.escaped(file)): \(outcome.headerLine)")
        }
        // Tests a recording left out because they failed: said at once, as a recording is.
        if outcome.status == .matched, let left = outcome.notRecorded {
            writeErr("piecebox: \(ReportText.escaped(file)): \(left)")
        }
        switch outcome.status {
        case .matched:
            out.tests.append(TestResult(name: name, status: .passed, message: outcome.message, output: outcome.headerLines))
        case .recorded:
            // Said on standard error at once (a recorded golden is news), and kept with the test for --verbose.
            writeErr("piecebox: \(outcome.message)")
            out.tests.append(TestResult(name: name, status: .passed, output: outcome.message.split(separator: "\n").map(String.init)))
        case .failed:
            // Each differing test fails with its own summary; the file's test says where the log is and how to look.
            var attached = Set<TestKey>()
            for (index, test) in out.tests.enumerated() where test.status != .skipped && test.name != "(file)" {
                let key = TestKey(test.name)
                guard let summary = outcome.failing[key], !attached.contains(key) else { continue }
                attached.insert(key)
                out.tests[index].status = .failed
                let said = test.message.isEmpty ? "" : test.message + "\n"
                out.tests[index].message = said + "\(ReportText.escaped(file)): its frames differ from the golden\n" + summary
            }
            out.tests.append(TestResult(name: name, status: .failed, message: outcome.message(apart: attached)))
            let compared = Set(outcome.summaries.map(\.test))
            return (out, compared.isEmpty ? .wholeGolden : .tests(compared))
        }
        return (out, nil)
    }

    /// The tests that ran, from the report. A run that stopped early (a file-level failure) or was filtered does
    /// not know every test, so golden parts it did not see are kept, never dropped.
    func selection(_ report: FileReport) -> GoldenStore.Selection {
        let ran = report.tests.filter { $0.status != .skipped && $0.name != "(file)" }.map { TestKey($0.name) }
        let notRun = report.tests.filter { $0.status == .skipped }.map { TestKey($0.name) }
        let stoppedEarly = report.tests.contains { $0.name == "(file)" }
        // Tests that failed on their own are never recorded; a file that failed outside its tests, its top level.
        let failed = report.tests.filter { $0.status == .failed }.map { TestKey($0.name == "(file)" ? nil : $0.name) }
        return GoldenStore.Selection(ran: Set(ran), notRun: Set(notRun),
                                     complete: !stoppedEarly && (filter ?? "").isEmpty, failed: Set(failed))
    }
}

extension Goldens {
    /// After a run: says which goldens no scenario writes any more (their scenarios are gone, see `ObsoleteGoldens`),
    /// on standard error, and removes them under `--record all`, as Jest does with obsolete snapshots.
    func sayObsolete(files: [String]) {
        var roots: [String: String] = [:]
        for file in files where roots[PathText.parent(file)] == nil { roots[PathText.parent(file)] = ProjectRoot.find(for: file) }
        let obsolete = ObsoleteGoldens(folder: store.folder, roots: Array(Set(roots.values)).sorted())
        guard !obsolete.found.isEmpty else { return }
        let count = obsolete.found.count == 1 ? "1 obsolete golden" : "\(obsolete.found.count) obsolete goldens"
        let list = obsolete.found.map { "  \(ReportText.escaped($0.path)) (\(ReportText.escaped($0.scenario)) no longer exists)" }
        if store.record == .all {
            let problems = obsolete.remove()
            writeErr((["piecebox: removed \(count) from \(store.folder) (--record all):"] + list + problems).joined(separator: "\n"))
        } else {
            writeErr((["piecebox: \(count) in \(store.folder), written by no scenario any more (--record all removes them):"] + list)
                .joined(separator: "\n"))
        }
    }
}
