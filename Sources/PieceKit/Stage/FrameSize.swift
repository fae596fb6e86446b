/// About how much memory kept frames take, so a host can count `Stage.history` against a memory cap.
///
/// A frame alone costs its record in the history, its buffer of numbers (8 bytes each) and its events. Names and
/// attributes live in layouts shared by many frames (`FrameLayout`), counted once, when the first frame that uses
/// one is kept. Estimates on the safe side: texts are counted in full wherever they are held, and fixed costs are
/// rough sizes of the arrays and strings involved on a 64-bit machine.
public enum FrameSize {
    /// The frame's own share: its record, its numbers and its events (not its layout).
    static func ownBytes(of frame: Frame) -> Int {
        var bytes = 48 + 32 + 8 * frame.values.count
        if !frame.events.isEmpty { bytes += 32 }
        for event in frame.events { bytes += self.bytes(of: event) }
        return bytes
    }

    /// One event: its record, its kind and piece names, its details.
    static func bytes(of event: StageEvent) -> Int {
        var bytes = textBytes(event.kind.rawValue) + textBytes(event.piece) + 32
        for detail in event.details { bytes += namedBytes(detail) }
        return bytes
    }

    /// A piece's shape: its name, its elements' records, and the number names and attributes it does not share
    /// with `previous` (the shape it follows: an element that did not change keeps the same lists).
    static func bytes(of name: String, _ elements: [ElementShape], sharingWith previous: [ElementShape]) -> Int {
        var bytes = 64 + textBytes(name) + 32
        for (position, element) in elements.enumerated() {
            bytes += 48 + textBytes(element.name)
            let before = position < previous.count ? previous[position] : nil
            if !(before.map { sameStorage($0.numberNames, element.numberNames) } ?? false) {
                bytes += 32 + 16 * element.numberNames.count
                for name in element.numberNames { bytes += textBytes(name) }
            }
            if !(before.map { sameStorage($0.attributes, element.attributes) } ?? false) {
                bytes += 32
                for attribute in element.attributes { bytes += namedBytes(attribute) }
            }
        }
        return bytes
    }

    /// Whether two lists are one storage (empty lists hold none).
    private static func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
        guard !a.isEmpty || !b.isEmpty else { return true }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    private static func namedBytes(_ named: NamedValue) -> Int {
        var bytes = 48 + textBytes(named.name)
        if case .text(let text) = named.value { bytes += textBytes(text) }
        return bytes
    }

    /// Short strings live inside the value; longer ones take their bytes and a header on the heap.
    static func textBytes(_ text: String) -> Int { textBytes(count: text.utf8.count) }

    /// A text of `n` UTF-8 bytes, as `textBytes` counts it: for a host that counts a text before it makes it.
    public static func textBytes(count n: Int) -> Int { n <= 15 ? 0 : n + 32 }
}

extension Frame {
    /// About how many bytes this frame holds on its own, its layout included (a frame kept alone).
    public var estimatedBytes: Int { FrameSize.ownBytes(of: self) + layout.standaloneBytes }
}
