/// One rendered frame: every piece's elements sampled at the frame time, and the events of that frame.
///
/// Stored by column: the names and attributes of every element live in a `FrameLayout` shared by all the frames
/// rendered while no piece's published layout changes, and the frame itself holds one flat buffer of numbers in
/// layout order. So a kept frame costs its numbers and little more. `pieces`, `piece(_:)`, subscripts and
/// `value(at:)` read through that buffer as views (`PieceFrame`, `ElementFrame`).
public struct Frame: Sendable, Equatable {
    public let index: Int
    public let time: Double
    /// Names and attributes, shared between frames.
    let layout: FrameLayout
    /// Every presented number of the frame, in layout order (piece by piece, element by element).
    let values: [Double]
    public let events: [StageEvent]

    init(index: Int, time: Double, layout: FrameLayout, values: [Double], events: [StageEvent]) {
        self.index = index
        self.time = time
        self.layout = layout
        self.values = values
        self.events = events
    }

    /// A frame made of loose pieces (tests, tools); the stage builds its frames from columns directly.
    public init(index: Int, time: Double, pieces: [PieceFrame], events: [StageEvent]) {
        var values: [Double] = []
        var shapes: [PieceShape] = []
        for piece in pieces {
            let own = piece.ownValues
            shapes.append(piece.shape)
            values.append(contentsOf: own)
        }
        self.init(index: index, time: time, layout: FrameLayout(shapes), values: values, events: events)
    }

    /// In the order the pieces were added.
    public var pieces: Pieces { Pieces(layout: layout, values: values) }

    public func piece(_ name: String) -> PieceFrame? {
        guard let position = layout.pieces.firstIndex(where: { $0.name == name }) else { return nil }
        return PieceFrame(shape: layout.pieces[position], values: values, base: layout.offsets[position])
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

    /// Same index, time, events and, piece by piece, the same names, numbers and attributes (a number equals
    /// itself only when `==` says so, as `[Double]` compares).
    public static func == (a: Frame, b: Frame) -> Bool {
        guard a.index == b.index, a.time == b.time, a.events == b.events else { return false }
        if a.layout === b.layout, a.values.count == b.values.count {
            return zip(a.values, b.values).allSatisfy { $0 == $1 }
        }
        return a.pieces.elementsEqual(b.pieces)
    }

    /// The pieces of a frame, read in place.
    public struct Pieces: RandomAccessCollection, Sendable {
        let layout: FrameLayout
        let values: [Double]
        public var startIndex: Int { 0 }
        public var endIndex: Int { layout.pieces.count }
        public subscript(position: Int) -> PieceFrame {
            PieceFrame(shape: layout.pieces[position], values: values, base: layout.offsets[position])
        }
    }
}

/// One piece in a frame: its shape and where its numbers start in the frame's buffer.
public struct PieceFrame: Sendable, Equatable {
    let shape: PieceShape
    let values: [Double]
    let base: Int

    init(shape: PieceShape, values: [Double], base: Int) {
        self.shape = shape
        self.values = values
        self.base = base
    }

    public init(name: String, elements: [ElementFrame]) {
        var values: [Double] = []
        var shapes: [ElementShape] = []
        for element in elements {
            shapes.append(ElementShape(name: element.name, numberNames: element.numberNames,
                                       attributes: element.attributes, offset: values.count))
            values.append(contentsOf: element.ownValues)
        }
        self.init(shape: PieceShape(name: name, elements: shapes, valueCount: values.count), values: values, base: 0)
    }

    public var name: String { shape.name }

    /// In the order the piece published them.
    public var elements: Elements { Elements(shape: shape, values: values, base: base) }

    public func element(_ name: String) -> ElementFrame? {
        guard let position = shape.elements.firstIndex(where: { $0.name == name }) else { return nil }
        return ElementFrame(shape: shape.elements[position], values: values, base: base)
    }

    /// This piece's numbers alone.
    var ownValues: ArraySlice<Double> { values[base..<(base + shape.valueCount)] }

    public static func == (a: PieceFrame, b: PieceFrame) -> Bool {
        a.name == b.name && a.elements.elementsEqual(b.elements)
    }

    /// The elements of a piece in a frame, read in place.
    public struct Elements: RandomAccessCollection, Sendable {
        let shape: PieceShape
        let values: [Double]
        let base: Int
        public var startIndex: Int { 0 }
        public var endIndex: Int { shape.elements.count }
        public subscript(position: Int) -> ElementFrame {
            ElementFrame(shape: shape.elements[position], values: values, base: base)
        }
    }
}

/// One element in a frame: presented numbers (mid-animation values) and current attributes.
public struct ElementFrame: Sendable, Equatable {
    let shape: ElementShape
    /// The buffer the numbers live in; this element's start there is `base + shape.offset`.
    let buffer: [Double]
    let base: Int

    init(shape: ElementShape, values: [Double], base: Int) {
        self.shape = shape
        self.buffer = values
        self.base = base
    }

    public init(name: String, numberNames: [String], values: [Double], attributes: [NamedValue]) {
        // Names and numbers are parallel: extra names (or numbers) have no partner and are left out.
        let count = min(numberNames.count, values.count)
        let names = count == numberNames.count ? numberNames : Array(numberNames.prefix(count))
        let numbers = count == values.count ? values : Array(values.prefix(count))
        self.init(shape: ElementShape(name: name, numberNames: names, attributes: attributes, offset: 0),
                  values: numbers, base: 0)
    }

    public var name: String { shape.name }
    /// Names of the numbers, parallel to `values`. Shared between frames.
    public var numberNames: [String] { shape.numberNames }
    public var attributes: [NamedValue] { shape.attributes }
    /// The presented numbers (a copy; `subscript(_:)` and `number(at:)` read in place).
    public var values: [Double] { Array(ownValues) }

    /// How many numbers the element has.
    public var count: Int { shape.numberNames.count }

    /// The number at `position` in published order.
    public func number(at position: Int) -> Double { buffer[base + shape.offset + position] }

    var ownValues: ArraySlice<Double> {
        let start = base + shape.offset
        return buffer[start..<(start + shape.numberNames.count)]
    }

    /// The presented number called `name`.
    public subscript(name: String) -> Double? {
        guard let index = shape.numberNames.firstIndex(of: name) else { return nil }
        return number(at: index)
    }

    public func attribute(_ name: String) -> ElementValue? {
        shape.attributes.first { $0.name == name }?.value
    }

    /// `x`, `y`, `w`, `h` as a rect, when all four are there.
    public var rect: Rect? {
        guard let x = self["x"], let y = self["y"], let w = self["w"], let h = self["h"] else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    public static func == (a: ElementFrame, b: ElementFrame) -> Bool {
        a.name == b.name && a.numberNames == b.numberNames && a.attributes == b.attributes
            && a.ownValues.elementsEqual(b.ownValues)
    }
}
