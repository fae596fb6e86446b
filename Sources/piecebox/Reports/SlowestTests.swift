import Foundation
import LuaHost
import PieceKit

/// `--durations N`: the N slowest tests of a run, kept as the files arrive (never more than N), for the human
/// report to list before its totals. Ties keep run order, so the list reads the same however the times fall.
struct SlowestTests {
    struct Entry: Equatable {
        var file: String
        var name: String
        var seconds: Double
    }

    /// How many to keep; 0 keeps none.
    let count: Int
    private(set) var entries: [Entry] = []

    init(count: Int) { self.count = max(count, 0) }

    /// Takes the tests of `run` that ran (passed or failed); skipped ones and those that never ran took no time.
    mutating func add(_ run: FileRun) {
        guard count > 0, !run.notStarted else { return }
        for t in run.report.tests where t.status == .passed || t.status == .failed {
            let seconds = t.duration.isFinite && t.duration > 0 ? t.duration : 0
            // The first entry this one is slower than; equal times keep the earlier test first.
            let at = entries.firstIndex { $0.seconds < seconds } ?? entries.endIndex
            guard at < count else { continue }
            entries.insert(Entry(file: run.label, name: t.name, seconds: seconds), at: at)
            if entries.count > count { entries.removeLast() }
        }
    }

    /// `slowest 3 tests (--durations 3):` then one line per test, slowest first; nothing when none ran.
    func lines() -> [String] {
        guard count > 0, !entries.isEmpty else { return [] }
        var out = ["slowest \(entries.count) test\(entries.count == 1 ? "" : "s") (--durations \(count)):"]
        for e in entries {
            out.append("  " + String(format: "%8.3f s  ", e.seconds) + ReportText.escaped(e.file) + " > "
                + ReportText.escaped(e.name))
        }
        return out
    }
}
