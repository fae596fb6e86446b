import CWorkerShim
import Foundation
import PieceKit

/// One long-lived worker process as the runner sees it: a pipe to hand it files, its lines of events, and its
/// standard error cut into one part per file. Used by one job slot's thread only, which started it or took it
/// from the run's early workers, started on the main thread (see `RunnerBond`: the worker dies when the thread that
/// started it ends, so that thread outlives the worker: the slot waits for it, and the main thread outlives the slots).
final class WorkerProcess {
    let pid: pid_t
    private let input: Int32
    private var lines: LineReader
    private let errors: ErrorParts
    private var ended: (signal: Bool, status: Int32)?

    /// The environment every worker gets: the runner's, its process id (for `RunnerBond`) and the marker that
    /// ends each file's part of standard error.
    struct Launch {
        let executable: String
        let marker: String
        let environment: [String]

        init(executable: String) {
            self.executable = executable
            // Unguessable, so nothing a file writes to standard error can pass for the end of its part.
            marker = "\u{1F}piecebox-end-of-file-" + UUID().uuidString
            var env = LaunchEnvironment.values
            env[RunnerBond.environmentKey] = String(getpid())
            env[WorkerProtocol.markerKey] = marker
            env["GLIBC_TUNABLES"] = WorkerProcess.mallocTunables(after: env["GLIBC_TUNABLES"])
            environment = env.map { "\($0.key)=\($0.value)" }.sorted()
        }
    }

    /// A worker makes and closes a Lua state per file: tens of thousands of small blocks freed and asked for
    /// again. glibc's per-thread cache keeps only 7 freed blocks of a size; the rest went through the shared bins
    /// and were merged and split again for the next file, a quarter of a worker's time on the 500 one-test
    /// files. A cache of 1,024 a size hands the next file the blocks the last one freed. Put first, so a
    /// setting the user gave (`GLIBC_TUNABLES`) still wins; other C libraries ignore the variable.
    static func mallocTunables(after given: String?) -> String {
        let ours = "glibc.malloc.tcache_count=1024"
        guard let given, !given.isEmpty else { return ours }
        return ours + ":" + given
    }

    private init(pid: pid_t, input: Int32, output: Int32, errors: Int32, marker: String) {
        self.pid = pid
        self.input = input
        lines = LineReader(descriptor: output)
        self.errors = ErrorParts(descriptor: errors, marker: Array(marker.utf8))
    }

    /// Starts a worker (`piecebox worker --serve`) from the calling thread, or says why it could not.
    static func start(_ launch: Launch) -> Result<WorkerProcess, WorkerStartError> {
        let argv = [launch.executable, "worker", "--serve"]
        var pid: Int32 = 0, input: Int32 = -1, output: Int32 = -1, errors: Int32 = -1
        let status = withCStrings(argv) { argvPointers in
            withCStrings(launch.environment) { envPointers in
                pbw_spawn(launch.executable, argvPointers, envPointers, &pid, &input, &output, &errors)
            }
        }
        guard status == 0 else { return .failure(WorkerStartError(code: status)) }
        LiveWorkers.shared.started(pid)
        return .success(WorkerProcess(pid: pid, input: input, output: output, errors: errors, marker: launch.marker))
    }

    /// Hands the worker one request line. False when it can no longer take one (it has ended).
    func send(_ line: String) -> Bool {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in
                Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        bytes.removeAll()
        return true
    }

    /// The worker's next line on standard output; nil once it has closed it (it ended).
    func nextLine() -> ArraySlice<UInt8>? { lines.next() }

    /// The worker's standard error since the last file ended, up to this file's end marker (or to its end, once
    /// the worker has ended), as an excerpt; nil when there was none.
    func errorsOfThisFile() -> String? { errors.next() }

    /// Closes the worker's input (a worker at rest then ends), waits for it to end and says how it ended.
    @discardableResult
    func end() -> (signal: Bool, status: Int32) {
        if let ended { return ended }
        close(input)
        while lines.next() != nil {}
        var signalled: Int32 = 0, status: Int32 = 0
        if pbw_wait(pid, &signalled, &status) != 0 { status = -1 }
        LiveWorkers.shared.ended(pid)
        let result = (signalled != 0, status)
        ended = result
        lines.close()
        return result
    }

