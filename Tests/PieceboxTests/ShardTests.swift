import Foundation
import Testing
@testable import piecebox

/// `--shard K/N` and Bazel's sharding: every file in exactly one shard, the same one every time, balanced.
@Suite struct ShardTests {
    static let files = (1...20).map { String(format: "examples/f%02d.lua", $0) }

    @Test(arguments: [1, 2, 3, 7])
    func everyFileIsInExactlyOneShard(count: Int) {
        let shards = (1...count).map { Shards.pick(Self.files, shard: Shard(index: $0, count: count)) }
        #expect(shards.flatMap { $0 }.sorted() == Self.files)
        #expect(Set(shards.flatMap { $0 }).count == Self.files.count)
        // By count: 20 files in N shards hold 20 / N rounded down or up each.
        let sizes = shards.map(\.count)
        #expect(sizes.allSatisfy { $0 == 20 / count || $0 == 20 / count + 1 }, "\(sizes)")
        // Stable: asked again, the same split.
        #expect((1...count).map { Shards.pick(Self.files, shard: Shard(index: $0, count: count)) } == shards)
    }

    @Test(arguments: [1, 2, 3, 7])
    func timingsStillPutEveryFileInExactlyOneShard(count: Int) {
        var timings: [String: Double] = [:]
        for (i, f) in Self.files.enumerated() where i % 4 != 0 { timings[f] = Double((i * 7) % 11) + 0.5 }
        let shards = (1...count).map { Shards.pick(Self.files, shard: Shard(index: $0, count: count), timings: timings) }
        #expect(shards.flatMap { $0 }.sorted() == Self.files)
        #expect(Set(shards.flatMap { $0 }).count == Self.files.count)
    }

    @Test func timingsBalanceByDurationLongestFirst() {
        // Durations 5, 4, 3, 3, 2, 1 s into 2 shards, longest first to the lighter shard:
        // 5 → A (5); 4 → B (4); 3 (c) → B (7); 3 (d) → A (8); 2 → B (9); 1 → A (9). Both 9 s.
        let files = ["a", "b", "c", "d", "e", "f"]
        let timings = ["a": 5.0, "b": 4, "c": 3, "d": 3, "e": 2, "f": 1]
        #expect(Shards.pick(files, shard: Shard(index: 1, count: 2), timings: timings) == ["a", "d", "f"])
        #expect(Shards.pick(files, shard: Shard(index: 2, count: 2), timings: timings) == ["b", "c", "e"])
    }

    @Test func badShardsAreRefused() throws {
        for bad in ["0/3", "4/3", "1/0", "x/2", "1/2/3", "-1/2", "1.5/2"] {
            #expect(throws: UsageError.self) { try RunCommand.parse(["--shard", bad, "x.lua"]) }
        }
        #expect(try RunCommand.parse(["--shard", "3/3", "x.lua"]).ci.shard == Shard(index: 3, count: 3))
    }

    @Test func shardsOfARealRunCoverEveryFileOnce() throws {
        let folder = try TestFolder()
        for i in 1...7 { try folder.write("s\(i).lua", "test(\"t\(i)\", function() end)\n") }
        var seen: [String] = []
        for k in 1...3 {
            let run = try piecebox(["run", ".", "--shard", "\(k)/3", "--reporter", "json=r\(k).json"], in: folder.path)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(try #require(folder.read("r\(k).json")).utf8)) as? [String: Any]
            seen += (json?["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        }
        #expect(seen.sorted() == (1...7).map { "./s\($0).lua" })
        // The json report's durations balance a later run.
        let timed = try piecebox(["run", ".", "--shard", "1/3", "--shard-timings", "r1.json", "--list"], in: folder.path)
        #expect(timed.status == 0, "\(timed.stdout)\(timed.stderr)")
    }

    @Test func bazelsShardVariablesAndOutputsAreHonoured() throws {
        let folder = try TestFolder()
        for i in 1...5 {
            try folder.write("b\(i).lua", """
                test("wanted \(i)", function() end)
                test("other \(i)", function() end)
                """)
        }
        var suites: [String] = []
        for index in 0..<2 {
            // As Bazel sets them for shard `index` of 2, with --test_filter=wanted.
            let status = folder.path + "/status\(index)"
            let xml = folder.path + "/out\(index)/test.xml"
            let tmp = folder.path + "/tmp\(index)"
            try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
            let run = try piecebox(["run", "."], in: folder.path, environment: [
                "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "\(index)", "TEST_SHARD_STATUS_FILE": status,
                "XML_OUTPUT_FILE": xml, "TEST_TMPDIR": tmp, "TESTBRIDGE_TEST_ONLY": "wanted",
            ])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: status), "the shard status file was not touched")
            #expect(run.stdout.contains("shard \(index + 1)/2"), "\(run.stdout)")
            #expect(!run.stdout.contains("other"), "\(run.stdout)")
            let tree = try XMLTree.parse(try #require(FileManager.default.contents(atPath: xml)))
            let names = tree.children.flatMap { $0.children.filter { $0.name == "testcase" } }.compactMap { $0.attributes["name"] }
            #expect(names.allSatisfy { $0.hasPrefix("wanted") }, "\(names)")
            suites += tree.children.compactMap { $0.attributes["name"] }
        }
        // 5 files in 2 shards: 3 and 2, together each file once.
        #expect(suites.sorted() == (1...5).map { "./b\($0).lua" })
    }

    @Test func nonsenseBazelShardVariablesAreRefused() throws {
        let folder = try TestFolder()
        try folder.write("a.lua", "test(\"t\", function() end)\n")
        let run = try piecebox(["run", "a.lua"], in: folder.path, environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "2"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("TEST_SHARD_INDEX=2"), "\(run.stderr)")
    }
}
