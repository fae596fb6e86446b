/// What the frames of a stretch of time have in common: every piece's element names, number names and
/// attributes, with where each element's numbers sit in a frame's flat buffer. A piece makes a new shape only
/// when what it publishes changes other than in its numbers (an element added, a title changed), so most frames
/// share the one before's layout and cost only their numbers.
final class FrameLayout: Sendable {
    let pieces: [PieceShape]
    /// Where each piece's numbers start in a frame's buffer.
    let offsets: [Int]
    /// How many numbers a frame of this layout holds.
    let valueCount: Int

    /// `previous`, the layout the frame before used: the shapes both hold are counted there, not here again.
    init(_ pieces: [PieceShape], previous: FrameLayout? = nil) {
        self.pieces = pieces
        var offsets: [Int] = []
        offsets.reserveCapacity(pieces.count)
        var total = 0
        for piece in pieces {
            offsets.append(total)
            total += piece.valueCount
        }
        self.offsets = offsets
        valueCount = total
        var bytes = 64 + 16 * pieces.count
        for piece in pieces where !(previous?.pieces.contains { $0 === piece } ?? false) {
            bytes += piece.estimatedBytes
        }
        estimatedBytes = bytes
    }

    /// Whether this layout is made of exactly these shapes (the same objects, in order).
    func holds(_ shapes: some Collection<PieceShape>) -> Bool {
        pieces.count == shapes.count && zip(pieces, shapes).allSatisfy { $0 === $1 }
    }

    /// About how many bytes the layout holds, counted once however many frames share it (see `FrameSize`).
    let estimatedBytes: Int

    /// About how many bytes the layout holds with nothing counted in the layout before it: what it must be
    /// charged once the frames of that layout are let go, since the lists it shares with it are still held.
    var standaloneBytes: Int {
        pieces.reduce(64 + 16 * pieces.count) { $0 + $1.standaloneBytes }
    }
}

/// One piece's element names, number names and attributes, in published order.
final class PieceShape: Sendable {
    let name: String
    let elements: [ElementShape]
    /// How many numbers the piece's elements hold together.
    let valueCount: Int
    /// About how many bytes the shape holds (see `FrameSize`).
    let estimatedBytes: Int

    /// `previous`, the piece's shape before this one: name lists and attribute lists it shares with it (the same
    /// storage, for elements that did not change) are counted there only.
    init(name: String, elements: [ElementShape], valueCount: Int, previous: PieceShape? = nil) {
        self.name = name
        self.elements = elements
        self.valueCount = valueCount
        estimatedBytes = FrameSize.bytes(of: name, elements, sharingWith: previous?.elements ?? [])
    }

    /// About how many bytes the shape holds with nothing shared (see `FrameLayout.standaloneBytes`).
    var standaloneBytes: Int {
        FrameSize.bytes(of: name, elements, sharingWith: [])
    }

    /// A piece with nothing published yet.
    convenience init(empty name: String) {
        self.init(name: name, elements: [], valueCount: 0)
    }
}

/// One element's names and attributes, and where its numbers start among its piece's.
struct ElementShape: Sendable {
    let name: String
    let numberNames: [String]
    let attributes: [NamedValue]
    let offset: Int
}