    deinit { if ended == nil { end() } }
}

struct WorkerStartError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}

/// The few names the runner and its workers agree on.
enum WorkerProtocol {
    /// The environment variable holding the marker a worker writes to standard error after each file.
    static let markerKey = "PIECEBOX_WORKER_MARK"
}

/// Calls `body` with `strings` as a NULL-terminated C array of C strings.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// Whole lines from a descriptor, read in large blocks.
struct LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var closed = false
    private var scratch: [UInt8] = []

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next line without its newline; a last line without one is still given; nil at the end.
    mutating func next() -> ArraySlice<UInt8>? {
        var searched = start
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                return line
            }
            if atEnd || closed {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line
            }
            // Drop what was handed out before reading more, so the buffer holds at most one unfinished line.
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            searched = buffer.count
            if !fill() { atEnd = true }
        }
    }

    /// Reads once into a scratch block and keeps only what came: filling 64 KiB of zeros per read, as before,
    /// cost more than the read for the short lines a worker writes.
    private mutating func fill() -> Bool {
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: 64 * 1024) }
        var got = 0
        repeat {
            got = scratch.withUnsafeMutableBytes { raw in Glibc.read(descriptor, raw.baseAddress!, raw.count) }
        } while got < 0 && errno == EINTR
        guard got > 0 else { return false }
        buffer.append(contentsOf: scratch[0..<got])
        return true
    }

    mutating func close() {
        guard !closed else { return }
        closed = true
        _ = Glibc.close(descriptor)
    }
}

/// A worker's standard error, read on a thread of its own (so the pipe never fills and stalls the worker) and cut
/// at each file's end marker into one part per file. Of each part only the first `ErrorCapture.keptBytes` are
/// kept, so a worker that floods its standard error cannot fill the runner's memory.
final class ErrorParts: @unchecked Sendable {
    private let condition = NSCondition()
    private var finished: [(kept: [UInt8], total: Int)] = []
    private var current: [UInt8] = []
    private var currentTotal = 0
    private var atEnd = false
    private let marker: [UInt8]

    init(descriptor: Int32, marker: [UInt8]) {
        self.marker = marker
        let thread = Thread { [self] in read(descriptor) }
        thread.stackSize = 256 << 10
        thread.start()
    }

    private func read(_ descriptor: Int32) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            pending += chunk[0..<n]
            // Every whole marker ends a part; the tail that could begin a marker waits for the next read.
            var from = 0
            condition.lock()
            while let at = Self.find(marker, in: pending, from: from) {
                add(pending[from..<at])
                finished.append((current, currentTotal))
                current = []; currentTotal = 0
                from = at + marker.count
            }
            let keep = min(marker.count - 1, pending.count - from)
            add(pending[from..<(pending.count - keep)])
            condition.broadcast()
            condition.unlock()
            pending = Array(pending[(pending.count - keep)...])
        }
        _ = Glibc.close(descriptor)
        condition.lock()
        add(pending[...])
        atEnd = true
        condition.broadcast()
        condition.unlock()
    }

    /// Called with the lock held.
    private func add(_ bytes: ArraySlice<UInt8>) {
        currentTotal += bytes.count
        let room = ErrorCapture.keptBytes - current.count
        if room > 0 { current += bytes.prefix(room) }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count - from >= needle.count else { return nil }
        var i = from
        while i <= haystack.count - needle.count {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The next file's part as an excerpt (nil when empty): waits for its marker, or for the end of the stream.
    func next() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while finished.isEmpty && !atEnd { condition.wait() }
        let part: (kept: [UInt8], total: Int)
        if !finished.isEmpty {
            part = finished.removeFirst()
        } else {
            part = (current, currentTotal)
            current = []; currentTotal = 0
        }
        return ErrorCapture.excerpt(of: Data(part.kept), totalBytes: part.total)
    }
}
