/// One layout pass: the prepared tree, and every size a view has answered so far in this pass.
///
/// A stack asks each child three times (its minimum, its maximum, then its share) and asks again when it places
/// them, and stacks nest, so the same question comes back many times; each is answered once per pass.
final class LayoutPass {
    let tree: LayoutTree
    let context: LayoutContext
    let metrics: TextMetrics
    let symbols: SymbolBoxes
    private var cache: [SizeKey: Size] = [:]
    /// Each text's paragraphs with their advances, measured once a pass, and its lines at each width it was set
    /// in (a stack asks the same width with many heights).
    private var paragraphCache: [Int: [LineSetter]] = [:]
    private var lineCache: [WrapKey: [TextLine]] = [:]
    private var fontCache: [Font: FontAdvances] = [:]
    private var textCache: [TextKey: TextLayout] = [:]

    private struct TextKey: Hashable {
        var node: Int
        var width: Double
        var keep: Int
    }

    /// A text's layout at a width with `keep` lines at most, made once a pass.
    func cachedTextLayout(_ n: Int, width: Double, keep: Int, _ make: () -> TextLayout) -> TextLayout {
        let key = TextKey(node: n, width: width, keep: keep)
        if let known = textCache[key] { return known }
        let made = make()
        textCache[key] = made
        return made
    }

    private struct WrapKey: Hashable {
        var node: Int
        var width: Double
    }
    /// Sizes worked out (not answered from the cache) in this pass.
    private(set) var computed = 0

    /// The host's limits, asked at every size worked out and every text measured; once they refuse, every further
    /// answer is zero and the pass ends quickly, then reports `refusal`.
    var work: HostWork
    private(set) var refusal: HostLimitReached?

    init(tree: LayoutTree, context: LayoutContext, metrics: TextMetrics, symbols: SymbolBoxes,
         work: HostWork = HostWork()) {
        self.tree = tree
        self.work = work
        refusal = tree.refusal
        self.context = context
        self.metrics = metrics
        self.symbols = symbols
        cache.reserveCapacity(tree.nodes.count * 8)
    }

    private struct SizeKey: Hashable {
        var node: Int32
        var level: Int32
        /// The proposal, with −1 for nil (proposals are never negative).
        var width: Double
        var height: Double
    }

    /// The size node `n`, wrapped in its first `level` layers, answers to `proposal`.
    func size(_ n: Int, _ level: Int, _ proposal: ProposedSize) -> Size {
        let layers = tree.nodes[n].layers
        var level = level
        while level > 0, !layers[level - 1].sizes { level -= 1 }
        let key = SizeKey(node: Int32(n), level: Int32(level), width: proposal.width ?? -1,
                          height: proposal.height ?? -1)
        if let known = cache[key] { return known }
        guard keepGoing(steps: 1, bytes: 64) else { return .zero }
        let answer = level == 0 ? baseSize(n, proposal) : layerSize(n, level, proposal)
        computed += 1
        cache[key] = answer
        return answer
    }

    /// Counts `steps` and reserves `bytes` with the host; false once it has said stop.
    func keepGoing(steps: Int, bytes: Int) -> Bool {
        guard refusal == nil else { return false }
        do {
            try work.steps(steps)
            try work.reserve(bytes)
        } catch {
            refusal = error
        }
        return refusal == nil
    }

    /// The paragraphs of text node `n`, measured the first time they are asked for.
    func paragraphs(_ n: Int, _ string: String, _ font: Font) -> [LineSetter] {
        if let known = paragraphCache[n] { return known }
        let count = string.utf8.count
        guard keepGoing(steps: count, bytes: HostBytes.array(count, of: Character.self)
                        + HostBytes.array(count + 1, of: Double.self)) else { return [] }
        let setters = string.split(separator: "\n", omittingEmptySubsequences: false).map {
            LineSetter(Array($0), font: font, advances: advances(font), metrics: metrics)
        }
        paragraphCache[n] = setters
        return setters
    }

    func advances(_ font: Font) -> FontAdvances {
        if let known = fontCache[font] { return known }
        let made = FontAdvances(font, metrics: metrics)
        fontCache[font] = made
        return made
    }

    /// Text node `n`'s lines, wrapped to `width`.
    func wrapped(_ n: Int, _ string: String, _ font: Font, _ width: Double) -> [TextLine] {
        let key = WrapKey(node: n, width: width)
        if let known = lineCache[key] { return known }
        guard keepGoing(steps: string.utf8.count, bytes: 64) else { return [] }
        let lines = paragraphs(n, string, font).flatMap { $0.wrap(width) }
        lineCache[key] = lines
        return lines
    }

    /// The whole view's answer.
    func size(_ n: Int, _ proposal: ProposedSize) -> Size { size(n, tree.nodes[n].layers.count, proposal) }

