@testable import PieceKit

/// A stage at 120 fps on an iPhone-sized screen with the seed's example player: "Slow Mornings" by Aster Vale,
/// 222 s, at 48 s, playing, reporting twice a second.
struct NowPlayingRig {
    let stage: Stage
    let piece: NowPlayingPiece
    let player: MockPlayer

    static let tracks = [MockPlayer.Track(title: "Slow Mornings", artist: "Aster Vale", duration: 222),
                         MockPlayer.Track(title: "Paper Lanterns", artist: "Aster Vale", duration: 245)]

    init(environment: PieceEnvironment = PieceEnvironment(), tracks: [MockPlayer.Track] = NowPlayingRig.tracks,
         time: Double = 48, isPlaying: Bool = true, updateInterval: MockPlayer.UpdateInterval = .seconds(0.5),
         seekConfirmation: MockPlayer.SeekConfirmation = .immediately, skipping: NowPlaying.Skipping = .tracks,
         expanded: Bool = false) throws {
        stage = try Stage(environment: environment, fps: 120)
        player = MockPlayer(stage: stage, tracks: tracks, time: time, isPlaying: isPlaying,
                            updateInterval: updateInterval, seekConfirmation: seekConfirmation)
        piece = NowPlayingPiece(context: stage, player: player, skipping: skipping, expanded: expanded)
        try stage.add(piece)
        try stage.renderFrame()
    }

    var layout: NowPlayingLayout { piece.layout(in: stage.environment) }

    /// A rect of the layout in stage coordinates.
    func onStage(_ r: Rect) -> Rect { piece.onStage(r, in: stage.environment) }

    func value(_ element: String, _ number: String, in frame: Frame? = nil) -> Double? {
        (frame ?? stage.latestFrame)?["nowPlaying", element]?[number]
    }

    func rect(_ element: String, in frame: Frame? = nil) -> Rect? {
        (frame ?? stage.latestFrame)?["nowPlaying", element]?.rect
    }

    func attribute(_ element: String, _ name: String, in frame: Frame? = nil) -> ElementValue? {
        (frame ?? stage.latestFrame)?["nowPlaying", element]?.attribute(name)
    }

    /// The frames rendered since `start` (an index into the history).
    func frames(since start: Int) -> Slice<FrameHistory> { stage.history[start...] }

    /// The first frame from `start` on that satisfies `condition`.
    func firstFrame(since start: Int, where condition: (Frame) -> Bool) -> Frame? {
        frames(since: start).first(where: condition)
    }

    /// Events of a kind in frames from `start` on, with the time of their frame.
    func events(_ kind: StageEvent.Kind, since start: Int = 0) -> [(time: Double, event: StageEvent)] {
        frames(since: start).flatMap { frame in frame.events.filter { $0.kind == kind }.map { (frame.time, $0) } }
    }

    func tapBar() throws {
        try stage.tap(on: piece, at: try stage.aim(at: "surface", on: piece))
    }
}
