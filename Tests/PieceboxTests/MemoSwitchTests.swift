import Foundation
import LuaHost
import Testing

/// PieceKit's memos (`Memo`: each piece's elements, each layout, the letters, the text widths: the last answer
/// handed out again while its input is equal) must change nothing a scenario can see. Every example is run with
/// the memos on and off (`PIECEBOX_MEMO=off`, which makes every answer afresh) and the frame logs, every layout of
/// every frame, must be byte for byte the same: an input that left out something its answer reads would keep a
/// stale answer with the memos on, and its frames would differ.
@Suite struct MemoSwitchTests {
    /// The package's folder, which holds `examples/`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Lua file under `examples/`, found by walking the folder, as a path from the package's folder.
    static func exampleFiles() -> [String] {
        let examples = root.appendingPathComponent("examples")
        guard let walk = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil) else { return [] }
        var files: [String] = []
        for case let url as URL in walk where url.pathExtension == "lua" {
            let path = url.resolvingSymlinksInPath().path
            let base = root.resolvingSymlinksInPath().path + "/"
            if path.hasPrefix(base) { files.append(String(path.dropFirst(base.count))) }
        }
        return files.sorted()
    }

    /// The run's report and every log it wrote, by file name.
    private func run(memo: Bool) throws -> (status: Int32, report: String, logs: [String: Data]) {
        let folder = try TestFolder()
        let run = try PieceboxRun(["run", "examples", "--jobs", "2", "--log", folder.path], in: Self.root.path,
                                  environment: ["PIECEBOX_MEMO": memo ? "" : "off"]).finish(within: 600)
        var logs: [String: Data] = [:]
        for name in folder.list() {
            logs[name] = FileManager.default.contents(atPath: (folder.path as NSString).appendingPathComponent(name))
        }
        return (run.status, run.stdout, logs)
    }

    /// The first line at which two logs differ (1-based), for the failure's message.
    private func firstDifference(_ a: Data, _ b: Data) -> Int {
        let x = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let y = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return (zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)) + 1
    }

    @Test func everyExampleLogsTheSameFramesWithTheMemoOnAndOff() throws {
        let on = try run(memo: true)
        let off = try run(memo: false)
        #expect(on.status == 0, "\(on.report)")
        #expect(off.status == 0, "\(off.report)")
        #expect(on.report == off.report)
        // Each log is named after a file found by walking the folder (a file that makes no stage writes none).
        let named = Set(Self.exampleFiles().map { LogName.fileName(for: $0) })
        #expect(!on.logs.isEmpty)
        #expect(Set(on.logs.keys).subtracting(named).isEmpty, "logs not named after an example")
        #expect(Set(on.logs.keys) == Set(off.logs.keys))
        for (name, memoised) in on.logs.sorted(by: { $0.key < $1.key }) {
            guard let fresh = off.logs[name] else { continue }
            #expect(memoised == fresh, "\(name): the memo changed line \(firstDifference(memoised, fresh))")
        }
    }
}
