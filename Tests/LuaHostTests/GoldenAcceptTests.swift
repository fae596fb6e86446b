import Foundation
import Testing
@testable import LuaHost
import PieceKit

/// Accepting goldens (the watcher's `u`): only the tests named as accepted are recorded, and a test that failed on
/// its own is not, even when accepted: the one rule of `--record` holds.
@Suite struct GoldenAcceptTests {
    typealias G = GoldenComparisonTests

    static let golden = G.log([("one", [0, 50, 100]), ("two", [7, 7])])
    /// Both tests moved.
    static let changed = G.log([("one", [0, 60, 100]), ("two", [8, 8])])

    func read(_ folder: ScenarioFolder) -> String? {
        FileManager.default.contents(atPath: folder.path + "/goldens/a.jsonl").map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func onlyTheAcceptedTestsPartIsRecorded() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", Self.golden)
        var selection = GoldenStore.Selection.everything(in: FrameLogParts(text: Self.changed))
        selection.accepted = [TestKey("one")]
        let outcome = GoldenStore(folder: folder.path + "/goldens", record: .failed)
            .check(name: "a.jsonl", actual: Self.changed, selection: selection, what: "a.lua")
        // "two" differs too but was not accepted: it still fails, and keeps its part.
        #expect(outcome.status == .failed)
        #expect(outcome.summaries.map(\.test) == [TestKey("two")])
        #expect(read(folder) == G.log([("one", [0, 60, 100]), ("two", [7, 7])]))
    }

    @Test func anAcceptedTestThatFailedOnItsOwnIsNotRecorded() throws {
        let folder = try ScenarioFolder()
        try folder.write("goldens/a.jsonl", Self.golden)
        var selection = GoldenStore.Selection(ran: [TestKey("one"), TestKey("two")], failed: [TestKey("two")])
        selection.accepted = [TestKey("one"), TestKey("two")]
        let outcome = GoldenStore(folder: folder.path + "/goldens", record: .failed)
            .check(name: "a.jsonl", actual: Self.changed, selection: selection, what: "a.lua")
        #expect(outcome.message.contains("not recorded: \"two\" (it failed; fix it, then record)"), "\(outcome.message)")
        #expect(read(folder) == G.log([("one", [0, 60, 100]), ("two", [7, 7])]))
    }
}
