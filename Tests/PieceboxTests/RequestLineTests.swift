import Foundation
import Testing
@testable import piecebox
import LuaHost
import PieceKit

/// The JSON line that hands a file to a worker carries exactly the arguments a one-file worker would take,
/// whatever characters they hold.
@Suite struct RequestLineTests {
    private func arguments(ofRequest line: String) -> [String]? {
        guard case .array(let items)? = JSONValue.parse(line)?["args"] else { return nil }
        return items.map { $0.string ?? "<not a string>" }
    }

    @Test func plainArgumentsArriveAsTheyWere() {
        var options = RunOptions()
        options.tags = ["fast"]
        let pool = WorkerPool(executable: "/nonexistent", jobs: 1, options: options, logPaths: ["a.lua": "logs/a.json"])
        let line = pool.request(for: "a.lua", options: options)
        #expect(line.hasPrefix(#"{"args":["--max-instructions","#))
        #expect(arguments(ofRequest: line) == Array(pool.arguments(for: "a.lua", options: options).dropFirst()))
    }

    @Test func quotesBackslashesControlsAndNonASCIIArriveAsTheyWere() {
        var options = RunOptions()
        options.filter = "say \"hi\"\\now\tand é"
        let file = "dir/quote\"d\\é\u{1}.lua"
        let pool = WorkerPool(executable: "/nonexistent", jobs: 1, options: options, logPaths: [:])
        let line = pool.request(for: file, options: options)
        #expect(!line.contains("\n"))
        #expect(arguments(ofRequest: line) == Array(pool.arguments(for: file, options: options).dropFirst()))
        #expect(arguments(ofRequest: line)?.last == file)
    }
}
