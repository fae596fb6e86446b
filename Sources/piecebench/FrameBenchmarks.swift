import Foundation
import PieceKit

/// The stage's own frames, driven from Swift as the Lua bindings drive them, so the figures are the stage's per-frame
/// cost with no script in between: NowPlaying opening and closing, and ScrollIsland over a page that keeps scrolling.
enum FrameBenchmarks {
    /// What one run rendered: its frames, the seconds they took (setup excluded), and the stage afterwards, whose
    /// kept frames the memory rows read.
    struct Run {
        let frames: Int
        let seconds: Double
        let stage: Stage

        var secondsPerFrame: Double { seconds / Double(frames) }

        /// Numbers kept over every frame of the history (each element's presented numbers).
        var numbersKept: Int {
            stage.history.reduce(0) { total, frame in
                total + frame.pieces.reduce(0) { $0 + $1.elements.reduce(0) { $0 + $1.values.count } }
            }
        }

        var numbersPerFrame: Double { Double(numbersKept) / Double(max(stage.history.count, 1)) }
    }

    /// NowPlaying with a playing player, opened and closed `cycles` times, 0.8 s (96 frames at 120 fps) each, the
    /// app setting its binding as `np:setExpanded` does. With `logTo`, every frame goes to a JSON Lines file there
    /// through the same file writer the runner uses.
    static func nowPlaying(cycles: Int, logTo folder: URL?) throws -> Run {
        let stage = try Stage(environment: PieceEnvironment(), fps: 120)
        let player = MockPlayer(stage: stage, tracks: [.init(title: "Slow Mornings", artist: "Aster Vale", duration: 222)],
                                time: 48, isPlaying: true, updateInterval: .seconds(0.5))
        let piece = NowPlayingPiece(context: stage, player: player)
        try stage.add(piece)
        let file = try folder.map { try attachLog(to: stage, in: $0, named: "now_playing") }
        var frames = 0
        let time = try seconds {
            for i in 1...cycles {
                piece.expanded = i % 2 == 1
                frames += try stage.advance(0.8)
            }
            try file?.close()
        }
        return Run(frames: frames, seconds: time, stage: stage)
    }

    /// ScrollIsland over `sections` sections of 600 points, the page flung down at 3,000 points per second every
    /// 0.25 s so it never comes to rest: `frames` frames of reading a long page. The same flings at 40 and at 400
    /// sections cover the same distance, so the two runs differ only in the page's length.
    static func scrollIsland(sections: Int, frames: Int) throws -> Run {
        let stage = try Stage(environment: PieceEnvironment(), fps: 120)
        let list = (1...sections).map { ScrollPage.Section(id: "s\($0)", title: "Section \($0)", height: 600) }
        let page = LiveScrollPage(page: ScrollPage.onStage(sections: list, environment: stage.environment),
                                  context: stage)
        try stage.add(page)
        let island = ScrollIslandPiece(page: page, context: stage)
        try stage.add(island)
        var rendered = 0
        let time = try seconds {
            while rendered < frames {
                page.fling(velocity: 3000)
                let batch = min(30, frames - rendered)
                _ = try stage.frames(batch)
                rendered += batch
            }
        }
        return Run(frames: rendered, seconds: time, stage: stage)
    }

    private static func attachLog(to stage: Stage, in folder: URL, named name: String) throws -> JSONLogFile {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = try JSONLogFile(path: folder.appendingPathComponent("\(name).jsonl").path)
        // As the runner attaches it: the file takes each frame's bytes as the writer made them.
        try stage.attachLog(file, scenario: name)
        return file
    }
}
