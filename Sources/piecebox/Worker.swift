import Foundation
import LuaHost
import PieceKit

/// The worker side: runs one file in this process and streams what happens as JSON lines on stdout, so
/// the parent knows which test was running if it has to stop this process.
enum Worker {
    static func run(file: String, options: RunOptions) -> Int32 {
        let out = LineOut()
        let report = ScenarioRunner.run(file: file, options: options) { event in
            var o = JSONObject()
            switch event {
            case .testStarted(let name):
                o.append("event", "start")
                o.append("name", name)
            case .testFinished(let r):
                o.append("event", "result")
                encode(r, into: &o)
            }
            out.write(o.json)
        }
        var done = JSONObject()
        done.append("event", "done")
        done.append("output", report.output)
        done.append("tests", array: { list in
            for r in report.tests {
                list.append(object: { encode(r, into: &$0) })
            }
        })
        out.write(done.json)
        return 0
    }

    static func encode(_ r: TestResult, into o: inout JSONObject) {
        o.append("name", r.name)
        o.append("status", r.status.rawValue)
        o.append("message", r.message)
        o.append("traceback", r.traceback)
        o.append("output", r.output)
    }
}

/// Writes whole lines to stdout and flushes each, so a killed worker has already handed over its lines.
final class LineOut: @unchecked Sendable {
    private let lock = NSLock()
    func write(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
