import Foundation
import Testing

/// A fresh temporary folder; removed when the value is released.
final class TestFolder {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pbx-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Real path, so paths compare equal to what the runner resolves.
        path = url.resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` at `name` below the folder (making subfolders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Makes `name` a symbolic link to `target` and returns the link's path.
    @discardableResult
    func link(_ name: String, to target: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
        return file
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: (path as NSString).appendingPathComponent(name))
            .map { String(decoding: $0, as: UTF8.self) }
    }

    func list(_ name: String = ".") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: (path as NSString).appendingPathComponent(name))) ?? []).sorted()
    }
}

/// The piecebox binary built beside this test bundle.
let pieceboxBinary: String = {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent("piecebox")
}()

/// A piecebox process started in `folder`, its output collected as it runs.
final class PieceboxRun: @unchecked Sendable {
    let process = Process()
    private let out = Pipe()
    private let err = Pipe()
    private let lock = NSLock()
    private var outData = Data()
    private var errData = Data()
    private let done = DispatchGroup()

    /// `environment` adds to (or, with an empty value, removes from) this process's environment. The variables
    /// that change what piecebox does by themselves (`CI` makes `--record never` the default, `GITHUB_ACTIONS` adds
    /// annotations, Bazel's name shards and report files) are left out unless a test sets them, so a test means the
    /// same on a laptop and in CI.
    init(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: pieceboxBinary)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for key in Self.behaviourVariables { merged[key] = nil }
        for (key, value) in environment { merged[key] = value.isEmpty ? nil : value }
        process.environment = merged
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for (pipe, isOut) in [(out, true), (err, false)] {
            done.enter()
            DispatchQueue.global().async { [self] in
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                lock.lock()
                if isOut { outData = data } else { errData = data }
                lock.unlock()
                done.leave()
            }
        }
    }

    /// What the runner reads from its environment to decide how to behave (see `RunCommand.standardRecord`,
    /// `Reports.choices`, `BazelTestEnvironment`).
    static let behaviourVariables = ["CI", "GITHUB_ACTIONS", "XML_OUTPUT_FILE", "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX",
                                     "TEST_SHARD_STATUS_FILE", "TEST_TMPDIR", "TESTBRIDGE_TEST_ONLY", "TEST_PREMATURE_EXIT_FILE"]

    var pid: pid_t { process.processIdentifier }

    /// Waits for the end (at most `seconds`; then the process is killed and the test fails). Its output must
    /// close soon after: a child process still holding it is a failure too, never a hang.
    @discardableResult
    func finish(within seconds: Double = 120) -> (status: Int32, stdout: String, stderr: String) {
        if !eventually(within: seconds, { !process.isRunning }) {
            Issue.record("piecebox did not finish within \(seconds) s")
            kill(pid, SIGKILL)
        }
        process.waitUntilExit()
        if done.wait(timeout: .now() + 5) == .timedOut {
            Issue.record("piecebox's output stayed open after it ended: a process it started still holds it")
        }
        lock.lock(); defer { lock.unlock() }
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

/// Runs piecebox to its end.
func piecebox(_ arguments: [String], in folder: String,
              environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    try PieceboxRun(arguments, in: folder, environment: environment).finish()
}

/// The processes whose parent is `parent`, from /proc.
func children(of parent: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
        guard let pid = pid_t(entry), let status = processState(pid), status.parent == parent else { return nil }
        return pid
    }
}

/// A process's state letter and parent, or nil once it is gone.
func processState(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    // "pid (name) S ppid ...": the name may hold spaces, so read after its closing parenthesis.
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
    return (state, parent)
}

/// True when `pid` has ended (gone, or a zombie nobody has waited for yet).
func hasEnded(_ pid: pid_t) -> Bool {
    guard let state = processState(pid) else { return true }
    return state.state == "Z" || state.state == "X"
}

/// Polls `condition` every 20 ms for up to `seconds`.
func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
