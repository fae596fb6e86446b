/// About how much memory a kept frame takes, so a host can count `Stage.history` against a memory cap.
///
/// An estimate on the safe side: every text is counted in full in every frame that shows it, even when frames
/// share one copy, because a script can also make each frame's text a new one. Fixed costs are rough sizes of
/// the arrays and strings involved on a 64-bit machine.
extension Frame {
    public var estimatedBytes: Int {
        var bytes = 64 + 32 * pieces.count + 32 * events.count
        for piece in pieces {
            bytes += Self.textBytes(piece.name) + 32
            for element in piece.elements {
                // The element, its name, its arrays (numberNames is shared between frames: counted as one pointer).
                bytes += 96 + Self.textBytes(element.name) + 8 * element.values.count
                for attribute in element.attributes { bytes += Self.namedBytes(attribute) }
            }
        }
        for event in events {
            bytes += Self.textBytes(event.kind.rawValue) + Self.textBytes(event.piece) + 32
            for detail in event.details { bytes += Self.namedBytes(detail) }
        }
        return bytes
    }

    private static func namedBytes(_ named: NamedValue) -> Int {
        var bytes = 48 + textBytes(named.name)
        if case .text(let text) = named.value { bytes += textBytes(text) }
        return bytes
    }

    /// Short strings live inside the value; longer ones take their bytes and a header on the heap.
    private static func textBytes(_ text: String) -> Int {
        let n = text.utf8.count
        return n <= 15 ? 0 : n + 32
    }
}
