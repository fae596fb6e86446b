import Foundation
import Testing
import PieceKit
@testable import LuaHost

/// Swift tests golden a stage through the same code as scripts.
@Suite struct StageGoldenTests {
    /// A bar 40 points tall, or `height` when open; nothing animates, so every frame is worked out by hand.
    final class Bar: StagePiece {
        let name = "bar"
        var open = false
        var height = 300.0
        func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
            [Element("body").rect(Rect(x: 0, y: 0, width: 100, height: open ? height : 40)),
             Element("shadow").rect(Rect(x: 0, y: 0, width: 100, height: 2))]
        }
    }

    func stage(height: Double) throws -> Stage {
        let stage = try Stage(fps: 10)
        let bar = Bar()
        bar.height = height
        try stage.add(bar)
        stage.transact(Transaction(animation: nil)) { bar.open = true }
        _ = try stage.frames(2)
        return stage
    }

    @Test func aSwiftTestRecordsThenComparesASlicedStage() throws {
        let folder = try ScenarioFolder()
        let first = try StageGoldens.check(try stage(height: 300), name: "bar", folder: folder.path, record: .missing,
                                           elements: ["bar.body"])
        #expect(first.status == .recorded)
        let golden = String(decoding: try Data(contentsOf: folder.url.appendingPathComponent("bar.jsonl")), as: UTF8.self)
        #expect(!golden.contains("shadow"))
        // Open with no animation: both frames hold the open height, 300.
        #expect(golden.contains(#"{"frame":2,"t":0.2,"pieces":{"bar":{"body":{"x":0,"y":0,"w":100,"h":300}}},"events":[]}"#), "\(golden)")
        let same = try StageGoldens.check(try stage(height: 300), name: "bar", folder: folder.path, record: .never, elements: ["bar.body"])
        #expect(same.status == .matched)
        let taller = try StageGoldens.check(try stage(height: 320), name: "bar", folder: folder.path, record: .never, elements: ["bar.body"])
        #expect(taller.status == .failed)
        #expect(taller.message.contains("bar.body.h: by 20 at frame 1"), "\(taller.message)")
    }
}
