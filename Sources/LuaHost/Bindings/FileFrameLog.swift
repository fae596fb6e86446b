import Foundation
import PieceKit

/// The file's frame log: opened when the first stage that logs is made, written by every stage of the file, closed
/// and moved into place once the file is done. One reason: where the file's frames go. What it writes is counted in
/// the file's memory (`FileMemory.logBytes`), since the runner reads the whole log back to compare it with a golden.
final class FileFrameLog {
    private let path: String
    private let memory: FileMemory
    private var log: CountingLog?
    private var error: String?

    init(path: String, memory: FileMemory) { self.path = path; self.memory = memory }

    /// Attaches `stage` to the log at `logPath` (opened on first use), its header naming `scenario`, `test` and the
    /// token set.
    func attach(_ stage: Stage, logPath: String, scenario: String, test: String?, tokenSet: String?) throws {
        if log == nil && error == nil {
            do { log = CountingLog(try JSONLogFile(path: logPath), memory: memory) } catch { self.error = "\(error)" }
        }
        if let error { throw LuaHostError.message("Stage: cannot write the frame log: \(error)") }
        guard let log else { return }
        do {
            try stage.attachLog(log, scenario: scenario, test: test, tokenSet: tokenSet)
        } catch {
            throw LuaHostError.message("Stage: cannot write the frame log: \(error)")
        }
    }

    /// Records a failure in the log, so a log always says where its scenario stopped.
    func logFailure(_ message: String, test: String?) {
        guard let log else { return }
        var o = JSONObject()
        o.append("error", ReportText.clip(message, limit: ReportLimits.messageBytes))
        if let test { o.append("test", ReportText.clip(test, limit: ReportLimits.nameBytes)) }
        try? log.receive(line: o.json)
    }

    /// Detaches `stages` and closes the log.
    func finish(detaching stages: [Stage]) {
        for stage in stages { stage.detachLog() }
        try? log?.file.close()
        log = nil
    }
}

/// The file's frame log, counting what is written so it is charged against the file's memory cap.
private final class CountingLog: FrameLogSink {
    let file: JSONLogFile
    private weak var memory: FileMemory?

    init(_ file: JSONLogFile, memory: FileMemory) {
        self.file = file; self.memory = memory
    }

    func receive(line: String) throws {
        memory?.logBytes += line.utf8.count + 1
        try file.write(line: line)
    }

    func receive(utf8 line: [UInt8]) throws {
        memory?.logBytes += line.count + 1
        try file.write(utf8: line)
    }

    func flush() throws {
        try file.flush()
    }
}
