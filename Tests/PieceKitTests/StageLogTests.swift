import Foundation
import Testing
@testable import PieceKit

@Suite struct StageLogTests {
    /// A short scenario: open, a haptic, settle.
    private func run() throws -> FrameLogLines {
        let (stage, card) = try makeCardStage()
        let lines = FrameLogLines()
        try stage.attachLog(lines, scenario: "card.lua", test: "opens")
        try stage.frames(2)
        stage.transact(.bouncy) { card.isOpen = true }
        stage.emit(.haptic, piece: "card", details: [NamedValue("style", .text("light")), NamedValue("n", .number(1))])
        try stage.settle()
        return lines
    }

    private func parse(_ line: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func theHeaderDescribesTheRun() throws {
        let lines = try run()
        let header = try #require(lines.lines.first)
        #expect(header.hasPrefix(#"{"format":"piecebox.frames","version":1,"scenario":"card.lua","test":"opens","fps":120,"stage":{"width":393,"height":852},"environment":{"safeArea":{"top":59,"#))
        let parsed = try parse(header)
        #expect(parsed["format"] as? String == "piecebox.frames")
        #expect(parsed["fps"] as? Int == 120)
        let environment = try #require(parsed["environment"] as? [String: Any])
        #expect(environment["dynamicTypeSize"] as? String == "large")
        let tokens = try #require(parsed["tokens"] as? [String: Any])
        let tiers = try #require(tokens["tiers"] as? [String: Any])
        let calm = try #require(tiers["calm"] as? [String: Any])
        #expect(calm["bounce"] as? Double == 0.2)
    }

    @Test func aFrameLineParsesBack() throws {
        let lines = try run()
        #expect(lines.lines.count >= 4)
        let first = try parse(lines.lines[1])
        #expect(first["frame"] as? Int == 1)
        let third = lines.lines[3]
        #expect(third.hasPrefix(#"{"frame":3,"t":0.025,"pieces":{"card":{"surface":{"x":20,"y":100,"w":353,"h":100,"radius":16,"expanded":true},"badge":{"opacity":0,"label":"Open"}}},"events":[{"kind":"haptic","piece":"card","detail":{"style":"light","n":1}}]}"#))
        let parsed = try parse(third)
        let pieces = try #require(parsed["pieces"] as? [String: Any])
        let card = try #require(pieces["card"] as? [String: Any])
        let surface = try #require(card["surface"] as? [String: Any])
        #expect(surface["h"] as? Double == 100)
        let moving = try parse(lines.lines[10])
        #expect(moving["t"] as? Double == 0.083333)
        let last = try parse(try #require(lines.lines.last))
        let lastSurface = (last["pieces"] as? [String: Any]).flatMap { $0["card"] as? [String: Any] }
            .flatMap { $0["surface"] as? [String: Any] }
        #expect(lastSurface?["h"] as? Double == 400)
        #expect((last["events"] as? [Any])?.isEmpty == true)
    }

    @Test func twoRunsGiveByteIdenticalLogs() throws {
        let a = try run().text
        let b = try run().text
        #expect(a == b)
        #expect(a.utf8.count > 1000)
    }

    @Test func theLogCanGoToAClosureOrAFile() throws {
        let (stage, _) = try makeCardStage()
        var received: [String] = []
        try stage.attachLog(scenario: "s") { received.append($0) }
        try stage.frames(2)
        #expect(received.count == 3)

        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("stage-log-\(ProcessInfo.processInfo.processIdentifier).jsonl").path
        let file = try JSONLogFile(path: path)
        try stage.attachLog(file, scenario: "s")
        try stage.frames(2)
        try file.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 3)
        try? FileManager.default.removeItem(atPath: path)
    }
}
