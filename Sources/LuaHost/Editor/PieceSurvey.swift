import Foundation
import PieceKit

/// What each type made on a stage shows a finger and a frame log: its parts (what gestures may aim at) and the
/// elements of its first frame, with their numbers and attributes. No binding lists these; each piece answers them
/// when asked (`InteractivePiece.partNames`, its elements). So the survey asks: it makes every registered type on
/// one stage from its declared example, renders one frame and reads what each piece put there. The API reference
/// shows the result, and a new piece is in it without a line written by hand.
enum PieceSurvey {
    /// One type's answers. `key` is the piece's name in frames; `parts` is empty for a piece no finger reaches.
    struct Piece: Equatable {
        let type: String
        let key: String
        let parts: [String]
        let defaultPart: String?
        let elements: [Element]
    }

    /// An element as the first frame holds it. Elements that differ only by a number (`row.3`, `ring.7`) are one,
    /// named with `N` (`row.N`).
    struct Element: Equatable {
        let name: String
        let numbers: [String]
        let attributes: [String]
    }

    /// Every stage-made type that puts a piece on the stage, by type name. Made the first time it is asked for.
    static let pieces: [String: Piece] = survey()

    private static func survey() -> [String: Piece] {
        guard let state = try? LuaState() else { return [:] }
        defer { state.close() }
        let context = BindingContext(state: state, path: "=survey", options: RunOptions())
        Bindings.install(into: context)
        guard case .ok = state.run(source: Data("s = Stage{}".utf8), chunkName: "=survey"),
              let stage = context.madeStages.first else { return [:] }
        var added: [(type: String, piece: any StagePiece)] = []
        for entry in BindingRegistry.entries {
            guard let example = entry.example else { continue }
            let before = stage.pieces.count
            // Each example may name values made before it by their type's name (`{ player = player }`).
            let source = "\(entry.name) = s:\(entry.name)\(example)"
            guard case .ok = state.run(source: Data(source.utf8), chunkName: "=\(entry.name)") else { continue }
            for piece in stage.pieces.dropFirst(before) { added.append((entry.name, piece)) }
        }
        guard case .ok = state.run(source: Data("s:frames(1)".utf8), chunkName: "=frame"),
              let frame = stage.latestFrame else { return [:] }
        var out: [String: Piece] = [:]
        for (type, piece) in added {
            let interactive = piece as? any InteractivePiece
            let elements = frame.piece(piece.name).map { Array($0.elements) } ?? []
            out[type] = Piece(type: type, key: piece.name, parts: interactive?.partNames ?? [],
                              defaultPart: interactive?.defaultPart, elements: folded(elements))
        }
        return out
    }

    /// The elements in frame order, those alike but for a number folded into one `N`.
    private static func folded(_ elements: [ElementFrame]) -> [Element] {
        var out: [Element] = []
        for element in elements {
            let name = element.name.split(separator: ".", omittingEmptySubsequences: false)
                .map { $0.allSatisfy(\.isNumber) && !$0.isEmpty ? "N" : String($0) }.joined(separator: ".")
            let folded = Element(name: name, numbers: element.numberNames, attributes: element.attributes.map(\.name))
            if let at = out.firstIndex(where: { $0.name == name }) {
                let old = out[at]
                out[at] = Element(name: name, numbers: merged(old.numbers, folded.numbers),
                                  attributes: merged(old.attributes, folded.attributes))
            } else {
                out.append(folded)
            }
        }
        return out
    }

    private static func merged(_ a: [String], _ b: [String]) -> [String] { a + b.filter { !a.contains($0) } }
}
