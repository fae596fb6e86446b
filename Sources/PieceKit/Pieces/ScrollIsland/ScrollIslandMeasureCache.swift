import Foundation

/// Remembers the widths the island has measured. The island lays itself out whenever the page moves (every frame
/// of a scroll), and measuring each row's title and detail glyph by glyph every time cost milliseconds a frame on
/// a long page; titles change rarely, so each one is measured once per size. Keyed by the measure's whole
/// question; `PIECEBOX_MEMO=off` (`MemoSwitch`) measures every time.
final class ScrollIslandMeasureCache: ScrollIslandTextMeasure, @unchecked Sendable {
    private struct Key: Hashable {
        let text: String
        let size: Double
        let monospacedDigits: Bool
    }

    private let base: any ScrollIslandTextMeasure
    private let lock = NSLock()
    private var widths: [Key: Double] = [:]
    /// Past this many entries the cache starts over, so a script feeding endless new titles cannot grow it forever.
    private static let capacity = 4096

    init(_ base: any ScrollIslandTextMeasure) {
        self.base = base
    }

    func width(of text: String, size: Double, monospacedDigits: Bool) -> Double {
        guard MemoSwitch.on else { return base.width(of: text, size: size, monospacedDigits: monospacedDigits) }
        let key = Key(text: text, size: size, monospacedDigits: monospacedDigits)
        lock.lock()
        defer { lock.unlock() }
        if let known = widths[key] { return known }
        let measured = base.width(of: text, size: size, monospacedDigits: monospacedDigits)
        if widths.count >= Self.capacity { widths.removeAll(keepingCapacity: true) }
        widths[key] = measured
        return measured
    }

    func lineHeight(size: Double) -> Double { base.lineHeight(size: size) }

    func scaled(_ value: Double, relativeTo base: ScrollIslandScaleBase, at dynamicTypeSize: DynamicTypeSize) -> Double {
        self.base.scaled(value, relativeTo: base, at: dynamicTypeSize)
    }
}
