import Foundation
import Testing

/// What the output-planning suites share: a scenario that writes a frame log, and what a refused run must look like.
enum Outputs {
    /// One test that makes a stage, so the file has a frame log (and a golden).
    static let stageScenario = """
        test("two frames", function()
          local s = Stage{ fps = 10 }
          s:advance(0.2)
        end)
        """

    /// A refused run: status 2, the reason on standard error, and no scenario started (no report line printed).
    static func expectRefused(_ run: (status: Int32, stdout: String, stderr: String), saying words: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
        for word in words {
            #expect(run.stderr.contains(word), "no \"\(word)\" in: \(run.stderr)", sourceLocation: sourceLocation)
        }
        #expect(run.stderr.contains("nothing was run"), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(!run.stdout.contains("PASS") && !run.stdout.contains("FAIL"), "a scenario ran: \(run.stdout)",
                sourceLocation: sourceLocation)
    }
}

extension TestFolder {
    /// Makes a named pipe at `name` (nothing ever writes to it: opening it for reading would wait for ever).
    @discardableResult
    func pipe(_ name: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        #expect(mkfifo(file, 0o644) == 0, "mkfifo \(file)")
        return file
    }

    func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat((path as NSString).appendingPathComponent(name), &info) == 0
    }
}
