import Foundation
import PieceKit
import Testing
@testable import LuaHost

/// A Lua piece that buds bubbles (examples/plugins/bubbles) against a Swift piece laid out by the same rule on the
/// same bud code: the two logs must agree frame for frame, byte for byte.
@Suite struct BudParityTests {
    static let bubblesPlugin = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/plugins/bubbles").path

    /// The Swift twin: a 60 pt parent centred at (180, 430); bubbles 44 pt, home at the parent's centre at the home
    /// scale, out to its right, each `Liquid.apart` beyond the last (written from the plugin's description, not
    /// from its code).
    final class Twin: StagePiece, BudHost {
        let name = "bubbles"
        var buds = BudSet<String>()
        private(set) weak var context: (any PieceContext)?
        init(_ stage: Stage) { context = stage }

        func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
            let center = Point(x: 180, y: 430), side = 44.0
            var elements = [Element("parent").rect(Rect(x: 150, y: 400, width: 60, height: 60))]
            for (i, id) in buds.present.enumerated() {
                let out = buds.isOut(id)
                let x = out ? center.x + 30 + Liquid.apart + side / 2 + Double(i) * (side + Liquid.apart) : center.x
                elements.append(Element("bubble." + id)
                    .rect(Rect(x: x - side / 2, y: center.y - side / 2, width: side, height: side))
                    .number("scale", out ? 1 : Liquid.homeScale))
            }
            return elements.sorted { $0.name < $1.name }
        }
    }

    /// Bloom three, gather two, and bloom one of them back before it is removed: every bud rule is crossed.
    static var script: [(String, (Stage, Twin) throws -> Void)] { [
        ("s:frames(1)", { s, _ in _ = try s.frames(1) }),
        ("b:bloom{ \"a\", \"b\", \"c\" }", { _, t in t.bloom(["a", "b", "c"]) }),
        ("s:advance(1)", { s, _ in _ = try s.advance(1) }),
        ("b:gather{ \"b\", \"c\" }", { _, t in t.gather(["b", "c"]) }),
        ("s:advance(0.3)", { s, _ in _ = try s.advance(0.3) }),
        ("b:bloom{ \"c\" }", { _, t in t.bloom(["c"]) }),
        ("s:advance(1.2)", { s, _ in _ = try s.advance(1.2) }),
    ] }

    @Test func theLuaBuddingPieceMatchesASwiftPieceFrameForFrame() throws {
        let folder = try ScenarioFolder()
        let log = folder.path + "/lua.jsonl"
        let steps = Self.script.map { "  \($0.0)" }.joined(separator: "\n")
        let report = try folder.run("bubbles.lua", """
            test("parity", function()
              local s = Stage{ width = 393, height = 852, fps = 120 }
              local b = s:bubbles{}
            \(steps)
            end)
            """) {
            $0.pluginFolders = [Self.bubblesPlugin]
            $0.logPath = log
        }
        #expect(report.tests.map(\.status) == [.passed], "\(report.summary)")
        let luaFrames = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)

        let stage = try Stage(environment: PieceEnvironment(size: Size(width: 393, height: 852)), fps: 120)
        var swiftLines: [String] = []
        try stage.attachLog(scenario: "twin") { swiftLines.append($0) }
        let twin = Twin(stage)
        try stage.add(twin)
        for (_, step) in Self.script { try step(stage, twin) }
        let swiftFrames = Array(swiftLines.dropFirst())

        // 1 + 120 + 36 + 144 frames: the first, then 1 s, 0.3 s and 1.2 s at 120 fps.
        #expect(swiftFrames.count == 301)
        #expect(luaFrames.count == swiftFrames.count)
        for (i, (lua, swift)) in zip(luaFrames, swiftFrames).enumerated() where lua != swift {
            Issue.record("frame line \(i + 2) differs:\nLua:   \(lua)\nSwift: \(swift)")
            break
        }
        // The bubbles did move: "b" and "c" gone, "a" out, "c" back out after its gather was overtaken.
        #expect(swiftFrames.last?.contains("\"bubble.b\"") == false)
        #expect(twin.buds.present == ["a", "c"])
        #expect(twin.buds.out == ["a", "c"])
    }
}
