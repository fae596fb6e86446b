import Testing
@testable import PieceKit

/// Kept frames are stored by column (shared names, one buffer of numbers a frame): they must read back what was
/// rendered and logged, let go of frames only as the retention window says, and refuse clearly past a memory cap.
@Suite struct FrameHistoryTests {
    @Test func keptFramesReadBackTheLinesTheLogWrote() throws {
        let (stage, card) = try makeCardStage()
        let lines = LineBox()
        try stage.attachLog(scenario: "kept") { lines.all.append($0) }
        try stage.frames(2)
        stage.transact(Transaction()) { card.dimmed = true }
        try stage.frames(3)
        stage.transact(Transaction(animation: .smooth)) { card.isOpen = true }
        try stage.frames(30)
        let frameLines = lines.all.filter { $0.hasPrefix(#"{"frame""#) }
        // 2 + 3 + 30 frames rendered, all kept, each logged once.
        #expect(frameLines.count == 35)
        #expect(stage.history.count == 35)
        // The log was written by the byte writer as each frame was rendered; the text writer reads the kept
        // frame's columns now. They must give the same line.
        for (line, frame) in zip(frameLines, stage.history) {
            #expect(FrameLog.line(for: frame) == line)
        }
        // By hand: the card starts closed (100 pt tall, 20 pt in from the 393 pt stage's sides, 100 pt down),
        // and the dimming snapped (no animation, nothing moving); a dimmed badge stays at 0.5 when the card opens,
        // so the last frame shows the badge at opacity 0.5.
        let first = try #require(stage.history.first)
        #expect(first["card", "surface"]?.rect == Rect(x: 20, y: 100, width: 353, height: 100))
        #expect(first.piece("card")?.elements.map(\.name) == ["surface", "badge"])
        #expect(first["card", "surface"]?.attribute("expanded") == .bool(false))
        #expect(stage.history.last?.value(at: "card.badge.opacity") == 0.5)
        #expect(stage.history.last?["card", "badge"]?.attribute("label") == .text("Open"))
    }

    @Test func aFrameOlderThanTheWindowIsAnErrorNamingItAndTheWindow() throws {
        let (stage, _) = try makeCardStage()
        stage.retention = .seconds(0.1)
        try stage.advance(1)
        // At 120 fps the last frame is 120 (t = 1.0); the window keeps t ≥ 0.9, frames 108 (108/120 = 0.9) to 120:
        // 13 frames, and 107 frames (1 to 107) were let go.
        #expect(stage.history.count == 13)
        #expect(stage.history.startIndex == 107)
        #expect(stage.history.first?.index == 108)
        #expect(try stage.keptFrame(at: 108)?.index == 108)
        #expect(throws: StageError.frameNotKept(frame: 107, time: nil, kept: 108...120, retention: .seconds(0.1))) {
            try stage.keptFrame(at: 107)
        }
        let message = StageError.frameNotKept(frame: 107, time: nil, kept: 108...120, retention: .seconds(0.1))
            .description
        #expect(message.contains("frame 107 is no longer kept"))
        #expect(message.contains("the frames of the last 0.1 s (frames 108 to 120 now)"))
        #expect(message.contains("Stage{ history = seconds }"))
        // A frame never rendered (beyond the latest) is still just absent, not an error.
        #expect(try stage.keptFrame(at: 500) == nil)
        // Asking by time: 0.5 s is before the window.
        #expect(throws: StageError.self) { try stage.keptFrame(atTime: 0.5) }
        #expect(try stage.keptFrame(atTime: 0.95)?.index == 114)
    }

    @Test func keepingEveryFrameLetsNoneGo() throws {
        let (stage, _) = try makeCardStage()
        try stage.advance(1)
        // The default keeps all 120 frames; frame 1 is there to read.
        #expect(stage.history.count == 120)
        #expect(try stage.keptFrame(at: 1)?.time == 1.0 / 120)
    }

    @Test func historyPastTheByteLimitIsRefusedAsTheMemoryLimit() throws {
        let (stage, _) = try makeCardStage()
        stage.historyByteLimit = 10_000
        // The card has 6 numbers (x, y, w, h, radius, opacity): 48 bytes of numbers a frame, and at least as much
        // again for the frame's record, so 100 frames are past 10,000 bytes whatever the shared names cost.
        var thrown: StageError?
        do { try stage.frames(100) } catch { thrown = error }
        guard case .historyOverLimit(let frames, let bytes, let limit, let retention) = thrown else {
            Issue.record("expected the history limit, got \(String(describing: thrown))")
            return
        }
        #expect(limit == 10_000 && bytes > 10_000 && frames < 100 && retention == .all)
        let message = try #require(thrown).description
        #expect(message.hasPrefix("memory limit: the frames this stage keeps (every frame: "))
        #expect(message.contains("raise --max-memory"))
    }

    @Test func aPieceHandingBackItsOwnListOwesNoFrame() throws {
        let stage = try Stage(fps: 120)
        let memo = MemoPiece()
        try stage.add(memo)
        try stage.frames(1)
        memo.count = 0
        let slot = try #require(stage.slots.first)
        let compared = slot.elementsCompared
        stage.transact(Transaction()) {}
        // The piece was asked (before and after the body), and the same storage came back each time: the stage
        // knew that without comparing a single element, nothing changed, and no frame is owed.
        #expect(memo.count == 2)
        #expect(slot.elementsCompared == compared)
        #expect(!stage.isBusy)
        #expect(stage.latestFrame?.value(at: "memo.dot.x") == 7)
    }

    @Test func keptBytesStillCountTheListsALaterLayoutSharesOnceTheFirstFrameIsLetGo() throws {
        let stage = try Stage(fps: 120)
        let piece = LabelPiece()
        try stage.add(piece)
        // Only the latest frame is kept.
        stage.retention = .seconds(0)
        try stage.frames(1)
        // By hand, from FrameSize's sizes (every name here is short enough to live inside its string):
        // the frame's own share: a record 48 + 32, one number 8 = 88;
        // the piece's shape: 64 + 32 for the piece, 48 for the element "a", its number names 32 + 16 · 1 = 48,
        // its attributes 32 + 48 = 80: 272; the layout: 64 + 16 for its one piece + 272 = 352. In all 440.
        #expect(stage.historyBytes == 440)
        // A new label makes a new shape that shares the number names' list with the first one, so the new layout
        // is counted without it (352 − 48 = 304). The first frame is let go at once, and with it the only count
        // of that list, which the new layout still holds: it must be counted again, so the total stays 88 + 352.
        stage.transact(Transaction()) { piece.label = "B" }
        try stage.frames(1)
        #expect(stage.history.count == 1)
        #expect(stage.latestFrame?["labelled", "a"]?.attribute("label") == .text("B"))
        #expect(stage.historyBytes == 440)
        // The kept frame alone, counted from scratch, is the same.
        #expect(stage.latestFrame?.estimatedBytes == 440)
    }
}

/// Lines a log closure appends to.
private final class LineBox: @unchecked Sendable {
    var all: [String] = []
}

/// One element with one number and a label the test changes.
private final class LabelPiece: StagePiece {
    let name = "labelled"
    var label = "A"
    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        [Element("a").number("x", 1).text("label", label)]
    }
}

/// A piece that hands back one stored list every time, as a piece with a memo of its layout does.
private final class MemoPiece: StagePiece {
    let name = "memo"
    let list = [Element("dot").number("x", 7)]
    var count = 0
    func elements(in environment: PieceEnvironment, tokens: MotionTokens) -> [Element] {
        count += 1
        return list
    }
}