    private func layerSize(_ n: Int, _ level: Int, _ p: ProposedSize) -> Size {
        let inner = level - 1
        switch tree.nodes[n].layers[inner] {
        case .frame(let width, let height, _):
            if let width, let height { return Size(width: width, height: height) }
            let child = size(n, inner, ProposedSize(width: width ?? p.width, height: height ?? p.height))
            return Size(width: width ?? child.width, height: height ?? child.height)
        case .flexibleFrame(let frame):
            return flexibleSize(n, inner, frame, p)
        case .padding(let e), .safeAreaPadding(let e):
            let child = size(n, inner, p.inset(e))
            return Size(width: max(child.width + e.leading + e.trailing, 0),
                        height: max(child.height + e.top + e.bottom, 0))
        case .fixedSize(let horizontal, let vertical):
            return size(n, inner, p.fixed(horizontal: horizontal, vertical: vertical))
        case .aspectRatio(let ratio, let mode):
            return size(n, inner, aspectProposal(n, inner, ratio, mode, p))
        default:
            return size(n, inner, p)
        }
    }

    /// What an `aspectRatio` proposes its child: the ratio's box (or the child's ideal size's) scaled to fit in or
    /// fill the proposal; an axis proposed nothing does not limit a fit and makes a fill endless. A proposal of
    /// nothing at all passes through, so the child's ideal size wins.
    func aspectProposal(_ n: Int, _ inner: Int, _ ratio: Double?, _ mode: ContentMode,
                        _ p: ProposedSize) -> ProposedSize {
        if p.width == nil && p.height == nil { return p }
        let box = ratio.map { Size(width: $0, height: 1) } ?? size(n, inner, .unspecified)
        func scale(_ proposed: Double?, _ side: Double) -> Double {
            guard let proposed else { return .infinity }
            return side > 0 ? proposed / side : .infinity
        }
        let sx = scale(p.width, box.width), sy = scale(p.height, box.height)
        let s = mode == .fit ? min(sx, sy) : max(sx, sy)
        func side(_ length: Double) -> Double { length == 0 ? 0 : length * s }
        return ProposedSize(width: side(box.width), height: side(box.height))
    }

    /// The flexible frame's size, axis by axis: both limits clamp the proposal without asking the child; a missing
    /// proposal takes the ideal; otherwise the child's answer to the clamped proposal is bounded by the limits
    /// (only a minimum: the child's size or the proposal if smaller, raised to the minimum; only a maximum: at
    /// least the proposal, at most the maximum).
    private func flexibleSize(_ n: Int, _ inner: Int, _ f: FlexibleFrame, _ p: ProposedSize) -> Size {
        let h = FlexAxis(min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth, proposal: p.width)
        let v = FlexAxis(min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight, proposal: p.height)
        var child = Size.zero
        if h.fixed == nil || v.fixed == nil {
            child = size(n, inner, ProposedSize(width: h.childProposal, height: v.childProposal))
        }
        return Size(width: h.fixed ?? h.bound(child.width), height: v.fixed ?? v.bound(child.height))
    }
}

/// One axis of a flexible frame.
struct FlexAxis {
    var min: Double?
    var ideal: Double?
    var max: Double?
    var proposal: Double?

    /// The frame's length when the child is not asked: the proposal clamped when both limits are given, the ideal
    /// when nothing was proposed.
    var fixed: Double? {
        if let proposal, min != nil, max != nil { return clamp(proposal) }
        if proposal == nil, let ideal { return clamp(ideal) }
        return nil
    }

    /// What the child is asked: the proposal (or the ideal) within the limits.
    var childProposal: Double? { (proposal ?? ideal).map(clamp) }

    func clamp(_ x: Double) -> Double {
        var x = x
        if let max { x = Swift.min(x, max) }
        if let min { x = Swift.max(x, min) }
        return x
    }

    /// The frame's length around a child that answered `child`.
    func bound(_ child: Double) -> Double {
        let q = childProposal
        switch (min, max) {
        case (.some, .some): return clamp(child)
        case (let mn?, nil): return Swift.max(Swift.min(q ?? .infinity, child), mn)
        case (nil, let mx?): return Swift.min(Swift.max(q ?? -.infinity, child), mx)
        case (nil, nil): return child
        }
    }

    /// What the child is proposed when placed, given the frame's own length: that length, except nothing when the
    /// parent proposed nothing, there is no ideal and the length is strictly between the limits.
    func placement(_ length: Double) -> Double? {
        if proposal == nil, ideal == nil, length > (min ?? -.infinity), length < (max ?? .infinity) { return nil }
        return length
    }
}

extension ProposedSize {
    /// The proposal less the insets, each axis floored at 0; nothing stays nothing.
    func inset(_ e: EdgeInsets) -> ProposedSize {
        ProposedSize(width: width.map { Swift.max($0 - e.leading - e.trailing, 0) },
                     height: height.map { Swift.max($0 - e.top - e.bottom, 0) })
    }

    func fixed(horizontal: Bool, vertical: Bool) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : width, height: vertical ? nil : height)
    }
}
