import Foundation
import Testing
@testable import piecebox
import LuaHost
import PieceKit

/// `--shuffle --seed S` and `--shard K/N` give one order and one split however the paths were typed (`a.lua`,
/// `./a.lua`, absolute) and in whatever order they were given: both go by each file's path from its project root.
@Suite struct TypedPathOrderTests {
    /// Twelve tests: 12! orders, so three typings agreeing by chance is out of the question.
    static let manyTests = (1...12).map { "test(\"t\($0)\", function() end)" }.joined(separator: "\n")

    /// The tests' names in the order the human report printed them.
    static func order(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("  ✓ ") }.map { String($0.dropFirst(4)) }
    }

    @Test func aFilesTestsShuffleTheSameHoweverItsPathIsTyped() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", Self.manyTests)
        var orders: [[String]] = []
        for typed in ["a.lua", "./a.lua", folder.path + "/a.lua", "./../\(PathText.lastComponent(folder.path))/a.lua"] {
            let run = try piecebox(["run", typed, "--shuffle", "--seed", "7"], in: folder.path)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            orders.append(Self.order(run.stdout))
        }
        #expect(orders[0].count == 12)
        #expect(orders[0] != (1...12).map { "t\($0)" }, "seed 7 shuffles")
        #expect(orders.allSatisfy { $0 == orders[0] }, "\(orders)")
    }

    @Test func filesShuffleTheSameHoweverTheyAreTypedOrGiven() throws {
        let folder = try TestFolder()
        let names = (1...8).map { "f\($0).lua" }
        for name in names { try folder.write(name, "test(\"in \(name)\", function() end)\n") }
        let typings: [[String]] = [names, names.map { "./" + $0 }, names.reversed().map { folder.path + "/" + $0 }, ["."]]
        var orders: [[String]] = []
        for paths in typings {
            let run = try piecebox(["run"] + paths + ["--seed", "7"], in: folder.path)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            orders.append(Self.order(run.stdout))
        }
        #expect(orders[0].count == 8)
        #expect(orders.allSatisfy { $0 == orders[0] }, "\(orders)")
    }

    @Test func aShardHoldsTheSameFilesHoweverTheyAreTypedOrGiven() throws {
        let folder = try TestFolder()
        let names = (1...7).map { "s\($0).lua" }
        for name in names { try folder.write(name, "test(\"in \(name)\", function() end)\n") }
        let typings: [[String]] = [names, names.reversed(), names.map { folder.path + "/" + $0 }, ["."]]
        for k in 1...3 {
            var held: [[String]] = []
            for paths in typings {
                let run = try piecebox(["run"] + paths + ["--shard", "\(k)/3"], in: folder.path)
                #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
                held.append(Self.order(run.stdout).sorted())
            }
            #expect(held.allSatisfy { $0 == held[0] }, "shard \(k): \(held)")
        }
    }

    @Test func shardsDealFilesOutInKeyOrderAndFindTimingsByKey() {
        // Keys s1..s4 in that order whatever the list's order: s1 → shard 1, s2 → 2, s3 → 1, s4 → 2.
        let files = ["./s4.lua", "s2.lua", "/p/s3.lua", "s1.lua"]
        let key: (String) -> String = { PathText.lastComponent($0) }
        #expect(Shards.pick(files, shard: Shard(index: 1, count: 2), key: key) == ["/p/s3.lua", "s1.lua"])
        #expect(Shards.pick(files, shard: Shard(index: 2, count: 2), key: key) == ["./s4.lua", "s2.lua"])
        // Timings by key: s4 (4 s) → shard 1; s3 (3 s) → 2; s2 (2 s) → 2 (3 < 4); s1 (1 s) → 1 (4 < 5).
        let timings = ["s1.lua": 1.0, "s2.lua": 2, "s3.lua": 3, "s4.lua": 4]
        #expect(Shards.pick(files, shard: Shard(index: 1, count: 2), timings: timings, key: key) == ["./s4.lua", "s1.lua"])
    }
}
