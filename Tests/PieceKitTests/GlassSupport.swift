@testable import PieceKit

/// A stage at 120 fps on the default iPhone screen (393 × 852, safe area 59 / 34) with one glass piece on it.
struct GlassRig<Piece: StagePiece> {
    let stage: Stage
    let piece: Piece

    init(environment: PieceEnvironment = PieceEnvironment(), _ make: (Stage) throws -> Piece) throws {
        stage = try Stage(environment: environment, fps: 120)
        piece = try make(stage)
        try stage.add(piece)
        try stage.renderFrame()
    }

    func element(_ name: String, in frame: Frame? = nil) -> ElementFrame? {
        (frame ?? stage.latestFrame)?[piece.name, name]
    }

    func value(_ element: String, _ number: String, in frame: Frame? = nil) -> Double? {
        self.element(element, in: frame)?[number]
    }

    /// The merge events of every frame rendered, oldest first, with their frame times.
    func merges() -> [(time: Double, pairs: String, joined: String, parted: String)] {
        stage.history.flatMap { frame in
            frame.events.filter { $0.kind == .merge && $0.piece == piece.name }.map { event in
                (frame.time, event.detail(named: "pairs")?.description ?? "",
                 event.detail(named: "joined")?.description ?? "", event.detail(named: "parted")?.description ?? "")
            }
        }
    }
}

/// A 44-point circle whose top left corner is at (x, y).
func circle(_ id: String, x: Double, y: Double = 100, interactive: Bool = false) -> GlassShapeSpec {
    GlassShapeSpec(id: id, frame: Rect(x: x, y: y, width: 44, height: 44), form: .circle, interactive: interactive)
}
