/// One rendered frame: every piece's elements sampled at the frame time, and the events of that frame.
/// Frames are values kept by the stage (`Stage.history`), so a script can read any of them afterwards.
public struct Frame: Sendable, Equatable {
    public let index: Int
    public let time: Double
    /// In the order the pieces were added.
    public let pieces: [PieceFrame]
    public let events: [StageEvent]

    public init(index: Int, time: Double, pieces: [PieceFrame], events: [StageEvent]) {
        self.index = index
        self.time = time
        self.pieces = pieces
        self.events = events
    }

    public func piece(_ name: String) -> PieceFrame? {
        pieces.first { $0.name == name }
    }

    /// `frame["nowPlaying", "surface"]?["h"]`.
    public subscript(piece: String, element: String) -> ElementFrame? {
        self.piece(piece)?.element(element)
    }

    /// A value by path, `"nowPlaying.surface.h"`: piece, element (which may itself contain dots, as "row.3"),
    /// number. nil when any part is missing.
    public func value(at path: String) -> Double? {
        guard let first = path.firstIndex(of: "."), let last = path.lastIndex(of: "."), first < last else {
            return nil
        }
        let pieceName = String(path[..<first])
        let elementName = String(path[path.index(after: first)..<last])
        let numberName = String(path[path.index(after: last)...])
        return self[pieceName, elementName]?[numberName]
    }
}

/// One piece in a frame.
public struct PieceFrame: Sendable, Equatable {
    public let name: String
    /// In the order the piece published them.
    public let elements: [ElementFrame]

    public init(name: String, elements: [ElementFrame]) {
        self.name = name
        self.elements = elements
    }

    public func element(_ name: String) -> ElementFrame? {
        elements.first { $0.name == name }
    }
}

/// One element in a frame: presented numbers (mid-animation values) and current attributes.
public struct ElementFrame: Sendable, Equatable {
    public let name: String
    /// Names of the numbers, parallel to `values`. Shared between frames, so a frame costs one array of doubles.
    public let numberNames: [String]
    public let values: [Double]
    public let attributes: [NamedValue]

    public init(name: String, numberNames: [String], values: [Double], attributes: [NamedValue]) {
        self.name = name
        self.numberNames = numberNames
        self.values = values
        self.attributes = attributes
    }

    /// The presented number called `name`.
    public subscript(name: String) -> Double? {
        guard let index = numberNames.firstIndex(of: name), index < values.count else { return nil }
        return values[index]
    }

    public func attribute(_ name: String) -> ElementValue? {
        attributes.first { $0.name == name }?.value
    }

    /// `x`, `y`, `w`, `h` as a rect, when all four are there.
    public var rect: Rect? {
        guard let x = self["x"], let y = self["y"], let w = self["w"], let h = self["h"] else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
