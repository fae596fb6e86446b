@testable import PieceKit

/// A stage with the MiniPlayer bound to the example player: "Midnight Drive" by The Night Owls, 200 s,
/// at 40 s (progress 0.2), paused, reporting twice a second.
struct MiniPlayerRig {
    let stage: Stage
    let piece: MiniPlayerPiece
    let player: MockPlayer

    static let tracks = [MockPlayer.Track(title: "Midnight Drive", artist: "The Night Owls", duration: 200),
                         MockPlayer.Track(title: "Paper Planes", artist: "The Night Owls", duration: 180)]

    init(environment: PieceEnvironment = PieceEnvironment(), fps: Int = 120,
         tracks: [MockPlayer.Track] = MiniPlayerRig.tracks, time: Double = 40, isPlaying: Bool = false,
         dragSpace: MiniPlayer.DragSpace = .view, dragGeometry: MiniPlayer.DragGeometry = .drawn) throws {
        stage = try Stage(environment: environment, fps: fps)
        player = MockPlayer(stage: stage, tracks: tracks, time: time, isPlaying: isPlaying,
                            updateInterval: .seconds(0.5))
        piece = MiniPlayerPiece(context: stage, player: player, dragSpace: dragSpace, dragGeometry: dragGeometry)
        try stage.add(piece)
        try stage.renderFrame()
    }

    func rect(_ element: String, in frame: Frame? = nil) -> Rect? {
        (frame ?? stage.latestFrame)?["miniPlayer", element]?.rect
    }

    func value(_ element: String, _ number: String, in frame: Frame? = nil) -> Double? {
        (frame ?? stage.latestFrame)?["miniPlayer", element]?[number]
    }

    /// Every frame rendered from index `start` on.
    func frames(since start: Int) -> Slice<FrameHistory> { stage.history[start...] }

    func callbacks() -> [String] {
        stage.history.flatMap { $0.events }.filter { $0.kind == .callback }.compactMap {
            if case .text(let name)? = $0.detail(named: "name") { return name }
            return nil
        }
    }

    /// The centre of the bar as the latest frame shows it.
    func barCenter() throws -> Point { try stage.aim(at: "bar", on: piece) }

    func open() throws {
        try stage.tap(on: piece, at: try barCenter())
        try stage.settle()
    }
}

/// Whether two rects agree to within `tolerance` on every side.
func sameRect(_ a: Rect?, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance
        && abs(a.height - b.height) <= tolerance
}
